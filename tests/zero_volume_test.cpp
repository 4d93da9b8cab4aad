// Zero-volume tensors (issue #9 part 2): opt-in by VKDML_CREATE_DEVICE_FLAG_ZERO_VOLUME_TENSORS. Without the flag a
// size of 0 stays an error; with it, zero-size tensors validate, JOIN skips them, SPLIT produces them, an operator
// whose outputs are all empty records nothing, and a zero-volume tensor may be left unbound and is never touched.
#include "test_support.h"

#include <gtest/gtest.h>

#include <cstring>
#include <numeric>
#include <random>

using namespace vkdml_test;

namespace {

constexpr auto F32 = DML_TENSOR_DATA_TYPE_FLOAT32;
constexpr auto U8 = DML_TENSOR_DATA_TYPE_UINT8;
constexpr auto U32 = DML_TENSOR_DATA_TYPE_UINT32;
constexpr auto I32 = DML_TENSOR_DATA_TYPE_INT32;
constexpr uint8_t kUntouched = 0x5C;

// Every test runs on one debug device created with the flag (made and released by the fixture).
VkdmlDevice gZeroVolumeDevice = nullptr;

class ZeroVolume : public ::testing::Test {
protected:
    static void SetUpTestSuite() {
        gZeroVolumeDevice = CreateDevice(DML_FEATURE_LEVEL(0), VKDML_CREATE_DEVICE_FLAG_ZERO_VOLUME_TENSORS);
    }
    static void TearDownTestSuite() {
        vkdmlRelease(gZeroVolumeDevice, nullptr);
        gZeroVolumeDevice = nullptr;
    }
};

VkdmlDevice ZeroVolumeDevice() { return gZeroVolumeDevice; }

RunOptions OnZeroVolumeDevice() {
    RunOptions options;
    options.device = ZeroVolumeDevice();
    return options;
}

std::vector<float> Iota(size_t count, float first = 1.0f) {
    std::vector<float> v(count);
    std::iota(v.begin(), v.end(), first);
    return v;
}

std::vector<float> AsFloats(const std::vector<uint8_t>& bytes) {
    std::vector<float> v(bytes.size() / sizeof(float));
    if (!v.empty()) std::memcpy(v.data(), bytes.data(), v.size() * sizeof(float));
    return v;
}

// An operator whose outputs are all zero-volume: it validates, needs no descriptor (no launch is recorded), and
// runs with every zero-volume tensor unbound (a dispatch would use an unbound descriptor: a validation error).
// inputs: the bytes of each input, empty for the zero-volume ones.
void ExpectRecordsNothing(const DML_OPERATOR_DESC& desc, const std::vector<std::vector<uint8_t>>& inputs,
                          size_t outputCount) {
    EXPECT_EQ(RequiredDescriptors(desc, DML_EXECUTION_FLAG_NONE, ZeroVolumeDevice()), 0u);
    RunResult r = RunOperator(desc, inputs, std::vector<std::vector<uint8_t>>(outputCount), OnZeroVolumeDevice());
    EXPECT_EQ(r.status, VKDML_SUCCESS) << r.message;
}

TEST_F(ZeroVolume, WithoutTheFlagASizeOfZeroIsInvalid) {
    TensorDesc in(F32, {2, 0, 3}), out(F32, {2, 0, 3});
    DML_ELEMENT_WISE_IDENTITY_OPERATOR_DESC d{in.Get(), out.Get(), nullptr};
    CreateResult r = TryCreate({DML_OPERATOR_ELEMENT_WISE_IDENTITY, &d});
    EXPECT_EQ(r.status, VKDML_ERROR_INVALID_ARGUMENT);
    EXPECT_NE(r.message.find("DML_OPERATOR_ELEMENT_WISE_IDENTITY: InputTensor.Sizes[1] is 0"), std::string::npos)
        << r.message;
    EXPECT_NE(r.message.find("VKDML_CREATE_DEVICE_FLAG_ZERO_VOLUME_TENSORS"), std::string::npos) << r.message;
}

TEST_F(ZeroVolume, UnknownDeviceFlagsAreRefused) {
    VKDML_DEFAULT_DEVICE_DESC desc{};
    desc.flags = DML_CREATE_DEVICE_FLAGS(0x20000);
    desc.physicalDeviceIndex = -1;
    VkdmlDevice device = nullptr;
    EXPECT_EQ(vkdmlCreateDefaultDevice(&desc, &device), VKDML_ERROR_INVALID_ARGUMENT);
    EXPECT_EQ(device, nullptr);
    EXPECT_NE(std::string(vkdmlGetLastErrorMessage()).find("desc->flags is 0x20000"), std::string::npos)
        << vkdmlGetLastErrorMessage();
}

TEST_F(ZeroVolume, CalcBufferTensorSizeIsZero) {
    const uint32_t sizes[] = {3, 0, 5}, strides[] = {100, 7, 1};
    EXPECT_EQ(vkdmlCalcBufferTensorSize(F32, 3, sizes, nullptr), 0u);
    EXPECT_EQ(vkdmlCalcBufferTensorSize(F32, 3, sizes, strides), 0u);
    const uint32_t one[] = {3, 1, 5};
    EXPECT_EQ(vkdmlCalcBufferTensorSize(F32, 3, one, nullptr), 60u);   // unchanged for sizes of at least 1
}

// SPLIT may produce zero-size outputs; they are left unbound and the other parts are exact.
TEST_F(ZeroVolume, SplitProducesZeroSizeParts) {
    const std::vector<uint32_t> along = {2, 0, 3, 0};
    TensorDesc in(F32, {2, 5, 3});
    std::vector<TensorDesc> parts;
    for (uint32_t n : along) parts.emplace_back(F32, std::vector<uint32_t>{2, n, 3});
    std::vector<DML_TENSOR_DESC> partDescs;
    for (const TensorDesc& p : parts) partDescs.push_back(*p.Get());
    DML_SPLIT_OPERATOR_DESC d{in.Get(), uint32_t(partDescs.size()), partDescs.data(), 1};
    std::vector<float> input = Iota(30);
    std::vector<std::vector<uint8_t>> outputs;
    for (const TensorDesc& p : parts) outputs.emplace_back(p.Bytes(), kUntouched);
    RunResult r = RunOperator({DML_OPERATOR_SPLIT, &d}, {Bytes(input)}, outputs, OnZeroVolumeDevice());
    ASSERT_EQ(r.status, VKDML_SUCCESS) << r.message;
    // Expected: rows [0, 2) and [2, 5) of every batch, as numpy.split gives them.
    std::vector<float> first, second;
    for (uint32_t b = 0; b < 2; ++b)
        for (uint32_t row = 0; row < 5; ++row)
            for (uint32_t c = 0; c < 3; ++c) (row < 2 ? first : second).push_back(input[(b * 5 + row) * 3 + c]);
    EXPECT_EQ(AsFloats(r.outputs[0]), first);
    EXPECT_EQ(AsFloats(r.outputs[2]), second);
    EXPECT_TRUE(r.outputs[1].empty());
    EXPECT_TRUE(r.outputs[3].empty());
}

// A zero-volume output bound to a real buffer is never written (its bytes and the guards stay as they were).
TEST_F(ZeroVolume, BoundZeroVolumeOutputIsNeverWritten) {
    TensorDesc in(U8, {4, 3}), a(U8, {4, 0}), b(U8, {4, 3}), empty(U8, {4, 0}, {}, 16);
    DML_TENSOR_DESC partDescs[] = {*a.Get(), *b.Get()};
    partDescs[0] = *empty.Get();
    DML_SPLIT_OPERATOR_DESC d{in.Get(), 2, partDescs, 1};
    std::vector<uint8_t> input(12);
    std::iota(input.begin(), input.end(), uint8_t(1));
    RunResult r = RunOperator({DML_OPERATOR_SPLIT, &d}, {input},
                              {std::vector<uint8_t>(16, kUntouched), std::vector<uint8_t>(12, kUntouched)},
                              OnZeroVolumeDevice());
    ASSERT_EQ(r.status, VKDML_SUCCESS) << r.message;
    EXPECT_EQ(r.outputs[0], std::vector<uint8_t>(16, kUntouched));
    EXPECT_EQ(r.outputs[1], input);
}

// JOIN ignores zero-size inputs (unbound) and places the others as if they were not there.
TEST_F(ZeroVolume, JoinSkipsZeroSizeInputs) {
    const std::vector<uint32_t> along = {0, 3, 0, 2, 0};
    std::vector<TensorDesc> parts;
    for (uint32_t n : along) parts.emplace_back(F32, std::vector<uint32_t>{2, n});
    std::vector<DML_TENSOR_DESC> partDescs;
    for (const TensorDesc& p : parts) partDescs.push_back(*p.Get());
    TensorDesc out(F32, {2, 5});
    DML_JOIN_OPERATOR_DESC d{uint32_t(partDescs.size()), partDescs.data(), out.Get(), 1};
    std::vector<std::vector<uint8_t>> inputs(parts.size());
    inputs[1] = Bytes(std::vector<float>{1, 2, 3, 4, 5, 6});
    inputs[3] = Bytes(std::vector<float>{7, 8, 9, 10});
    RunResult r = RunOperator({DML_OPERATOR_JOIN, &d}, inputs, {std::vector<uint8_t>(out.Bytes(), kUntouched)},
                              OnZeroVolumeDevice());
    ASSERT_EQ(r.status, VKDML_SUCCESS) << r.message;
    EXPECT_EQ(AsFloats(r.outputs[0]), (std::vector<float>{1, 2, 3, 7, 8, 4, 5, 6, 9, 10}));
}

TEST_F(ZeroVolume, JoinOfOnlyEmptyPartsRecordsNothing) {
    TensorDesc a(F32, {0, 4}), b(F32, {0, 4}), out(F32, {0, 4});
    DML_TENSOR_DESC parts[] = {*a.Get(), *b.Get()};
    DML_JOIN_OPERATOR_DESC d{2, parts, out.Get(), 0};
    ExpectRecordsNothing({DML_OPERATOR_JOIN, &d}, {{}, {}}, 1);
}

TEST_F(ZeroVolume, IdentityAndCastOfEmptyTensorsRecordNothing) {
    TensorDesc in(F32, {2, 0, 3}), out(F32, {2, 0, 3}), strided(F32, {2, 0, 3}, {0, 0, 0});
    DML_ELEMENT_WISE_IDENTITY_OPERATOR_DESC identity{strided.Get(), out.Get(), nullptr};
    ExpectRecordsNothing({DML_OPERATOR_ELEMENT_WISE_IDENTITY, &identity}, {{}}, 1);
    TensorDesc castOut(DML_TENSOR_DATA_TYPE_INT8, {2, 0, 3});
    DML_CAST_OPERATOR_DESC cast{in.Get(), castOut.Get()};
    ExpectRecordsNothing({DML_OPERATOR_CAST, &cast}, {{}}, 1);
}

TEST_F(ZeroVolume, EmptySliceRecordsNothing) {
    TensorDesc in(F32, {4, 6}), out(F32, {4, 0});
    const uint32_t offsets[] = {0, 2}, sizes[] = {4, 0};
    const int32_t strides[] = {1, 1};
    DML_SLICE1_OPERATOR_DESC d{in.Get(), out.Get(), 2, offsets, sizes, strides};
    ExpectRecordsNothing({DML_OPERATOR_SLICE1, &d}, {Bytes(Iota(24))}, 1);
    // An empty window with a non-empty output is still wrong.
    TensorDesc wrong(F32, {4, 1});
    DML_SLICE1_OPERATOR_DESC bad{in.Get(), wrong.Get(), 2, offsets, sizes, strides};
    CreateResult r = TryCreate({DML_OPERATOR_SLICE1, &bad}, ZeroVolumeDevice());
    EXPECT_EQ(r.status, VKDML_ERROR_INVALID_ARGUMENT);
    EXPECT_NE(r.message.find("InputWindowSizes[1] is 0"), std::string::npos) << r.message;
}

TEST_F(ZeroVolume, GatherWithNoIndexRecordsNothing) {
    TensorDesc in(F32, {4, 3}), idx(U32, {1, 0}), out(F32, {0, 3});
    DML_GATHER_OPERATOR_DESC d{in.Get(), idx.Get(), out.Get(), 0, 1};
    ExpectRecordsNothing({DML_OPERATOR_GATHER, &d}, {Bytes(Iota(12)), {}}, 1);
}

TEST_F(ZeroVolume, TileFillAndOneHotOfEmptyShapesRecordNothing) {
    TensorDesc in(U8, {0, 3}), out(U8, {0, 6});
    const uint32_t repeats[] = {5, 2};
    DML_TILE_OPERATOR_DESC tile{in.Get(), out.Get(), 2, repeats};
    ExpectRecordsNothing({DML_OPERATOR_TILE, &tile}, {{}}, 1);

    TensorDesc filled(I32, {3, 0});
    DML_SCALAR_UNION value{};
    value.Int32 = 7;
    DML_FILL_VALUE_CONSTANT_OPERATOR_DESC constant{filled.Get(), I32, value};
    ExpectRecordsNothing({DML_OPERATOR_FILL_VALUE_CONSTANT, &constant}, {}, 1);
    DML_FILL_VALUE_SEQUENCE_OPERATOR_DESC sequence{filled.Get(), I32, value, value};
    ExpectRecordsNothing({DML_OPERATOR_FILL_VALUE_SEQUENCE, &sequence}, {}, 1);

    TensorDesc indices(U32, {1, 1, 0, 1}), values(F32, {1, 1, 1, 2}), oneHot(F32, {1, 1, 0, 4});
    DML_ONE_HOT_OPERATOR_DESC hot{indices.Get(), values.Get(), oneHot.Get(), 3};
    ExpectRecordsNothing({DML_OPERATOR_ONE_HOT, &hot}, {{}, Bytes(std::vector<float>{0, 1})}, 1);
}

TEST_F(ZeroVolume, MoreOperatorsOfEmptyShapesRecordNothing) {
    TensorDesc data(F32, {3, 0}), indices(U32, {2, 0}), gathered(F32, {2, 0});
    DML_GATHER_ELEMENTS_OPERATOR_DESC gatherElements{data.Get(), indices.Get(), gathered.Get(), 0};
    ExpectRecordsNothing({DML_OPERATOR_GATHER_ELEMENTS, &gatherElements}, {{}, {}}, 1);

    TensorDesc sequences(U8, {0, 5}), lengths(U32, {0, 1}), reversed(U8, {0, 5});
    DML_REVERSE_SUBSEQUENCES_OPERATOR_DESC reverse{sequences.Get(), lengths.Get(), reversed.Get(), 1};
    ExpectRecordsNothing({DML_OPERATOR_REVERSE_SUBSEQUENCES, &reverse}, {{}, {}}, 1);

    TensorDesc deep(DML_TENSOR_DATA_TYPE_FLOAT16, {0, 8, 2, 3}), wide(DML_TENSOR_DATA_TYPE_FLOAT16, {0, 2, 4, 6});
    DML_DEPTH_TO_SPACE1_OPERATOR_DESC toSpace{deep.Get(), wide.Get(), 2, DML_DEPTH_SPACE_ORDER_COLUMN_ROW_DEPTH};
    ExpectRecordsNothing({DML_OPERATOR_DEPTH_TO_SPACE1, &toSpace}, {{}}, 1);
    DML_SPACE_TO_DEPTH1_OPERATOR_DESC toDepth{wide.Get(), deep.Get(), 2, DML_DEPTH_SPACE_ORDER_DEPTH_COLUMN_ROW};
    ExpectRecordsNothing({DML_OPERATOR_SPACE_TO_DEPTH1, &toDepth}, {{}}, 1);

    TensorDesc matrix(I32, {3, 0});
    DML_SCALAR_UNION one{};
    one.Int32 = 1;
    DML_DIAGONAL_MATRIX1_OPERATOR_DESC diagonal{nullptr, matrix.Get(), I32, one, 0, 1};
    ExpectRecordsNothing({DML_OPERATOR_DIAGONAL_MATRIX1, &diagonal}, {{}}, 1);

    // EDGE padding of an empty tensor into an empty one: nothing to fold, nothing to write.
    TensorDesc unpadded(F32, {0, 2}), padded(F32, {0, 4});
    const uint32_t start[] = {0, 1}, end[] = {0, 1};
    DML_PADDING_OPERATOR_DESC padding{unpadded.Get(), padded.Get(), DML_PADDING_MODE_EDGE, 0.0f, 2, start, end};
    ExpectRecordsNothing({DML_OPERATOR_PADDING, &padding}, {{}}, 1);
}

// Random SPLIT/JOIN round trips with zero-size parts among the others: ranks 1-4, every element width, parts that
// are empty along the axis placed anywhere. The expected bytes come from a plain row-major walk.
TEST_F(ZeroVolume, RandomSplitsAndJoinsWithEmptyParts) {
    std::mt19937 rng(20261122);
    const DML_TENSOR_DATA_TYPE types[] = {U8, DML_TENSOR_DATA_TYPE_FLOAT16, F32, DML_TENSOR_DATA_TYPE_UINT64};
    const uint32_t widths[] = {1, 2, 4, 8};
    for (int round = 0; round < 40; ++round) {
        const uint32_t t = rng() % 4, rank = 1 + rng() % 4, axis = rng() % rank, parts = 2 + rng() % 4;
        std::vector<uint32_t> whole(rank);
        for (auto& size : whole) size = 1 + rng() % 4;
        std::vector<uint32_t> along(parts);
        whole[axis] = 0;
        for (auto& n : along) whole[axis] += (n = rng() % 3 == 0 ? 0 : 1 + rng() % 3);
        // outer x axis x inner: a part's bytes are rows of (its axis size x inner) elements.
        uint64_t outer = 1, inner = 1;
        for (uint32_t d = 0; d < axis; ++d) outer *= whole[d];
        for (uint32_t d = axis + 1; d < rank; ++d) inner *= whole[d];
        const uint32_t width = widths[t];
        std::vector<uint8_t> wholeBytes(outer * whole[axis] * inner * width);
        for (auto& b : wholeBytes) b = uint8_t(rng());
        std::vector<TensorDesc> partDescs;
        std::vector<std::vector<uint8_t>> partBytes;
        uint64_t axisOffset = 0;
        for (uint32_t n : along) {
            std::vector<uint32_t> sizes = whole;
            sizes[axis] = n;
            partDescs.emplace_back(types[t], sizes);
            std::vector<uint8_t> bytes(partDescs.back().Bytes());   // none for an empty part
            for (uint64_t o = 0; o < outer && n > 0; ++o)
                std::memcpy(bytes.data() + o * n * inner * width,
                            wholeBytes.data() + (o * whole[axis] + axisOffset) * inner * width, n * inner * width);
            partBytes.push_back(bytes);
            axisOffset += n;
        }
        TensorDesc wholeDesc(types[t], whole);
        wholeBytes.resize(wholeDesc.Bytes());   // rounded up to 4: the tail bytes are padding, compared as they are
        std::vector<DML_TENSOR_DESC> descs;
        for (const TensorDesc& p : partDescs) descs.push_back(*p.Get());
        SCOPED_TRACE("round " + std::to_string(round) + ": rank " + std::to_string(rank) + ", axis " +
                     std::to_string(axis) + ", width " + std::to_string(width));

        DML_SPLIT_OPERATOR_DESC split{wholeDesc.Get(), parts, descs.data(), axis};
        std::vector<std::vector<uint8_t>> splitOutputs;
        for (const auto& bytes : partBytes) splitOutputs.emplace_back(bytes.size(), kUntouched);
        RunResult r = RunOperator({DML_OPERATOR_SPLIT, &split}, {wholeBytes}, splitOutputs, OnZeroVolumeDevice());
        ASSERT_EQ(r.status, VKDML_SUCCESS) << r.message;
        for (uint32_t j = 0; j < parts; ++j) {
            // Compare the elements; a sub-word part's rounding bytes keep their initial value.
            std::vector<uint8_t> expected = partBytes[j];
            for (uint64_t k = uint64_t(along[j]) * outer * inner * width; k < expected.size(); ++k) expected[k] = kUntouched;
            EXPECT_EQ(r.outputs[j], expected) << "part " << j;
        }

        DML_JOIN_OPERATOR_DESC join{parts, descs.data(), wholeDesc.Get(), axis};
        RunResult joined = RunOperator({DML_OPERATOR_JOIN, &join}, partBytes,
                                       {std::vector<uint8_t>(wholeBytes.size(), kUntouched)}, OnZeroVolumeDevice());
        ASSERT_EQ(joined.status, VKDML_SUCCESS) << joined.message;
        std::vector<uint8_t> expected = wholeBytes;
        for (uint64_t k = outer * whole[axis] * inner * width; k < expected.size(); ++k) expected[k] = kUntouched;
        EXPECT_EQ(joined.outputs[0], expected);
    }
}

// SCATTER with no update: the output is the input, bit for bit.
TEST_F(ZeroVolume, ScatterWithoutUpdatesCopiesTheInput) {
    TensorDesc in(F32, {3, 4}), idx(U32, {0, 4}), upd(F32, {0, 4}), out(F32, {3, 4});
    DML_SCATTER_OPERATOR_DESC d{in.Get(), idx.Get(), upd.Get(), out.Get(), 0};
    std::vector<float> input = Iota(12, -3.5f);
    RunResult r = RunOperator({DML_OPERATOR_SCATTER_ELEMENTS, &d}, {Bytes(input), {}, {}},
                              {std::vector<uint8_t>(out.Bytes(), kUntouched)}, OnZeroVolumeDevice());
    ASSERT_EQ(r.status, VKDML_SUCCESS) << r.message;
    EXPECT_EQ(r.outputs[0], Bytes(input));
}

// CONSTANT padding of an empty tensor is all padding; the other modes have nothing to fold onto.
TEST_F(ZeroVolume, ConstantPaddingOfAnEmptyInputIsAllPadding) {
    TensorDesc in(F32, {2, 0}), out(F32, {2, 3});
    const uint32_t start[] = {0, 1}, end[] = {0, 2};
    DML_SCALAR_UNION value{};
    value.Float32 = -0.5f;
    DML_PADDING1_OPERATOR_DESC d{in.Get(), out.Get(), DML_PADDING_MODE_CONSTANT, F32, value, 2, start, end};
    RunResult r = RunOperator({DML_OPERATOR_PADDING1, &d}, {{}}, {std::vector<uint8_t>(out.Bytes(), kUntouched)},
                              OnZeroVolumeDevice());
    ASSERT_EQ(r.status, VKDML_SUCCESS) << r.message;
    EXPECT_EQ(AsFloats(r.outputs[0]), std::vector<float>(6, -0.5f));

    d.PaddingMode = DML_PADDING_MODE_EDGE;
    CreateResult edge = TryCreate({DML_OPERATOR_PADDING1, &d}, ZeroVolumeDevice());
    EXPECT_EQ(edge.status, VKDML_ERROR_INVALID_ARGUMENT);
    EXPECT_NE(edge.message.find("DML_OPERATOR_PADDING1: InputTensor is zero-volume (Sizes {2, 0}) but OutputTensor "
                                "is not (Sizes {2, 3})"),
              std::string::npos)
        << edge.message;
}

TEST_F(ZeroVolume, SliceGradOfAnEmptyGradientIsAllZeros) {
    TensorDesc in(F32, {2, 0}), out(F32, {2, 5});
    const uint32_t offsets[] = {0, 1}, sizes[] = {2, 0};
    const int32_t strides[] = {1, 1};
    DML_SLICE_GRAD_OPERATOR_DESC d{in.Get(), out.Get(), 2, offsets, sizes, strides};
    RunResult r = RunOperator({DML_OPERATOR_SLICE_GRAD, &d}, {{}}, {std::vector<uint8_t>(out.Bytes(), kUntouched)},
                              OnZeroVolumeDevice());
    ASSERT_EQ(r.status, VKDML_SUCCESS) << r.message;
    EXPECT_EQ(AsFloats(r.outputs[0]), std::vector<float>(10, 0.0f));
}

// Reading from an empty tensor into a non-empty output is refused before anything is created.
TEST_F(ZeroVolume, GatherFromAnEmptyAxisIsInvalid) {
    TensorDesc in(F32, {0, 3}), idx(U32, {1, 2}), out(F32, {2, 3});
    DML_GATHER_OPERATOR_DESC d{in.Get(), idx.Get(), out.Get(), 0, 1};
    CreateResult r = TryCreate({DML_OPERATOR_GATHER, &d}, ZeroVolumeDevice());
    EXPECT_EQ(r.status, VKDML_ERROR_INVALID_ARGUMENT);
    EXPECT_NE(r.message.find("InputTensor is zero-volume"), std::string::npos) << r.message;
}

}  // namespace
