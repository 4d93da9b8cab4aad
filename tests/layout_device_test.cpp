// vkdml/layout.h views proved by running them: DML_OPERATOR_ELEMENT_WISE_IDENTITY through a view computed by the
// layout functions, compared bit-exactly with a CPU reference that never looks at the computed strides.
//   permute_axes + IDENTITY = transpose; format tags + IDENTITY = reorder (nchw -> nhwc);
//   sub-view bound at the returned byte offset + IDENTITY = MLIR extract_slice / insert_slice;
//   reshape = a no-copy view (IDENTITY through it copies the same bytes); bitcast = the same bits.
#include "dims_walk.h"
#include "test_support.h"

#include <vkdml/layout.h>

#include <gtest/gtest.h>

#include <cstring>
#include <functional>
#include <numeric>
#include <random>

using vkdml_test::RunOperator;
using vkdml_test::SharedDevice;

namespace {

constexpr auto F32 = DML_TENSOR_DATA_TYPE_FLOAT32;
constexpr auto U32 = DML_TENSOR_DATA_TYPE_UINT32;
constexpr auto U16 = DML_TENSOR_DATA_TYPE_UINT16;
constexpr auto U8 = DML_TENSOR_DATA_TYPE_UINT8;
constexpr auto I8 = DML_TENSOR_DATA_TYPE_INT8;
constexpr auto U64 = DML_TENSOR_DATA_TYPE_UINT64;
using namespace vkdml_test::walk;

// A desc produced by a layout function, with its arrays. Not copyable: the desc points into it.
struct View {
    DML_BUFFER_TENSOR_DESC d{};
    UINT sizes[VKDML_LAYOUT_MAX_DIMENSIONS]{};
    UINT strides[VKDML_LAYOUT_MAX_DIMENSIONS]{};
    DML_TENSOR_DESC t{};
    View() = default;
    View(const View&) = delete;
    const DML_TENSOR_DESC* Get() {
        t = {DML_TENSOR_TYPE_BUFFER, &d};
        return &t;
    }
    Dims Sizes() const { return Dims(sizes, sizes + d.DimensionCount); }
};

// The packed desc of sizes ("abc...": row-major).
void Packed(DML_TENSOR_DATA_TYPE type, const Dims& sizes, View* out) {
    const char letters[] = "abcdefgh";
    std::string tag(letters, sizes.size());
    ASSERT_EQ(vkdmlLayoutFromFormatTag(type, UINT(sizes.size()), sizes.data(), tag.c_str(), &out->d, out->sizes,
                                       out->strides), VKDML_SUCCESS) << vkdmlGetLastErrorMessage();
}

// Random finite floats (no NaN or infinity), as bytes.
Bytes RandomFloats(uint64_t count, uint64_t totalBytes, uint32_t seed) {
    std::mt19937 rng(seed);
    std::uniform_real_distribution<float> dist(-1000.0f, 1000.0f);
    Bytes bytes(totalBytes, 0);
    for (uint64_t k = 0; k < count; ++k) {
        float v = dist(rng);
        std::memcpy(&bytes[k * 4], &v, 4);
    }
    return bytes;
}

Bytes RunIdentity(View& in, const Bytes& input, View& out) {
    DML_ELEMENT_WISE_IDENTITY_OPERATOR_DESC identity{in.Get(), out.Get(), nullptr};
    auto r = RunOperator({DML_OPERATOR_ELEMENT_WISE_IDENTITY, &identity}, {input},
                         {Bytes(out.d.TotalTensorSizeInBytes, 0)});
    EXPECT_EQ(r.status, VKDML_SUCCESS) << r.message;
    return r.status == VKDML_SUCCESS ? r.outputs[0] : Bytes{};
}

// IDENTITY with each tensor bound at an arbitrary offset of its own buffer: the buffers hold the given images and
// the output buffer's image after the run is returned.
struct Placed {
    Bytes image;
    uint64_t offset = 0;
};

Bytes RunIdentityAt(View& in, const Placed& input, View& out, const Placed& output) {
    VkdmlDevice device = SharedDevice();
    DML_ELEMENT_WISE_IDENTITY_OPERATOR_DESC identity{in.Get(), out.Get(), nullptr};
    DML_OPERATOR_DESC desc{DML_OPERATOR_ELEMENT_WISE_IDENTITY, &identity};
    VkdmlOperator op = nullptr;
    VkdmlCompiledOperator compiled = nullptr;
    VkdmlOperatorInitializer initializer = nullptr;
    VkdmlBindingTable table = nullptr;
    VkBuffer inBuffer = VK_NULL_HANDLE, outBuffer = VK_NULL_HANDLE;
    Bytes result;
    auto ok = [](VKDML_STATUS s) {
        EXPECT_EQ(s, VKDML_SUCCESS) << vkdmlGetLastErrorMessage();
        return s == VKDML_SUCCESS;
    };
    if (ok(vkdmlCreateOperator(device, &desc, &op)) &&
        ok(vkdmlCompileOperator(device, op, DML_EXECUTION_FLAG_NONE, &compiled)) &&
        ok(vkdmlCreateOperatorInitializer(device, 1, &compiled, &initializer))) {
        DML_BINDING_TABLE_DESC tableDesc{initializer, VK_NULL_HANDLE, 0, 0};
        if (ok(vkdmlCreateBindingTable(device, &tableDesc, &table)) && ok(vkdmlExecute(device, initializer, table))) {
            tableDesc.Dispatchable = compiled;
            DML_BUFFER_BINDING inBinding{}, outBinding{};
            DML_BINDING_DESC inDesc{DML_BINDING_TYPE_BUFFER, &inBinding}, outDesc{DML_BINDING_TYPE_BUFFER, &outBinding};
            if (ok(vkdmlResetBindingTable(table, &tableDesc)) &&
                ok(vkdmlCreateBuffer(device, input.image.size(), &inBuffer)) &&
                ok(vkdmlCreateBuffer(device, output.image.size(), &outBuffer)) &&
                ok(vkdmlWriteBuffer(device, inBuffer, 0, input.image.size(), input.image.data())) &&
                ok(vkdmlWriteBuffer(device, outBuffer, 0, output.image.size(), output.image.data()))) {
                inBinding = {inBuffer, input.offset, in.d.TotalTensorSizeInBytes};
                outBinding = {outBuffer, output.offset, out.d.TotalTensorSizeInBytes};
                Bytes image(output.image.size());
                if (ok(vkdmlBindInputs(table, 1, &inDesc)) && ok(vkdmlBindOutputs(table, 1, &outDesc)) &&
                    ok(vkdmlExecute(device, compiled, table)) &&
                    ok(vkdmlReadBuffer(device, outBuffer, 0, image.size(), image.data())))
                    result = std::move(image);
            }
        }
    }
    for (void* handle : {(void*)table, (void*)initializer, (void*)compiled, (void*)op})
        if (handle) vkdmlRelease(handle, nullptr);
    if (inBuffer) vkdmlDestroyBuffer(device, inBuffer);
    if (outBuffer) vkdmlDestroyBuffer(device, outBuffer);
    return result;
}

// ---- permute_axes: IDENTITY from the permuted view is the transpose -----------------------------------------------

struct PermuteCase {
    DML_TENSOR_DATA_TYPE type;
    Dims sizes, permutation;
};

// out[j] = in[i] where j[permutation[k]] = i[k] (oneDNN's convention), on packed tensors.
Bytes CpuPermute(const Bytes& in, const Dims& sizes, const Dims& permutation, uint32_t es, uint64_t outBytes) {
    Dims outSizes(sizes.size());
    for (size_t k = 0; k < sizes.size(); ++k) outSizes[permutation[k]] = sizes[k];
    Bytes out(outBytes, 0);
    Dims j(sizes.size());
    ForEachIndex(sizes, [&](const Dims& i) {
        for (size_t k = 0; k < sizes.size(); ++k) j[permutation[k]] = i[k];
        std::memcpy(&out[Linear(j, outSizes) * es], &in[Linear(i, sizes) * es], es);
    });
    return out;
}

TEST(LayoutDevice, PermuteAxesThenIdentityIsTheTranspose) {
    const PermuteCase cases[] = {
        {F32, {2, 3}, {1, 0}},                     // the oneDNN document's example
        {F32, {2, 3, 4, 5}, {0, 3, 1, 2}},         // NCHW memory seen as NHWC
        {U16, {3, 5, 7}, {2, 0, 1}},
        {U8, {2, 3, 2, 5, 3}, {4, 2, 0, 3, 1}},
        {U64, {3, 4, 5}, {1, 2, 0}},
        {I8, {2, 1, 3, 2, 1, 2, 3, 2}, {7, 3, 5, 0, 6, 1, 4, 2}},
    };
    uint32_t seed = 1;
    for (const PermuteCase& c : cases) {
        SCOPED_TRACE(::testing::PrintToString(c.sizes) + " permuted by " + ::testing::PrintToString(c.permutation));
        View in, view, out;
        Packed(c.type, c.sizes, &in);
        ASSERT_EQ(vkdmlLayoutPermuteAxes(&in.d, c.permutation.data(), &view.d, view.sizes, view.strides), VKDML_SUCCESS)
            << vkdmlGetLastErrorMessage();
        Packed(c.type, view.Sizes(), &out);
        uint32_t es = ElementBytes(c.type);
        Bytes input = c.type == F32 ? RandomFloats(Count(c.sizes), in.d.TotalTensorSizeInBytes, seed++)
                                    : RandomBytes(in.d.TotalTensorSizeInBytes, seed++);
        Bytes result = RunIdentity(view, input, out);
        EXPECT_EQ(result, CpuPermute(input, c.sizes, c.permutation, es, out.d.TotalTensorSizeInBytes));
    }
}

// ---- format tags: IDENTITY between two tags is a reorder ---------------------------------------------------------

TEST(LayoutDevice, FormatTagsReorderNchwToNhwcAndBack) {
    const Dims dims = {2, 3, 4, 5};   // N, C, H, W
    const UINT N = 2, C = 3, H = 4, W = 5;
    View nchw, nhwc;
    ASSERT_EQ(vkdmlLayoutFromFormatTag(F32, 4, dims.data(), "nchw", &nchw.d, nchw.sizes, nchw.strides), VKDML_SUCCESS);
    ASSERT_EQ(vkdmlLayoutFromFormatTag(F32, 4, dims.data(), "nhwc", &nhwc.d, nhwc.sizes, nhwc.strides), VKDML_SUCCESS);
    BOOL equal = TRUE;
    ASSERT_EQ(vkdmlLayoutEqual(&nchw.d, &nhwc.d, &equal), VKDML_SUCCESS);
    EXPECT_EQ(equal, FALSE);   // a reorder is needed

    Bytes input = RandomFloats(N * C * H * W, nchw.d.TotalTensorSizeInBytes, 77);
    Bytes expected(nhwc.d.TotalTensorSizeInBytes, 0);
    for (UINT n = 0; n < N; ++n)
        for (UINT c = 0; c < C; ++c)
            for (UINT h = 0; h < H; ++h)
                for (UINT w = 0; w < W; ++w)
                    std::memcpy(&expected[(((n * H + h) * W + w) * C + c) * 4], &input[(((n * C + c) * H + h) * W + w) * 4], 4);
    Bytes reordered = RunIdentity(nchw, input, nhwc);
    EXPECT_EQ(reordered, expected);
    EXPECT_EQ(RunIdentity(nhwc, reordered, nchw), input);
}

// ---- sub-view: MLIR extract_slice and insert_slice --------------------------------------------------------------

struct SliceCase {
    DML_TENSOR_DATA_TYPE type;
    Dims parent, sizes, offsets;
    UINT expectedAlignment;   // GuaranteedBaseOffsetAlignment of the view
};

const SliceCase kSliceCases[] = {
    {F32, {4, 6, 8}, {2, 3, 4}, {1, 2, 3}, 4},      // byte offset 268
    {U16, {5, 7}, {3, 3}, {1, 2}, 2},               // byte offset 18
    {U8, {3, 5, 7}, {2, 2, 3}, {1, 1, 3}, 1},       // byte offset 45
    {U64, {3, 4}, {2, 2}, {1, 2}, 16},              // byte offset 48: a multiple of 16 keeps the default
};
constexpr uint64_t kParentBase = 256;   // where the parent is bound in its buffer
constexpr uint64_t kGuard = 64;         // bytes after the parent

// The parent's element at the view's index + offsets, read by index (not by strides).
uint64_t ParentElement(const Dims& viewIndex, const SliceCase& c) {
    Dims p(viewIndex.size());
    for (size_t d = 0; d < p.size(); ++d) p[d] = viewIndex[d] + c.offsets[d];
    return Linear(p, c.parent);
}

TEST(LayoutDevice, SubViewBoundAtItsByteOffsetExtractsTheSlice) {
    uint32_t seed = 100;
    for (const SliceCase& c : kSliceCases) {
        SCOPED_TRACE(::testing::PrintToString(c.sizes) + " at " + ::testing::PrintToString(c.offsets));
        View parent, view, out;
        Packed(c.type, c.parent, &parent);
        UINT64 byteOffset = 0;
        ASSERT_EQ(vkdmlLayoutSubView(&parent.d, c.sizes.data(), c.offsets.data(), &view.d, view.sizes, view.strides,
                                     &byteOffset), VKDML_SUCCESS) << vkdmlGetLastErrorMessage();
        EXPECT_EQ(view.d.GuaranteedBaseOffsetAlignment == 0 ? 16 : view.d.GuaranteedBaseOffsetAlignment,
                  c.expectedAlignment);
        Packed(c.type, c.sizes, &out);
        uint32_t es = ElementBytes(c.type);
        Placed input{RandomBytes(kParentBase + parent.d.TotalTensorSizeInBytes + kGuard, seed++), kParentBase + byteOffset};
        Placed output{Bytes(out.d.TotalTensorSizeInBytes + 2 * kGuard, 0x5A), kGuard};
        Bytes expected = output.image;
        ForEachIndex(c.sizes, [&](const Dims& v) {
            std::memcpy(&expected[kGuard + Linear(v, c.sizes) * es], &input.image[kParentBase + ParentElement(v, c) * es], es);
        });
        EXPECT_EQ(RunIdentityAt(view, input, out, output), expected);
    }
}

TEST(LayoutDevice, IdentityIntoASubViewInsertsTheSliceAndNothingElse) {
    uint32_t seed = 200;
    for (const SliceCase& c : kSliceCases) {
        SCOPED_TRACE(::testing::PrintToString(c.sizes) + " at " + ::testing::PrintToString(c.offsets));
        View parent, view, source;
        Packed(c.type, c.parent, &parent);
        UINT64 byteOffset = 0;
        ASSERT_EQ(vkdmlLayoutSubView(&parent.d, c.sizes.data(), c.offsets.data(), &view.d, view.sizes, view.strides,
                                     &byteOffset), VKDML_SUCCESS) << vkdmlGetLastErrorMessage();
        Packed(c.type, c.sizes, &source);
        uint32_t es = ElementBytes(c.type);
        Placed input{RandomBytes(source.d.TotalTensorSizeInBytes, seed++), 0};
        Placed dest{RandomBytes(kParentBase + parent.d.TotalTensorSizeInBytes + kGuard, seed++), kParentBase + byteOffset};
        Bytes expected = dest.image;
        ForEachIndex(c.sizes, [&](const Dims& v) {
            std::memcpy(&expected[kParentBase + ParentElement(v, c) * es], &input.image[Linear(v, c.sizes) * es], es);
        });
        EXPECT_EQ(RunIdentityAt(source, input, view, dest), expected);
    }
}

// ---- reshape: a no-copy view ------------------------------------------------------------------------------------

TEST(LayoutDevice, ReshapeOfAPackedTensorCopiesTheSameBytes) {
    const Dims sizes = {2, 3, 4};
    View in;
    Packed(F32, sizes, &in);
    Bytes input = RandomFloats(24, in.d.TotalTensorSizeInBytes, 300);
    for (const Dims& target : {Dims{6, 4}, Dims{4, 6}, Dims{24}, Dims{2, 1, 12, 1}, Dims{3, 8}, Dims{2, 2, 2, 3}}) {
        SCOPED_TRACE(::testing::PrintToString(target));
        View reshaped, out;
        ASSERT_EQ(vkdmlLayoutReshape(&in.d, UINT(target.size()), target.data(), &reshaped.d, reshaped.sizes,
                                     reshaped.strides), VKDML_SUCCESS) << vkdmlGetLastErrorMessage();
        Packed(F32, target, &out);
        EXPECT_EQ(RunIdentity(reshaped, input, out), input);
    }
}

TEST(LayoutDevice, ReshapeOfASubViewJoinsOnlyTheDenseDimensions) {
    // Rows 2..4 of a {4, 6, 8} tensor, columns all: dims 1 and 2 are dense, 0 and 1 are not.
    const SliceCase c{F32, {4, 6, 8}, {2, 3, 8}, {1, 2, 0}, 0};
    View parent, view, joined, out, failed;
    Packed(F32, c.parent, &parent);
    UINT64 byteOffset = 0;
    ASSERT_EQ(vkdmlLayoutSubView(&parent.d, c.sizes.data(), c.offsets.data(), &view.d, view.sizes, view.strides,
                                 &byteOffset), VKDML_SUCCESS) << vkdmlGetLastErrorMessage();
    const Dims flat = {48}, rows = {2, 24};
    EXPECT_EQ(vkdmlLayoutReshape(&view.d, 1, flat.data(), &failed.d, failed.sizes, failed.strides),
              VKDML_ERROR_INVALID_ARGUMENT);
    EXPECT_NE(std::string(vkdmlGetLastErrorMessage()).find("rule 4"), std::string::npos) << vkdmlGetLastErrorMessage();
    ASSERT_EQ(vkdmlLayoutReshape(&view.d, 2, rows.data(), &joined.d, joined.sizes, joined.strides), VKDML_SUCCESS)
        << vkdmlGetLastErrorMessage();
    Packed(F32, rows, &out);
    Bytes floats = RandomFloats(Count(c.parent), parent.d.TotalTensorSizeInBytes, 400);
    Placed input{Bytes(kParentBase + floats.size() + kGuard, 0), kParentBase + byteOffset};
    std::copy(floats.begin(), floats.end(), input.image.begin() + kParentBase);
    Placed output{Bytes(out.d.TotalTensorSizeInBytes, 0), 0};
    Bytes expected(out.d.TotalTensorSizeInBytes, 0);
    ForEachIndex(c.sizes, [&](const Dims& v) {
        std::memcpy(&expected[Linear(v, c.sizes) * 4], &input.image[kParentBase + ParentElement(v, c) * 4], 4);
    });
    EXPECT_EQ(RunIdentityAt(joined, input, out, output), expected);
}

TEST(LayoutDevice, ReshapeOfATransposedViewSplitsWithoutACopy) {
    // X {4, 3} packed; its transpose {3, 4} is a view (strides {1, 3}); splitting its last dimension into {2, 2}
    // is still a view, and IDENTITY through it gives the transpose's bytes.
    const Dims sizes = {4, 3}, swap = {1, 0}, split = {3, 2, 2};
    View in, transposed, reshaped, packedT, packedSplit;
    Packed(F32, sizes, &in);
    ASSERT_EQ(vkdmlLayoutPermuteAxes(&in.d, swap.data(), &transposed.d, transposed.sizes, transposed.strides),
              VKDML_SUCCESS);
    ASSERT_EQ(vkdmlLayoutReshape(&transposed.d, 3, split.data(), &reshaped.d, reshaped.sizes, reshaped.strides),
              VKDML_SUCCESS) << vkdmlGetLastErrorMessage();
    Packed(F32, transposed.Sizes(), &packedT);
    Packed(F32, split, &packedSplit);
    Bytes input = RandomFloats(12, in.d.TotalTensorSizeInBytes, 500);
    Bytes transpose = RunIdentity(transposed, input, packedT);
    EXPECT_EQ(transpose, CpuPermute(input, sizes, swap, 4, packedT.d.TotalTensorSizeInBytes));
    EXPECT_EQ(RunIdentity(reshaped, input, packedSplit), transpose);
}

// ---- bitcast: the same bits under another type ------------------------------------------------------------------

TEST(LayoutDevice, BitcastViewMovesTheBitsUnchanged) {
    // Any 32-bit pattern, NaN payloads included, read as FLOAT32 memory through a UINT32 view of its transpose.
    const Dims sizes = {5, 7}, swap = {1, 0};
    View in, transposed, asBits, out;
    Packed(F32, sizes, &in);
    ASSERT_EQ(vkdmlLayoutPermuteAxes(&in.d, swap.data(), &transposed.d, transposed.sizes, transposed.strides),
              VKDML_SUCCESS);
    ASSERT_EQ(vkdmlLayoutBitcast(&transposed.d, U32, &asBits.d, asBits.sizes, asBits.strides), VKDML_SUCCESS)
        << vkdmlGetLastErrorMessage();
    Packed(U32, transposed.Sizes(), &out);
    Bytes input = RandomBytes(in.d.TotalTensorSizeInBytes, 600);
    const uint32_t nan = 0x7FC01234u, negativeNan = 0xFFA00001u;
    std::memcpy(&input[0], &nan, 4);
    std::memcpy(&input[8], &negativeNan, 4);
    EXPECT_EQ(RunIdentity(asBits, input, out), CpuPermute(input, sizes, swap, 4, out.d.TotalTensorSizeInBytes));

    // INT8 data through a UINT8 view: the same bytes.
    View bytesIn, bytesView, bytesOut;
    Packed(I8, {3, 5}, &bytesIn);
    ASSERT_EQ(vkdmlLayoutBitcast(&bytesIn.d, U8, &bytesView.d, bytesView.sizes, bytesView.strides), VKDML_SUCCESS);
    Packed(U8, {3, 5}, &bytesOut);
    Bytes signedBytes = RandomBytes(bytesIn.d.TotalTensorSizeInBytes, 601);
    Bytes copied = RunIdentity(bytesView, signedBytes, bytesOut);
    ASSERT_EQ(copied.size(), signedBytes.size());
    EXPECT_TRUE(std::equal(copied.begin(), copied.begin() + 15, signedBytes.begin()));
}

}  // namespace
