// The ops of MLIR's `tensor` dialect (the seed document ../shared/seeds/004_*) performed on vkdml the way an engine
// would lower them (issue 9, part 3): each test builds the descs with vkdml/layout.h, binds tensors inside buffers
// at the offsets the layout functions return, runs the DirectML operators, and compares whole buffers bit-exactly
// with a CPU reference written here from the op's MLIR definition (plain loops over logical indices of packed
// row-major tensors; no reference ever looks at a computed stride).
//
// Every buffer starts as random bytes and the whole buffer is compared, so an operator that writes nothing, writes
// a wrong element, or writes one byte outside its elements (a guard byte, a neighbour of a sub-word element, the
// padding of TotalTensorSizeInBytes) fails the test.
//
//   extract_slice -> SLICE1 (+ a reshape of the output desc when rank-reducing)
//   insert_slice / parallel_insert_slice -> IDENTITY into a sub-view of the destination, bound at its byte offset
//   concat -> JOIN; pad -> PADDING1 (CONSTANT, typed value); splat -> FILL_VALUE_CONSTANT
//   gather / scatter -> GATHER_ND / SCATTER_ND, with the gathered dims permuted first (a view, no copy)
//   collapse_shape / expand_shape / reshape -> vkdmlLayoutReshape (a view); IDENTITY when strides cannot express it
//   pack / unpack -> (PADDING1) + reshape + permute_axes + IDENTITY (+ a sub-view to drop unpack's padding)
//   bitcast -> vkdmlLayoutBitcast; cast, dim, rank, empty -> the desc itself; extract / insert -> a 1-element sub-view
//   generate of an affine function of the index -> FILL_VALUE_SEQUENCE
//   fusions: GATHER_ND / SCATTER_ND reading, PADDING1 / JOIN / FILL_VALUE_SEQUENCE writing a sub-view directly
#include "dims_walk.h"
#include "half_float.h"
#include "test_support.h"

#include <vkdml/layout.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <functional>
#include <memory>
#include <numeric>
#include <random>
#include <string>

using vkdml_test::SharedDevice;

namespace {

using namespace vkdml_test::walk;

constexpr auto F64 = DML_TENSOR_DATA_TYPE_FLOAT64;
constexpr auto F32 = DML_TENSOR_DATA_TYPE_FLOAT32;
constexpr auto F16 = DML_TENSOR_DATA_TYPE_FLOAT16;
constexpr auto I64 = DML_TENSOR_DATA_TYPE_INT64;
constexpr auto I32 = DML_TENSOR_DATA_TYPE_INT32;
constexpr auto I16 = DML_TENSOR_DATA_TYPE_INT16;
constexpr auto I8 = DML_TENSOR_DATA_TYPE_INT8;
constexpr auto U64 = DML_TENSOR_DATA_TYPE_UINT64;
constexpr auto U32 = DML_TENSOR_DATA_TYPE_UINT32;
constexpr auto U16 = DML_TENSOR_DATA_TYPE_UINT16;
constexpr auto U8 = DML_TENSOR_DATA_TYPE_UINT8;

void Expect(VKDML_STATUS status, const char* what) {
    if (status != VKDML_SUCCESS)
        ADD_FAILURE() << what << ": " << vkdmlStatusName(status) << ": " << vkdmlGetLastErrorMessage();
}

// ---- Descs made by vkdml/layout.h -------------------------------------------------------------------------------

// A buffer tensor desc with its own arrays (copies re-point the desc at their own arrays).
struct Layout {
    DML_BUFFER_TENSOR_DESC d{};
    UINT sizes[VKDML_LAYOUT_MAX_DIMENSIONS]{};
    UINT strides[VKDML_LAYOUT_MAX_DIMENSIONS]{};
    mutable DML_TENSOR_DESC t{};

    Layout() = default;
    Layout(const Layout& other) { *this = other; }
    Layout& operator=(const Layout& other) {
        d = other.d;
        std::copy(other.sizes, other.sizes + VKDML_LAYOUT_MAX_DIMENSIONS, sizes);
        std::copy(other.strides, other.strides + VKDML_LAYOUT_MAX_DIMENSIONS, strides);
        d.Sizes = sizes;
        d.Strides = other.d.Strides ? strides : nullptr;
        return *this;
    }
    const DML_TENSOR_DESC* Get() const {
        t = {DML_TENSOR_TYPE_BUFFER, &d};
        return &t;
    }
    Dims Sizes() const { return Dims(sizes, sizes + d.DimensionCount); }
    Dims Strides() const { return Dims(strides, strides + d.DimensionCount); }
    uint64_t Bytes() const { return d.TotalTensorSizeInBytes; }
};

// The packed row-major desc ("abc...").
Layout Packed(DML_TENSOR_DATA_TYPE type, const Dims& sizes) {
    Layout l;
    const std::string tag = std::string("abcdefgh").substr(0, sizes.size());
    Expect(vkdmlLayoutFromFormatTag(type, UINT(sizes.size()), sizes.data(), tag.c_str(), &l.d, l.sizes, l.strides),
           "vkdmlLayoutFromFormatTag");
    return l;
}

Layout Reshaped(const Layout& in, const Dims& sizes) {
    Layout l;
    Expect(vkdmlLayoutReshape(&in.d, UINT(sizes.size()), sizes.data(), &l.d, l.sizes, l.strides),
           "vkdmlLayoutReshape");
    return l;
}

Layout Permuted(const Layout& in, const Dims& permutation) {
    Layout l;
    Expect(vkdmlLayoutPermuteAxes(&in.d, permutation.data(), &l.d, l.sizes, l.strides), "vkdmlLayoutPermuteAxes");
    return l;
}

Layout SubView(const Layout& in, const Dims& sizes, const Dims& offsets, uint64_t* byteOffset) {
    Layout l;
    UINT64 offset = 0;
    Expect(vkdmlLayoutSubView(&in.d, sizes.data(), offsets.data(), &l.d, l.sizes, l.strides, &offset),
           "vkdmlLayoutSubView");
    *byteOffset = offset;
    return l;
}

Layout Bitcast(const Layout& in, DML_TENSOR_DATA_TYPE type) {
    Layout l;
    Expect(vkdmlLayoutBitcast(&in.d, type, &l.d, l.sizes, l.strides), "vkdmlLayoutBitcast");
    return l;
}

bool Equal(const Layout& a, const Layout& b) {
    BOOL equal = FALSE;
    Expect(vkdmlLayoutEqual(&a.d, &b.d, &equal), "vkdmlLayoutEqual");
    return equal == TRUE;
}

// MLIR's strided slice of a desc (extract_slice / insert_slice with strides): the sub-view of the window
// offsets + (sizes - 1) * strides + 1, then every stride multiplied. vkdml/layout.h has no strided sub-view (oneDNN's
// submemory_desc has none), so this is the one place where the tests compute strides themselves.
Layout StridedSubView(const Layout& in, const Dims& offsets, const Dims& sizes, const Dims& sliceStrides,
                      uint64_t* byteOffset) {
    Dims window(sizes.size());
    for (size_t d = 0; d < sizes.size(); ++d) window[d] = (sizes[d] - 1) * sliceStrides[d] + 1;
    Layout l = SubView(in, window, offsets, byteOffset);
    for (size_t d = 0; d < sizes.size(); ++d) {
        l.sizes[d] = sizes[d];
        l.strides[d] *= sliceStrides[d];
    }
    UINT64 bytes = 0;
    Expect(vkdmlLayoutCalcSize(l.d.DataType, l.d.DimensionCount, l.sizes, l.strides, &bytes), "vkdmlLayoutCalcSize");
    l.d.TotalTensorSizeInBytes = bytes;
    return l;
}

// ---- Buffers ------------------------------------------------------------------------------------------------------

constexpr uint64_t kBase = 256;   // where a tensor is bound in its buffer (a multiple of every offset alignment)
constexpr uint64_t kTail = 64;    // bytes after it

// A buffer image with `tensor` at kBase and noise around it.
Bytes Image(const Bytes& tensor, uint32_t seed) {
    Bytes image = RandomBytes(kBase + tensor.size() + kTail, seed);
    std::copy(tensor.begin(), tensor.end(), image.begin() + kBase);
    return image;
}

// A buffer image of noise for a tensor of `bytes` at kBase.
Bytes NoiseImage(uint64_t bytes, uint32_t seed) { return RandomBytes(kBase + bytes + kTail, seed); }

// The tensor bytes at kBase of an image.
Bytes At(const Bytes& image, uint64_t bytes) {
    return Bytes(image.begin() + kBase, image.begin() + kBase + bytes);
}

class DeviceBuffer {
public:
    explicit DeviceBuffer(const Bytes& image) : size_(image.size()) {
        Expect(vkdmlCreateBuffer(SharedDevice(), size_, &buffer_), "vkdmlCreateBuffer");
        if (buffer_) Expect(vkdmlWriteBuffer(SharedDevice(), buffer_, 0, size_, image.data()), "vkdmlWriteBuffer");
    }
    ~DeviceBuffer() {
        if (buffer_) vkdmlDestroyBuffer(SharedDevice(), buffer_);
    }
    DeviceBuffer(const DeviceBuffer&) = delete;
    DeviceBuffer& operator=(const DeviceBuffer&) = delete;

    Bytes Read() const {
        Bytes image(size_);
        if (buffer_) Expect(vkdmlReadBuffer(SharedDevice(), buffer_, 0, size_, image.data()), "vkdmlReadBuffer");
        return image;
    }
    Bytes Read(uint64_t offset, uint64_t size) const {
        Bytes bytes(size);
        if (buffer_) Expect(vkdmlReadBuffer(SharedDevice(), buffer_, offset, size, bytes.data()), "vkdmlReadBuffer");
        return bytes;
    }
    VkBuffer Handle() const { return buffer_; }

private:
    uint64_t size_;
    VkBuffer buffer_ = VK_NULL_HANDLE;
};

// A tensor binding: the desc's TotalTensorSizeInBytes at `offset` of `buffer`.
struct Bind {
    const DeviceBuffer* buffer;
    uint64_t offset;
    const Layout* layout;
};

// One operator as an engine runs it: create, compile, initialize, bind every tensor where it lives, execute.
void Dispatch(const DML_OPERATOR_DESC& desc, const std::vector<Bind>& inputs, const std::vector<Bind>& outputs) {
    VkdmlDevice device = SharedDevice();
    VkdmlOperator op = nullptr;
    VkdmlCompiledOperator compiled = nullptr;
    VkdmlOperatorInitializer initializer = nullptr;
    VkdmlBindingTable table = nullptr;
    auto ok = [](VKDML_STATUS s, const char* what) {
        Expect(s, what);
        return s == VKDML_SUCCESS;
    };
    auto bindings = [](const std::vector<Bind>& binds, std::vector<DML_BUFFER_BINDING>* buffers,
                       std::vector<DML_BINDING_DESC>* descs) {
        buffers->resize(binds.size());
        descs->resize(binds.size());
        for (size_t i = 0; i < binds.size(); ++i) {
            (*buffers)[i] = {binds[i].buffer->Handle(), binds[i].offset, binds[i].layout->Bytes()};
            (*descs)[i] = {DML_BINDING_TYPE_BUFFER, &(*buffers)[i]};
        }
    };
    std::vector<DML_BUFFER_BINDING> inBuffers, outBuffers;
    std::vector<DML_BINDING_DESC> inDescs, outDescs;
    bindings(inputs, &inBuffers, &inDescs);
    bindings(outputs, &outBuffers, &outDescs);
    if (ok(vkdmlCreateOperator(device, &desc, &op), "vkdmlCreateOperator") &&
        ok(vkdmlCompileOperator(device, op, DML_EXECUTION_FLAG_NONE, &compiled), "vkdmlCompileOperator") &&
        ok(vkdmlCreateOperatorInitializer(device, 1, &compiled, &initializer), "vkdmlCreateOperatorInitializer")) {
        DML_BINDING_TABLE_DESC tableDesc{initializer, VK_NULL_HANDLE, 0, 0};
        if (ok(vkdmlCreateBindingTable(device, &tableDesc, &table), "vkdmlCreateBindingTable") &&
            ok(vkdmlExecute(device, initializer, table), "vkdmlExecute(initializer)")) {
            tableDesc.Dispatchable = compiled;
            if (ok(vkdmlResetBindingTable(table, &tableDesc), "vkdmlResetBindingTable") &&
                ok(vkdmlBindInputs(table, UINT(inDescs.size()), inDescs.data()), "vkdmlBindInputs") &&
                ok(vkdmlBindOutputs(table, UINT(outDescs.size()), outDescs.data()), "vkdmlBindOutputs"))
                ok(vkdmlExecute(device, compiled, table), "vkdmlExecute");
        }
    }
    for (void* handle : {(void*)table, (void*)initializer, (void*)compiled, (void*)op})
        if (handle) vkdmlRelease(handle, nullptr);
}

void Identity(const Bind& input, const Bind& output) {
    DML_ELEMENT_WISE_IDENTITY_OPERATOR_DESC identity{input.layout->Get(), output.layout->Get(), nullptr};
    Dispatch({DML_OPERATOR_ELEMENT_WISE_IDENTITY, &identity}, {input}, {output});
}

// Copies element `from` (a row-major position) of the tensor at kBase of src to element `to` of the one in dst.
void CopyElement(Bytes& dst, uint64_t to, const Bytes& src, uint64_t from, uint32_t elementBytes) {
    std::memcpy(&dst[kBase + to * elementBytes], &src[kBase + from * elementBytes], elementBytes);
}

void PutElement(Bytes& dst, uint64_t to, uint64_t valueBits, uint32_t elementBytes) {
    std::memcpy(&dst[kBase + to * elementBytes], &valueBits, elementBytes);   // little-endian host
}

template <typename T>
Bytes Raw(const std::vector<T>& values) {
    Bytes bytes(values.size() * sizeof(T));
    std::memcpy(bytes.data(), values.data(), bytes.size());
    return bytes;
}

// A packed tensor's bytes: `count` elements of noise, zeros up to the desc's TotalTensorSizeInBytes.
Bytes TensorNoise(const Layout& layout, uint32_t seed) {
    Bytes bytes = RandomBytes(layout.Bytes(), seed);
    std::fill(bytes.begin() + Count(layout.Sizes()) * ElementBytes(layout.d.DataType), bytes.end(), 0);
    return bytes;
}

// Image(TensorNoise(layout, seed), seed + 1), advancing seed past both. (A single expression with two `seed++`
// leaves their order to the compiler.)
Bytes NoiseTensorImage(const Layout& layout, uint32_t& seed) {
    const uint32_t tensorSeed = seed++;
    return Image(TensorNoise(layout, tensorSeed), seed++);
}

uint32_t FloatBits(float f) {
    uint32_t bits;
    std::memcpy(&bits, &f, 4);
    return bits;
}

// ==== tensor.extract_slice -> SLICE1 =================================================================================

struct ExtractSliceCase {
    const char* name;
    DML_TENSOR_DATA_TYPE type;
    Dims source, offsets, sizes;
    std::vector<int> strides;   // MLIR's: result[i] = source[offsets + i * strides]
    Dims result;                // the MLIR result type (rank-reduced: some size-1 dims dropped)
};

TEST(MlirTensorOps, ExtractSliceIsSlice1) {
    const ExtractSliceCase cases[] = {
        // The seed's examples; the dynamic %o0, %sz1, %st1, %o2 are 5, 4, 3, 3.
        {"seed: [0,0,0][1,16,4][1,1,1] 8x16x4 to 16x4", F32, {8, 16, 4}, {0, 0, 0}, {1, 16, 4}, {1, 1, 1}, {16, 4}},
        {"seed: [5,4,3][1,4,1][1,3,1] 8x16x4 to 1x4", F32, {8, 16, 4}, {5, 4, 3}, {1, 4, 1}, {1, 3, 1}, {1, 4}},
        {"rank-reducing to 1-D, stride 3, FLOAT16", F16, {5, 11}, {4, 1}, {1, 4}, {1, 3}, {4}},
        // A negative stride (beyond the seed, which only speaks of subsampling): rows 8, 5, 2.
        {"INT8, strides 2, -3, 1", I8, {7, 9, 5}, {1, 8, 0}, {3, 3, 5}, {2, -3, 1}, {3, 3, 5}},
        {"UINT64, every dim reversed", U64, {3, 4}, {2, 3}, {3, 2}, {-1, -2}, {3, 2}},
    };
    uint32_t seed = 1;
    for (const ExtractSliceCase& c : cases) {
        SCOPED_TRACE(c.name);
        const uint32_t es = ElementBytes(c.type);
        const size_t rank = c.source.size();
        Layout source = Packed(c.type, c.source), output = Packed(c.type, c.sizes);
        // SLICE1's window: the elements from the first read to the last, stepped by the stride.
        Dims windowOffsets(rank), windowSizes(rank);
        std::vector<INT> windowStrides(rank);
        for (size_t d = 0; d < rank; ++d) {
            const int s = c.strides[d];
            windowSizes[d] = (c.sizes[d] - 1) * UINT(std::abs(s)) + 1;
            windowOffsets[d] = s > 0 ? c.offsets[d] : c.offsets[d] - (windowSizes[d] - 1);
            windowStrides[d] = s;
        }
        DML_SLICE1_OPERATOR_DESC slice{source.Get(), output.Get(), UINT(rank), windowOffsets.data(),
                                       windowSizes.data(), windowStrides.data()};
        const Bytes sourceImage = NoiseTensorImage(source, seed);
        const Bytes outputImage = NoiseImage(output.Bytes(), seed++);
        DeviceBuffer sourceBuffer(sourceImage), outputBuffer(outputImage);
        Dispatch({DML_OPERATOR_SLICE1, &slice}, {{&sourceBuffer, kBase, &source}}, {{&outputBuffer, kBase, &output}});

        Bytes expected = outputImage;
        ForEachIndex(c.sizes, [&](const Dims& i) {
            Dims from(rank);
            for (size_t d = 0; d < rank; ++d) from[d] = UINT(int64_t(c.offsets[d]) + int64_t(i[d]) * c.strides[d]);
            CopyElement(expected, Linear(i, c.sizes), sourceImage, Linear(from, c.source), es);
        });
        EXPECT_EQ(outputBuffer.Read(), expected);
        EXPECT_EQ(sourceBuffer.Read(), sourceImage);
        // The rank-reduced result type is the same bytes: a reshape of the output desc, equal to its packed desc.
        EXPECT_TRUE(Equal(Reshaped(output, c.result), Packed(c.type, c.result)));
    }
}

// ==== tensor.insert_slice -> IDENTITY into a sub-view of the destination =============================================

struct InsertSliceCase {
    const char* name;
    DML_TENSOR_DATA_TYPE type;
    Dims dest, offsets, sizes, strides;
    Dims source;   // the MLIR source type (rank-altering: size-1 dims of `sizes` left out)
};

TEST(MlirTensorOps, InsertSliceIsIdentityIntoASubViewOfTheDestination) {
    const InsertSliceCase cases[] = {
        {"seed: 16x4 into 8x16x4 [0,0,0][1,16,4][1,1,1]", F32, {8, 16, 4}, {0, 0, 0}, {1, 16, 4}, {1, 1, 1}, {16, 4}},
        {"16x4 into 8x16x4 at [3,0,0] (byte offset 768)", F32, {8, 16, 4}, {3, 0, 0}, {1, 16, 4}, {1, 1, 1}, {16, 4}},
        // The seed's second example with %o0, %sz1, %st1, %o2 = 5, 4, 3, 3: a strided window.
        {"seed: 1x4 into 8x16x4 [5,4,3][1,4,1][1,3,1]", F32, {8, 16, 4}, {5, 4, 3}, {1, 4, 1}, {1, 3, 1}, {1, 4}},
        {"INT8 3x4x2 into 5x7x3 at [1,2,1] (byte offset 28)", I8, {5, 7, 3}, {1, 2, 1}, {3, 4, 2}, {1, 1, 1}, {3, 4, 2}},
        {"FLOAT16 4x3 into 6x9 at [2,3], strides 1, 2", F16, {6, 9}, {2, 3}, {4, 3}, {1, 2}, {4, 3}},
        {"UINT16 3x5 into 3x5x1 (the whole tensor)", U16, {3, 5, 1}, {0, 0, 0}, {3, 5, 1}, {1, 1, 1}, {3, 5}},
    };
    uint32_t seed = 100;
    for (const InsertSliceCase& c : cases) {
        SCOPED_TRACE(c.name);
        const uint32_t es = ElementBytes(c.type);
        const size_t rank = c.dest.size();
        Layout dest = Packed(c.type, c.dest);
        uint64_t byteOffset = 0;
        bool unitStrides = std::all_of(c.strides.begin(), c.strides.end(), [](UINT s) { return s == 1; });
        Layout window = unitStrides ? SubView(dest, c.sizes, c.offsets, &byteOffset)
                                    : StridedSubView(dest, c.offsets, c.sizes, c.strides, &byteOffset);
        // The source as the slice's rank: a reshape adding the dropped size-1 dims (no copy).
        Layout sourcePacked = Packed(c.type, c.source), source = Reshaped(sourcePacked, c.sizes);
        const Bytes sourceImage = NoiseTensorImage(sourcePacked, seed);
        const Bytes destImage = NoiseImage(dest.Bytes(), seed++);
        DeviceBuffer sourceBuffer(sourceImage), destBuffer(destImage);
        Identity({&sourceBuffer, kBase, &source}, {&destBuffer, kBase + byteOffset, &window});

        Bytes expected = destImage;   // everything outside the slice stays as it was
        ForEachIndex(c.sizes, [&](const Dims& i) {
            Dims to(rank);
            for (size_t d = 0; d < rank; ++d) to[d] = c.offsets[d] + i[d] * c.strides[d];
            CopyElement(expected, Linear(to, c.dest), sourceImage, Linear(i, c.sizes), es);
        });
        EXPECT_EQ(destBuffer.Read(), expected);
    }
}

// ==== tensor.parallel_insert_slice -> one IDENTITY per slice into disjoint sub-views ================================

TEST(MlirTensorOps, ParallelInsertSliceIsOneIdentityPerSubView) {
    // Three 3x5 INT8 tiles into a 6x10 destination (the fourth quarter keeps its bytes): byte offsets 0, 5 and 35,
    // so neighbouring bytes of one 32-bit word are written by different dispatches.
    const Dims dest = {6, 10}, tile = {3, 5};
    const std::vector<Dims> offsets = {{0, 0}, {0, 5}, {3, 5}};
    Layout destLayout = Packed(I8, dest), tileLayout = Packed(I8, tile);
    // The last tile starts at byte 35 and its desc needs TotalTensorSizeInBytes 28 (25 rounded up to 4): bytes 35-62,
    // past the packed destination's 60. vkdmlLayoutSubView refuses such a view; the engine allocates the
    // destination with slack (TotalTensorSizeInBytes 64) so that every sub-view's binding fits.
    uint64_t byteOffset = 0;
    Layout refused;
    UINT64 refusedOffset = 0;
    EXPECT_EQ(vkdmlLayoutSubView(&destLayout.d, tile.data(), offsets[2].data(), &refused.d, refused.sizes,
                                 refused.strides, &refusedOffset), VKDML_ERROR_INVALID_ARGUMENT);
    destLayout.d.TotalTensorSizeInBytes = 64;
    const Bytes destImage = NoiseImage(destLayout.Bytes(), 300);
    DeviceBuffer destBuffer(destImage);
    Bytes expected = destImage;
    std::vector<Bytes> sourceImages;
    uint32_t seed = 301;
    for (const Dims& at : offsets) {
        Layout view = SubView(destLayout, tile, at, &byteOffset);
        EXPECT_EQ(byteOffset, Linear(at, dest));
        sourceImages.push_back(NoiseTensorImage(tileLayout, seed));
        DeviceBuffer sourceBuffer(sourceImages.back());
        Identity({&sourceBuffer, kBase, &tileLayout}, {&destBuffer, kBase + byteOffset, &view});
        ForEachIndex(tile, [&](const Dims& i) {
            CopyElement(expected, Linear({at[0] + i[0], at[1] + i[1]}, dest), sourceImages.back(), Linear(i, tile), 1);
        });
    }
    EXPECT_EQ(destBuffer.Read(), expected);
}

// ==== tensor.concat -> JOIN ==========================================================================================

struct ConcatCase {
    const char* name;
    DML_TENSOR_DATA_TYPE type;
    std::vector<Dims> inputs;
    UINT dim;
};

TEST(MlirTensorOps, ConcatIsJoin) {
    const ConcatCase cases[] = {
        {"seed: dim(0) 3x6, 3x6, 1x6 -> 7x6", F32, {{3, 6}, {3, 6}, {1, 6}}, 0},
        // The seed's dynamic example with the ?s as 3 and 5, in FLOAT16.
        {"seed: dim(1) 3x3, 3x2, 3x5 -> 3x10 (FLOAT16)", F16, {{3, 3}, {3, 2}, {3, 5}}, 1},
        {"INT8 dim(2) 2x3x1, 2x3x4, 2x3x2 -> 2x3x7", I8, {{2, 3, 1}, {2, 3, 4}, {2, 3, 2}}, 2},
        {"INT64 dim(0) 1x3, 2x3 -> 3x3", I64, {{1, 3}, {2, 3}}, 0},
    };
    uint32_t seed = 400;
    for (const ConcatCase& c : cases) {
        SCOPED_TRACE(c.name);
        const uint32_t es = ElementBytes(c.type);
        Dims outSizes = c.inputs[0];
        outSizes[c.dim] = 0;
        for (const Dims& in : c.inputs) outSizes[c.dim] += in[c.dim];
        Layout output = Packed(c.type, outSizes);
        std::vector<Layout> inputs;
        for (const Dims& in : c.inputs) inputs.push_back(Packed(c.type, in));
        std::vector<DML_TENSOR_DESC> inputDescs;
        for (const Layout& in : inputs) inputDescs.push_back(*in.Get());
        std::vector<Bytes> images;
        for (const Layout& in : inputs) images.push_back(NoiseTensorImage(in, seed));
        std::vector<std::unique_ptr<DeviceBuffer>> buffers;
        std::vector<Bind> binds;
        for (size_t j = 0; j < inputs.size(); ++j) {
            buffers.push_back(std::make_unique<DeviceBuffer>(images[j]));
            binds.push_back({buffers.back().get(), kBase, &inputs[j]});
        }
        const Bytes outputImage = NoiseImage(output.Bytes(), seed++);
        DeviceBuffer outputBuffer(outputImage);
        DML_JOIN_OPERATOR_DESC join{UINT(inputDescs.size()), inputDescs.data(), output.Get(), c.dim};
        Dispatch({DML_OPERATOR_JOIN, &join}, binds, {{&outputBuffer, kBase, &output}});

        Bytes expected = outputImage;
        UINT start = 0;
        for (size_t j = 0; j < c.inputs.size(); ++j) {
            ForEachIndex(c.inputs[j], [&](const Dims& i) {
                Dims to = i;
                to[c.dim] += start;
                CopyElement(expected, Linear(to, outSizes), images[j], Linear(i, c.inputs[j]), es);
            });
            start += c.inputs[j][c.dim];
        }
        EXPECT_EQ(outputBuffer.Read(), expected);
    }
}

// ==== tensor.pad -> PADDING1 (CONSTANT, the yielded value typed) ====================================================

struct PadCase {
    const char* name;
    DML_TENSOR_DATA_TYPE type;
    Dims source, low, high;
    uint64_t valueBits;   // the value tensor.yield returns, as the element's bits
};

TEST(MlirTensorOps, PadIsPadding1WithATypedValue) {
    const PadCase cases[] = {
        {"seed 1: 10xi32 low[3] high[5] with 0", I32, {10}, {3}, {5}, 0},
        {"seed 2: low[1,2] high[2,3] on 3x5 FLOAT16, -1.5", F16, {3, 5}, {1, 2}, {2, 3},
         vkdml_test::DoubleToHalfBits(-1.5)},
        // Seed 3 with %arg1 = 1 and ? = 3: 1x2x2x3 to 6x6x6x8, padded with a NaN whose payload must survive.
        {"seed 3: low[2,1,3,3] high[3,3,1,2], a NaN payload", F32, {1, 2, 2, 3}, {2, 1, 3, 3}, {3, 3, 1, 2},
         0x7FC01234u},
        {"seed 4: low[0,0] high[2,1] on 2x3 INT8, -7", I8, {2, 3}, {0, 0}, {2, 1}, uint8_t(-7)},
        {"seed 5: nofold low[0,0] high[0,0] on 2x3", F32, {2, 3}, {0, 0}, {0, 0}, FloatBits(2.5f)},
        {"UINT64 low[1] high[2] on 3x1", U64, {3, 1}, {1, 0}, {2, 0}, 0xFEDCBA9876543210ull},
    };
    uint32_t seed = 500;
    for (const PadCase& c : cases) {
        SCOPED_TRACE(c.name);
        const uint32_t es = ElementBytes(c.type);
        const size_t rank = c.source.size();
        Dims outSizes(rank);
        for (size_t d = 0; d < rank; ++d) outSizes[d] = c.low[d] + c.source[d] + c.high[d];
        Layout source = Packed(c.type, c.source), output = Packed(c.type, outSizes);
        DML_SCALAR_UNION value{};
        std::memcpy(value.Bytes, &c.valueBits, 8);
        DML_PADDING1_OPERATOR_DESC pad{source.Get(), output.Get(), DML_PADDING_MODE_CONSTANT, c.type, value,
                                       UINT(rank), c.low.data(), c.high.data()};
        const Bytes sourceImage = NoiseTensorImage(source, seed);
        const Bytes outputImage = NoiseImage(output.Bytes(), seed++);
        DeviceBuffer sourceBuffer(sourceImage), outputBuffer(outputImage);
        Dispatch({DML_OPERATOR_PADDING1, &pad}, {{&sourceBuffer, kBase, &source}}, {{&outputBuffer, kBase, &output}});

        Bytes expected = outputImage;
        ForEachIndex(outSizes, [&](const Dims& o) {
            Dims from(rank);
            bool inside = true;
            for (size_t d = 0; d < rank; ++d) {
                inside = inside && o[d] >= c.low[d] && o[d] < c.low[d] + c.source[d];
                from[d] = o[d] - c.low[d];
            }
            if (inside)
                CopyElement(expected, Linear(o, outSizes), sourceImage, Linear(from, c.source), es);
            else
                PutElement(expected, Linear(o, outSizes), c.valueBits, es);
        });
        EXPECT_EQ(outputBuffer.Read(), expected);
    }
}

// ==== tensor.gather -> GATHER_ND ====================================================================================
// gather_dims may be any dims of the source; GATHER_ND's tuples index its leading ones. The engine moves the gathered
// dims to the front with a permuted view (no copy), gathers into {index dims..., remaining source dims...}, and the
// MLIR result type (size 1 at each gathered dim) is a reshape of that output desc.

struct GatherCase {
    const char* name;
    DML_TENSOR_DATA_TYPE type, indexType;
    Dims source, indicesShape, gatherDims;
    std::vector<int64_t> indices;
};

// The permutation (oneDNN convention: new.dims[perm[i]] = dims[i]) that moves `front` dims first, the rest after in
// their order; `rest` receives the remaining dims.
Dims FrontPermutation(size_t rank, const Dims& front, Dims* rest) {
    Dims perm(rank), order = front;
    rest->clear();
    for (UINT d = 0; d < rank; ++d)
        if (std::find(front.begin(), front.end(), d) == front.end()) rest->push_back(d);
    order.insert(order.end(), rest->begin(), rest->end());
    for (size_t i = 0; i < rank; ++i) perm[order[i]] = UINT(i);
    return perm;
}

Bytes IndexBytes(DML_TENSOR_DATA_TYPE type, const std::vector<int64_t>& values, uint64_t totalBytes) {
    Bytes bytes(totalBytes, 0);
    const uint32_t es = ElementBytes(type);
    for (size_t k = 0; k < values.size(); ++k) std::memcpy(&bytes[k * es], &values[k], es);   // little-endian
    return bytes;
}

// A packed desc of `sizes` with leading 1s up to `rank`.
Layout PackedAtRank(DML_TENSOR_DATA_TYPE type, Dims sizes, size_t rank) {
    sizes.insert(sizes.begin(), rank - sizes.size(), 1);
    return Packed(type, sizes);
}

TEST(MlirTensorOps, GatherIsGatherNdOverAPermutedView) {
    const GatherCase cases[] = {
        {"seed: 4x4x4[1x2x3] gather_dims([0,1,2]) -> 1x2x1x1x1", F32, I64, {4, 4, 4}, {1, 2, 3}, {0, 1, 2},
         {3, 0, 2, 1, 3, 0}},
        {"seed: 3x4x5[6x7x1] gather_dims([1]) -> 6x7x3x1x5", F32, I64, {3, 4, 5}, {6, 7, 1}, {1}, {}},
        {"INT8 5x3x6[4x2] gather_dims([0,2]) -> 4x1x3x1", I8, U32, {5, 3, 6}, {4, 2}, {0, 2},
         {4, 5, 0, 0, 2, 3, 4, 1}},
        {"FLOAT16 7x2[3x1] gather_dims([1]) -> 3x7x1", F16, I32, {7, 2}, {3, 1}, {1}, {1, 0, 1}},
    };
    uint32_t seed = 600;
    for (const GatherCase& c : cases) {
        SCOPED_TRACE(c.name);
        const uint32_t es = ElementBytes(c.type);
        const size_t rank = c.source.size(), tuple = c.gatherDims.size();
        std::vector<int64_t> indices = c.indices;
        if (indices.empty()) {   // the 6x7 example: indices 0..3 along dim 1, in a fixed pseudo-random order
            for (uint64_t k = 0; k < Count(c.indicesShape); ++k) indices.push_back(int64_t((k * 7 + 3) % 4));
        }
        Dims rest;
        const Dims perm = FrontPermutation(rank, c.gatherDims, &rest);
        const Dims batch(c.indicesShape.begin(), c.indicesShape.end() - 1);
        Dims gathered = batch;   // GATHER_ND's output: {index dims, remaining source dims}
        for (UINT d : rest) gathered.push_back(c.source[d]);
        Dims result = batch;     // MLIR's rank-preserving result: the source dims with the gathered ones set to 1
        for (UINT d = 0; d < rank; ++d)
            result.push_back(std::find(c.gatherDims.begin(), c.gatherDims.end(), d) != c.gatherDims.end() ? 1
                                                                                                          : c.source[d]);
        // Every tensor of GATHER_ND has the same rank: leading 1s (reshapes, no copy).
        const size_t r = std::max({rank, c.indicesShape.size(), gathered.size()});
        Layout sourcePacked = Packed(c.type, c.source);
        Layout sourceView = Permuted(sourcePacked, perm);
        Dims viewSizes = sourceView.Sizes();
        viewSizes.insert(viewSizes.begin(), r - rank, 1);
        sourceView = Reshaped(sourceView, viewSizes);
        Layout indexLayout = PackedAtRank(c.indexType, c.indicesShape, r);
        Layout output = PackedAtRank(c.type, gathered, r);
        DML_GATHER_ND_OPERATOR_DESC gather{sourceView.Get(), indexLayout.Get(), output.Get(), UINT(rank),
                                           UINT(c.indicesShape.size())};
        const Bytes sourceImage = NoiseTensorImage(sourcePacked, seed);
        const Bytes indexImage = Image(IndexBytes(c.indexType, indices, indexLayout.Bytes()), seed++);
        const Bytes outputImage = NoiseImage(output.Bytes(), seed++);
        DeviceBuffer sourceBuffer(sourceImage), indexBuffer(indexImage), outputBuffer(outputImage);
        Dispatch({DML_OPERATOR_GATHER_ND, &gather}, {{&sourceBuffer, kBase, &sourceView}, {&indexBuffer, kBase, &indexLayout}},
                 {{&outputBuffer, kBase, &output}});

        // MLIR: result[b..., s...] = source[s with s[gatherDims[t]] = indices[b..., t]].
        Bytes expected = outputImage;
        ForEachIndex(result, [&](const Dims& i) {
            Dims b(i.begin(), i.begin() + batch.size()), s(i.begin() + batch.size(), i.end());
            for (size_t t = 0; t < tuple; ++t) {
                Dims at = b;
                at.push_back(UINT(t));
                s[c.gatherDims[t]] = UINT(indices[Linear(at, c.indicesShape)]);
            }
            CopyElement(expected, Linear(i, result), sourceImage, Linear(s, c.source), es);
        });
        EXPECT_EQ(outputBuffer.Read(), expected);
        // The MLIR result type is the same bytes.
        EXPECT_TRUE(Equal(Reshaped(output, result), Packed(c.type, result)));
    }
}

// ==== tensor.scatter -> SCATTER_ND ==================================================================================
// The mirror of gather: dest and the output are seen through the same permuted view (scatter_dims first), the source
// through a reshape to {index dims, remaining dest dims}. The output is a new buffer (MLIR's result), dest unchanged.

struct ScatterCase {
    const char* name;
    DML_TENSOR_DATA_TYPE type, indexType;
    Dims dest, indicesShape, scatterDims;
    std::vector<int64_t> indices;   // unique coordinates (the seed's `unique`)
};

TEST(MlirTensorOps, ScatterIsScatterNdOverAPermutedView) {
    const ScatterCase cases[] = {
        {"seed: 1x2x1x1x1 into 4x4x4[1x2x3] scatter_dims([0,1,2])", F32, I64, {4, 4, 4}, {1, 2, 3}, {0, 1, 2},
         {3, 0, 2, 1, 3, 0}},
        {"seed: 3x4x1x6 into 4x5x6[3x1] scatter_dims([1])", F32, I64, {4, 5, 6}, {3, 1}, {1}, {4, 0, 2}},
        {"INT8 3x1x5 into 6x5[3x1] scatter_dims([0])", I8, U32, {6, 5}, {3, 1}, {0}, {5, 1, 2}},
        {"UINT16 2x3x1x1 into 2x3x4x5[2x2] scatter_dims([2,3])", U16, I32, {2, 3, 4, 5}, {2, 2}, {2, 3},
         {3, 4, 0, 1}},
    };
    uint32_t seed = 700;
    for (const ScatterCase& c : cases) {
        SCOPED_TRACE(c.name);
        const uint32_t es = ElementBytes(c.type);
        const size_t rank = c.dest.size(), tuple = c.scatterDims.size();
        Dims rest;
        const Dims perm = FrontPermutation(rank, c.scatterDims, &rest);
        const Dims batch(c.indicesShape.begin(), c.indicesShape.end() - 1);
        Dims updates = batch;   // SCATTER_ND's updates: {index dims, remaining dest dims}
        for (UINT d : rest) updates.push_back(c.dest[d]);
        Dims source = batch;    // MLIR's rank-preserving source type
        for (UINT d = 0; d < rank; ++d)
            source.push_back(std::find(c.scatterDims.begin(), c.scatterDims.end(), d) != c.scatterDims.end() ? 1
                                                                                                            : c.dest[d]);
        const size_t r = std::max({rank, c.indicesShape.size(), updates.size()});
        auto atRank = [&](const Layout& l) {
            Dims sizes = l.Sizes();
            sizes.insert(sizes.begin(), r - sizes.size(), 1);
            return Reshaped(l, sizes);
        };
        Layout destPacked = Packed(c.type, c.dest);
        Layout destView = atRank(Permuted(destPacked, perm));   // input and output: the same view of their buffers
        Layout sourcePacked = Packed(c.type, source);
        Layout updateView = atRank(Reshaped(sourcePacked, updates));
        Layout indexLayout = PackedAtRank(c.indexType, c.indicesShape, r);
        DML_SCATTER_ND_OPERATOR_DESC scatter{destView.Get(), indexLayout.Get(), updateView.Get(), destView.Get(),
                                             UINT(rank), UINT(c.indicesShape.size())};
        const Bytes destImage = NoiseTensorImage(destPacked, seed);
        const Bytes indexImage = Image(IndexBytes(c.indexType, c.indices, indexLayout.Bytes()), seed++);
        const Bytes sourceImage = NoiseTensorImage(sourcePacked, seed);
        const Bytes outputImage = NoiseImage(destPacked.Bytes(), seed++);
        DeviceBuffer destBuffer(destImage), indexBuffer(indexImage), sourceBuffer(sourceImage),
            outputBuffer(outputImage);
        Dispatch({DML_OPERATOR_SCATTER_ND, &scatter},
                 {{&destBuffer, kBase, &destView}, {&indexBuffer, kBase, &indexLayout}, {&sourceBuffer, kBase, &updateView}},
                 {{&outputBuffer, kBase, &destView}});

        // MLIR: result = dest, then result[s with s[scatterDims[t]] = indices[b..., t]] = source[b..., s...].
        Bytes expected = outputImage;
        const uint64_t elements = Count(c.dest);
        std::copy(destImage.begin() + kBase, destImage.begin() + kBase + elements * es, expected.begin() + kBase);
        ForEachIndex(source, [&](const Dims& i) {
            Dims b(i.begin(), i.begin() + batch.size()), s(i.begin() + batch.size(), i.end());
            for (size_t t = 0; t < tuple; ++t) {
                Dims at = b;
                at.push_back(UINT(t));
                s[c.scatterDims[t]] = UINT(c.indices[Linear(at, c.indicesShape)]);
            }
            CopyElement(expected, Linear(s, c.dest), sourceImage, Linear(i, source), es);
        });
        EXPECT_EQ(outputBuffer.Read(), expected);
        EXPECT_EQ(destBuffer.Read(), destImage);
    }
}

// ==== tensor.splat -> FILL_VALUE_CONSTANT ===========================================================================

TEST(MlirTensorOps, SplatIsFillValueConstant) {
    struct Case {
        const char* name;
        DML_TENSOR_DATA_TYPE type;
        Dims sizes;
        uint64_t valueBits;
    };
    const Case cases[] = {
        {"seed: 1.0 : tensor<8x16xf32>", F32, {8, 16}, FloatBits(1.0f)},
        {"seed: [%m = 10, %n = 30] : tensor<?x20x?xf32>", F32, {10, 20, 30}, FloatBits(-2.5f)},
        {"INT8 7x3 (21 bytes of 24)", I8, {7, 3}, uint8_t(-9)},
        {"FLOAT16 5x3", F16, {5, 3}, vkdml_test::DoubleToHalfBits(3.25)},
        {"UINT64 3", U64, {3}, 0x0123456789ABCDEFull},
    };
    uint32_t seed = 800;
    for (const Case& c : cases) {
        SCOPED_TRACE(c.name);
        Layout output = Packed(c.type, c.sizes);
        DML_SCALAR_UNION value{};
        std::memcpy(value.Bytes, &c.valueBits, 8);
        DML_FILL_VALUE_CONSTANT_OPERATOR_DESC fill{output.Get(), c.type, value};
        const Bytes outputImage = NoiseImage(output.Bytes(), seed++);
        DeviceBuffer outputBuffer(outputImage);
        Dispatch({DML_OPERATOR_FILL_VALUE_CONSTANT, &fill}, {}, {{&outputBuffer, kBase, &output}});
        Bytes expected = outputImage;
        for (uint64_t k = 0; k < Count(c.sizes); ++k) PutElement(expected, k, c.valueBits, ElementBytes(c.type));
        EXPECT_EQ(outputBuffer.Read(), expected);
    }
}

// ==== collapse_shape / expand_shape / reshape -> a reshaped desc (no copy), IDENTITY when strides cannot say it ===

// Reads `view` (a desc of the tensor at kBase of sourceImage, possibly at a byte offset) through IDENTITY into a
// packed tensor of its sizes; returns the output buffer image.
Bytes ReadThrough(const Layout& view, const Bytes& sourceImage, uint64_t byteOffset, const Bytes& outputImage) {
    Layout dense = Packed(view.d.DataType, view.Sizes());
    DeviceBuffer sourceBuffer(sourceImage), outputBuffer(outputImage);
    Identity({&sourceBuffer, kBase + byteOffset, &view}, {&outputBuffer, kBase, &dense});
    return outputBuffer.Read();
}

// MLIR's reshape semantics: element k (row-major) of the result is element k of the source. `sourceAt(index)` is
// the source element's row-major position in its buffer tensor.
Bytes ExpectedReshape(const Bytes& outputImage, const Bytes& sourceImage, const Dims& from, const Dims& to,
                      uint32_t es, const std::function<uint64_t(const Dims&)>& sourceAt) {
    Bytes expected = outputImage;
    ForEachIndex(to, [&](const Dims& i) {
        CopyElement(expected, Linear(i, to), sourceImage, sourceAt(Unlinear(Linear(i, to), from)), es);
    });
    return expected;
}

TEST(MlirTensorOps, CollapseExpandAndReshapeOfAPackedTensorAreViews) {
    struct Case {
        const char* name;
        DML_TENSOR_DATA_TYPE type;
        Dims from, to;
    };
    const Case cases[] = {
        {"seed collapse_shape [[0,1],[2]]: 3x5x7 into 15x7", F32, {3, 5, 7}, {15, 7}},
        {"seed expand_shape [[0,1],[2]] output_shape [2, 3, 32]: 6x32 into 2x3x32 (FLOAT16)", F16, {6, 32}, {2, 3, 32}},
        {"seed reshape: 4x1 -> 4", F32, {4, 1}, {4}},
        {"seed reshape: 4x1 -> 2x2", F32, {4, 1}, {2, 2}},
        {"INT8 collapse to 1-D: 3x5x7 -> 105", I8, {3, 5, 7}, {105}},
        {"UINT64 expand with unit dims: 6 -> 1x2x1x3", U64, {6}, {1, 2, 1, 3}},
    };
    uint32_t seed = 900;
    for (const Case& c : cases) {
        SCOPED_TRACE(c.name);
        Layout source = Packed(c.type, c.from);
        Layout view = Reshaped(source, c.to);
        EXPECT_EQ(view.Sizes(), c.to);
        const Bytes sourceImage = NoiseTensorImage(source, seed);
        const Bytes outputImage = NoiseImage(Packed(c.type, c.to).Bytes(), seed++);
        EXPECT_EQ(ReadThrough(view, sourceImage, 0, outputImage),
                  ExpectedReshape(outputImage, sourceImage, c.from, c.to, ElementBytes(c.type),
                                  [&](const Dims& s) { return Linear(s, c.from); }));
    }
}

TEST(MlirTensorOps, CollapseOfASliceIsAViewWhereTheGroupIsDense) {
    // A 2x3x8 extract_slice of a 4x6x8 tensor at [1,2,0], kept as a sub-view: [[0],[1,2]] (rows of whole 8-element
    // lines, dense) is a view; [[0,1],[2]] is not (dim 0 jumps a whole 6x8 plane), so the engine copies first.
    const Dims parent = {4, 6, 8}, sizes = {2, 3, 8}, offsets = {1, 2, 0};
    Layout parentLayout = Packed(I16, parent);
    uint64_t byteOffset = 0;
    Layout slice = SubView(parentLayout, sizes, offsets, &byteOffset);
    const Bytes parentImage = Image(TensorNoise(parentLayout, 1000), 1001);
    auto parentAt = [&](const Dims& s) { return Linear({s[0] + offsets[0], s[1] + offsets[1], s[2]}, parent); };

    const Dims dense = {2, 24};
    Layout collapsed = Reshaped(slice, dense);
    const Bytes out1 = NoiseImage(Packed(I16, dense).Bytes(), 1002);
    EXPECT_EQ(ReadThrough(collapsed, parentImage, byteOffset, out1),
              ExpectedReshape(out1, parentImage, sizes, dense, 2, parentAt));

    const Dims notDense = {6, 8};
    Layout failed;
    EXPECT_EQ(vkdmlLayoutReshape(&slice.d, 2, notDense.data(), &failed.d, failed.sizes, failed.strides),
              VKDML_ERROR_INVALID_ARGUMENT);
    EXPECT_NE(std::string(vkdmlGetLastErrorMessage()).find("rule 4"), std::string::npos) << vkdmlGetLastErrorMessage();
    // Fallback: IDENTITY into a packed 2x3x8 temporary, whose desc reshapes to 6x8 (no second copy).
    Layout temp = Packed(I16, sizes);
    DeviceBuffer parentBuffer(parentImage), tempBuffer(NoiseImage(temp.Bytes(), 1003));
    Identity({&parentBuffer, kBase + byteOffset, &slice}, {&tempBuffer, kBase, &temp});
    Layout tempCollapsed = Reshaped(temp, notDense);
    EXPECT_TRUE(Equal(tempCollapsed, Packed(I16, notDense)));
    const Bytes tempImage = tempBuffer.Read();
    const Bytes out2 = NoiseImage(Packed(I16, notDense).Bytes(), 1004);
    EXPECT_EQ(ReadThrough(tempCollapsed, tempImage, 0, out2),
              ExpectedReshape(out2, parentImage, sizes, notDense, 2, parentAt));
}

TEST(MlirTensorOps, ReshapeOfATransposedViewFallsBackToIdentity) {
    // X is 3x4 (INT8); its transpose is a view (4x3, strides {1, 4}). Splitting a dim of the view is a view too
    // (4x3 -> 2x2x3); collapsing or regrouping it (-> 12, -> 2x6) is not expressible in strides: the layout reshape
    // says which rule fails, and the engine materializes the transpose with IDENTITY and reshapes that desc.
    const Dims x = {3, 4}, swap = {1, 0}, t = {4, 3};
    Layout xLayout = Packed(I8, x);
    Layout transposed = Permuted(xLayout, swap);
    ASSERT_EQ(transposed.Sizes(), t);
    const Bytes xImage = Image(TensorNoise(xLayout, 1100), 1101);
    auto transposeAt = [&](const Dims& s) { return Linear({s[1], s[0]}, x); };   // T[i][j] = X[j][i]

    const Dims split = {2, 2, 3};
    Layout splitView = Reshaped(transposed, split);
    const Bytes out1 = NoiseImage(Packed(I8, split).Bytes(), 1102);
    EXPECT_EQ(ReadThrough(splitView, xImage, 0, out1), ExpectedReshape(out1, xImage, t, split, 1, transposeAt));

    for (const Dims& target : {Dims{12}, Dims{2, 6}}) {
        SCOPED_TRACE(::testing::PrintToString(target));
        Layout failed;
        EXPECT_EQ(vkdmlLayoutReshape(&transposed.d, UINT(target.size()), target.data(), &failed.d, failed.sizes,
                                     failed.strides), VKDML_ERROR_INVALID_ARGUMENT);
        const std::string message = vkdmlGetLastErrorMessage();
        EXPECT_NE(message.find("vkdmlLayoutReshape"), std::string::npos) << message;
        EXPECT_NE(message.find("rule 4"), std::string::npos) << message;
        // IDENTITY from the transposed view into a packed 4x3 tensor, then the packed desc reshapes.
        Layout temp = Packed(I8, t);
        DeviceBuffer xBuffer(xImage), tempBuffer(NoiseImage(temp.Bytes(), 1103));
        Identity({&xBuffer, kBase, &transposed}, {&tempBuffer, kBase, &temp});
        const Bytes tempImage = tempBuffer.Read();
        Layout reshaped = Reshaped(temp, target);
        const Bytes out2 = NoiseImage(Packed(I8, target).Bytes(), 1104);
        EXPECT_EQ(ReadThrough(reshaped, tempImage, 0, out2), ExpectedReshape(out2, xImage, t, target, 1, transposeAt));
    }
}

// ==== tensor.pack / tensor.unpack -> (PADDING1) + reshape + permute_axes + IDENTITY =================================

struct PackSpec {
    Dims innerDimsPos, innerTiles, outerDimsPerm;   // outerDimsPerm empty = none
};

UINT CeilDiv(UINT a, UINT b) { return (a + b - 1) / b; }

// The tile of source dim d (0 = not tiled) and its position among the inner dims.
UINT TileOf(const PackSpec& p, UINT d, size_t* position = nullptr) {
    for (size_t k = 0; k < p.innerDimsPos.size(); ++k)
        if (p.innerDimsPos[k] == d) {
            if (position) *position = k;
            return p.innerTiles[k];
        }
    return 0;
}

// The source dims with every tiled dim rounded up to whole tiles.
Dims PaddedShape(const Dims& sizes, const PackSpec& p) {
    Dims padded = sizes;
    for (UINT d = 0; d < sizes.size(); ++d)
        if (UINT t = TileOf(p, d)) padded[d] = CeilDiv(sizes[d], t) * t;
    return padded;
}

// MLIR's packed type: outer dims (tiled dims divided, rounded up) permuted by outer_dims_perm, then the tiles.
Dims PackedShape(const Dims& sizes, const PackSpec& p) {
    const size_t n = sizes.size();
    Dims outer(n), packed;
    for (UINT d = 0; d < n; ++d) outer[d] = TileOf(p, d) ? CeilDiv(sizes[d], TileOf(p, d)) : sizes[d];
    for (size_t i = 0; i < n; ++i) packed.push_back(outer[p.outerDimsPerm.empty() ? i : p.outerDimsPerm[i]]);
    packed.insert(packed.end(), p.innerTiles.begin(), p.innerTiles.end());
    return packed;
}

// PackLayout: a desc of a tensor whose sizes are PaddedShape (packed, or any view), seen with the packed shape:
// element [outer..., inner...] of the result is the element tensor.pack puts there. Two layout.h calls, no
// arithmetic on strides: a reshape splitting every tiled dim into {outer, tile}, then permute_axes moving the outer
// dims to outer_dims_perm's order and the tile dims to the end in inner_dims_pos's order. IDENTITY from it packs;
// IDENTITY into it (the destination's view) unpacks. An engine needs exactly this (see the report of issue 9).
Layout PackLayout(const Layout& padded, const PackSpec& p) {
    const Dims sizes = padded.Sizes();
    const size_t n = sizes.size(), k = p.innerTiles.size();
    Dims split, outerAxis(n), innerAxis(n);
    for (UINT d = 0; d < n; ++d) {
        const UINT t = TileOf(p, d);
        outerAxis[d] = UINT(split.size());
        split.push_back(t ? sizes[d] / t : sizes[d]);
        if (t) {
            innerAxis[d] = UINT(split.size());
            split.push_back(t);
        }
    }
    Dims permutation(n + k);
    for (size_t i = 0; i < n; ++i) permutation[outerAxis[p.outerDimsPerm.empty() ? i : p.outerDimsPerm[i]]] = UINT(i);
    for (size_t j = 0; j < k; ++j) permutation[innerAxis[p.innerDimsPos[j]]] = UINT(n + j);
    return Permuted(Reshaped(padded, split), permutation);
}

// The source index that the packed element `packedIndex` holds, or false where pack writes the padding value.
bool PackedSource(const Dims& packedIndex, const Dims& sizes, const PackSpec& p, Dims* sourceIndex) {
    const size_t n = sizes.size();
    Dims outer(n);
    for (size_t i = 0; i < n; ++i) outer[p.outerDimsPerm.empty() ? i : p.outerDimsPerm[i]] = packedIndex[i];
    sourceIndex->assign(n, 0);
    bool inside = true;
    for (UINT d = 0; d < n; ++d) {
        size_t k = 0;
        const UINT t = TileOf(p, d, &k);
        (*sourceIndex)[d] = t ? outer[d] * t + packedIndex[n + k] : outer[d];
        inside = inside && (*sourceIndex)[d] < sizes[d];
    }
    return inside;
}

struct PackCase {
    const char* name;
    DML_TENSOR_DATA_TYPE type;
    Dims sizes;
    PackSpec spec;
    uint64_t paddingBits;
    Dims packed;   // the MLIR result type, as the seed (or the case) states it
};

const PackCase kPackCases[] = {
    {"seed: NC to NCnc, 128x256 -> 16x8x8x32", F32, {128, 256}, {{0, 1}, {8, 32}, {}}, 0, {16, 8, 8, 32}},
    {"seed: CK to KCck, outer_dims_perm [1,0] -> 8x16x8x32", F32, {128, 256}, {{0, 1}, {8, 32}, {1, 0}}, 0,
     {8, 16, 8, 32}},
    // The seed's padded example 200x127x256 -> 256x64x200x2 with the untiled dims cut to 3 and 5 (the tiled dim 127
    // kept: one padded element per column).
    {"seed: padding_value, outer_dims_perm [2,1,0], dim 1 tiled by 2: 3x127x5 -> 5x64x3x2", F32, {3, 127, 5},
     {{1}, {2}, {2, 1, 0}}, FloatBits(-0.0f), {5, 64, 3, 2}},
    {"FLOAT16 12x6, inner_dims_pos [1,0] (reversed), tiles 3, 4, dividing", F16, {12, 6}, {{1, 0}, {3, 4}, {}},
     0, {3, 2, 3, 4}},
    {"FLOAT16 9x6, dim 1 tiled by 4, padding 0.5", F16, {9, 6}, {{1}, {4}, {}}, vkdml_test::DoubleToHalfBits(0.5),
     {9, 2, 4}},
    {"INT8 7x10x3, inner_dims_pos [2,0], tiles 2, 4, outer_dims_perm [1,2,0], padding -3", I8, {7, 10, 3},
     {{2, 0}, {2, 4}, {1, 2, 0}}, uint8_t(-3), {10, 2, 2, 2, 4}},
    {"UINT64 5x4, dim 0 tiled by 2, outer_dims_perm [1,0]", U64, {5, 4}, {{0}, {2}, {1, 0}}, 0x1122334455667788ull,
     {4, 3, 2}},
};

TEST(MlirTensorOps, PackIsPaddingThenIdentityFromAReshapedPermutedView) {
    uint32_t seed = 1200;
    for (const PackCase& c : kPackCases) {
        SCOPED_TRACE(c.name);
        const uint32_t es = ElementBytes(c.type);
        ASSERT_EQ(PackedShape(c.sizes, c.spec), c.packed);
        const Dims padded = PaddedShape(c.sizes, c.spec);
        Layout source = Packed(c.type, c.sizes), output = Packed(c.type, c.packed), paddedLayout = Packed(c.type, padded);
        const Bytes sourceImage = NoiseTensorImage(source, seed);
        const Bytes outputImage = NoiseImage(output.Bytes(), seed++);
        DeviceBuffer sourceBuffer(sourceImage), outputBuffer(outputImage);
        if (padded == c.sizes) {   // the tiles divide: one IDENTITY from the source's packed view
            Layout view = PackLayout(source, c.spec);
            EXPECT_EQ(view.Sizes(), c.packed);
            Identity({&sourceBuffer, kBase, &view}, {&outputBuffer, kBase, &output});
        } else {                   // PADDING1 (high pads) into a temporary, then the same IDENTITY from it
            Dims low(c.sizes.size(), 0), high(c.sizes.size());
            for (size_t d = 0; d < c.sizes.size(); ++d) high[d] = padded[d] - c.sizes[d];
            DML_SCALAR_UNION value{};
            std::memcpy(value.Bytes, &c.paddingBits, 8);
            DML_PADDING1_OPERATOR_DESC pad{source.Get(), paddedLayout.Get(), DML_PADDING_MODE_CONSTANT, c.type, value,
                                           UINT(c.sizes.size()), low.data(), high.data()};
            DeviceBuffer tempBuffer(NoiseImage(paddedLayout.Bytes(), seed++));
            Dispatch({DML_OPERATOR_PADDING1, &pad}, {{&sourceBuffer, kBase, &source}}, {{&tempBuffer, kBase, &paddedLayout}});
            Layout view = PackLayout(paddedLayout, c.spec);
            EXPECT_EQ(view.Sizes(), c.packed);
            Identity({&tempBuffer, kBase, &view}, {&outputBuffer, kBase, &output});
        }
        Bytes expected = outputImage;
        ForEachIndex(c.packed, [&](const Dims& i) {
            Dims s;
            if (PackedSource(i, c.sizes, c.spec, &s))
                CopyElement(expected, Linear(i, c.packed), sourceImage, Linear(s, c.sizes), es);
            else
                PutElement(expected, Linear(i, c.packed), c.paddingBits, es);
        });
        EXPECT_EQ(outputBuffer.Read(), expected);
    }
}

TEST(MlirTensorOps, UnpackIsIdentityIntoAReshapedPermutedViewOfTheDestination) {
    // The seed's unpack examples are the inverses of its first two pack examples; the others invert the
    // non-dividing packs (the seed calls a non-dividing unpack undefined; upstream MLIR drops the padding, as here).
    uint32_t seed = 1300;
    for (const PackCase& c : kPackCases) {
        SCOPED_TRACE(c.name);
        const uint32_t es = ElementBytes(c.type);
        const Dims padded = PaddedShape(c.sizes, c.spec);
        Layout source = Packed(c.type, c.packed), dest = Packed(c.type, c.sizes);
        const Bytes sourceImage = NoiseTensorImage(source, seed);   // padding positions hold noise too
        const Bytes destImage = NoiseImage(dest.Bytes(), seed++);
        DeviceBuffer sourceBuffer(sourceImage), destBuffer(destImage);
        if (padded == c.sizes) {   // one IDENTITY into the destination's packed view
            Layout view = PackLayout(dest, c.spec);
            Identity({&sourceBuffer, kBase, &source}, {&destBuffer, kBase, &view});
        } else {                   // into a padded temporary, then its sub-view (offsets 0) drops the padding
            Layout paddedLayout = Packed(c.type, padded);
            DeviceBuffer tempBuffer(NoiseImage(paddedLayout.Bytes(), seed++));
            Layout view = PackLayout(paddedLayout, c.spec);
            Identity({&sourceBuffer, kBase, &source}, {&tempBuffer, kBase, &view});
            uint64_t byteOffset = 0;
            Layout valid = SubView(paddedLayout, c.sizes, Dims(c.sizes.size(), 0), &byteOffset);
            EXPECT_EQ(byteOffset, 0u);
            Identity({&tempBuffer, kBase + byteOffset, &valid}, {&destBuffer, kBase, &dest});
        }
        Bytes expected = destImage;
        ForEachIndex(c.packed, [&](const Dims& i) {
            Dims s;
            if (PackedSource(i, c.sizes, c.spec, &s))
                CopyElement(expected, Linear(s, c.sizes), sourceImage, Linear(i, c.packed), es);
        });
        EXPECT_EQ(destBuffer.Read(), expected);
    }
}

// ==== tensor.cast -> the desc itself; element type conversions (not tensor.cast) -> CAST ===========================

TEST(MlirTensorOps, CastIsTheDescItself) {
    // tensor.cast keeps the element type and the data ("without changing any data elements"): it only trades static
    // for dynamic sizes, which a DML desc always knows. %3 = tensor.cast %2 : tensor<?x?xf32> to tensor<4x?xf32>
    // on a 4x7 tensor is the same desc: nothing to record.
    Layout unknown = Packed(F32, {4, 7});
    Layout known = Packed(F32, {4, 7});
    EXPECT_TRUE(Equal(unknown, known));
    // A cast that would change the element type is not tensor.cast; a different type is a different desc.
    EXPECT_FALSE(Equal(unknown, Packed(I32, {4, 7})));
}

TEST(MlirTensorOps, ElementTypeConversionIsCast) {
    // arith.truncf / arith.fptosi / arith.trunci / arith.extf applied to a tensor (what an engine maps to CAST;
    // tensor.cast itself converts nothing). Values chosen so the reference needs no conversion library: FLOAT32 ->
    // FLOAT16 rounds to nearest even (half_float.h), FLOAT32 -> INT16 truncates and saturates, INT32 -> INT8 keeps
    // the low byte, FLOAT16 -> FLOAT32 is exact. 3x7 tensors.
    const Dims sizes = {3, 7};
    const std::vector<float> floats = {0.0f, -0.0f, 1.0f, -1.5f, 65504.0f, 65520.0f, 1e-8f, 3.14159265f,
                                       -2.71828183f, 0.1f, 1e6f, -1e6f, 32767.9f, -32768.9f, 40000.0f, -40000.0f,
                                       0.5f, -0.5f, 1.00048828125f, 6.1e-5f, 123.456f};
    const std::vector<int32_t> ints = {0, 1, -1, 127, 128, -128, -129, 255, 256, 1000, -1000,
                                       0x7FFFFFFF, INT32_MIN, 0x12345678, -0x12345678, 200, -200, 511, 77, -77, 3};
    std::vector<uint16_t> halves;
    for (float f : floats) halves.push_back(vkdml_test::DoubleToHalfBits(f));

    struct Case {
        const char* name;
        DML_TENSOR_DATA_TYPE from, to;
        Bytes input;
        std::function<uint64_t(size_t)> expected;   // the bits of element k of the output
    };
    const Case cases[] = {
        {"arith.truncf FLOAT32 -> FLOAT16", F32, F16, Raw(floats),
         [&](size_t k) { return uint64_t(vkdml_test::DoubleToHalfBits(floats[k])); }},
        {"arith.fptosi FLOAT32 -> INT16 (truncated, saturated)", F32, I16, Raw(floats),
         [&](size_t k) {
             const double t = std::trunc(double(floats[k]));
             return uint64_t(uint16_t(int16_t(t > 32767 ? 32767 : t < -32768 ? -32768 : t)));
         }},
        {"arith.trunci INT32 -> INT8 (low byte)", I32, I8, Raw(ints),
         [&](size_t k) { return uint64_t(uint8_t(uint32_t(ints[k]) & 0xFF)); }},
        {"arith.extf FLOAT16 -> FLOAT32", F16, F32, Raw(halves),
         [&](size_t k) { return uint64_t(FloatBits(float(vkdml_test::HalfBitsToDouble(halves[k])))); }},
    };
    uint32_t seed = 1400;
    for (const Case& c : cases) {
        SCOPED_TRACE(c.name);
        Layout input = Packed(c.from, sizes), output = Packed(c.to, sizes);
        Bytes tensor(input.Bytes(), 0);
        std::copy(c.input.begin(), c.input.end(), tensor.begin());
        const Bytes inputImage = Image(tensor, seed++);
        const Bytes outputImage = NoiseImage(output.Bytes(), seed++);
        DeviceBuffer inputBuffer(inputImage), outputBuffer(outputImage);
        DML_CAST_OPERATOR_DESC cast{input.Get(), output.Get()};
        Dispatch({DML_OPERATOR_CAST, &cast}, {{&inputBuffer, kBase, &input}}, {{&outputBuffer, kBase, &output}});
        Bytes expected = outputImage;
        for (size_t k = 0; k < Count(sizes); ++k) PutElement(expected, k, c.expected(k), ElementBytes(c.to));
        EXPECT_EQ(outputBuffer.Read(), expected);
    }
}

// ==== tensor.bitcast -> vkdmlLayoutBitcast ==========================================================================

TEST(MlirTensorOps, BitcastIsABitcastOfTheDesc) {
    struct Case {
        const char* name;
        DML_TENSOR_DATA_TYPE from, to;
        Dims sizes;
    };
    const Case cases[] = {
        {"seed: tensor<4xui32> to tensor<4xi32>", U32, I32, {4}},
        {"FLOAT16 3x5 to INT16 (NaN and infinity patterns)", F16, I16, {3, 5}},
        {"INT8 7 to UINT8", I8, U8, {7}},
        {"FLOAT64 2x3 to UINT64", F64, U64, {2, 3}},
    };
    uint32_t seed = 1500;
    for (const Case& c : cases) {
        SCOPED_TRACE(c.name);
        Layout source = Packed(c.from, c.sizes);
        Layout view = Bitcast(source, c.to);
        EXPECT_EQ(view.d.DataType, c.to);
        Bytes tensor = TensorNoise(source, seed++);
        if (c.from == U32) {   // the seed's unsigned -> signed case: values with the top bit set
            const std::vector<uint32_t> values = {0x80000000u, 0xFFFFFFFFu, 1u, 0x7FFFFFFFu};
            std::memcpy(tensor.data(), values.data(), 16);
        }
        if (c.from == F16) {   // NaNs with payloads, -infinity, -0
            const std::vector<uint16_t> values = {0x7E01, 0xFC00, 0x7C01, 0x8000};
            std::memcpy(tensor.data(), values.data(), 8);
        }
        const Bytes sourceImage = Image(tensor, seed++);
        const Bytes outputImage = NoiseImage(Packed(c.to, c.sizes).Bytes(), seed++);
        Bytes expected = outputImage;   // the same bytes, element for element
        const uint64_t n = Count(c.sizes) * ElementBytes(c.from);
        std::copy(sourceImage.begin() + kBase, sourceImage.begin() + kBase + n, expected.begin() + kBase);
        EXPECT_EQ(ReadThrough(view, sourceImage, 0, outputImage), expected);
    }
    // MLIR requires the same element width; so does the layout function.
    Layout wide = Packed(F32, {4}), failed;
    EXPECT_EQ(vkdmlLayoutBitcast(&wide.d, F16, &failed.d, failed.sizes, failed.strides), VKDML_ERROR_INVALID_ARGUMENT);
}

// ==== tensor.dim, tensor.rank, tensor.empty -> the desc itself =====================================================

TEST(MlirTensorOps, DimRankAndEmptyReadTheDesc) {
    // %x = tensor.dim %A, %c0 : tensor<4x?xf32> with ? = 9; tensor.rank of the same; and of a view (a transpose, a
    // reshape) the answers are the view's, with no device work.
    Layout a = Packed(F32, {4, 9});
    EXPECT_EQ(a.d.DimensionCount, 2u);   // tensor.rank
    EXPECT_EQ(a.d.Sizes[0], 4u);         // tensor.dim %A, 0
    EXPECT_EQ(a.d.Sizes[1], 9u);         // tensor.dim %A, 1
    Layout t = Permuted(a, {1, 0});
    EXPECT_EQ(t.d.DimensionCount, 2u);
    EXPECT_EQ(t.d.Sizes[0], 9u);
    Layout r = Reshaped(a, {2, 2, 9});
    EXPECT_EQ(r.d.DimensionCount, 3u);
    EXPECT_EQ(r.d.Sizes[2], 9u);
    // tensor.empty(%m) : tensor<?x3xf16> with %m = 5: a buffer of vkdmlLayoutCalcSize bytes (rounded up to 4).
    const Dims sizes = {5, 3};
    UINT64 bytes = 0;
    ASSERT_EQ(vkdmlLayoutCalcSize(F16, 2, sizes.data(), nullptr, &bytes), VKDML_SUCCESS);
    EXPECT_EQ(bytes, 32u);
    VkBuffer buffer = VK_NULL_HANDLE;
    ASSERT_EQ(vkdmlCreateBuffer(SharedDevice(), bytes, &buffer), VKDML_SUCCESS) << vkdmlGetLastErrorMessage();
    vkdmlDestroyBuffer(SharedDevice(), buffer);
}

// ==== tensor.extract / tensor.insert -> a one-element sub-view ======================================================

TEST(MlirTensorOps, ExtractReadsAOneElementSubView) {
    // tensor.extract %t[%1, %2] : tensor<4x4xi32>, and the same on a transposed INT16 view (t = X^T, no copy): the
    // one-element sub-view's byte offset is where the host reads the scalar; on the device an IDENTITY from the
    // sub-view writes it where the next operator wants it.
    struct Case {
        const char* name;
        DML_TENSOR_DATA_TYPE type;
        Dims x;
        bool transposed;
        Dims at;
    };
    const Case cases[] = {
        {"seed: tensor<4x4xi32> [1, 2]", I32, {4, 4}, false, {1, 2}},
        {"INT16 of the transpose of a 3x5 tensor, [4, 1]", I16, {3, 5}, true, {4, 1}},
        {"INT8 5x7 [3, 4]", I8, {5, 7}, false, {3, 4}},
    };
    uint32_t seed = 1600;
    for (const Case& c : cases) {
        SCOPED_TRACE(c.name);
        const uint32_t es = ElementBytes(c.type);
        Layout x = Packed(c.type, c.x);
        Layout t = c.transposed ? Permuted(x, {1, 0}) : x;
        uint64_t byteOffset = 0;
        Layout element = SubView(t, {1, 1}, c.at, &byteOffset);
        const Bytes xImage = NoiseTensorImage(x, seed);
        const uint64_t from = c.transposed ? Linear({c.at[1], c.at[0]}, c.x) : Linear(c.at, c.x);
        const Bytes scalar(xImage.begin() + kBase + from * es, xImage.begin() + kBase + (from + 1) * es);
        DeviceBuffer xBuffer(xImage);
        // Host: the element's bytes are at the tensor's binding offset + the byte offset.
        EXPECT_EQ(xBuffer.Read(kBase + byteOffset, es), scalar);
        // Device: IDENTITY from the sub-view into a one-element tensor.
        Layout one = Packed(c.type, {1, 1});
        const Bytes outputImage = NoiseImage(one.Bytes(), seed++);
        DeviceBuffer outputBuffer(outputImage);
        Identity({&xBuffer, kBase + byteOffset, &element}, {&outputBuffer, kBase, &one});
        Bytes expected = outputImage;
        std::copy(scalar.begin(), scalar.end(), expected.begin() + kBase);
        EXPECT_EQ(outputBuffer.Read(), expected);
    }
}

TEST(MlirTensorOps, InsertIsFillValueConstantIntoAOneElementSubView) {
    // tensor.insert %t into %dest[%1, %2] : tensor<4x4xi32>; and sub-word elements, whose neighbours in the same
    // 32-bit word must keep their bytes.
    struct Case {
        const char* name;
        DML_TENSOR_DATA_TYPE type;
        Dims dest, at;
        uint64_t valueBits;
        bool last;   // the tensor's last element, its bytes a multiple of 4: the destination needs slack (below)
    };
    const Case cases[] = {
        {"seed: tensor<4x4xi32> [1, 2]", I32, {4, 4}, {1, 2}, uint32_t(-123456), false},
        {"INT8 5x7 [3, 4] (byte 25)", I8, {5, 7}, {3, 4}, uint8_t(-100), false},
        {"FLOAT16 3x3 [2, 1] (byte 14)", F16, {3, 3}, {2, 1}, vkdml_test::DoubleToHalfBits(-0.25), false},
        {"INT8 4x4 [3, 3], the last element (byte 15)", I8, {4, 4}, {3, 3}, uint8_t(0x5A), true},
        {"FLOAT16 2x2 [1, 1], the last element (byte 6)", F16, {2, 2}, {1, 1}, vkdml_test::DoubleToHalfBits(7.5), true},
    };
    uint32_t seed = 1700;
    for (const Case& c : cases) {
        SCOPED_TRACE(c.name);
        Layout dest = Packed(c.type, c.dest);
        if (c.last) {
            // A one-element desc has TotalTensorSizeInBytes 4, so the view of a sub-word last element would end up
            // to 3 bytes past the packed tensor's: vkdmlLayoutSubView refuses it. The engine gives sub-word tensors
            // 4 bytes of slack (a larger TotalTensorSizeInBytes, and the allocation to match).
            Layout refused;
            UINT64 refusedOffset = 0;
            const Dims one = {1, 1};
            EXPECT_EQ(vkdmlLayoutSubView(&dest.d, one.data(), c.at.data(), &refused.d, refused.sizes, refused.strides,
                                         &refusedOffset), VKDML_ERROR_INVALID_ARGUMENT);
            dest.d.TotalTensorSizeInBytes += 4;
        }
        uint64_t byteOffset = 0;
        Layout element = SubView(dest, {1, 1}, c.at, &byteOffset);
        EXPECT_EQ(byteOffset, Linear(c.at, c.dest) * ElementBytes(c.type));
        DML_SCALAR_UNION value{};
        std::memcpy(value.Bytes, &c.valueBits, 8);
        DML_FILL_VALUE_CONSTANT_OPERATOR_DESC fill{element.Get(), c.type, value};
        const Bytes destImage = NoiseImage(dest.Bytes(), seed++);
        DeviceBuffer destBuffer(destImage);
        Dispatch({DML_OPERATOR_FILL_VALUE_CONSTANT, &fill}, {}, {{&destBuffer, kBase + byteOffset, &element}});
        Bytes expected = destImage;
        PutElement(expected, Linear(c.at, c.dest), c.valueBits, ElementBytes(c.type));
        EXPECT_EQ(destBuffer.Read(), expected);
    }
}

// ==== tensor.generate of an affine function of the row-major index -> FILL_VALUE_SEQUENCE ==========================

TEST(MlirTensorOps, GenerateOfAnAffineIndexIsFillValueSequence) {
    // %t = tensor.generate { ^bb0(%i, %j): yield 7 - 3 * (%i * 5 + %j) } : tensor<3x5xi32>, and an INT16 one with
    // wrap-around: 30000 + 1000 * k on 3x7 (integers wrap modulo 2^16 in MLIR's arith and in FILL_VALUE_SEQUENCE).
    struct Case {
        DML_TENSOR_DATA_TYPE type;
        Dims sizes;
        int64_t start, delta;
    };
    uint32_t seed = 1800;
    for (const Case& c : {Case{I32, {3, 5}, 7, -3}, Case{I16, {3, 7}, 30000, 1000}}) {
        SCOPED_TRACE(::testing::PrintToString(c.sizes));
        Layout output = Packed(c.type, c.sizes);
        DML_SCALAR_UNION start{}, delta{};
        std::memcpy(start.Bytes, &c.start, 8);
        std::memcpy(delta.Bytes, &c.delta, 8);
        DML_FILL_VALUE_SEQUENCE_OPERATOR_DESC generate{output.Get(), c.type, start, delta};
        const Bytes outputImage = NoiseImage(output.Bytes(), seed++);
        DeviceBuffer outputBuffer(outputImage);
        Dispatch({DML_OPERATOR_FILL_VALUE_SEQUENCE, &generate}, {}, {{&outputBuffer, kBase, &output}});
        Bytes expected = outputImage;
        ForEachIndex(c.sizes, [&](const Dims& i) {
            const uint64_t k = Linear(i, c.sizes);
            PutElement(expected, k, uint64_t(c.start + c.delta * int64_t(k)), ElementBytes(c.type));
        });
        EXPECT_EQ(outputBuffer.Read(), expected);
    }
}

// ==== Fusions: a slice op folded into its neighbour by binding the neighbour to a sub-view ==========================

TEST(MlirTensorOps, SliceOpsFuseIntoTheirNeighboursThroughSubViews) {
    // An engine folds extract_slice into the op reading it and insert_slice into the op producing it: the other
    // operator's tensor is the sub-view, bound at the byte offset (no IDENTITY, no temporary). For a 3x4 slice of a
    // 7x9 tensor at three offsets (byte offsets odd for INT8, 2 mod 4 for FLOAT16) and four element widths:
    //   gather(extract_slice)            -> GATHER_ND reading the sub-view
    //   scatter(extract_slice)           -> SCATTER_ND reading the sub-view
    //   insert_slice(pad)                -> PADDING1 writing the sub-view
    //   insert_slice(concat)             -> JOIN writing the sub-view
    //   insert_slice(generate of k)      -> FILL_VALUE_SEQUENCE writing the sub-view
    const Dims parentSizes = {7, 9}, slice = {3, 4};
    uint32_t seed = 1900;
    for (DML_TENSOR_DATA_TYPE type : {I8, F16, F32, U64}) {
        const uint32_t es = ElementBytes(type);
        Layout parent = Packed(type, parentSizes);
        for (const Dims& at : {Dims{1, 3}, Dims{2, 1}, Dims{0, 5}}) {
            SCOPED_TRACE("type " + std::to_string(int(type)) + " at " + ::testing::PrintToString(at));
            uint64_t byteOffset = 0;
            Layout view = SubView(parent, slice, at, &byteOffset);
            auto parentAt = [&](UINT i, UINT j) { return Linear({at[0] + i, at[1] + j}, parentSizes); };
            const Bytes parentImage = NoiseTensorImage(parent, seed);
            {   // gather rows 2 and 0 of the slice
                Layout indices = Packed(U32, {2, 1}), output = Packed(type, {2, 4});
                DML_GATHER_ND_OPERATOR_DESC gather{view.Get(), indices.Get(), output.Get(), 2, 2};
                const Bytes indexImage = Image(IndexBytes(U32, {2, 0}, indices.Bytes()), seed++);
                const Bytes outputImage = NoiseImage(output.Bytes(), seed++);
                DeviceBuffer parentBuffer(parentImage), indexBuffer(indexImage), outputBuffer(outputImage);
                Dispatch({DML_OPERATOR_GATHER_ND, &gather},
                         {{&parentBuffer, kBase + byteOffset, &view}, {&indexBuffer, kBase, &indices}},
                         {{&outputBuffer, kBase, &output}});
                Bytes expected = outputImage;
                const UINT rows[2] = {2, 0};
                for (UINT r = 0; r < 2; ++r)
                    for (UINT c = 0; c < 4; ++c) CopyElement(expected, r * 4 + c, parentImage, parentAt(rows[r], c), es);
                EXPECT_EQ(outputBuffer.Read(), expected) << "GATHER_ND from the sub-view";
            }
            {   // scatter one row into the slice, result in a new 3x4 tensor
                Layout indices = Packed(U32, {1, 1}), updates = Packed(type, {1, 4}), output = Packed(type, slice);
                DML_SCATTER_ND_OPERATOR_DESC scatter{view.Get(), indices.Get(), updates.Get(), output.Get(), 2, 2};
                const Bytes indexImage = Image(IndexBytes(U32, {1}, indices.Bytes()), seed++);
                const Bytes updateImage = NoiseTensorImage(updates, seed);
                const Bytes outputImage = NoiseImage(output.Bytes(), seed++);
                DeviceBuffer parentBuffer(parentImage), indexBuffer(indexImage), updateBuffer(updateImage),
                    outputBuffer(outputImage);
                Dispatch({DML_OPERATOR_SCATTER_ND, &scatter},
                         {{&parentBuffer, kBase + byteOffset, &view}, {&indexBuffer, kBase, &indices},
                          {&updateBuffer, kBase, &updates}},
                         {{&outputBuffer, kBase, &output}});
                Bytes expected = outputImage;
                for (UINT r = 0; r < 3; ++r)
                    for (UINT c = 0; c < 4; ++c) {
                        if (r == 1) CopyElement(expected, r * 4 + c, updateImage, c, es);
                        else CopyElement(expected, r * 4 + c, parentImage, parentAt(r, c), es);
                    }
                EXPECT_EQ(outputBuffer.Read(), expected) << "SCATTER_ND from the sub-view";
            }
            {   // pad a 2x2 tensor low[1,1] high[0,1] straight into the slice
                Layout source = Packed(type, {2, 2});
                const Dims low = {1, 1}, high = {0, 1};
                const uint64_t bits = 0x3C3C3C3C3C3C3C3Cull;
                DML_SCALAR_UNION value{};
                std::memcpy(value.Bytes, &bits, 8);
                DML_PADDING1_OPERATOR_DESC pad{source.Get(), view.Get(), DML_PADDING_MODE_CONSTANT, type, value, 2,
                                               low.data(), high.data()};
                const Bytes sourceImage = NoiseTensorImage(source, seed);
                DeviceBuffer sourceBuffer(sourceImage), parentBuffer(parentImage);
                Dispatch({DML_OPERATOR_PADDING1, &pad}, {{&sourceBuffer, kBase, &source}},
                         {{&parentBuffer, kBase + byteOffset, &view}});
                Bytes expected = parentImage;
                for (UINT i = 0; i < 3; ++i)
                    for (UINT j = 0; j < 4; ++j) {
                        if (i >= 1 && j >= 1 && j < 3) CopyElement(expected, parentAt(i, j), sourceImage, (i - 1) * 2 + (j - 1), es);
                        else PutElement(expected, parentAt(i, j), bits, es);
                    }
                EXPECT_EQ(parentBuffer.Read(), expected) << "PADDING1 into the sub-view";
            }
            {   // concat dim(1) of 3x1 and 3x3 straight into the slice
                Layout a = Packed(type, {3, 1}), b = Packed(type, {3, 3});
                const DML_TENSOR_DESC inputs[2] = {*a.Get(), *b.Get()};
                DML_JOIN_OPERATOR_DESC join{2, inputs, view.Get(), 1};
                const Bytes aImage = NoiseTensorImage(a, seed), bImage = NoiseTensorImage(b, seed);
                DeviceBuffer aBuffer(aImage), bBuffer(bImage), parentBuffer(parentImage);
                Dispatch({DML_OPERATOR_JOIN, &join}, {{&aBuffer, kBase, &a}, {&bBuffer, kBase, &b}},
                         {{&parentBuffer, kBase + byteOffset, &view}});
                Bytes expected = parentImage;
                for (UINT i = 0; i < 3; ++i) {
                    CopyElement(expected, parentAt(i, 0), aImage, i, es);
                    for (UINT j = 0; j < 3; ++j) CopyElement(expected, parentAt(i, j + 1), bImage, i * 3 + j, es);
                }
                EXPECT_EQ(parentBuffer.Read(), expected) << "JOIN into the sub-view";
            }
            {   // generate 3 + 2k (k the slice's row-major index) straight into the slice
                DML_SCALAR_UNION start{}, delta{};
                auto bitsOf = [&](double v) -> uint64_t {
                    if (type == F16) return vkdml_test::DoubleToHalfBits(v);
                    if (type == F32) return FloatBits(float(v));
                    return uint64_t(v);
                };
                const uint64_t startBits = bitsOf(3), deltaBits = bitsOf(2);
                std::memcpy(start.Bytes, &startBits, 8);
                std::memcpy(delta.Bytes, &deltaBits, 8);
                DML_FILL_VALUE_SEQUENCE_OPERATOR_DESC generate{view.Get(), type, start, delta};
                DeviceBuffer parentBuffer(parentImage);
                Dispatch({DML_OPERATOR_FILL_VALUE_SEQUENCE, &generate}, {}, {{&parentBuffer, kBase + byteOffset, &view}});
                Bytes expected = parentImage;
                for (UINT i = 0; i < 3; ++i)
                    for (UINT j = 0; j < 4; ++j) PutElement(expected, parentAt(i, j), bitsOf(3 + 2 * (i * 4 + j)), es);
                EXPECT_EQ(parentBuffer.Read(), expected) << "FILL_VALUE_SEQUENCE into the sub-view";
            }
        }
    }
}

}  // namespace
