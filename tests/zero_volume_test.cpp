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

// NONZERO_COORDINATES of an empty input: a count of 0, no coordinate row (M = 0), so the coordinates may stay
// unbound; no temporary resource is needed (there are no blocks to count).
DML_BINDING_PROPERTIES PropertiesOf(const DML_OPERATOR_DESC& desc) {
    DML_BINDING_PROPERTIES p{};
    VkdmlOperator op = nullptr;
    VkdmlCompiledOperator compiled = nullptr;
    EXPECT_EQ(vkdmlCreateOperator(ZeroVolumeDevice(), &desc, &op), VKDML_SUCCESS) << vkdmlGetLastErrorMessage();
    if (op) EXPECT_EQ(vkdmlCompileOperator(ZeroVolumeDevice(), op, DML_EXECUTION_FLAG_NONE, &compiled), VKDML_SUCCESS)
        << vkdmlGetLastErrorMessage();
    if (compiled) EXPECT_EQ(vkdmlGetBindingProperties(compiled, &p), VKDML_SUCCESS);
    vkdmlRelease(compiled, nullptr);
    vkdmlRelease(op, nullptr);
    return p;
}

TEST_F(ZeroVolume, NonzeroCoordinatesOfAnEmptyInputCountsZero) {
    TensorDesc in(F32, {1, 1, 0, 4}), count(U32, {1, 1, 1, 1}), coords(U32, {1, 1, 0, 2});
    DML_NONZERO_COORDINATES_OPERATOR_DESC d{in.Get(), count.Get(), coords.Get()};
    const DML_OPERATOR_DESC desc{DML_OPERATOR_NONZERO_COORDINATES, &d};
    EXPECT_EQ(PropertiesOf(desc).TemporaryResourceSize, 0u);
    // The input and the coordinates unbound (DML_BINDING_TYPE_NONE), the count written.
    RunResult r = RunOperator(desc, {{}}, {std::vector<uint8_t>(count.Bytes(), kUntouched), {}}, OnZeroVolumeDevice());
    ASSERT_EQ(r.status, VKDML_SUCCESS) << r.message;
    EXPECT_EQ(r.outputs[0], Bytes(std::vector<uint32_t>{0}));
    EXPECT_TRUE(r.outputs[1].empty());

    // Every input data type, other ranks: a 1-D count, M x N coordinates.
    for (DML_TENSOR_DATA_TYPE type : {F32, DML_TENSOR_DATA_TYPE_FLOAT16, I32, DML_TENSOR_DATA_TYPE_INT16,
                                      DML_TENSOR_DATA_TYPE_INT8, U32, DML_TENSOR_DATA_TYPE_UINT16, U8}) {
        SCOPED_TRACE(testing::Message() << "data type " << type);
        TensorDesc flat(type, {3, 0, 2}), scalar(U32, {1}), rows(U32, {0, 3});
        DML_NONZERO_COORDINATES_OPERATOR_DESC e{flat.Get(), scalar.Get(), rows.Get()};
        const DML_OPERATOR_DESC other{DML_OPERATOR_NONZERO_COORDINATES, &e};
        EXPECT_EQ(PropertiesOf(other).TemporaryResourceSize, 0u);
        RunResult s = RunOperator(other, {{}}, {std::vector<uint8_t>(4, kUntouched), {}}, OnZeroVolumeDevice());
        ASSERT_EQ(s.status, VKDML_SUCCESS) << s.message;
        EXPECT_EQ(s.outputs[0], Bytes(std::vector<uint32_t>{0}));
    }
}

// Coordinates bound to a real buffer anyway are never written, nor is the buffer around the count.
TEST_F(ZeroVolume, NonzeroCoordinatesOfAnEmptyInputLeavesBoundCoordinatesAlone) {
    TensorDesc in(U8, {0}), count(U32, {1}), coords(U32, {0, 1}, {}, 16);
    DML_NONZERO_COORDINATES_OPERATOR_DESC d{in.Get(), count.Get(), coords.Get()};
    RunResult r = RunOperator({DML_OPERATOR_NONZERO_COORDINATES, &d}, {{}},
                              {std::vector<uint8_t>(4, kUntouched), std::vector<uint8_t>(16, kUntouched)},
                              OnZeroVolumeDevice());
    ASSERT_EQ(r.status, VKDML_SUCCESS) << r.message;
    EXPECT_EQ(r.outputs[0], Bytes(std::vector<uint32_t>{0}));
    EXPECT_EQ(r.outputs[1], std::vector<uint8_t>(16, kUntouched));
}

// With no temporary resource to ask for, a table for the empty case runs without one, and binding one or NONE is
// accepted (it is unused), as for any operator that needs none.
TEST_F(ZeroVolume, NonzeroCoordinatesOfAnEmptyInputNeedsNoTemporaryResource) {
    TensorDesc in(F32, {1, 1, 0, 4}), count(U32, {1, 1, 1, 1}), coords(U32, {1, 1, 0, 2});
    DML_NONZERO_COORDINATES_OPERATOR_DESC d{in.Get(), count.Get(), coords.Get()};
    const DML_OPERATOR_DESC desc{DML_OPERATOR_NONZERO_COORDINATES, &d};
    VkdmlDevice device = ZeroVolumeDevice();
    VkdmlOperator op = nullptr;
    VkdmlCompiledOperator compiled = nullptr;
    VkdmlBindingTable table = nullptr;
    VkBuffer buffer = VK_NULL_HANDLE;
    ASSERT_EQ(vkdmlCreateOperator(device, &desc, &op), VKDML_SUCCESS) << vkdmlGetLastErrorMessage();
    ASSERT_EQ(vkdmlCompileOperator(device, op, DML_EXECUTION_FLAG_NONE, &compiled), VKDML_SUCCESS);
    DML_BINDING_TABLE_DESC tableDesc{compiled, VK_NULL_HANDLE, 0, 0};
    ASSERT_EQ(vkdmlCreateBindingTable(device, &tableDesc, &table), VKDML_SUCCESS);
    ASSERT_EQ(vkdmlCreateBuffer(device, 1024, &buffer), VKDML_SUCCESS);
    const uint32_t untouched = 0x5C5C5C5Cu;
    ASSERT_EQ(vkdmlWriteBuffer(device, buffer, 0, 4, &untouched), VKDML_SUCCESS);
    DML_BINDING_DESC none{DML_BINDING_TYPE_NONE, nullptr};
    ASSERT_EQ(vkdmlBindInputs(table, 1, &none), VKDML_SUCCESS) << vkdmlGetLastErrorMessage();
    DML_BUFFER_BINDING countBinding{buffer, 0, 4};
    DML_BINDING_DESC outputs[2] = {{DML_BINDING_TYPE_BUFFER, &countBinding}, none};
    ASSERT_EQ(vkdmlBindOutputs(table, 2, outputs), VKDML_SUCCESS) << vkdmlGetLastErrorMessage();
    EXPECT_EQ(vkdmlExecute(device, compiled, table), VKDML_SUCCESS) << vkdmlGetLastErrorMessage();
    uint32_t n = 99;
    ASSERT_EQ(vkdmlReadBuffer(device, buffer, 0, 4, &n), VKDML_SUCCESS);
    EXPECT_EQ(n, 0u);
    // An unaligned, too-small temporary binding over the count: unused, so accepted.
    DML_BUFFER_BINDING unused{buffer, 16, 4};
    DML_BINDING_DESC temporary{DML_BINDING_TYPE_BUFFER, &unused};
    EXPECT_EQ(vkdmlBindTemporaryResource(table, &temporary), VKDML_SUCCESS) << vkdmlGetLastErrorMessage();
    EXPECT_EQ(vkdmlBindTemporaryResource(table, &none), VKDML_SUCCESS) << vkdmlGetLastErrorMessage();
    ASSERT_EQ(vkdmlWriteBuffer(device, buffer, 0, 4, &untouched), VKDML_SUCCESS);
    EXPECT_EQ(vkdmlExecute(device, compiled, table), VKDML_SUCCESS) << vkdmlGetLastErrorMessage();
    ASSERT_EQ(vkdmlReadBuffer(device, buffer, 0, 4, &n), VKDML_SUCCESS);
    EXPECT_EQ(n, 0u);
    vkdmlRelease(table, nullptr);
    vkdmlRelease(compiled, nullptr);
    vkdmlRelease(op, nullptr);
    vkdmlDestroyBuffer(device, buffer);
}

// The shape rules still hold for an empty input: M must be its element count, 0.
TEST_F(ZeroVolume, NonzeroCoordinatesOfAnEmptyInputNeedsNoRow) {
    TensorDesc in(F32, {1, 1, 0, 4}), count(U32, {1, 1, 1, 1}), coords(U32, {1, 1, 1, 2});
    DML_NONZERO_COORDINATES_OPERATOR_DESC d{in.Get(), count.Get(), coords.Get()};
    CreateResult r = TryCreate({DML_OPERATOR_NONZERO_COORDINATES, &d}, ZeroVolumeDevice());
    EXPECT_EQ(r.status, VKDML_ERROR_INVALID_ARGUMENT);
    EXPECT_NE(r.message.find("DML_OPERATOR_NONZERO_COORDINATES: OutputCoordinatesTensor.Sizes[2] (M) is 1"),
              std::string::npos) << r.message;
    EXPECT_NE(r.message.find("element count, 0"), std::string::npos) << r.message;
    // An empty count is not a count.
    TensorDesc noCount(U32, {1, 1, 0, 1}), rows(U32, {1, 1, 0, 2});
    DML_NONZERO_COORDINATES_OPERATOR_DESC e{in.Get(), noCount.Get(), rows.Get()};
    r = TryCreate({DML_OPERATOR_NONZERO_COORDINATES, &e}, ZeroVolumeDevice());
    EXPECT_EQ(r.status, VKDML_ERROR_INVALID_ARGUMENT);
    EXPECT_NE(r.message.find("OutputCountTensor.Sizes is {1, 1, 0, 1}"), std::string::npos) << r.message;
}

// ---- UNFOLD ----

// An UNFOLD with strides and dilations of 1 and the given window and padding, one value per spatial dimension.
struct UnfoldOf {
    TensorDesc in, out;
    std::vector<uint32_t> window, ones, start, end;
    DML_UNFOLD_OPERATOR_DESC d{};
    UnfoldOf(TensorDesc input, TensorDesc output, std::vector<uint32_t> windowSizes, std::vector<uint32_t> startPadding,
             std::vector<uint32_t> endPadding)
        : in(std::move(input)), out(std::move(output)), window(std::move(windowSizes)), ones(window.size(), 1),
          start(std::move(startPadding)), end(std::move(endPadding)) {}
    DML_OPERATOR_DESC Desc() {
        d = {in.Get(), out.Get(), uint32_t(window.size()), window.data(), ones.data(), ones.data(), start.data(),
             end.data()};
        return {DML_OPERATOR_UNFOLD, &d};
    }
    // FOLD over the same windows: the columns (out) folded into the image (in).
    DML_FOLD_OPERATOR_DESC f{};
    DML_OPERATOR_DESC FoldDesc() {
        f = {out.Get(), in.Get(), uint32_t(window.size()), window.data(), ones.data(), ones.data(), start.data(),
             end.data()};
        return {DML_OPERATOR_FOLD, &f};
    }
};

// No batch (or no channel): the output is empty too, so nothing is recorded, nor is a padded copy asked for.
TEST_F(ZeroVolume, UnfoldOfAnEmptyBatchRecordsNothing) {
    UnfoldOf plain({F32, {0, 2, 5, 4}}, {F32, {0, 12, 8}}, {2, 3}, {0, 0}, {0, 0});
    ExpectRecordsNothing(plain.Desc(), {{}}, 1);
    UnfoldOf padded({F32, {0, 2, 5, 4}}, {F32, {0, 12, 12}}, {2, 3}, {1, 0}, {1, 0});
    EXPECT_EQ(PropertiesOf(padded.Desc()).TemporaryResourceSize, 0u);
    ExpectRecordsNothing(padded.Desc(), {{}}, 1);
    UnfoldOf noChannel({U8, {3, 0, 4}}, {U8, {3, 0, 3}}, {2}, {0}, {0});
    ExpectRecordsNothing(noChannel.Desc(), {{}}, 1);
    // The output's shape is still checked.
    UnfoldOf wrong({F32, {0, 2, 5, 4}}, {F32, {0, 12, 9}}, {2, 3}, {0, 0}, {0, 0});
    CreateResult r = TryCreate(wrong.Desc(), ZeroVolumeDevice());
    EXPECT_EQ(r.status, VKDML_ERROR_INVALID_ARGUMENT);
    EXPECT_NE(r.message.find("DML_OPERATOR_UNFOLD: OutputTensor.Sizes[2] is 9"), std::string::npos) << r.message;
}

// A spatial size of 0 padded enough for a window: every window reads padding only, so the output is all zeros (the
// input unbound, the padded copy in the temporary resource made of padding alone).
TEST_F(ZeroVolume, UnfoldOfAnEmptySpatialDimensionIsAllZeros) {
    // {1, 2, 0, 3}: 0 + 1 + 1 rows take one 2-row window, 3 columns two 2-column ones: {1, 2 x 4, 1 x 2}.
    UnfoldOf f({F32, {1, 2, 0, 3}}, {F32, {1, 8, 2}}, {2, 2}, {1, 0}, {1, 0});
    EXPECT_EQ(PropertiesOf(f.Desc()).TemporaryResourceSize, 2u * 2 * 3 * 4);   // the padded {1, 2, 2, 3}
    RunResult r = RunOperator(f.Desc(), {{}}, {std::vector<uint8_t>(f.out.Bytes(), kUntouched)}, OnZeroVolumeDevice());
    ASSERT_EQ(r.status, VKDML_SUCCESS) << r.message;
    EXPECT_EQ(r.outputs[0], std::vector<uint8_t>(64, 0));
    // UINT8, one spatial dimension of 0 padded by 2 and 1: two 2-wide windows for each of N 2 x C 3.
    UnfoldOf bytes({U8, {2, 3, 0}}, {U8, {2, 6, 2}}, {2}, {2}, {1});
    EXPECT_EQ(PropertiesOf(bytes.Desc()).TemporaryResourceSize, 20u);   // 18 bytes, rounded up to 4
    r = RunOperator(bytes.Desc(), {{}}, {std::vector<uint8_t>(bytes.out.Bytes(), kUntouched)}, OnZeroVolumeDevice());
    ASSERT_EQ(r.status, VKDML_SUCCESS) << r.message;
    EXPECT_EQ(r.outputs[0], std::vector<uint8_t>(24, 0));
    // Without padding enough for one window the shape rule refuses it, as for any input.
    UnfoldOf narrow({F32, {1, 2, 0, 3}}, {F32, {1, 8, 2}}, {2, 2}, {0, 0}, {1, 0});
    CreateResult c = TryCreate(narrow.Desc(), ZeroVolumeDevice());
    EXPECT_EQ(c.status, VKDML_ERROR_INVALID_ARGUMENT);
    EXPECT_NE(c.message.find("DML_OPERATOR_UNFOLD: along spatial dimension 0"), std::string::npos) << c.message;
    EXPECT_NE(c.message.find("EndPadding[0] = 1"), std::string::npos) << c.message;
}

TEST_F(ZeroVolume, UnfoldOfZeroSizesNeedsTheFlag) {
    UnfoldOf batch({F32, {0, 2, 5, 4}}, {F32, {0, 12, 8}}, {2, 3}, {0, 0}, {0, 0});
    CreateResult r = TryCreate(batch.Desc());   // the shared device, without the flag
    EXPECT_EQ(r.status, VKDML_ERROR_INVALID_ARGUMENT);
    EXPECT_NE(r.message.find("DML_OPERATOR_UNFOLD: InputTensor.Sizes[0] is 0"), std::string::npos) << r.message;
    EXPECT_NE(r.message.find("VKDML_CREATE_DEVICE_FLAG_ZERO_VOLUME_TENSORS"), std::string::npos) << r.message;
    UnfoldOf spatial({F32, {1, 2, 0, 3}}, {F32, {1, 8, 2}}, {2, 2}, {1, 0}, {1, 0});
    r = TryCreate(spatial.Desc());
    EXPECT_EQ(r.status, VKDML_ERROR_INVALID_ARGUMENT);
    EXPECT_NE(r.message.find("DML_OPERATOR_UNFOLD: InputTensor.Sizes[2] is 0"), std::string::npos) << r.message;
    EXPECT_NE(r.message.find("VKDML_CREATE_DEVICE_FLAG_ZERO_VOLUME_TENSORS"), std::string::npos) << r.message;
}

// FOLD: an empty image is an empty output, so nothing is recorded - also where its padding alone makes blocks, whose
// values all land in the padding (the columns, not empty, are never read).
TEST_F(ZeroVolume, FoldIntoAnEmptyImageRecordsNothing) {
    UnfoldOf batch({F32, {0, 2, 5, 4}}, {F32, {0, 12, 8}}, {2, 3}, {0, 0}, {0, 0});
    ExpectRecordsNothing(batch.FoldDesc(), {{}}, 1);
    UnfoldOf spatial({F32, {1, 2, 0, 3}}, {F32, {1, 8, 2}}, {2, 2}, {1, 0}, {1, 0});
    ExpectRecordsNothing(spatial.FoldDesc(), {std::vector<uint8_t>(spatial.out.Bytes(), 0x3F)}, 1);
    // Without the flag the empty image is refused.
    CreateResult r = TryCreate(spatial.FoldDesc());
    EXPECT_EQ(r.status, VKDML_ERROR_INVALID_ARGUMENT);
    EXPECT_NE(r.message.find("DML_OPERATOR_FOLD: OutputTensor.Sizes[2] is 0"), std::string::npos) << r.message;
    EXPECT_NE(r.message.find("VKDML_CREATE_DEVICE_FLAG_ZERO_VOLUME_TENSORS"), std::string::npos) << r.message;
}

}  // namespace
