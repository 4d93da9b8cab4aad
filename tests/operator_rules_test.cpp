// One test per rule of the data-movement operators beyond the core six (validator_rules_test.cpp has those): the
// status, and that the message names the operator and the field.
#include "test_support.h"

#include <gtest/gtest.h>

using vkdml_test::TensorDesc;
using vkdml_test::TryCreate;

namespace {

constexpr auto F32 = DML_TENSOR_DATA_TYPE_FLOAT32;
constexpr auto F16 = DML_TENSOR_DATA_TYPE_FLOAT16;
constexpr auto U32 = DML_TENSOR_DATA_TYPE_UINT32;

#define EXPECT_REJECTED(result, expectedStatus, ...)                                                   \
    do {                                                                                               \
        auto r_ = (result);                                                                            \
        EXPECT_EQ(r_.status, expectedStatus) << vkdmlStatusName(r_.status) << ": " << r_.message;      \
        for (const char* part : {__VA_ARGS__}) EXPECT_NE(r_.message.find(part), std::string::npos)     \
            << "message \"" << r_.message << "\" should contain \"" << part << "\"";                   \
    } while (0)

#define EXPECT_ACCEPTED(result)                                                                        \
    do {                                                                                               \
        auto r_ = (result);                                                                            \
        EXPECT_EQ(r_.status, VKDML_SUCCESS) << vkdmlStatusName(r_.status) << ": " << r_.message;       \
    } while (0)

// ---- TILE ----

vkdml_test::CreateResult Tile(const TensorDesc& in, const TensorDesc& out, std::vector<uint32_t> repeats,
                              uint32_t count = ~0u, bool nullRepeats = false) {
    DML_TILE_OPERATOR_DESC d{in.Get(), out.Get(), count == ~0u ? uint32_t(repeats.size()) : count,
                             nullRepeats ? nullptr : repeats.data()};
    return TryCreate({DML_OPERATOR_TILE, &d});
}

TEST(TileRules, Valid) { EXPECT_ACCEPTED(Tile({F32, {2, 3}}, {F32, {4, 3}}, {2, 1})); }

TEST(TileRules, RepeatsCountMustEqualDimensionCount) {
    EXPECT_REJECTED(Tile({F32, {2, 3}}, {F32, {4, 3}}, {2, 1}, 3), VKDML_ERROR_INVALID_ARGUMENT,
                    "DML_OPERATOR_TILE", "RepeatsCount is 3", "InputTensor.DimensionCount");
}

TEST(TileRules, RepeatsMustBeSet) {
    EXPECT_REJECTED(Tile({F32, {2, 3}}, {F32, {4, 3}}, {2, 1}, ~0u, true), VKDML_ERROR_INVALID_ARGUMENT, "Repeats",
                    "NULL");
}

TEST(TileRules, RepeatZeroIsInvalid) {
    EXPECT_REJECTED(Tile({F32, {2, 3}}, {F32, {4, 3}}, {2, 0}), VKDML_ERROR_INVALID_ARGUMENT, "Repeats[1] is 0");
}

TEST(TileRules, OutputSizesMustBeInputTimesRepeats) {
    EXPECT_REJECTED(Tile({F32, {2, 3}}, {F32, {4, 6}}, {2, 1}), VKDML_ERROR_INVALID_ARGUMENT,
                    "OutputTensor.Sizes[1] is 6", "Repeats[1]");
}

TEST(TileRules, DataTypesMustMatch) {
    EXPECT_REJECTED(Tile({F32, {2, 3}}, {F16, {4, 3}}, {2, 1}), VKDML_ERROR_INVALID_ARGUMENT, "OutputTensor.DataType",
                    "InputTensor.DataType");
}

TEST(TileRules, DimensionCountsMustMatch) {
    EXPECT_REJECTED(Tile({F32, {2, 3}}, {F32, {1, 4, 3}}, {2, 1}), VKDML_ERROR_INVALID_ARGUMENT,
                    "OutputTensor.DimensionCount");
}

TEST(TileRules, Float64IsNotInTheTable) {
    EXPECT_REJECTED(Tile({DML_TENSOR_DATA_TYPE_FLOAT64, {2}}, {DML_TENSOR_DATA_TYPE_FLOAT64, {4}}, {2}),
                    VKDML_ERROR_INVALID_ARGUMENT, "InputTensor.DataType is FLOAT64");
}

// ---- DEPTH_TO_SPACE(1), SPACE_TO_DEPTH(1) ----

vkdml_test::CreateResult DepthToSpace1(const TensorDesc& in, const TensorDesc& out, uint32_t block,
                                       uint32_t order = 0) {
    DML_DEPTH_TO_SPACE1_OPERATOR_DESC d{in.Get(), out.Get(), block, DML_DEPTH_SPACE_ORDER(order)};
    return TryCreate({DML_OPERATOR_DEPTH_TO_SPACE1, &d});
}

vkdml_test::CreateResult SpaceToDepth(const TensorDesc& in, const TensorDesc& out, uint32_t block) {
    DML_SPACE_TO_DEPTH_OPERATOR_DESC d{in.Get(), out.Get(), block};
    return TryCreate({DML_OPERATOR_SPACE_TO_DEPTH, &d});
}

TEST(DepthSpaceRules, Valid) {
    EXPECT_ACCEPTED(DepthToSpace1({F32, {1, 8, 2, 3}}, {F32, {1, 2, 4, 6}}, 2, 1));
    EXPECT_ACCEPTED(SpaceToDepth({F32, {1, 2, 4, 6}}, {F32, {1, 8, 2, 3}}, 2));
}

TEST(DepthSpaceRules, BlockSizeZeroIsInvalid) {
    EXPECT_REJECTED(DepthToSpace1({F32, {1, 8, 2, 3}}, {F32, {1, 8, 2, 3}}, 0), VKDML_ERROR_INVALID_ARGUMENT,
                    "DML_OPERATOR_DEPTH_TO_SPACE1", "BlockSize is 0");
}

TEST(DepthSpaceRules, OrderMustBeKnown) {
    EXPECT_REJECTED(DepthToSpace1({F32, {1, 8, 2, 3}}, {F32, {1, 2, 4, 6}}, 2, 2), VKDML_ERROR_INVALID_ARGUMENT,
                    "Order is 2");
}

TEST(DepthSpaceRules, ChannelsMustBeAMultipleOfBlockSizeSquared) {
    EXPECT_REJECTED(DepthToSpace1({F32, {1, 6, 2, 3}}, {F32, {1, 1, 4, 6}}, 2), VKDML_ERROR_INVALID_ARGUMENT,
                    "InputTensor.Sizes[1]", "multiple of BlockSize");
}

TEST(DepthSpaceRules, SpatialSizesMustBeAMultipleOfBlockSize) {
    EXPECT_REJECTED(SpaceToDepth({F32, {1, 2, 4, 5}}, {F32, {1, 8, 2, 2}}, 2), VKDML_ERROR_INVALID_ARGUMENT,
                    "DML_OPERATOR_SPACE_TO_DEPTH", "InputTensor.Sizes[3] is 5", "multiple of BlockSize");
}

TEST(DepthSpaceRules, OutputSizesMustFollowTheBlockSize) {
    // The page's member text gives SPACE_TO_DEPTH the DEPTH_TO_SPACE shape; its example (and vkdml) the reverse.
    EXPECT_REJECTED(SpaceToDepth({F32, {1, 8, 2, 4}}, {F32, {1, 2, 4, 8}}, 2), VKDML_ERROR_INVALID_ARGUMENT,
                    "OutputTensor.Sizes is {1, 2, 4, 8}", "{1, 32, 1, 2}");
}

TEST(DepthSpaceRules, FourDimensionsOnly) {
    EXPECT_REJECTED(SpaceToDepth({F32, {2, 4, 6}}, {F32, {8, 2, 3}}, 2), VKDML_ERROR_INVALID_ARGUMENT,
                    "InputTensor.DimensionCount is 3", "4 to 4");
}

TEST(DepthSpaceRules, DataTypesMustMatch) {
    EXPECT_REJECTED(SpaceToDepth({F32, {1, 2, 4, 6}}, {U32, {1, 8, 2, 3}}, 2), VKDML_ERROR_INVALID_ARGUMENT,
                    "OutputTensor.DataType");
}

TEST(DepthSpaceRules, SixtyFourBitTypesNeedFeatureLevel5) {
    VkdmlDevice device = vkdml_test::CreateDevice(DML_FEATURE_LEVEL_4_1);
    TensorDesc in(DML_TENSOR_DATA_TYPE_INT64, {1, 2, 4, 6}), out(DML_TENSOR_DATA_TYPE_INT64, {1, 8, 2, 3});
    DML_SPACE_TO_DEPTH_OPERATOR_DESC d{in.Get(), out.Get(), 2};
    EXPECT_REJECTED(TryCreate({DML_OPERATOR_SPACE_TO_DEPTH, &d}, device), VKDML_ERROR_UNSUPPORTED, "INT64",
                    "DML_FEATURE_LEVEL_5_0");
    vkdmlRelease(device, nullptr);
}

// ---- PADDING, PADDING1 ----

struct PaddingArgs {
    DML_PADDING_MODE mode = DML_PADDING_MODE_CONSTANT;
    std::vector<uint32_t> start = {1, 0}, end = {0, 2};
    uint32_t dimensionCount = 2;
    bool nullStart = false, nullEnd = false;
};

vkdml_test::CreateResult Padding(const TensorDesc& in, const TensorDesc& out, const PaddingArgs& a = {},
                                 VkdmlDevice device = nullptr) {
    DML_PADDING_OPERATOR_DESC d{in.Get(), out.Get(), a.mode, 0.0f, a.dimensionCount,
                                a.nullStart ? nullptr : a.start.data(), a.nullEnd ? nullptr : a.end.data()};
    return TryCreate({DML_OPERATOR_PADDING, &d}, device);
}

vkdml_test::CreateResult Padding1(const TensorDesc& in, const TensorDesc& out, DML_TENSOR_DATA_TYPE valueType,
                                  const PaddingArgs& a = {}) {
    DML_PADDING1_OPERATOR_DESC d{in.Get(), out.Get(), a.mode, valueType, {}, a.dimensionCount, a.start.data(),
                                 a.end.data()};
    return TryCreate({DML_OPERATOR_PADDING1, &d});
}

TEST(PaddingRules, Valid) {
    EXPECT_ACCEPTED(Padding({F32, {2, 3}}, {F32, {3, 5}}));
    PaddingArgs reflect;
    reflect.mode = DML_PADDING_MODE_REFLECTION;
    reflect.start = {7, 0};   // beyond the input's size: folds again
    EXPECT_ACCEPTED(Padding({F32, {2, 3}}, {F32, {9, 5}}, reflect));
    EXPECT_ACCEPTED(Padding1({F32, {2, 3}}, {F32, {3, 5}}, F32));
}

TEST(PaddingRules, DimensionCountMustMatch) {
    PaddingArgs a;
    a.dimensionCount = 3;
    EXPECT_REJECTED(Padding({F32, {2, 3}}, {F32, {3, 5}}, a), VKDML_ERROR_INVALID_ARGUMENT, "DML_OPERATOR_PADDING",
                    "DimensionCount is 3");
}

TEST(PaddingRules, PaddingArraysMustBeSet) {
    PaddingArgs a;
    a.nullStart = true;
    EXPECT_REJECTED(Padding({F32, {2, 3}}, {F32, {3, 5}}, a), VKDML_ERROR_INVALID_ARGUMENT, "StartPadding is NULL");
    a = {};
    a.nullEnd = true;
    EXPECT_REJECTED(Padding({F32, {2, 3}}, {F32, {3, 5}}, a), VKDML_ERROR_INVALID_ARGUMENT, "EndPadding is NULL");
}

TEST(PaddingRules, OutputSizesMustBeInputPlusPadding) {
    EXPECT_REJECTED(Padding({F32, {2, 3}}, {F32, {3, 6}}), VKDML_ERROR_INVALID_ARGUMENT, "OutputTensor.Sizes[1] is 6",
                    "StartPadding[1]", "EndPadding[1]");
}

TEST(PaddingRules, UnknownModeIsInvalid) {
    PaddingArgs a;
    a.mode = DML_PADDING_MODE(5);
    EXPECT_REJECTED(Padding({F32, {2, 3}}, {F32, {3, 5}}, a), VKDML_ERROR_INVALID_ARGUMENT, "PaddingMode is 5");
}

TEST(PaddingRules, ModesFollowTheFeatureLevel) {
    VkdmlDevice device = vkdml_test::CreateDevice(DML_FEATURE_LEVEL_6_3);
    PaddingArgs a;
    a.mode = DML_PADDING_MODE_WRAP;
    EXPECT_REJECTED(Padding({F32, {2, 3}}, {F32, {3, 5}}, a, device), VKDML_ERROR_UNSUPPORTED,
                    "PaddingMode DML_PADDING_MODE_WRAP", "DML_FEATURE_LEVEL_6_4");
    vkdmlRelease(device, nullptr);
    device = vkdml_test::CreateDevice(DML_FEATURE_LEVEL_2_1);
    a.mode = DML_PADDING_MODE_SYMMETRIC;
    EXPECT_REJECTED(Padding({F32, {1, 1, 2, 3}}, {F32, {1, 1, 3, 5}}, {a.mode, {0, 0, 1, 0}, {0, 0, 0, 2}, 4}, device),
                    VKDML_ERROR_UNSUPPORTED, "DML_PADDING_MODE_SYMMETRIC", "DML_FEATURE_LEVEL_3_0");
    vkdmlRelease(device, nullptr);
}

TEST(PaddingRules, DataTypesMustMatch) {
    EXPECT_REJECTED(Padding({F32, {2, 3}}, {F16, {3, 5}}), VKDML_ERROR_INVALID_ARGUMENT, "OutputTensor.DataType");
}

TEST(PaddingRules, Padding1ValueTypeMustBeTheOutputType) {
    EXPECT_REJECTED(Padding1({F32, {2, 3}}, {F32, {3, 5}}, F16), VKDML_ERROR_INVALID_ARGUMENT,
                    "DML_OPERATOR_PADDING1", "PaddingValueDataType is FLOAT16", "OutputTensor.DataType is FLOAT32");
}

// ---- SLICE_GRAD ----

vkdml_test::CreateResult SliceGrad(const TensorDesc& in, const TensorDesc& out, std::vector<uint32_t> offsets,
                                   std::vector<uint32_t> sizes, std::vector<int32_t> strides) {
    DML_SLICE_GRAD_OPERATOR_DESC d{in.Get(), out.Get(), uint32_t(offsets.size()), offsets.data(), sizes.data(),
                                   strides.data()};
    return TryCreate({DML_OPERATOR_SLICE_GRAD, &d});
}

TEST(SliceGradRules, Valid) { EXPECT_ACCEPTED(SliceGrad({F32, {2, 2}}, {F32, {4, 4}}, {0, 0}, {4, 4}, {2, -2})); }

TEST(SliceGradRules, StrideZeroIsInvalid) {
    EXPECT_REJECTED(SliceGrad({F32, {2, 2}}, {F32, {4, 4}}, {0, 0}, {4, 4}, {2, 0}), VKDML_ERROR_INVALID_ARGUMENT,
                    "DML_OPERATOR_SLICE_GRAD", "InputWindowStrides[1] is 0");
}

TEST(SliceGradRules, WindowMustStayInsideTheOutputGradient) {
    EXPECT_REJECTED(SliceGrad({F32, {2, 2}}, {F32, {4, 4}}, {1, 0}, {4, 4}, {2, 2}), VKDML_ERROR_INVALID_ARGUMENT,
                    "InputWindowOffsets[0] + InputWindowSizes[0] = 5", "OutputGradientTensor.Sizes[0]");
}

TEST(SliceGradRules, EmptyWindowIsInvalid) {
    EXPECT_REJECTED(SliceGrad({F32, {2, 2}}, {F32, {4, 4}}, {0, 0}, {0, 4}, {2, 2}), VKDML_ERROR_INVALID_ARGUMENT,
                    "InputWindowSizes[0] is 0");
}

TEST(SliceGradRules, InputGradientMustFitTheWindow) {
    EXPECT_REJECTED(SliceGrad({F32, {3, 2}}, {F32, {4, 4}}, {0, 0}, {4, 4}, {2, 2}), VKDML_ERROR_INVALID_ARGUMENT,
                    "InputGradientTensor.Sizes[0] is 3", "at most 2");
}

TEST(SliceGradRules, DimensionCountMustMatch) {
    EXPECT_REJECTED(SliceGrad({F32, {2, 2}}, {F32, {4, 4}}, {0}, {4}, {2}), VKDML_ERROR_INVALID_ARGUMENT,
                    "DimensionCount is 1");
}

TEST(SliceGradRules, DataTypesMustMatch) {
    EXPECT_REJECTED(SliceGrad({F16, {2, 2}}, {F32, {4, 4}}, {0, 0}, {4, 4}, {2, 2}), VKDML_ERROR_INVALID_ARGUMENT,
                    "OutputGradientTensor.DataType");
}

// ---- REVERSE_SUBSEQUENCES ----

vkdml_test::CreateResult Reverse(const TensorDesc& in, const TensorDesc& lengths, const TensorDesc& out, uint32_t axis) {
    DML_REVERSE_SUBSEQUENCES_OPERATOR_DESC d{in.Get(), lengths.Get(), out.Get(), axis};
    return TryCreate({DML_OPERATOR_REVERSE_SUBSEQUENCES, &d});
}

TEST(ReverseSubsequencesRules, Valid) { EXPECT_ACCEPTED(Reverse({F32, {3, 4}}, {U32, {3, 1}}, {F32, {3, 4}}, 1)); }

TEST(ReverseSubsequencesRules, AxisMustBeADimension) {
    EXPECT_REJECTED(Reverse({F32, {3, 4}}, {U32, {3, 1}}, {F32, {3, 4}}, 2), VKDML_ERROR_INVALID_ARGUMENT,
                    "DML_OPERATOR_REVERSE_SUBSEQUENCES", "Axis is 2");
}

TEST(ReverseSubsequencesRules, LengthsHaveOneAlongTheAxis) {
    EXPECT_REJECTED(Reverse({F32, {3, 4}}, {U32, {3, 4}}, {F32, {3, 4}}, 1), VKDML_ERROR_INVALID_ARGUMENT,
                    "SequenceLengthsTensor.Sizes[1] is 4");
    EXPECT_REJECTED(Reverse({F32, {3, 4}}, {U32, {2, 1}}, {F32, {3, 4}}, 1), VKDML_ERROR_INVALID_ARGUMENT,
                    "SequenceLengthsTensor.Sizes[0] is 2");
}

TEST(ReverseSubsequencesRules, OutputMatchesTheInput) {
    EXPECT_REJECTED(Reverse({F32, {3, 4}}, {U32, {3, 1}}, {F32, {3, 5}}, 1), VKDML_ERROR_INVALID_ARGUMENT,
                    "OutputTensor.Sizes");
    EXPECT_REJECTED(Reverse({F32, {3, 4}}, {U32, {3, 1}}, {F16, {3, 4}}, 1), VKDML_ERROR_INVALID_ARGUMENT,
                    "OutputTensor.DataType");
}

TEST(ReverseSubsequencesRules, LengthsAreUnsigned) {
    EXPECT_REJECTED(Reverse({F32, {3, 4}}, {DML_TENSOR_DATA_TYPE_INT32, {3, 1}}, {F32, {3, 4}}, 1),
                    VKDML_ERROR_INVALID_ARGUMENT, "SequenceLengthsTensor.DataType is INT32");
}

// ---- GATHER_ELEMENTS ----

vkdml_test::CreateResult GatherElements(const TensorDesc& in, const TensorDesc& idx, const TensorDesc& out,
                                        uint32_t axis) {
    DML_GATHER_ELEMENTS_OPERATOR_DESC d{in.Get(), idx.Get(), out.Get(), axis};
    return TryCreate({DML_OPERATOR_GATHER_ELEMENTS, &d});
}

TEST(GatherElementsRules, Valid) { EXPECT_ACCEPTED(GatherElements({F32, {3, 3}}, {U32, {2, 3}}, {F32, {2, 3}}, 0)); }

TEST(GatherElementsRules, AxisMustBeADimension) {
    EXPECT_REJECTED(GatherElements({F32, {3, 3}}, {U32, {2, 3}}, {F32, {2, 3}}, 2), VKDML_ERROR_INVALID_ARGUMENT,
                    "DML_OPERATOR_GATHER_ELEMENTS", "Axis is 2");
}

TEST(GatherElementsRules, IndicesMatchTheInputOffAxis) {
    EXPECT_REJECTED(GatherElements({F32, {3, 3}}, {U32, {2, 2}}, {F32, {2, 2}}, 0), VKDML_ERROR_INVALID_ARGUMENT,
                    "IndicesTensor.Sizes[1] is 2", "InputTensor.Sizes[1] is 3");
}

TEST(GatherElementsRules, OutputHasTheIndicesSizes) {
    EXPECT_REJECTED(GatherElements({F32, {3, 3}}, {U32, {2, 3}}, {F32, {3, 3}}, 0), VKDML_ERROR_INVALID_ARGUMENT,
                    "OutputTensor.Sizes");
}

TEST(GatherElementsRules, RanksAndTypes) {
    EXPECT_REJECTED(GatherElements({F32, {3, 3}}, {U32, {1, 2, 3}}, {F32, {2, 3}}, 0), VKDML_ERROR_INVALID_ARGUMENT,
                    "IndicesTensor.DimensionCount");
    EXPECT_REJECTED(GatherElements({F32, {3, 3}}, {U32, {2, 3}}, {F16, {2, 3}}, 0), VKDML_ERROR_INVALID_ARGUMENT,
                    "OutputTensor.DataType");
    EXPECT_REJECTED(GatherElements({F32, {3, 3}}, {F32, {2, 3}}, {F32, {2, 3}}, 0), VKDML_ERROR_INVALID_ARGUMENT,
                    "IndicesTensor.DataType is FLOAT32");
}

// ---- GATHER_ND, GATHER_ND1 ----

vkdml_test::CreateResult GatherNd1(const TensorDesc& in, const TensorDesc& idx, const TensorDesc& out,
                                   uint32_t inputDims, uint32_t indexDims, uint32_t batch) {
    DML_GATHER_ND1_OPERATOR_DESC d{in.Get(), idx.Get(), out.Get(), inputDims, indexDims, batch};
    return TryCreate({DML_OPERATOR_GATHER_ND1, &d});
}

TEST(GatherNdRules, Valid) {
    EXPECT_ACCEPTED(GatherNd1({F32, {1, 3, 2, 2}}, {U32, {1, 3, 2, 2}}, {F32, {1, 1, 3, 2}}, 3, 3, 1));
    TensorDesc in(F32, {2, 2}), idx(U32, {2, 1}), out(F32, {2, 2});
    DML_GATHER_ND_OPERATOR_DESC d{in.Get(), idx.Get(), out.Get(), 2, 2};
    EXPECT_ACCEPTED(TryCreate({DML_OPERATOR_GATHER_ND, &d}));
}

TEST(GatherNdRules, DimensionCountsInRange) {
    EXPECT_REJECTED(GatherNd1({F32, {2, 2}}, {U32, {2, 1}}, {F32, {2, 2}}, 0, 2, 0), VKDML_ERROR_INVALID_ARGUMENT,
                    "DML_OPERATOR_GATHER_ND1", "InputDimensionCount is 0");
    EXPECT_REJECTED(GatherNd1({F32, {2, 2}}, {U32, {2, 1}}, {F32, {2, 2}}, 2, 3, 0), VKDML_ERROR_INVALID_ARGUMENT,
                    "IndicesDimensionCount is 3");
}

TEST(GatherNdRules, IgnoredLeadingDimensionsMustBeOne) {
    EXPECT_REJECTED(GatherNd1({F32, {2, 2}}, {U32, {2, 1}}, {F32, {2, 2}}, 1, 2, 0), VKDML_ERROR_INVALID_ARGUMENT,
                    "InputTensor.Sizes[0] is 2", "InputDimensionCount 1");
}

TEST(GatherNdRules, BatchDimensionCountBelowBothCounts) {
    EXPECT_REJECTED(GatherNd1({F32, {1, 3, 2, 2}}, {U32, {1, 3, 2, 2}}, {F32, {1, 1, 3, 2}}, 3, 3, 3),
                    VKDML_ERROR_INVALID_ARGUMENT, "BatchDimensionCount is 3");
}

TEST(GatherNdRules, BatchSizesMustMatch) {
    EXPECT_REJECTED(GatherNd1({F32, {1, 3, 2, 2}}, {U32, {1, 2, 2, 2}}, {F32, {1, 1, 2, 2}}, 3, 3, 1),
                    VKDML_ERROR_INVALID_ARGUMENT, "IndicesTensor.Sizes[1] is 2", "batch");
}

TEST(GatherNdRules, TupleNoLongerThanTheInputDimensions) {
    EXPECT_REJECTED(GatherNd1({F32, {1, 2, 2}}, {U32, {1, 1, 3}}, {F32, {1, 1, 1}}, 2, 2, 0),
                    VKDML_ERROR_INVALID_ARGUMENT, "tuple length) is 3", "at most");
}

TEST(GatherNdRules, OutputSizesAreTheGatheredSizes) {
    EXPECT_REJECTED(GatherNd1({F32, {2, 2}}, {U32, {2, 1}}, {F32, {2, 3}}, 2, 2, 0), VKDML_ERROR_INVALID_ARGUMENT,
                    "OutputTensor.Sizes is {2, 3}", "give {2, 2}");
}

TEST(GatherNdRules, RanksAndTypes) {
    EXPECT_REJECTED(GatherNd1({F32, {2, 2}}, {U32, {1, 2, 1}}, {F32, {2, 2}}, 2, 2, 0), VKDML_ERROR_INVALID_ARGUMENT,
                    "IndicesTensor.DimensionCount");
    EXPECT_REJECTED(GatherNd1({F32, {2, 2}}, {U32, {2, 1}}, {U32, {2, 2}}, 2, 2, 0), VKDML_ERROR_INVALID_ARGUMENT,
                    "OutputTensor.DataType");
}

// ---- SCATTER (= SCATTER_ELEMENTS) ----

vkdml_test::CreateResult Scatter(const TensorDesc& in, const TensorDesc& idx, const TensorDesc& upd,
                                 const TensorDesc& out, uint32_t axis) {
    DML_SCATTER_OPERATOR_DESC d{in.Get(), idx.Get(), upd.Get(), out.Get(), axis};
    return TryCreate({DML_OPERATOR_SCATTER_ELEMENTS, &d});
}

TEST(ScatterRules, Valid) {
    EXPECT_ACCEPTED(Scatter({F32, {3, 3}}, {U32, {2, 3}}, {F32, {2, 3}}, {F32, {3, 3}}, 0));
}

TEST(ScatterRules, AxisMustBeADimension) {
    EXPECT_REJECTED(Scatter({F32, {3, 3}}, {U32, {2, 3}}, {F32, {2, 3}}, {F32, {3, 3}}, 2),
                    VKDML_ERROR_INVALID_ARGUMENT, "DML_OPERATOR_SCATTER_ELEMENTS", "Axis is 2");
}

TEST(ScatterRules, IndicesMatchTheInputOffAxis) {
    EXPECT_REJECTED(Scatter({F32, {3, 3}}, {U32, {2, 2}}, {F32, {2, 2}}, {F32, {3, 3}}, 0),
                    VKDML_ERROR_INVALID_ARGUMENT, "IndicesTensor.Sizes[1] is 2");
}

TEST(ScatterRules, UpdatesHaveTheIndicesSizes) {
    EXPECT_REJECTED(Scatter({F32, {3, 3}}, {U32, {2, 3}}, {F32, {1, 3}}, {F32, {3, 3}}, 0),
                    VKDML_ERROR_INVALID_ARGUMENT, "UpdatesTensor.Sizes");
}

TEST(ScatterRules, OutputIsTheInputsShapeAndType) {
    EXPECT_REJECTED(Scatter({F32, {3, 3}}, {U32, {2, 3}}, {F32, {2, 3}}, {F32, {2, 3}}, 0),
                    VKDML_ERROR_INVALID_ARGUMENT, "OutputTensor.Sizes");
    EXPECT_REJECTED(Scatter({F32, {3, 3}}, {U32, {2, 3}}, {F16, {2, 3}}, {F32, {3, 3}}, 0),
                    VKDML_ERROR_INVALID_ARGUMENT, "UpdatesTensor.DataType");
    EXPECT_REJECTED(Scatter({F32, {3, 3}}, {U32, {2, 3}}, {F32, {2, 3}}, {F16, {3, 3}}, 0),
                    VKDML_ERROR_INVALID_ARGUMENT, "OutputTensor.DataType");
}

TEST(ScatterRules, SignedIndicesNeedFeatureLevel3) {
    VkdmlDevice device = vkdml_test::CreateDevice(DML_FEATURE_LEVEL_2_1);
    TensorDesc in(F32, {1, 1, 3, 3}), idx(DML_TENSOR_DATA_TYPE_INT32, {1, 1, 2, 3}), upd(F32, {1, 1, 2, 3}),
        out(F32, {1, 1, 3, 3});
    DML_SCATTER_OPERATOR_DESC d{in.Get(), idx.Get(), upd.Get(), out.Get(), 2};
    EXPECT_REJECTED(TryCreate({DML_OPERATOR_SCATTER_ELEMENTS, &d}, device), VKDML_ERROR_UNSUPPORTED,
                    "IndicesTensor.DataType is INT32", "DML_FEATURE_LEVEL_3_0");
    vkdmlRelease(device, nullptr);
}

// ---- SCATTER_ND ----

vkdml_test::CreateResult ScatterNd(const TensorDesc& in, const TensorDesc& idx, const TensorDesc& upd,
                                   const TensorDesc& out, uint32_t inputDims, uint32_t indexDims) {
    DML_SCATTER_ND_OPERATOR_DESC d{in.Get(), idx.Get(), upd.Get(), out.Get(), inputDims, indexDims};
    return TryCreate({DML_OPERATOR_SCATTER_ND, &d});
}

TEST(ScatterNdRules, Valid) {
    // InputDimensionCount = DimensionCount is valid (the page's "[1, DimensionCount)" is GATHER_ND's closed range).
    EXPECT_ACCEPTED(ScatterNd({F32, {3, 2}}, {U32, {3, 1}}, {F32, {3, 2}}, {F32, {3, 2}}, 2, 2));
}

TEST(ScatterNdRules, UpdatesSizesAreTheScatteredSizes) {
    EXPECT_REJECTED(ScatterNd({F32, {3, 2}}, {U32, {3, 1}}, {F32, {3, 1}}, {F32, {3, 2}}, 2, 2),
                    VKDML_ERROR_INVALID_ARGUMENT, "DML_OPERATOR_SCATTER_ND", "UpdatesTensor.Sizes is {3, 1}",
                    "give {3, 2}");
}

TEST(ScatterNdRules, TupleNoLongerThanTheInputDimensions) {
    EXPECT_REJECTED(ScatterNd({F32, {1, 3}}, {U32, {1, 2}}, {F32, {1, 1}}, {F32, {1, 3}}, 1, 2),
                    VKDML_ERROR_INVALID_ARGUMENT, "tuple length) is 2");
}

TEST(ScatterNdRules, DimensionCountsInRange) {
    EXPECT_REJECTED(ScatterNd({F32, {3, 2}}, {U32, {3, 1}}, {F32, {3, 2}}, {F32, {3, 2}}, 3, 2),
                    VKDML_ERROR_INVALID_ARGUMENT, "InputDimensionCount is 3");
    EXPECT_REJECTED(ScatterNd({F32, {3, 2}}, {U32, {3, 1}}, {F32, {3, 2}}, {F32, {3, 2}}, 2, 0),
                    VKDML_ERROR_INVALID_ARGUMENT, "IndicesDimensionCount is 0");
}

TEST(ScatterNdRules, OutputIsTheInputsShapeAndType) {
    EXPECT_REJECTED(ScatterNd({F32, {3, 2}}, {U32, {3, 1}}, {F32, {3, 2}}, {F32, {2, 3}}, 2, 2),
                    VKDML_ERROR_INVALID_ARGUMENT, "OutputTensor.Sizes");
    EXPECT_REJECTED(ScatterNd({F32, {3, 2}}, {U32, {3, 1}}, {U32, {3, 2}}, {F32, {3, 2}}, 2, 2),
                    VKDML_ERROR_INVALID_ARGUMENT, "UpdatesTensor.DataType");
}

// ---- vkdml extensions: SCATTER_ELEMENTS_REDUCE, SCATTER_ND_REDUCE ----

vkdml_test::CreateResult ScatterReduce(const TensorDesc& in, const TensorDesc& idx, const TensorDesc& upd,
                                       const TensorDesc& out, uint32_t axis, uint32_t reduction,
                                       VkdmlDevice device = nullptr) {
    VKDML_SCATTER_ELEMENTS_REDUCE_OPERATOR_DESC d{in.Get(), idx.Get(), upd.Get(), out.Get(), axis,
                                                  VKDML_SCATTER_REDUCTION(reduction)};
    return TryCreate({VKDML_OPERATOR_SCATTER_ELEMENTS_REDUCE, &d}, device);
}

vkdml_test::CreateResult ScatterNdReduce(const TensorDesc& in, const TensorDesc& idx, const TensorDesc& upd,
                                         const TensorDesc& out, uint32_t inputDims, uint32_t indexDims,
                                         uint32_t reduction) {
    VKDML_SCATTER_ND_REDUCE_OPERATOR_DESC d{in.Get(),  idx.Get(), upd.Get(), out.Get(),
                                            inputDims, indexDims, VKDML_SCATTER_REDUCTION(reduction)};
    return TryCreate({VKDML_OPERATOR_SCATTER_ND_REDUCE, &d});
}

constexpr auto F64 = DML_TENSOR_DATA_TYPE_FLOAT64;

TEST(ScatterReduceRules, Valid) {
    // Indices longer than the axis (duplicates) are valid: the updates apply in order.
    EXPECT_ACCEPTED(ScatterReduce({F32, {3, 3}}, {U32, {5, 3}}, {F32, {5, 3}}, {F32, {3, 3}}, 0,
                                  VKDML_SCATTER_REDUCTION_ADD));
    EXPECT_ACCEPTED(ScatterNdReduce({F32, {3, 2}}, {U32, {4, 1}}, {F32, {4, 2}}, {F32, {3, 2}}, 2, 2,
                                    VKDML_SCATTER_REDUCTION_MULTIPLY));
    EXPECT_ACCEPTED(ScatterReduce({F64, {3}}, {U32, {2}}, {F64, {2}}, {F64, {3}}, 0, VKDML_SCATTER_REDUCTION_MAX));
}

TEST(ScatterReduceRules, ReductionIsAnEnumValue) {
    EXPECT_REJECTED(ScatterReduce({F32, {3, 3}}, {U32, {2, 3}}, {F32, {2, 3}}, {F32, {3, 3}}, 0, 5),
                    VKDML_ERROR_INVALID_ARGUMENT, "VKDML_OPERATOR_SCATTER_ELEMENTS_REDUCE: Reduction is 5",
                    "VKDML_SCATTER_REDUCTION");
    EXPECT_REJECTED(ScatterNdReduce({F32, {3, 2}}, {U32, {3, 1}}, {F32, {3, 2}}, {F32, {3, 2}}, 2, 2, 0x80000000u),
                    VKDML_ERROR_INVALID_ARGUMENT, "VKDML_OPERATOR_SCATTER_ND_REDUCE: Reduction is 2147483648");
}

TEST(ScatterReduceRules, NoFloat64Arithmetic) {
    EXPECT_REJECTED(ScatterReduce({F64, {3}}, {U32, {2}}, {F64, {2}}, {F64, {3}}, 0, VKDML_SCATTER_REDUCTION_ADD),
                    VKDML_ERROR_UNSUPPORTED, "VKDML_OPERATOR_SCATTER_ELEMENTS_REDUCE", "Reduction ADD",
                    "FLOAT64 OutputTensor");
    EXPECT_REJECTED(ScatterNdReduce({F64, {3, 2}}, {U32, {2, 1}}, {F64, {2, 2}}, {F64, {3, 2}}, 2, 2,
                                    VKDML_SCATTER_REDUCTION_MULTIPLY),
                    VKDML_ERROR_UNSUPPORTED, "VKDML_OPERATOR_SCATTER_ND_REDUCE", "Reduction MULTIPLY");
}

TEST(ScatterReduceRules, ScattersRulesApplyWithTheExtensionsName) {
    EXPECT_REJECTED(ScatterReduce({F32, {3, 3}}, {U32, {2, 3}}, {F32, {2, 3}}, {F32, {3, 3}}, 2,
                                  VKDML_SCATTER_REDUCTION_ADD),
                    VKDML_ERROR_INVALID_ARGUMENT, "VKDML_OPERATOR_SCATTER_ELEMENTS_REDUCE", "Axis is 2");
    EXPECT_REJECTED(ScatterNdReduce({F32, {3, 2}}, {U32, {3, 1}}, {F32, {3, 1}}, {F32, {3, 2}}, 2, 2,
                                    VKDML_SCATTER_REDUCTION_ADD),
                    VKDML_ERROR_INVALID_ARGUMENT, "VKDML_OPERATOR_SCATTER_ND_REDUCE", "UpdatesTensor.Sizes is {3, 1}");
}

TEST(ScatterReduceRules, IntroducedAtFeatureLevel4_1) {
    VkdmlDevice device = vkdml_test::CreateDevice(DML_FEATURE_LEVEL_4_0);
    EXPECT_REJECTED(ScatterReduce({F32, {3, 3}}, {U32, {2, 3}}, {F32, {2, 3}}, {F32, {3, 3}}, 0,
                                  VKDML_SCATTER_REDUCTION_ADD, device),
                    VKDML_ERROR_UNSUPPORTED, "VKDML_OPERATOR_SCATTER_ELEMENTS_REDUCE: introduced in DML_FEATURE_LEVEL_4_1");
    vkdmlRelease(device, nullptr);
}

// ---- ONE_HOT ----

vkdml_test::CreateResult OneHot(const TensorDesc& idx, const TensorDesc& values, const TensorDesc& out,
                                uint32_t axis) {
    DML_ONE_HOT_OPERATOR_DESC d{idx.Get(), values.Get(), out.Get(), axis};
    return TryCreate({DML_OPERATOR_ONE_HOT, &d});
}

TEST(OneHotRules, Valid) { EXPECT_ACCEPTED(OneHot({U32, {3, 1}}, {F32, {1, 2}}, {F32, {3, 4}}, 1)); }

TEST(OneHotRules, AxisMustBeADimension) {
    EXPECT_REJECTED(OneHot({U32, {3, 1}}, {F32, {1, 2}}, {F32, {3, 4}}, 2), VKDML_ERROR_INVALID_ARGUMENT,
                    "DML_OPERATOR_ONE_HOT", "Axis is 2");
}

TEST(OneHotRules, IndicesHaveOneAlongTheAxis) {
    EXPECT_REJECTED(OneHot({U32, {3, 4}}, {F32, {1, 2}}, {F32, {3, 4}}, 1), VKDML_ERROR_INVALID_ARGUMENT,
                    "IndicesTensor.Sizes[1] is 4");
    EXPECT_REJECTED(OneHot({U32, {2, 1}}, {F32, {1, 2}}, {F32, {3, 4}}, 1), VKDML_ERROR_INVALID_ARGUMENT,
                    "IndicesTensor.Sizes[0] is 2");
}

TEST(OneHotRules, AtLeastTwoValues) {
    EXPECT_REJECTED(OneHot({U32, {3, 1}}, {F32, {1, 1}}, {F32, {3, 4}}, 1), VKDML_ERROR_INVALID_ARGUMENT,
                    "ValuesTensor has 1 element", "at least 2");
}

TEST(OneHotRules, ValuesHaveTheOutputType) {
    EXPECT_REJECTED(OneHot({U32, {3, 1}}, {F16, {1, 2}}, {F32, {3, 4}}, 1), VKDML_ERROR_INVALID_ARGUMENT,
                    "OutputTensor.DataType");
}

TEST(OneHotRules, RanksMustMatch) {
    EXPECT_REJECTED(OneHot({U32, {3, 1}}, {F32, {2}}, {F32, {3, 4}}, 1), VKDML_ERROR_INVALID_ARGUMENT,
                    "DimensionCount");
}

// ---- FILL_VALUE_CONSTANT, FILL_VALUE_SEQUENCE, DIAGONAL_MATRIX(1) ----

TEST(FillValueRules, ValueDataTypeMustBeTheOutputType) {
    TensorDesc out(F32, {2, 3});
    DML_FILL_VALUE_CONSTANT_OPERATOR_DESC c{out.Get(), U32, {}};
    EXPECT_REJECTED(TryCreate({DML_OPERATOR_FILL_VALUE_CONSTANT, &c}), VKDML_ERROR_INVALID_ARGUMENT,
                    "DML_OPERATOR_FILL_VALUE_CONSTANT", "ValueDataType is UINT32", "OutputTensor.DataType is FLOAT32");
    DML_FILL_VALUE_SEQUENCE_OPERATOR_DESC q{out.Get(), F16, {}, {}};
    EXPECT_REJECTED(TryCreate({DML_OPERATOR_FILL_VALUE_SEQUENCE, &q}), VKDML_ERROR_INVALID_ARGUMENT,
                    "DML_OPERATOR_FILL_VALUE_SEQUENCE", "ValueDataType is FLOAT16");
    c.ValueDataType = F32;
    EXPECT_ACCEPTED(TryCreate({DML_OPERATOR_FILL_VALUE_CONSTANT, &c}));
}

TEST(FillValueRules, SequenceHasNoFloat64) {
    TensorDesc out(DML_TENSOR_DATA_TYPE_FLOAT64, {4});
    DML_FILL_VALUE_SEQUENCE_OPERATOR_DESC q{out.Get(), DML_TENSOR_DATA_TYPE_FLOAT64, {}, {}};
    EXPECT_REJECTED(TryCreate({DML_OPERATOR_FILL_VALUE_SEQUENCE, &q}), VKDML_ERROR_INVALID_ARGUMENT,
                    "OutputTensor.DataType is FLOAT64");
}

TEST(FillValueRules, OutputMustBeSet) {
    DML_FILL_VALUE_CONSTANT_OPERATOR_DESC c{nullptr, F32, {}};
    EXPECT_REJECTED(TryCreate({DML_OPERATOR_FILL_VALUE_CONSTANT, &c}), VKDML_ERROR_INVALID_ARGUMENT, "OutputTensor",
                    "NULL");
}

TEST(DiagonalMatrixRules, TwoToFourDimensions) {
    TensorDesc out(F32, {1, 1, 1, 3, 3});
    DML_DIAGONAL_MATRIX_OPERATOR_DESC d{out.Get(), 0, 1.0f};
    EXPECT_REJECTED(TryCreate({DML_OPERATOR_DIAGONAL_MATRIX, &d}), VKDML_ERROR_INVALID_ARGUMENT,
                    "DML_OPERATOR_DIAGONAL_MATRIX", "OutputTensor.DimensionCount is 5", "2 to 4");
    TensorDesc out2(F32, {3, 3});
    d.OutputTensor = out2.Get();
    EXPECT_ACCEPTED(TryCreate({DML_OPERATOR_DIAGONAL_MATRIX, &d}));
}

TEST(DiagonalMatrix1Rules, InputMatchesTheOutput) {
    TensorDesc in(F32, {3, 4}), out(F32, {3, 3}), in16(F16, {3, 3});
    DML_DIAGONAL_MATRIX1_OPERATOR_DESC d{in.Get(), out.Get(), F32, {}, 0, 1};
    EXPECT_REJECTED(TryCreate({DML_OPERATOR_DIAGONAL_MATRIX1, &d}), VKDML_ERROR_INVALID_ARGUMENT,
                    "DML_OPERATOR_DIAGONAL_MATRIX1", "OutputTensor.Sizes");
    d.InputTensor = in16.Get();
    EXPECT_REJECTED(TryCreate({DML_OPERATOR_DIAGONAL_MATRIX1, &d}), VKDML_ERROR_INVALID_ARGUMENT,
                    "OutputTensor.DataType");
    d.InputTensor = nullptr;   // optional
    EXPECT_ACCEPTED(TryCreate({DML_OPERATOR_DIAGONAL_MATRIX1, &d}));
}

TEST(DiagonalMatrix1Rules, ValueDataTypeMustBeTheOutputType) {
    TensorDesc out(F32, {3, 3});
    DML_DIAGONAL_MATRIX1_OPERATOR_DESC d{nullptr, out.Get(), DML_TENSOR_DATA_TYPE_INT32, {}, 0, 1};
    EXPECT_REJECTED(TryCreate({DML_OPERATOR_DIAGONAL_MATRIX1, &d}), VKDML_ERROR_INVALID_ARGUMENT,
                    "ValueDataType is INT32");
}

TEST(DiagonalMatrix1Rules, NeedsFeatureLevel51) {
    VkdmlDevice device = vkdml_test::CreateDevice(DML_FEATURE_LEVEL_5_0);
    TensorDesc out(F32, {3, 3});
    DML_DIAGONAL_MATRIX1_OPERATOR_DESC d{nullptr, out.Get(), F32, {}, 0, 1};
    EXPECT_REJECTED(TryCreate({DML_OPERATOR_DIAGONAL_MATRIX1, &d}, device), VKDML_ERROR_UNSUPPORTED,
                    "introduced in DML_FEATURE_LEVEL_5_1");
    vkdmlRelease(device, nullptr);
}

// An optional input left NULL in the desc takes a NONE binding; a buffer there is a misuse.
TEST(DiagonalMatrix1Rules, AbsentInputBindsAsNone) {
    VkdmlDevice device = vkdml_test::SharedDevice();
    TensorDesc out(F32, {3, 3});
    DML_DIAGONAL_MATRIX1_OPERATOR_DESC d{nullptr, out.Get(), F32, {}, 0, 1};
    DML_OPERATOR_DESC desc{DML_OPERATOR_DIAGONAL_MATRIX1, &d};
    VkdmlOperator op = nullptr;
    VkdmlCompiledOperator compiled = nullptr;
    VkdmlBindingTable table = nullptr;
    VkBuffer buffer = VK_NULL_HANDLE;
    ASSERT_EQ(vkdmlCreateOperator(device, &desc, &op), VKDML_SUCCESS) << vkdmlGetLastErrorMessage();
    ASSERT_EQ(vkdmlCompileOperator(device, op, DML_EXECUTION_FLAG_NONE, &compiled), VKDML_SUCCESS);
    DML_BINDING_TABLE_DESC tableDesc{compiled, VK_NULL_HANDLE, 0, 0};
    ASSERT_EQ(vkdmlCreateBindingTable(device, &tableDesc, &table), VKDML_SUCCESS);
    ASSERT_EQ(vkdmlCreateBuffer(device, 64, &buffer), VKDML_SUCCESS);
    DML_BUFFER_BINDING b{buffer, 0, 64};
    DML_BINDING_DESC asBuffer{DML_BINDING_TYPE_BUFFER, &b}, none{DML_BINDING_TYPE_NONE, nullptr};
    EXPECT_EQ(vkdmlBindInputs(table, 1, &asBuffer), VKDML_ERROR_INVALID_ARGUMENT);
    EXPECT_NE(std::string(vkdmlGetLastErrorMessage()).find("InputTensor is NULL"), std::string::npos)
        << vkdmlGetLastErrorMessage();
    EXPECT_EQ(vkdmlBindInputs(table, 1, &none), VKDML_SUCCESS) << vkdmlGetLastErrorMessage();
    vkdmlDestroyBuffer(device, buffer);
    vkdmlRelease(table, nullptr);
    vkdmlRelease(compiled, nullptr);
    vkdmlRelease(op, nullptr);
}

// ---- CAST ----

vkdml_test::CreateResult Cast(const TensorDesc& in, const TensorDesc& out, VkdmlDevice device = nullptr) {
    DML_CAST_OPERATOR_DESC d{in.Get(), out.Get()};
    return TryCreate({DML_OPERATOR_CAST, &d}, device);
}

TEST(CastRules, AnyPairOfTableTypes) {
    EXPECT_ACCEPTED(Cast({DML_TENSOR_DATA_TYPE_FLOAT64, {2, 3}}, {DML_TENSOR_DATA_TYPE_INT8, {2, 3}}));
    EXPECT_ACCEPTED(Cast({DML_TENSOR_DATA_TYPE_UINT16, {5}}, {F16, {5}}));
}

TEST(CastRules, SizesMustMatch) {
    EXPECT_REJECTED(Cast({F32, {2, 3}}, {F16, {3, 2}}), VKDML_ERROR_INVALID_ARGUMENT, "DML_OPERATOR_CAST",
                    "OutputTensor.Sizes is {3, 2}");
    EXPECT_REJECTED(Cast({F32, {2, 3}}, {F16, {1, 2, 3}}), VKDML_ERROR_INVALID_ARGUMENT,
                    "OutputTensor.DimensionCount");
}

TEST(CastRules, TypesFollowTheFeatureLevel) {
    VkdmlDevice device = vkdml_test::CreateDevice(DML_FEATURE_LEVEL_2_0);
    EXPECT_REJECTED(Cast({F32, {1, 1, 2, 3}}, {DML_TENSOR_DATA_TYPE_INT32, {1, 1, 2, 3}}, device),
                    VKDML_ERROR_UNSUPPORTED, "OutputTensor.DataType is INT32", "DML_FEATURE_LEVEL_3_0");
    EXPECT_REJECTED(Cast({F32, {2, 3}}, {F16, {2, 3}}, device), VKDML_ERROR_UNSUPPORTED,
                    "InputTensor.DimensionCount is 2", "DML_FEATURE_LEVEL_3_1");
    vkdmlRelease(device, nullptr);
    device = vkdml_test::CreateDevice(DML_FEATURE_LEVEL_4_0);
    EXPECT_REJECTED(Cast({DML_TENSOR_DATA_TYPE_FLOAT64, {2}}, {F32, {2}}, device), VKDML_ERROR_UNSUPPORTED,
                    "FLOAT64", "DML_FEATURE_LEVEL_4_1");
    vkdmlRelease(device, nullptr);
}

}  // namespace
