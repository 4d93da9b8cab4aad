// One test per validator rule: the status, and that the message names the operator and the field.
#include "test_support.h"

#include <gtest/gtest.h>

#include <map>

using vkdml_test::TensorDesc;
using vkdml_test::TryCreate;

namespace {

constexpr auto F32 = DML_TENSOR_DATA_TYPE_FLOAT32;
constexpr auto F16 = DML_TENSOR_DATA_TYPE_FLOAT16;
constexpr auto U32 = DML_TENSOR_DATA_TYPE_UINT32;
constexpr auto I32 = DML_TENSOR_DATA_TYPE_INT32;
constexpr auto I64 = DML_TENSOR_DATA_TYPE_INT64;

#define EXPECT_REJECTED(result, expectedStatus, ...)                                                   \
    do {                                                                                               \
        auto r_ = (result);                                                                            \
        EXPECT_EQ(r_.status, expectedStatus) << vkdmlStatusName(r_.status) << ": " << r_.message;      \
        for (const char* part : {__VA_ARGS__}) EXPECT_NE(r_.message.find(part), std::string::npos)     \
            << "message \"" << r_.message << "\" should contain \"" << part << "\"";                   \
    } while (0)

vkdml_test::CreateResult Identity(const TensorDesc& in, const TensorDesc& out, VkdmlDevice device = nullptr) {
    DML_ELEMENT_WISE_IDENTITY_OPERATOR_DESC d{in.Get(), out.Get(), nullptr};
    return TryCreate({DML_OPERATOR_ELEMENT_WISE_IDENTITY, &d}, device);
}

// ---- generic tensor checks ----

TEST(TensorRules, NullTensorIsInvalid) {
    TensorDesc out(F32, {2});
    DML_ELEMENT_WISE_IDENTITY_OPERATOR_DESC d{nullptr, out.Get(), nullptr};
    EXPECT_REJECTED(TryCreate({DML_OPERATOR_ELEMENT_WISE_IDENTITY, &d}), VKDML_ERROR_INVALID_ARGUMENT,
                    "DML_OPERATOR_ELEMENT_WISE_IDENTITY", "InputTensor", "NULL");
}

TEST(TensorRules, TensorTypeMustBeBuffer) {
    TensorDesc in(F32, {2}), out(F32, {2});
    in.desc.Type = DML_TENSOR_TYPE_INVALID;
    EXPECT_REJECTED(Identity(in, out), VKDML_ERROR_INVALID_ARGUMENT, "InputTensor.Type");
}

TEST(TensorRules, TensorDescPointerMustBeSet) {
    TensorDesc in(F32, {2}), out(F32, {2});
    out.desc.Desc = nullptr;
    EXPECT_REJECTED(Identity(in, out), VKDML_ERROR_INVALID_ARGUMENT, "OutputTensor.Desc");
}

TEST(TensorRules, UnknownDataTypeIsInvalid) {
    TensorDesc in(F32, {2}), out(F32, {2});
    in.buffer.DataType = DML_TENSOR_DATA_TYPE(77);
    EXPECT_REJECTED(Identity(in, out), VKDML_ERROR_INVALID_ARGUMENT, "InputTensor.DataType");
}

TEST(TensorRules, UnknownFlagsAreInvalid) {
    TensorDesc in(F32, {2}), out(F32, {2});
    in.buffer.Flags = DML_TENSOR_FLAGS(0x6);
    EXPECT_REJECTED(Identity(in, out), VKDML_ERROR_INVALID_ARGUMENT, "InputTensor.Flags");
}

TEST(TensorRules, OwnedByDmlOnOutputIsInvalid) {
    TensorDesc in(F32, {2}), out(F32, {2});
    out.buffer.Flags = DML_TENSOR_FLAG_OWNED_BY_DML;
    EXPECT_REJECTED(Identity(in, out), VKDML_ERROR_INVALID_ARGUMENT, "OutputTensor.Flags", "inputs only");
}

TEST(TensorRules, OwnedByDmlOnInputIsUnsupported) {
    TensorDesc in(F32, {2}), out(F32, {2});
    in.buffer.Flags = DML_TENSOR_FLAG_OWNED_BY_DML;
    EXPECT_REJECTED(Identity(in, out), VKDML_ERROR_UNSUPPORTED, "InputTensor.Flags", "OWNED_BY_DML");
}

TEST(TensorRules, DimensionCountZeroOrAboveEightIsInvalid) {
    TensorDesc in(F32, {2}), out(F32, {2});
    in.buffer.DimensionCount = 0;
    EXPECT_REJECTED(Identity(in, out), VKDML_ERROR_INVALID_ARGUMENT, "InputTensor.DimensionCount", "1 to 8");
    TensorDesc in9(F32, {1, 1, 1, 1, 1, 1, 1, 1, 2}), out9(F32, {1, 1, 1, 1, 1, 1, 1, 1, 2});
    EXPECT_REJECTED(Identity(in9, out9), VKDML_ERROR_INVALID_ARGUMENT, "InputTensor.DimensionCount", "1 to 8");
}

TEST(TensorRules, SizesPointerMustBeSet) {
    TensorDesc in(F32, {2}), out(F32, {2});
    in.buffer.Sizes = nullptr;
    EXPECT_REJECTED(Identity(in, out), VKDML_ERROR_INVALID_ARGUMENT, "InputTensor.Sizes");
}

TEST(TensorRules, ZeroSizeIsInvalid) {
    TensorDesc in(F32, {2, 3, 1}), out(F32, {2, 3, 1});
    in.sizes[2] = 0;
    EXPECT_REJECTED(Identity(in, out), VKDML_ERROR_INVALID_ARGUMENT, "InputTensor.Sizes[2]", "at least 1");
}

TEST(TensorRules, MoreThanUint32MaxElementsIsInvalid) {
    TensorDesc in(DML_TENSOR_DATA_TYPE_UINT8, {65536, 65536}, {}, 4), out(DML_TENSOR_DATA_TYPE_UINT8, {65536, 65536}, {}, 4);
    EXPECT_REJECTED(Identity(in, out), VKDML_ERROR_INVALID_ARGUMENT, "InputTensor.Sizes", "2^32-1");
    // 2^32 - 1 elements is allowed by the element-count rule (then only the byte size has to be right).
    TensorDesc edge(DML_TENSOR_DATA_TYPE_UINT8, {65535, 65537}), edgeOut(DML_TENSOR_DATA_TYPE_UINT8, {65535, 65537});
    auto r = Identity(edge, edgeOut);
    EXPECT_EQ(r.message.find("2^32-1"), std::string::npos) << r.message;
}

TEST(TensorRules, StridesWhoseSizeOverflows64BitsAreInvalid) {
    std::vector<uint32_t> sizes = {2, 2, 2, 2, 2, 2, 2, 2}, strides(8, 0xFFFFFFFFu);
    TensorDesc in(DML_TENSOR_DATA_TYPE_FLOAT64, sizes, strides, 4), out(DML_TENSOR_DATA_TYPE_FLOAT64, sizes);
    // 8 * (2^32-1) elements of 8 bytes fits 64 bits: make the element count itself overflow instead.
    std::vector<uint32_t> bigSizes = {0xFFFFFFFFu, 1, 1, 1, 1, 1, 1, 1};
    TensorDesc huge(DML_TENSOR_DATA_TYPE_FLOAT64, bigSizes, strides, 4), hugeOut(DML_TENSOR_DATA_TYPE_FLOAT64, bigSizes, {}, 4);
    auto r = Identity(in, out);
    EXPECT_EQ(r.status, VKDML_ERROR_INVALID_ARGUMENT);
    EXPECT_NE(r.message.find("TotalTensorSizeInBytes"), std::string::npos) << r.message;
    // (2^32-2) * (2^32-1) elements fit 64 bits, their bits do not.
    EXPECT_REJECTED(Identity(huge, hugeOut), VKDML_ERROR_INVALID_ARGUMENT, "InputTensor", "overflows 64 bits");
}

TEST(TensorRules, TotalSizeBelowCalcBufferTensorSizeIsInvalid) {
    TensorDesc in(F32, {2, 3}, {}, 20), out(F32, {2, 3});
    EXPECT_REJECTED(Identity(in, out), VKDML_ERROR_INVALID_ARGUMENT, "InputTensor.TotalTensorSizeInBytes", "24");
}

TEST(TensorRules, TotalSizeMustBeMultipleOfFour) {
    TensorDesc in(F32, {2, 3}, {}, 26), out(F32, {2, 3});
    EXPECT_REJECTED(Identity(in, out), VKDML_ERROR_INVALID_ARGUMENT, "InputTensor.TotalTensorSizeInBytes", "multiple of 4");
}

TEST(TensorRules, GuaranteedBaseOffsetAlignmentMustBePowerOfTwo) {
    TensorDesc in(F32, {2}), out(F32, {2});
    in.buffer.GuaranteedBaseOffsetAlignment = 12;
    EXPECT_REJECTED(Identity(in, out), VKDML_ERROR_INVALID_ARGUMENT, "InputTensor.GuaranteedBaseOffsetAlignment");
}

TEST(TensorRules, OutputCannotBroadcast) {
    TensorDesc in(F32, {2, 3}), out(F32, {2, 3}, {0, 1});
    EXPECT_REJECTED(Identity(in, out), VKDML_ERROR_INVALID_ARGUMENT, "OutputTensor.Strides[0]", "broadcast");
}

TEST(TensorRules, OutputElementsMustNotOverlap) {
    TensorDesc in(F32, {2, 3}), out(F32, {2, 3}, {2, 1});
    EXPECT_REJECTED(Identity(in, out), VKDML_ERROR_INVALID_ARGUMENT, "OutputTensor.Strides", "overlap");
}

TEST(TensorRules, InputsMayBroadcast) {
    TensorDesc in(F32, {2, 3}, {0, 1}), out(F32, {2, 3});
    EXPECT_EQ(Identity(in, out).status, VKDML_SUCCESS);
}

// ---- schema (tensor-support table at the feature level) ----

TEST(SchemaRules, UnknownOperatorTypeIsInvalid) {
    TensorDesc in(F32, {2}), out(F32, {2});
    DML_ELEMENT_WISE_IDENTITY_OPERATOR_DESC d{in.Get(), out.Get(), nullptr};
    EXPECT_REJECTED(TryCreate({DML_OPERATOR_TYPE(9999), &d}), VKDML_ERROR_INVALID_ARGUMENT, "Type", "9999");
}

TEST(SchemaRules, UnimplementedOperatorIsUnsupported) {
    TensorDesc in(F32, {2}), values(F32, {1}), indices(U32, {1});
    DML_TOP_K_OPERATOR_DESC d{in.Get(), values.Get(), indices.Get(), 0, 1};
    EXPECT_REJECTED(TryCreate({DML_OPERATOR_TOP_K, &d}), VKDML_ERROR_UNSUPPORTED, "DML_OPERATOR_TOP_K", "not implemented");
}

TEST(SchemaRules, IndexTypeNoLevelAllowsIsInvalid) {
    TensorDesc in(F32, {4}), idx(F32, {2}), out(F32, {2});
    DML_GATHER_OPERATOR_DESC d{in.Get(), idx.Get(), out.Get(), 0, 1};
    EXPECT_REJECTED(TryCreate({DML_OPERATOR_GATHER, &d}), VKDML_ERROR_INVALID_ARGUMENT, "IndicesTensor.DataType",
                    "FLOAT32", "UINT32");
}

class FeatureLevel : public testing::Test {
protected:
    static VkdmlDevice Level(DML_FEATURE_LEVEL level) {
        static std::map<DML_FEATURE_LEVEL, VkdmlDevice> devices;
        auto& d = devices[level];
        if (!d) d = vkdml_test::CreateDevice(level);
        return d;
    }
};

TEST_F(FeatureLevel, DeviceReportsTheCappedLevel) {
    VKDML_DEVICE_INFO info{};
    ASSERT_EQ(vkdmlGetDeviceInfo(Level(DML_FEATURE_LEVEL_2_1), &info), VKDML_SUCCESS);
    EXPECT_EQ(info.featureLevel, DML_FEATURE_LEVEL_2_1);
}

TEST_F(FeatureLevel, OperatorNewerThanTheLevelIsUnsupported) {
    TensorDesc in(F32, {1, 1, 4, 4}), out(F32, {1, 1, 2, 2});
    uint32_t offsets[] = {0, 0, 0, 0}, sizes[] = {1, 1, 2, 2};
    int32_t strides[] = {1, 1, 1, 1};
    DML_SLICE1_OPERATOR_DESC d{in.Get(), out.Get(), 4, offsets, sizes, strides};
    EXPECT_REJECTED(TryCreate({DML_OPERATOR_SLICE1, &d}, Level(DML_FEATURE_LEVEL_2_0)), VKDML_ERROR_UNSUPPORTED,
                    "DML_OPERATOR_SLICE1", "2_1");
    EXPECT_EQ(TryCreate({DML_OPERATOR_SLICE1, &d}, Level(DML_FEATURE_LEVEL_2_1)).status, VKDML_SUCCESS);
}

TEST_F(FeatureLevel, DimensionCountAllowedOnlyLaterIsUnsupported) {
    TensorDesc in(F32, {4, 4}), out(F32, {2, 2});
    uint32_t offsets[] = {0, 0}, sizes[] = {2, 2};
    int32_t strides[] = {1, 1};
    DML_SLICE1_OPERATOR_DESC d{in.Get(), out.Get(), 2, offsets, sizes, strides};
    EXPECT_REJECTED(TryCreate({DML_OPERATOR_SLICE1, &d}, Level(DML_FEATURE_LEVEL_2_1)), VKDML_ERROR_UNSUPPORTED,
                    "InputTensor.DimensionCount", "4 to 5", "3_0");
    EXPECT_EQ(TryCreate({DML_OPERATOR_SLICE1, &d}, Level(DML_FEATURE_LEVEL_3_0)).status, VKDML_SUCCESS);
}

TEST_F(FeatureLevel, DataTypeAllowedOnlyLaterIsUnsupported) {
    TensorDesc in(I64, {2}), out(I64, {2});
    EXPECT_REJECTED(Identity(in, out, Level(DML_FEATURE_LEVEL_3_0)), VKDML_ERROR_UNSUPPORTED, "InputTensor.DataType",
                    "INT64", "4_1");
    EXPECT_EQ(Identity(in, out, Level(DML_FEATURE_LEVEL_4_1)).status, VKDML_SUCCESS);
}

TEST_F(FeatureLevel, GatherSignedIndicesNeedLevel3) {
    TensorDesc in(F32, {1, 1, 1, 4}), idx(I32, {1, 1, 1, 2}), out(F32, {1, 1, 1, 2});
    DML_GATHER_OPERATOR_DESC d{in.Get(), idx.Get(), out.Get(), 3, 1};
    EXPECT_REJECTED(TryCreate({DML_OPERATOR_GATHER, &d}, Level(DML_FEATURE_LEVEL_2_1)), VKDML_ERROR_UNSUPPORTED,
                    "IndicesTensor.DataType", "3_0");
    EXPECT_EQ(TryCreate({DML_OPERATOR_GATHER, &d}, Level(DML_FEATURE_LEVEL_3_0)).status, VKDML_SUCCESS);
}

TEST_F(FeatureLevel, SplitAtLevel1TakesNoInt8) {
    TensorDesc in(DML_TENSOR_DATA_TYPE_INT8, {1, 1, 2, 4}), out(DML_TENSOR_DATA_TYPE_INT8, {1, 1, 2, 4});
    DML_SPLIT_OPERATOR_DESC d{in.Get(), 1, out.Get(), 3};
    EXPECT_REJECTED(TryCreate({DML_OPERATOR_SPLIT, &d}, Level(DML_FEATURE_LEVEL_1_0)), VKDML_ERROR_UNSUPPORTED,
                    "InputTensor.DataType", "INT8", "2_1");
}

// ---- IDENTITY ----

TEST(IdentityRules, DataTypesMustMatch) {
    TensorDesc in(F32, {2}), out(F16, {2});
    EXPECT_REJECTED(Identity(in, out), VKDML_ERROR_INVALID_ARGUMENT, "OutputTensor.DataType", "FLOAT16", "FLOAT32");
}

TEST(IdentityRules, SizesMustMatch) {
    TensorDesc in(F32, {2, 3}), out(F32, {3, 2});
    EXPECT_REJECTED(Identity(in, out), VKDML_ERROR_INVALID_ARGUMENT, "OutputTensor.Sizes", "{3, 2}");
}

TEST(IdentityRules, DimensionCountsMustMatch) {
    TensorDesc in(F32, {6}), out(F32, {2, 3});
    EXPECT_REJECTED(Identity(in, out), VKDML_ERROR_INVALID_ARGUMENT, "DimensionCount");
}

TEST(IdentityRules, ScaleBiasOnlyOnFloat32AndFloat16) {
    TensorDesc in(I32, {2}), out(I32, {2});
    DML_SCALE_BIAS scaleBias{2.0f, 1.0f};
    DML_ELEMENT_WISE_IDENTITY_OPERATOR_DESC d{in.Get(), out.Get(), &scaleBias};
    EXPECT_REJECTED(TryCreate({DML_OPERATOR_ELEMENT_WISE_IDENTITY, &d}), VKDML_ERROR_UNSUPPORTED, "ScaleBias",
                    "INT32", "FLOAT32 and FLOAT16");
    TensorDesc f(F32, {2});
    d = {f.Get(), f.Get(), &scaleBias};
    EXPECT_EQ(TryCreate({DML_OPERATOR_ELEMENT_WISE_IDENTITY, &d}).status, VKDML_SUCCESS);
}

// ---- SLICE1 ----

struct Slice1Case {
    std::vector<uint32_t> inSizes{1, 1, 4, 4}, outSizes{1, 1, 2, 2};
    std::vector<uint32_t> offsets{0, 0, 0, 1}, sizes{1, 1, 4, 3};
    std::vector<int32_t> strides{1, 1, 2, 2};
    uint32_t dimensionCount = 4;
    vkdml_test::CreateResult Create() const {
        TensorDesc in(F32, inSizes), out(F32, outSizes);
        DML_SLICE1_OPERATOR_DESC d{in.Get(), out.Get(), dimensionCount, offsets.data(), sizes.data(), strides.data()};
        return TryCreate({DML_OPERATOR_SLICE1, &d});
    }
};

TEST(Slice1Rules, SeedExampleIsValid) { EXPECT_EQ(Slice1Case{}.Create().status, VKDML_SUCCESS); }

TEST(Slice1Rules, DimensionCountMustMatchTensors) {
    Slice1Case c;
    c.dimensionCount = 3;
    EXPECT_REJECTED(c.Create(), VKDML_ERROR_INVALID_ARGUMENT, "DML_OPERATOR_SLICE1", "DimensionCount");
}

TEST(Slice1Rules, ArraysMustBeSet) {
    TensorDesc in(F32, {4}), out(F32, {2});
    uint32_t values[] = {0};
    int32_t strides[] = {1};
    DML_SLICE1_OPERATOR_DESC d{in.Get(), out.Get(), 1, nullptr, values, strides};
    EXPECT_REJECTED(TryCreate({DML_OPERATOR_SLICE1, &d}), VKDML_ERROR_INVALID_ARGUMENT, "InputWindowOffsets", "NULL");
}

TEST(Slice1Rules, StridesMayNotBeZero) {
    Slice1Case c;
    c.strides[2] = 0;
    EXPECT_REJECTED(c.Create(), VKDML_ERROR_INVALID_ARGUMENT, "InputWindowStrides[2]", "may not be 0");
}

TEST(Slice1Rules, WindowMustNotBeEmpty) {
    Slice1Case c;
    c.sizes[1] = 0;
    EXPECT_REJECTED(c.Create(), VKDML_ERROR_INVALID_ARGUMENT, "InputWindowSizes[1]", "empty");
}

TEST(Slice1Rules, WindowMustStayInsideInput) {
    Slice1Case c;
    c.offsets[3] = 2;
    EXPECT_REJECTED(c.Create(), VKDML_ERROR_INVALID_ARGUMENT, "InputWindowOffsets[3]", "InputTensor.Sizes[3]");
}

TEST(Slice1Rules, OutputSizeAtMostMaxCopiedElements) {
    Slice1Case c;
    c.outSizes = {1, 1, 3, 2};   // window 4 with stride 2 yields 2 rows
    EXPECT_REJECTED(c.Create(), VKDML_ERROR_INVALID_ARGUMENT, "OutputTensor.Sizes[2]", "MaxCopiedElements");
}

TEST(Slice1Rules, DataTypesMustMatch) {
    TensorDesc in(F32, {4}), out(U32, {2});
    uint32_t offsets[] = {0}, sizes[] = {4};
    int32_t strides[] = {2};
    DML_SLICE1_OPERATOR_DESC d{in.Get(), out.Get(), 1, offsets, sizes, strides};
    EXPECT_REJECTED(TryCreate({DML_OPERATOR_SLICE1, &d}), VKDML_ERROR_INVALID_ARGUMENT, "OutputTensor.DataType");
}

// ---- SLICE ----

vkdml_test::CreateResult Slice(std::vector<uint32_t> offsets, std::vector<uint32_t> sizes, std::vector<uint32_t> strides,
                               std::vector<uint32_t> outSizes = {2, 2}) {
    TensorDesc in(F32, {4, 4}), out(F32, outSizes);
    DML_SLICE_OPERATOR_DESC d{in.Get(), out.Get(), 2, offsets.data(), sizes.data(), strides.data()};
    return TryCreate({DML_OPERATOR_SLICE, &d});
}

TEST(SliceRules, ValidSlice) { EXPECT_EQ(Slice({1, 0}, {2, 2}, {1, 2}).status, VKDML_SUCCESS); }

TEST(SliceRules, SizesMustEqualOutputSizes) {
    EXPECT_REJECTED(Slice({0, 0}, {2, 3}, {1, 1}), VKDML_ERROR_INVALID_ARGUMENT, "DML_OPERATOR_SLICE", "Sizes[1]",
                    "OutputTensor.Sizes[1]");
}

TEST(SliceRules, StridesAtLeastOne) {
    EXPECT_REJECTED(Slice({0, 0}, {2, 2}, {1, 0}), VKDML_ERROR_INVALID_ARGUMENT, "Strides[1]");
}

TEST(SliceRules, SliceMustStayInsideInput) {
    EXPECT_REJECTED(Slice({3, 0}, {2, 2}, {1, 1}), VKDML_ERROR_INVALID_ARGUMENT, "Offsets[0]", "InputTensor.Sizes[0]");
}

// ---- GATHER ----

vkdml_test::CreateResult Gather(std::vector<uint32_t> inSizes, std::vector<uint32_t> idxSizes,
                                std::vector<uint32_t> outSizes, uint32_t axis, uint32_t indexDimensions,
                                DML_TENSOR_DATA_TYPE outType = F32) {
    TensorDesc in(F32, inSizes), idx(U32, idxSizes), out(outType, outSizes);
    DML_GATHER_OPERATOR_DESC d{in.Get(), idx.Get(), out.Get(), axis, indexDimensions};
    return TryCreate({DML_OPERATOR_GATHER, &d});
}

TEST(GatherRules, AxisMustBeInRange) {
    EXPECT_REJECTED(Gather({3, 2}, {1, 4}, {4, 2}, 2, 1), VKDML_ERROR_INVALID_ARGUMENT, "DML_OPERATOR_GATHER", "Axis");
}

TEST(GatherRules, IndexDimensionsAtMostIndicesRank) {
    EXPECT_REJECTED(Gather({3, 2}, {1, 4}, {4, 2}, 0, 3), VKDML_ERROR_INVALID_ARGUMENT, "IndexDimensions");
}

TEST(GatherRules, LeadingIndexDimensionsMustBeOne) {
    EXPECT_REJECTED(Gather({3, 2}, {2, 4}, {4, 2}, 0, 1), VKDML_ERROR_INVALID_ARGUMENT, "IndicesTensor.Sizes[0]");
}

TEST(GatherRules, OutputSizesFollowTheRule) {
    EXPECT_REJECTED(Gather({3, 2}, {1, 4}, {4, 3}, 0, 1), VKDML_ERROR_INVALID_ARGUMENT, "OutputTensor.Sizes", "{4, 2}");
}

TEST(GatherRules, DimensionCountsMustMatch) {
    EXPECT_REJECTED(Gather({3, 2}, {4}, {4, 2}, 0, 1), VKDML_ERROR_INVALID_ARGUMENT, "DimensionCount");
}

TEST(GatherRules, DataTypesMustMatch) {
    EXPECT_REJECTED(Gather({3, 2}, {1, 4}, {4, 2}, 0, 1, U32), VKDML_ERROR_INVALID_ARGUMENT, "OutputTensor.DataType");
}

// ---- SPLIT and JOIN ----

TEST(SplitJoinRules, OutputCountMustBePositive) {
    TensorDesc in(F32, {4});
    DML_SPLIT_OPERATOR_DESC d{in.Get(), 0, nullptr, 0};
    EXPECT_REJECTED(TryCreate({DML_OPERATOR_SPLIT, &d}), VKDML_ERROR_INVALID_ARGUMENT, "DML_OPERATOR_SPLIT", "OutputCount");
}

TEST(SplitJoinRules, OutputArrayMustBeSet) {
    TensorDesc in(F32, {4});
    DML_SPLIT_OPERATOR_DESC d{in.Get(), 2, nullptr, 0};
    EXPECT_REJECTED(TryCreate({DML_OPERATOR_SPLIT, &d}), VKDML_ERROR_INVALID_ARGUMENT, "OutputTensors", "NULL");
}

TEST(SplitJoinRules, AxisMustBeInRange) {
    TensorDesc in(F32, {4}), a(F32, {2}), b(F32, {2});
    DML_TENSOR_DESC outs[] = {*a.Get(), *b.Get()};
    DML_SPLIT_OPERATOR_DESC d{in.Get(), 2, outs, 1};
    EXPECT_REJECTED(TryCreate({DML_OPERATOR_SPLIT, &d}), VKDML_ERROR_INVALID_ARGUMENT, "Axis");
}

TEST(SplitJoinRules, SizesMustMatchOffAxis) {
    TensorDesc in(F32, {4, 3}), a(F32, {2, 3}), b(F32, {2, 2});
    DML_TENSOR_DESC outs[] = {*a.Get(), *b.Get()};
    DML_SPLIT_OPERATOR_DESC d{in.Get(), 2, outs, 0};
    EXPECT_REJECTED(TryCreate({DML_OPERATOR_SPLIT, &d}), VKDML_ERROR_INVALID_ARGUMENT, "OutputTensors[1].Sizes[1]");
}

TEST(SplitJoinRules, AxisSizesMustSum) {
    TensorDesc in(F32, {5, 3}), a(F32, {2, 3}), b(F32, {2, 3});
    DML_TENSOR_DESC outs[] = {*a.Get(), *b.Get()};
    DML_SPLIT_OPERATOR_DESC d{in.Get(), 2, outs, 0};
    EXPECT_REJECTED(TryCreate({DML_OPERATOR_SPLIT, &d}), VKDML_ERROR_INVALID_ARGUMENT, "sum", "InputTensor.Sizes[0]");
}

TEST(SplitJoinRules, PartsMustShareDataType) {
    TensorDesc in(F32, {4}), a(F32, {2}), b(I32, {2});
    DML_TENSOR_DESC outs[] = {*a.Get(), *b.Get()};
    DML_SPLIT_OPERATOR_DESC d{in.Get(), 2, outs, 0};
    EXPECT_REJECTED(TryCreate({DML_OPERATOR_SPLIT, &d}), VKDML_ERROR_INVALID_ARGUMENT, "OutputTensors[1].DataType");
}

TEST(SplitJoinRules, JoinInputCountMustBePositive) {
    TensorDesc out(F32, {4});
    DML_JOIN_OPERATOR_DESC d{0, nullptr, out.Get(), 0};
    EXPECT_REJECTED(TryCreate({DML_OPERATOR_JOIN, &d}), VKDML_ERROR_INVALID_ARGUMENT, "DML_OPERATOR_JOIN", "InputCount");
}

TEST(SplitJoinRules, JoinAxisSizesMustSum) {
    TensorDesc out(F32, {2, 5}), a(F32, {2, 2}), b(F32, {2, 2});
    DML_TENSOR_DESC ins[] = {*a.Get(), *b.Get()};
    DML_JOIN_OPERATOR_DESC d{2, ins, out.Get(), 1};
    EXPECT_REJECTED(TryCreate({DML_OPERATOR_JOIN, &d}), VKDML_ERROR_INVALID_ARGUMENT, "sum", "OutputTensor.Sizes[1]");
}

TEST(SplitJoinRules, JoinPartRankMustMatch) {
    TensorDesc out(F32, {2, 4}), a(F32, {2, 2}), b(F32, {4});
    DML_TENSOR_DESC ins[] = {*a.Get(), *b.Get()};
    DML_JOIN_OPERATOR_DESC d{2, ins, out.Get(), 1};
    EXPECT_REJECTED(TryCreate({DML_OPERATOR_JOIN, &d}), VKDML_ERROR_INVALID_ARGUMENT, "InputTensors[1].DimensionCount");
}

// ---- MAX_UNPOOLING ----

vkdml_test::CreateResult MaxUnpooling(const TensorDesc& in, const TensorDesc& indices, const TensorDesc& out,
                                      VkdmlDevice device = nullptr) {
    DML_MAX_UNPOOLING_OPERATOR_DESC d{in.Get(), indices.Get(), out.Get()};
    return TryCreate({DML_OPERATOR_MAX_UNPOOLING, &d}, device);
}

TEST(MaxUnpoolingRules, ValidDescCreates) {
    // A 2x2 max pooling undone: the output is larger than the input and its sizes are not tied to the input's.
    TensorDesc in(F32, {1, 1, 2, 2}), idx(U32, {1, 1, 2, 2}), out(F32, {1, 1, 4, 4});
    auto r = MaxUnpooling(in, idx, out);
    EXPECT_EQ(r.status, VKDML_SUCCESS) << r.message;
    TensorDesc in16(F16, {2, 3, 2, 2}), idx16(U32, {2, 3, 2, 2}), out16(F16, {2, 3, 3, 5});
    r = MaxUnpooling(in16, idx16, out16);
    EXPECT_EQ(r.status, VKDML_SUCCESS) << r.message;
    // From DML_FEATURE_LEVEL_5_0 (the shared device runs the highest level it supports): integer data, UINT64 indices.
    TensorDesc in8(DML_TENSOR_DATA_TYPE_INT8, {1, 2, 2, 2}), idx64(DML_TENSOR_DATA_TYPE_UINT64, {1, 2, 2, 2}),
        out8(DML_TENSOR_DATA_TYPE_INT8, {1, 2, 4, 4});
    r = MaxUnpooling(in8, idx64, out8);
    EXPECT_EQ(r.status, VKDML_SUCCESS) << r.message;
}

TEST(MaxUnpoolingRules, StridedTensorsCreate) {
    // The output's elements two apart and its rows padded to 16; input and indices rows padded to 3.
    TensorDesc in(F32, {1, 1, 2, 2}, {6, 6, 3, 1}), idx(U32, {1, 1, 2, 2}, {6, 6, 3, 1});
    TensorDesc out(F32, {1, 1, 4, 4}, {64, 64, 16, 2});
    auto r = MaxUnpooling(in, idx, out);
    EXPECT_EQ(r.status, VKDML_SUCCESS) << r.message;
}

TEST(MaxUnpoolingRules, IndicesSizesMustMatchInput) {
    TensorDesc in(F32, {1, 1, 2, 2}), idx(U32, {1, 1, 2, 3}), out(F32, {1, 1, 4, 4});
    EXPECT_REJECTED(MaxUnpooling(in, idx, out), VKDML_ERROR_INVALID_ARGUMENT, "DML_OPERATOR_MAX_UNPOOLING",
                    "IndicesTensor.Sizes is {1, 1, 2, 3}", "InputTensor.Sizes is {1, 1, 2, 2}");
}

TEST(MaxUnpoolingRules, OutputDataTypeMustMatchInput) {
    TensorDesc in(F32, {1, 1, 2, 2}), idx(U32, {1, 1, 2, 2}), out(F16, {1, 1, 4, 4});
    EXPECT_REJECTED(MaxUnpooling(in, idx, out), VKDML_ERROR_INVALID_ARGUMENT, "DML_OPERATOR_MAX_UNPOOLING",
                    "OutputTensor.DataType is FLOAT16", "InputTensor.DataType is FLOAT32");
    TensorDesc inI32(I32, {1, 1, 2, 2}), outU32(U32, {1, 1, 4, 4});
    EXPECT_REJECTED(MaxUnpooling(inI32, idx, outU32), VKDML_ERROR_INVALID_ARGUMENT, "OutputTensor.DataType is UINT32",
                    "InputTensor.DataType is INT32");
}

TEST(MaxUnpoolingRules, SignedOrFloatIndicesAreInvalid) {
    // No feature level's row allows them: INVALID_ARGUMENT, not UNSUPPORTED.
    TensorDesc in(F32, {1, 1, 2, 2}), out(F32, {1, 1, 4, 4});
    TensorDesc idx32(I32, {1, 1, 2, 2}), idx64(I64, {1, 1, 2, 2}), idxF(F32, {1, 1, 2, 2});
    EXPECT_REJECTED(MaxUnpooling(in, idx32, out), VKDML_ERROR_INVALID_ARGUMENT, "DML_OPERATOR_MAX_UNPOOLING",
                    "IndicesTensor.DataType is INT32", "UINT32, UINT64");
    EXPECT_REJECTED(MaxUnpooling(in, idx64, out), VKDML_ERROR_INVALID_ARGUMENT, "IndicesTensor.DataType is INT64");
    EXPECT_REJECTED(MaxUnpooling(in, idxF, out), VKDML_ERROR_INVALID_ARGUMENT, "IndicesTensor.DataType is FLOAT32");
}

TEST(MaxUnpoolingRules, Float64DataIsInvalid) {
    TensorDesc idx(U32, {1, 1, 2, 2});
    TensorDesc in64(DML_TENSOR_DATA_TYPE_FLOAT64, {1, 1, 2, 2}), out64(DML_TENSOR_DATA_TYPE_FLOAT64, {1, 1, 4, 4});
    EXPECT_REJECTED(MaxUnpooling(in64, idx, out64), VKDML_ERROR_INVALID_ARGUMENT, "DML_OPERATOR_MAX_UNPOOLING",
                    "InputTensor.DataType is FLOAT64");
    // The table rejects the output's type before the same-type rule compares it with the input's.
    TensorDesc in(F32, {1, 1, 2, 2});
    EXPECT_REJECTED(MaxUnpooling(in, idx, out64), VKDML_ERROR_INVALID_ARGUMENT, "OutputTensor.DataType is FLOAT64",
                    "OutputTensor supports");
}

TEST(MaxUnpoolingRules, DimensionCountMustBeFour) {
    TensorDesc in3(F32, {1, 2, 2}), idx3(U32, {1, 2, 2}), out3(F32, {1, 4, 4});
    EXPECT_REJECTED(MaxUnpooling(in3, idx3, out3), VKDML_ERROR_INVALID_ARGUMENT, "DML_OPERATOR_MAX_UNPOOLING",
                    "InputTensor.DimensionCount is 3");
    TensorDesc in5(F32, {1, 1, 1, 2, 2}), idx5(U32, {1, 1, 1, 2, 2}), out5(F32, {1, 1, 1, 4, 4});
    EXPECT_REJECTED(MaxUnpooling(in5, idx5, out5), VKDML_ERROR_INVALID_ARGUMENT, "InputTensor.DimensionCount is 5");
    // Each tensor is held to the rank on its own.
    TensorDesc in(F32, {1, 1, 2, 2}), idx(U32, {1, 1, 2, 2}), out(F32, {1, 1, 4, 4});
    EXPECT_REJECTED(MaxUnpooling(in, idx3, out), VKDML_ERROR_INVALID_ARGUMENT, "IndicesTensor.DimensionCount is 3");
    EXPECT_REJECTED(MaxUnpooling(in, idx, out5), VKDML_ERROR_INVALID_ARGUMENT, "OutputTensor.DimensionCount is 5");
}

TEST(MaxUnpoolingRules, NullTensorsAreInvalid) {
    TensorDesc in(F32, {1, 1, 2, 2}), idx(U32, {1, 1, 2, 2}), out(F32, {1, 1, 4, 4});
    DML_MAX_UNPOOLING_OPERATOR_DESC d{nullptr, idx.Get(), out.Get()};
    EXPECT_REJECTED(TryCreate({DML_OPERATOR_MAX_UNPOOLING, &d}), VKDML_ERROR_INVALID_ARGUMENT,
                    "DML_OPERATOR_MAX_UNPOOLING", "InputTensor is NULL");
    d = {in.Get(), nullptr, out.Get()};
    EXPECT_REJECTED(TryCreate({DML_OPERATOR_MAX_UNPOOLING, &d}), VKDML_ERROR_INVALID_ARGUMENT, "IndicesTensor is NULL");
    d = {in.Get(), idx.Get(), nullptr};
    EXPECT_REJECTED(TryCreate({DML_OPERATOR_MAX_UNPOOLING, &d}), VKDML_ERROR_INVALID_ARGUMENT, "OutputTensor is NULL");
}

TEST(MaxUnpoolingRules, OutputOverUint32MaxElementsIsInvalid) {
    // The generic element-count rule (every tensor): the kernel reads a checked index as a 32-bit element number.
    auto u8 = DML_TENSOR_DATA_TYPE_UINT8;
    TensorDesc in(u8, {1, 1, 2, 2}), idx(U32, {1, 1, 2, 2}), out(u8, {1, 1, 65536, 65536}, {}, 4);
    EXPECT_REJECTED(MaxUnpooling(in, idx, out), VKDML_ERROR_INVALID_ARGUMENT, "DML_OPERATOR_MAX_UNPOOLING",
                    "OutputTensor.Sizes", "2^32-1");
}

TEST(MaxUnpoolingRules, EmptyInputNeedsTheZeroVolumeFlag) {
    // Nothing to unpool: an all-zero output. Refused without the flag, allowed with it though the output is not empty.
    TensorDesc in(F32, {1, 1, 0, 2}), idx(U32, {1, 1, 0, 2}), out(F32, {1, 1, 4, 4});
    EXPECT_REJECTED(MaxUnpooling(in, idx, out), VKDML_ERROR_INVALID_ARGUMENT, "InputTensor.Sizes[2] is 0",
                    "VKDML_CREATE_DEVICE_FLAG_ZERO_VOLUME_TENSORS");
    VkdmlDevice device = vkdml_test::CreateDevice(DML_FEATURE_LEVEL(0), VKDML_CREATE_DEVICE_FLAG_ZERO_VOLUME_TENSORS);
    ASSERT_NE(device, nullptr);
    auto r = MaxUnpooling(in, idx, out, device);
    EXPECT_EQ(r.status, VKDML_SUCCESS) << r.message;
    vkdmlRelease(device, nullptr);
}

TEST_F(FeatureLevel, MaxUnpoolingUint64IndicesNeedLevel5) {
    TensorDesc in(F32, {1, 1, 2, 2}), idx(DML_TENSOR_DATA_TYPE_UINT64, {1, 1, 2, 2}), out(F32, {1, 1, 4, 4});
    EXPECT_REJECTED(MaxUnpooling(in, idx, out, Level(DML_FEATURE_LEVEL_3_0)), VKDML_ERROR_UNSUPPORTED,
                    "DML_OPERATOR_MAX_UNPOOLING", "IndicesTensor.DataType is UINT64", "supports UINT32", "5_0");
    EXPECT_REJECTED(MaxUnpooling(in, idx, out, Level(DML_FEATURE_LEVEL_4_1)), VKDML_ERROR_UNSUPPORTED,
                    "IndicesTensor.DataType", "5_0");
    auto r = MaxUnpooling(in, idx, out, Level(DML_FEATURE_LEVEL_5_0));
    EXPECT_EQ(r.status, VKDML_SUCCESS) << r.message;
}

TEST_F(FeatureLevel, MaxUnpoolingIntegerDataNeedsLevel5) {
    TensorDesc in(I32, {1, 1, 2, 2}), idx(U32, {1, 1, 2, 2}), out(I32, {1, 1, 4, 4});
    EXPECT_REJECTED(MaxUnpooling(in, idx, out, Level(DML_FEATURE_LEVEL_3_0)), VKDML_ERROR_UNSUPPORTED,
                    "DML_OPERATOR_MAX_UNPOOLING", "InputTensor.DataType is INT32", "FLOAT32, FLOAT16", "5_0");
    auto r = MaxUnpooling(in, idx, out, Level(DML_FEATURE_LEVEL_5_0));
    EXPECT_EQ(r.status, VKDML_SUCCESS) << r.message;
    // Signed indices stay invalid at any level.
    TensorDesc f(F32, {1, 1, 2, 2}), signedIdx(I32, {1, 1, 2, 2}), fOut(F32, {1, 1, 4, 4});
    EXPECT_REJECTED(MaxUnpooling(f, signedIdx, fOut, Level(DML_FEATURE_LEVEL_3_0)), VKDML_ERROR_INVALID_ARGUMENT,
                    "IndicesTensor.DataType is INT32");
}

TEST_F(FeatureLevel, MaxUnpoolingHasNoTensorRowsBeforeLevel3) {
    // The header introduces the operator at DML_FEATURE_LEVEL_2_0; the documented tensor-support rows start at 3_0, so
    // at 2_0 and 2_1 no row is in force: UNSUPPORTED. Before 2_0 the operator itself does not exist.
    TensorDesc in(F32, {1, 1, 2, 2}), idx(U32, {1, 1, 2, 2}), out(F32, {1, 1, 4, 4});
    EXPECT_REJECTED(MaxUnpooling(in, idx, out, Level(DML_FEATURE_LEVEL_1_0)), VKDML_ERROR_UNSUPPORTED,
                    "DML_OPERATOR_MAX_UNPOOLING", "introduced in DML_FEATURE_LEVEL_2_0");
    EXPECT_REJECTED(MaxUnpooling(in, idx, out, Level(DML_FEATURE_LEVEL_2_0)), VKDML_ERROR_UNSUPPORTED,
                    "DML_OPERATOR_MAX_UNPOOLING", "no tensor-support row for InputTensor at DML_FEATURE_LEVEL_2_0");
    EXPECT_REJECTED(MaxUnpooling(in, idx, out, Level(DML_FEATURE_LEVEL_2_1)), VKDML_ERROR_UNSUPPORTED,
                    "no tensor-support row for InputTensor at DML_FEATURE_LEVEL_2_1");
    auto r = MaxUnpooling(in, idx, out, Level(DML_FEATURE_LEVEL_3_0));
    EXPECT_EQ(r.status, VKDML_SUCCESS) << r.message;
}

// ---- NONZERO_COORDINATES ----

vkdml_test::CreateResult NonzeroCoordinates(const TensorDesc& in, const TensorDesc& count, const TensorDesc& coords,
                                            VkdmlDevice device = nullptr) {
    DML_NONZERO_COORDINATES_OPERATOR_DESC d{in.Get(), count.Get(), coords.Get()};
    return TryCreate({DML_OPERATOR_NONZERO_COORDINATES, &d}, device);
}

constexpr const char* kNonzero = "DML_OPERATOR_NONZERO_COORDINATES";

TEST(NonzeroCoordinatesRules, ValidDescsCreate) {
    // The documented shape: {1, 1, M, N} coordinates of a 4-D input, a {1, 1, 1, 1} count.
    TensorDesc in(F32, {1, 1, 2, 4}), count(U32, {1, 1, 1, 1}), coords(U32, {1, 1, 8, 2});
    auto r = NonzeroCoordinates(in, count, coords);
    EXPECT_EQ(r.status, VKDML_SUCCESS) << r.message;
    // From DML_FEATURE_LEVEL_4_0 (the shared device runs the highest level it supports): a 1-D count, M x N
    // coordinates, any rank of input from 1 to 8.
    TensorDesc in1(F32, {5}), count1(U32, {1}), coords1(U32, {5, 1});
    r = NonzeroCoordinates(in1, count1, coords1);
    EXPECT_EQ(r.status, VKDML_SUCCESS) << r.message;
    TensorDesc in8(DML_TENSOR_DATA_TYPE_UINT8, {1, 1, 1, 1, 1, 2, 3, 2}), count8(U32, {1, 1, 1, 1, 1, 1, 1, 1}),
        coords8(U32, {1, 1, 1, 1, 1, 1, 12, 3});
    r = NonzeroCoordinates(in8, count8, coords8);
    EXPECT_EQ(r.status, VKDML_SUCCESS) << r.message;
    // Strided tensors: a transposed input, column-major coordinates, a count padded in memory.
    TensorDesc inT(F32, {1, 1, 2, 3}, {6, 6, 1, 2}), countP(U32, {1, 1, 1, 1}, {4, 4, 4, 4}),
        coordsT(U32, {1, 1, 6, 2}, {12, 12, 1, 6});
    r = NonzeroCoordinates(inT, countP, coordsT);
    EXPECT_EQ(r.status, VKDML_SUCCESS) << r.message;
}

TEST(NonzeroCoordinatesRules, CountMustBeAScalar) {
    TensorDesc in(F32, {1, 1, 2, 4}), coords(U32, {1, 1, 8, 2});
    TensorDesc count(U32, {1, 1, 1, 2});
    EXPECT_REJECTED(NonzeroCoordinates(in, count, coords), VKDML_ERROR_INVALID_ARGUMENT, kNonzero,
                    "OutputCountTensor.Sizes is {1, 1, 1, 2}", "scalar", "every size 1");
    TensorDesc leading(U32, {2, 1, 1, 1});
    EXPECT_REJECTED(NonzeroCoordinates(in, leading, coords), VKDML_ERROR_INVALID_ARGUMENT, kNonzero,
                    "OutputCountTensor.Sizes is {2, 1, 1, 1}", "every size 1");
    TensorDesc in1(F32, {8}), coords1(U32, {8, 1}), count1(U32, {8});
    EXPECT_REJECTED(NonzeroCoordinates(in1, count1, coords1), VKDML_ERROR_INVALID_ARGUMENT, kNonzero,
                    "OutputCountTensor.Sizes is {8}");
}

TEST(NonzeroCoordinatesRules, CoordinatesLeadingSizesMustBeOne) {
    TensorDesc in(F32, {1, 1, 2, 4}), count(U32, {1, 1, 1, 1});
    TensorDesc coords(U32, {1, 2, 8, 2});
    EXPECT_REJECTED(NonzeroCoordinates(in, count, coords), VKDML_ERROR_INVALID_ARGUMENT, kNonzero,
                    "OutputCoordinatesTensor.Sizes is {1, 2, 8, 2}", "{1, ..., 1, M, N}", "Sizes[1] must be 1");
    TensorDesc first(U32, {3, 1, 8, 2});
    EXPECT_REJECTED(NonzeroCoordinates(in, count, first), VKDML_ERROR_INVALID_ARGUMENT, kNonzero,
                    "OutputCoordinatesTensor.Sizes is {3, 1, 8, 2}", "Sizes[0] must be 1");
}

TEST(NonzeroCoordinatesRules, RowCountMustBeTheInputElementCount) {
    TensorDesc in(F32, {1, 1, 2, 4}), count(U32, {1, 1, 1, 1});
    TensorDesc fewer(U32, {1, 1, 7, 2}), more(U32, {1, 1, 9, 2});
    EXPECT_REJECTED(NonzeroCoordinates(in, count, fewer), VKDML_ERROR_INVALID_ARGUMENT, kNonzero,
                    "OutputCoordinatesTensor.Sizes[2] (M) is 7", "InputTensor's element count, 8");
    EXPECT_REJECTED(NonzeroCoordinates(in, count, more), VKDML_ERROR_INVALID_ARGUMENT, kNonzero,
                    "OutputCoordinatesTensor.Sizes[2] (M) is 9", "element count, 8");
    // The element count, not the bytes: a broadcast input of 8 elements stored in 1 still needs 8 rows.
    TensorDesc broadcast(F32, {1, 1, 2, 4}, {0, 0, 0, 0}), one(U32, {1, 1, 1, 2});
    EXPECT_REJECTED(NonzeroCoordinates(broadcast, count, one), VKDML_ERROR_INVALID_ARGUMENT,
                    "OutputCoordinatesTensor.Sizes[2] (M) is 1", "element count, 8");
    TensorDesc eight(U32, {1, 1, 8, 2});
    auto r = NonzeroCoordinates(broadcast, count, eight);
    EXPECT_EQ(r.status, VKDML_SUCCESS) << r.message;
}

TEST(NonzeroCoordinatesRules, WidthBelowTheEffectiveRankIsInvalid) {
    TensorDesc in(F32, {1, 1, 2, 4}), count(U32, {1, 1, 1, 1}), coords(U32, {1, 1, 8, 1});
    EXPECT_REJECTED(NonzeroCoordinates(in, count, coords), VKDML_ERROR_INVALID_ARGUMENT, kNonzero,
                    "OutputCoordinatesTensor.Sizes[3] (N) is 1", "at least InputTensor's effective rank (2",
                    "at most its DimensionCount (4)");
    // Only leading sizes of 1 drop out of the effective rank: {1, 2, 1, 4} has 3.
    TensorDesc inner(F32, {1, 2, 1, 4}), two(U32, {1, 1, 8, 2});
    EXPECT_REJECTED(NonzeroCoordinates(inner, count, two), VKDML_ERROR_INVALID_ARGUMENT, kNonzero,
                    "(N) is 2", "effective rank (3");
}

TEST(NonzeroCoordinatesRules, WidthAboveTheDimensionCountIsInvalid) {
    TensorDesc in(F32, {1, 1, 2, 4}), count(U32, {1, 1, 1, 1}), coords(U32, {1, 1, 8, 5});
    EXPECT_REJECTED(NonzeroCoordinates(in, count, coords), VKDML_ERROR_INVALID_ARGUMENT, kNonzero,
                    "OutputCoordinatesTensor.Sizes[3] (N) is 5", "effective rank (2", "at most its DimensionCount (4)");
    // A 2-D input at DML_FEATURE_LEVEL_4_0: M x 3 rows for a {2, 3} input are one column too wide.
    TensorDesc in2(F32, {2, 3}), count1(U32, {1}), wide(U32, {6, 3});
    EXPECT_REJECTED(NonzeroCoordinates(in2, count1, wide), VKDML_ERROR_INVALID_ARGUMENT, kNonzero,
                    "OutputCoordinatesTensor.Sizes[1] (N) is 3", "effective rank (2", "DimensionCount (2)");
}

TEST(NonzeroCoordinatesRules, WidthFromTheEffectiveRankToTheDimensionCountIsValid) {
    TensorDesc in(F32, {1, 1, 2, 4}), count(U32, {1, 1, 1, 1});
    for (uint32_t n = 2; n <= 4; ++n) {   // effective rank 2 .. DimensionCount 4
        TensorDesc coords(U32, {1, 1, 8, n});
        auto r = NonzeroCoordinates(in, count, coords);
        EXPECT_EQ(r.status, VKDML_SUCCESS) << "N = " << n << ": " << r.message;
    }
    TensorDesc inner(F32, {1, 2, 1, 4});   // effective rank 3
    for (uint32_t n = 3; n <= 4; ++n) {
        TensorDesc coords(U32, {1, 1, 8, n});
        auto r = NonzeroCoordinates(inner, count, coords);
        EXPECT_EQ(r.status, VKDML_SUCCESS) << "N = " << n << ": " << r.message;
    }
    // Full effective rank: the input has no leading 1.
    TensorDesc full(F32, {2, 1, 1, 3}), rows(U32, {1, 1, 6, 4});
    auto r = NonzeroCoordinates(full, count, rows);
    EXPECT_EQ(r.status, VKDML_SUCCESS) << r.message;
    TensorDesc narrow(U32, {1, 1, 6, 3});
    EXPECT_REJECTED(NonzeroCoordinates(full, count, narrow), VKDML_ERROR_INVALID_ARGUMENT, "(N) is 3",
                    "effective rank (4");
}

TEST(NonzeroCoordinatesRules, AllOnesInputHasEffectiveRankZero) {
    // A single element: effective rank 0, so any N from 1 (the least a size may be) to 4 is fine.
    TensorDesc in(F32, {1, 1, 1, 1}), count(U32, {1, 1, 1, 1});
    for (uint32_t n = 1; n <= 4; ++n) {
        TensorDesc coords(U32, {1, 1, 1, n});
        auto r = NonzeroCoordinates(in, count, coords);
        EXPECT_EQ(r.status, VKDML_SUCCESS) << "N = " << n << ": " << r.message;
    }
    TensorDesc wide(U32, {1, 1, 1, 5});
    EXPECT_REJECTED(NonzeroCoordinates(in, count, wide), VKDML_ERROR_INVALID_ARGUMENT, kNonzero, "(N) is 5",
                    "effective rank (0", "DimensionCount (4)");
    TensorDesc rows(U32, {1, 1, 2, 1});
    EXPECT_REJECTED(NonzeroCoordinates(in, count, rows), VKDML_ERROR_INVALID_ARGUMENT, kNonzero, "(M) is 2",
                    "element count, 1");
}

TEST(NonzeroCoordinatesRules, InputDataTypes) {
    TensorDesc count(U32, {1, 1, 1, 1}), coords(U32, {1, 1, 8, 2});
    const DML_TENSOR_DATA_TYPE accepted[] = {F32, F16, I32, DML_TENSOR_DATA_TYPE_INT16, DML_TENSOR_DATA_TYPE_INT8,
                                             U32, DML_TENSOR_DATA_TYPE_UINT16, DML_TENSOR_DATA_TYPE_UINT8};
    for (DML_TENSOR_DATA_TYPE type : accepted) {
        TensorDesc in(type, {1, 1, 2, 4});
        auto r = NonzeroCoordinates(in, count, coords);
        EXPECT_EQ(r.status, VKDML_SUCCESS) << "data type " << type << ": " << r.message;
    }
    // No feature level's row takes 64-bit data: INVALID_ARGUMENT, not UNSUPPORTED.
    const std::pair<DML_TENSOR_DATA_TYPE, const char*> refused[] = {
        {I64, "InputTensor.DataType is INT64"},
        {DML_TENSOR_DATA_TYPE_UINT64, "InputTensor.DataType is UINT64"},
        {DML_TENSOR_DATA_TYPE_FLOAT64, "InputTensor.DataType is FLOAT64"}};
    for (const auto& [type, text] : refused) {
        TensorDesc in(type, {1, 1, 2, 4});
        EXPECT_REJECTED(NonzeroCoordinates(in, count, coords), VKDML_ERROR_INVALID_ARGUMENT, kNonzero, text,
                        "InputTensor supports FLOAT32, FLOAT16, UINT32, UINT16, UINT8, INT32, INT16, INT8");
    }
}

TEST(NonzeroCoordinatesRules, OutputsMustBeUint32) {
    TensorDesc in(F32, {1, 1, 2, 4}), count(U32, {1, 1, 1, 1}), coords(U32, {1, 1, 8, 2});
    const DML_TENSOR_DATA_TYPE others[] = {I32, I64, DML_TENSOR_DATA_TYPE_UINT64, F32, DML_TENSOR_DATA_TYPE_UINT16};
    for (DML_TENSOR_DATA_TYPE type : others) {
        SCOPED_TRACE(testing::Message() << "data type " << type);
        TensorDesc badCount(type, {1, 1, 1, 1}), badCoords(type, {1, 1, 8, 2});
        EXPECT_REJECTED(NonzeroCoordinates(in, badCount, coords), VKDML_ERROR_INVALID_ARGUMENT, kNonzero,
                        "OutputCountTensor.DataType is", "OutputCountTensor supports UINT32");
        EXPECT_REJECTED(NonzeroCoordinates(in, count, badCoords), VKDML_ERROR_INVALID_ARGUMENT, kNonzero,
                        "OutputCoordinatesTensor.DataType is", "OutputCoordinatesTensor supports UINT32");
    }
    TensorDesc signedCount(I32, {1, 1, 1, 1});
    EXPECT_REJECTED(NonzeroCoordinates(in, signedCount, coords), VKDML_ERROR_INVALID_ARGUMENT,
                    "OutputCountTensor.DataType is INT32");
}

TEST(NonzeroCoordinatesRules, DimensionCountsAtLevel4) {
    // The shared device runs DML_FEATURE_LEVEL_4_0 or later: input 1 to 8, count 1 to 8, coordinates 2 to 8.
    for (uint32_t rank = 1; rank <= 8; ++rank) {
        SCOPED_TRACE(testing::Message() << "rank " << rank);
        std::vector<uint32_t> inSizes(rank, 1), countSizes(rank, 1);
        inSizes.back() = 3;
        TensorDesc in(F32, inSizes), count(U32, countSizes), coords(U32, {3, 1});
        auto r = NonzeroCoordinates(in, count, coords);
        EXPECT_EQ(r.status, VKDML_SUCCESS) << r.message;
        if (rank >= 2) {
            std::vector<uint32_t> coordsSizes(rank, 1);
            coordsSizes[rank - 2] = 3;
            TensorDesc ranked(U32, coordsSizes), one(U32, {1});
            r = NonzeroCoordinates(in, one, ranked);
            EXPECT_EQ(r.status, VKDML_SUCCESS) << r.message;
        }
    }
    // A 1-D coordinates tensor has no M x N shape: no level allows it.
    TensorDesc in(F32, {3}), count(U32, {1}), flat(U32, {3});
    EXPECT_REJECTED(NonzeroCoordinates(in, count, flat), VKDML_ERROR_INVALID_ARGUMENT, kNonzero,
                    "OutputCoordinatesTensor.DimensionCount is 1", "supports 2 to 8 dimensions");
}

TEST(NonzeroCoordinatesRules, NullTensorsAreInvalid) {
    TensorDesc in(F32, {1, 1, 2, 4}), count(U32, {1, 1, 1, 1}), coords(U32, {1, 1, 8, 2});
    DML_NONZERO_COORDINATES_OPERATOR_DESC d{nullptr, count.Get(), coords.Get()};
    EXPECT_REJECTED(TryCreate({DML_OPERATOR_NONZERO_COORDINATES, &d}), VKDML_ERROR_INVALID_ARGUMENT, kNonzero,
                    "InputTensor is NULL");
    d = {in.Get(), nullptr, coords.Get()};
    EXPECT_REJECTED(TryCreate({DML_OPERATOR_NONZERO_COORDINATES, &d}), VKDML_ERROR_INVALID_ARGUMENT, kNonzero,
                    "OutputCountTensor is NULL");
    d = {in.Get(), count.Get(), nullptr};
    EXPECT_REJECTED(TryCreate({DML_OPERATOR_NONZERO_COORDINATES, &d}), VKDML_ERROR_INVALID_ARGUMENT, kNonzero,
                    "OutputCoordinatesTensor is NULL");
    EXPECT_REJECTED(TryCreate({DML_OPERATOR_NONZERO_COORDINATES, nullptr}), VKDML_ERROR_INVALID_ARGUMENT, kNonzero,
                    "desc->Desc is NULL");
}

TEST(NonzeroCoordinatesRules, EmptyInputNeedsTheZeroVolumeFlag) {
    TensorDesc in(F32, {1, 1, 0, 4}), count(U32, {1, 1, 1, 1}), coords(U32, {1, 1, 0, 2});
    EXPECT_REJECTED(NonzeroCoordinates(in, count, coords), VKDML_ERROR_INVALID_ARGUMENT, kNonzero,
                    "InputTensor.Sizes[2] is 0", "VKDML_CREATE_DEVICE_FLAG_ZERO_VOLUME_TENSORS");
}

TEST_F(FeatureLevel, NonzeroCoordinatesIsIntroducedAtLevel3) {
    TensorDesc in(F32, {1, 1, 2, 4}), count(U32, {1, 1, 1, 1}), coords(U32, {1, 1, 8, 2});
    for (DML_FEATURE_LEVEL level : {DML_FEATURE_LEVEL_1_0, DML_FEATURE_LEVEL_2_0, DML_FEATURE_LEVEL_2_1})
        EXPECT_REJECTED(NonzeroCoordinates(in, count, coords, Level(level)), VKDML_ERROR_UNSUPPORTED, kNonzero,
                        "introduced in DML_FEATURE_LEVEL_3_0");
    for (DML_FEATURE_LEVEL level : {DML_FEATURE_LEVEL_3_0, DML_FEATURE_LEVEL_3_1, DML_FEATURE_LEVEL_4_0}) {
        auto r = NonzeroCoordinates(in, count, coords, Level(level));
        EXPECT_EQ(r.status, VKDML_SUCCESS) << "level " << std::hex << level << ": " << r.message;
    }
}

TEST_F(FeatureLevel, NonzeroCoordinatesAtLevel3TakesFourOrFiveDimensions) {
    const VkdmlDevice level3 = Level(DML_FEATURE_LEVEL_3_0), level4 = Level(DML_FEATURE_LEVEL_4_0);
    // 4 and 5 dimensions for every tensor at 3_0.
    TensorDesc in5(F32, {1, 1, 1, 2, 4}), count5(U32, {1, 1, 1, 1, 1}), coords5(U32, {1, 1, 1, 8, 2});
    auto r = NonzeroCoordinates(in5, count5, coords5, level3);
    EXPECT_EQ(r.status, VKDML_SUCCESS) << r.message;
    TensorDesc in4(F32, {1, 1, 2, 4}), count4(U32, {1, 1, 1, 1}), coords4(U32, {1, 1, 8, 2});
    r = NonzeroCoordinates(in4, count5, coords4, level3);   // the tensors' ranks need not agree
    EXPECT_EQ(r.status, VKDML_SUCCESS) << r.message;
    r = NonzeroCoordinates(in5, count4, coords5, level3);
    EXPECT_EQ(r.status, VKDML_SUCCESS) << r.message;

    // Fewer or more: UNSUPPORTED at 3_0 (DML_FEATURE_LEVEL_4_0 allows them), accepted at 4_0.
    TensorDesc in3(F32, {1, 2, 4}), in6(F32, {1, 1, 1, 1, 2, 4});
    EXPECT_REJECTED(NonzeroCoordinates(in3, count4, coords4, level3), VKDML_ERROR_UNSUPPORTED, kNonzero,
                    "InputTensor.DimensionCount is 3", "at DML_FEATURE_LEVEL_3_0 InputTensor supports 4 to 5",
                    "need DML_FEATURE_LEVEL_4_0");
    EXPECT_REJECTED(NonzeroCoordinates(in6, count4, coords4, level3), VKDML_ERROR_UNSUPPORTED, kNonzero,
                    "InputTensor.DimensionCount is 6", "4 to 5", "need DML_FEATURE_LEVEL_4_0");
    TensorDesc count1(U32, {1}), count8(U32, {1, 1, 1, 1, 1, 1, 1, 1});
    EXPECT_REJECTED(NonzeroCoordinates(in4, count1, coords4, level3), VKDML_ERROR_UNSUPPORTED, kNonzero,
                    "OutputCountTensor.DimensionCount is 1", "OutputCountTensor supports 4 to 5", "4_0");
    EXPECT_REJECTED(NonzeroCoordinates(in4, count8, coords4, level3), VKDML_ERROR_UNSUPPORTED,
                    "OutputCountTensor.DimensionCount is 8", "4_0");
    TensorDesc coords2(U32, {8, 2}), coords3(U32, {1, 8, 2}), coords6(U32, {1, 1, 1, 1, 8, 2});
    EXPECT_REJECTED(NonzeroCoordinates(in4, count4, coords2, level3), VKDML_ERROR_UNSUPPORTED, kNonzero,
                    "OutputCoordinatesTensor.DimensionCount is 2", "OutputCoordinatesTensor supports 4 to 5", "4_0");
    EXPECT_REJECTED(NonzeroCoordinates(in4, count4, coords3, level3), VKDML_ERROR_UNSUPPORTED,
                    "OutputCoordinatesTensor.DimensionCount is 3", "4_0");
    EXPECT_REJECTED(NonzeroCoordinates(in4, count4, coords6, level3), VKDML_ERROR_UNSUPPORTED,
                    "OutputCoordinatesTensor.DimensionCount is 6", "4_0");
    for (const TensorDesc* in : {&in3, &in4, &in6})
        for (const TensorDesc* count : {&count1, &count4, &count8})
            for (const TensorDesc* coords : {&coords2, &coords3, &coords6}) {
                r = NonzeroCoordinates(*in, *count, *coords, level4);
                EXPECT_EQ(r.status, VKDML_SUCCESS) << r.message;
            }
    // The types are the same at both levels: 64-bit data stays invalid, the outputs UINT32.
    TensorDesc in64(I64, {1, 1, 2, 4}), countI(I32, {1, 1, 1, 1});
    EXPECT_REJECTED(NonzeroCoordinates(in64, count4, coords4, level3), VKDML_ERROR_INVALID_ARGUMENT,
                    "InputTensor.DataType is INT64", "at DML_FEATURE_LEVEL_3_0");
    EXPECT_REJECTED(NonzeroCoordinates(in4, countI, coords4, level3), VKDML_ERROR_INVALID_ARGUMENT,
                    "OutputCountTensor.DataType is INT32", "supports UINT32");
    TensorDesc in8(DML_TENSOR_DATA_TYPE_INT8, {1, 1, 2, 4}), in16(F16, {1, 1, 2, 4});
    r = NonzeroCoordinates(in8, count4, coords4, level3);
    EXPECT_EQ(r.status, VKDML_SUCCESS) << r.message;
    r = NonzeroCoordinates(in16, count4, coords4, level3);
    EXPECT_EQ(r.status, VKDML_SUCCESS) << r.message;
}

// ---- UNFOLD ----

constexpr const char* kUnfold = "DML_OPERATOR_UNFOLD";

// A valid UNFOLD by default: {N 1, C 2, 5 x 4} with a 2 x 3 window, stride and dilation 1, no padding: 4 x 2 blocks,
// so the output is {N 1, C x 6 = 12, 8}. Tests change one thing at a time.
struct UnfoldCase {
    DML_TENSOR_DATA_TYPE inType = F32, outType = F32;
    std::vector<uint32_t> inSizes{1, 2, 5, 4}, inStrides, outSizes{1, 12, 8};
    uint32_t dimensionCount = 2;
    std::vector<uint32_t> window{2, 3}, strides{1, 1}, dilations{1, 1}, start{0, 0}, end{0, 0};
    int nullArray = -1;   // 0..4: leave WindowSizes, Strides, Dilations, StartPadding or EndPadding NULL
    // FOLD, UNFOLD's inverse, over the same windows: the image (inType, inSizes, inStrides) is then its OutputTensor
    // and the columns (outType, outSizes) its InputTensor.
    bool fold = false;

    template <typename F>
    auto WithDesc(F use) const {
        TensorDesc image(inType, inSizes, inStrides), columns(outType, outSizes);
        const UINT* arrays[5] = {window.data(), strides.data(), dilations.data(), start.data(), end.data()};
        if (nullArray >= 0) arrays[nullArray] = nullptr;
        DML_UNFOLD_OPERATOR_DESC u{image.Get(), columns.Get(), dimensionCount, arrays[0], arrays[1], arrays[2],
                                   arrays[3], arrays[4]};
        DML_FOLD_OPERATOR_DESC f{columns.Get(), image.Get(), dimensionCount, arrays[0], arrays[1], arrays[2],
                                 arrays[3], arrays[4]};
        return fold ? use(DML_OPERATOR_DESC{DML_OPERATOR_FOLD, &f}) : use(DML_OPERATOR_DESC{DML_OPERATOR_UNFOLD, &u});
    }
    vkdml_test::CreateResult Create(VkdmlDevice device = nullptr) const {
        return WithDesc([&](const DML_OPERATOR_DESC& desc) { return TryCreate(desc, device); });
    }
    // The compiled operator's TemporaryResourceSize on the shared device (a failing create or compile fails the test).
    uint64_t TemporaryResourceSize() const {
        return WithDesc([](const DML_OPERATOR_DESC& desc) {
            VkdmlDevice device = vkdml_test::SharedDevice();
            VkdmlOperator op = nullptr;
            VkdmlCompiledOperator compiled = nullptr;
            DML_BINDING_PROPERTIES p{};
            EXPECT_EQ(vkdmlCreateOperator(device, &desc, &op), VKDML_SUCCESS) << vkdmlGetLastErrorMessage();
            if (op) EXPECT_EQ(vkdmlCompileOperator(device, op, DML_EXECUTION_FLAG_NONE, &compiled), VKDML_SUCCESS)
                << vkdmlGetLastErrorMessage();
            if (compiled) EXPECT_EQ(vkdmlGetBindingProperties(compiled, &p), VKDML_SUCCESS);
            EXPECT_EQ(p.PersistentResourceSize, 0u);
            vkdmlRelease(compiled, nullptr);
            vkdmlRelease(op, nullptr);
            return p.TemporaryResourceSize;
        });
    }
};

#define EXPECT_CREATES(c)                                                  \
    do {                                                                   \
        auto r_ = (c).Create();                                            \
        EXPECT_EQ(r_.status, VKDML_SUCCESS) << r_.message;                 \
    } while (0)

TEST(UnfoldRules, ValidDescsCreate) {
    EXPECT_CREATES(UnfoldCase{});
    // Strides, dilations and padding together: B0 = (7 + 1 + 2 - 2 x 2 - 1) / 2 + 1 = 3,
    // B1 = (6 + 0 + 1 - 1 - 1) / 3 + 1 = 2; C x K = 1 x 6.
    UnfoldCase c;
    c.inSizes = {1, 1, 7, 6}, c.window = {3, 2}, c.strides = {2, 3}, c.dilations = {2, 1}, c.start = {1, 0},
    c.end = {2, 1}, c.outSizes = {1, 6, 6};
    EXPECT_CREATES(c);
    // One spatial dimension; strided input.
    UnfoldCase one;
    one.dimensionCount = 1, one.inSizes = {3, 2, 9}, one.window = {4}, one.strides = {5}, one.dilations = {1},
    one.start = {0}, one.end = {0}, one.outSizes = {3, 8, 2};
    EXPECT_CREATES(one);
    one.inStrides = {40, 20, 2};
    EXPECT_CREATES(one);
}

TEST(UnfoldRules, DimensionCountMustBeOneToSix) {
    UnfoldCase c;
    // Arrays as long as the count claims (a caller's), though the count is refused before any is read.
    for (auto* a : {&c.window, &c.strides, &c.dilations, &c.start, &c.end}) a->resize(8, 1);
    c.dimensionCount = 0;
    EXPECT_REJECTED(c.Create(), VKDML_ERROR_INVALID_ARGUMENT, kUnfold, "DimensionCount is 0", "[1, 6]");
    c.dimensionCount = 7;
    EXPECT_REJECTED(c.Create(), VKDML_ERROR_INVALID_ARGUMENT, kUnfold, "DimensionCount is 7", "[1, 6]");
}

TEST(UnfoldRules, ArraysMustBeSet) {
    const char* names[5] = {"WindowSizes is NULL", "Strides is NULL", "Dilations is NULL", "StartPadding is NULL",
                            "EndPadding is NULL"};
    for (int i = 0; i < 5; ++i) {
        UnfoldCase c;
        c.nullArray = i;
        EXPECT_REJECTED(c.Create(), VKDML_ERROR_INVALID_ARGUMENT, kUnfold, names[i], "DimensionCount values");
    }
}

TEST(UnfoldRules, WindowSizesStridesAndDilationsAreAtLeastOne) {
    UnfoldCase c;
    c.window[1] = 0;
    EXPECT_REJECTED(c.Create(), VKDML_ERROR_INVALID_ARGUMENT, kUnfold, "WindowSizes[1] is 0", "at least 1");
    c = UnfoldCase{};
    c.strides[0] = 0;
    EXPECT_REJECTED(c.Create(), VKDML_ERROR_INVALID_ARGUMENT, kUnfold, "Strides[0] is 0", "at least 1");
    c = UnfoldCase{};
    c.dilations[1] = 0;
    EXPECT_REJECTED(c.Create(), VKDML_ERROR_INVALID_ARGUMENT, kUnfold, "Dilations[1] is 0", "at least 1");
    // Padding of 0 is the default, not an error.
    EXPECT_CREATES(UnfoldCase{});
}

TEST(UnfoldRules, InputNeedsDimensionCountPlusTwoDimensions) {
    UnfoldCase c;
    c.inSizes = {1, 5, 4};   // no room for N and C besides two spatial dimensions
    EXPECT_REJECTED(c.Create(), VKDML_ERROR_INVALID_ARGUMENT, kUnfold, "InputTensor has 3 dimensions",
                    "DimensionCount + 2 = 4");
    c = UnfoldCase{};
    c.dimensionCount = 3, c.window = {1, 2, 3}, c.strides = c.dilations = {1, 1, 1}, c.start = c.end = {0, 0, 0};
    EXPECT_REJECTED(c.Create(), VKDML_ERROR_INVALID_ARGUMENT, kUnfold, "InputTensor has 4 dimensions",
                    "DimensionCount + 2 = 5");
}

TEST(UnfoldRules, LeadingSizesMustBeOne) {
    UnfoldCase c;
    c.inSizes = {2, 1, 2, 5, 4};
    EXPECT_REJECTED(c.Create(), VKDML_ERROR_INVALID_ARGUMENT, kUnfold, "InputTensor.Sizes[0] is 2",
                    "the sizes before {N, C, spatial dimensions} must be 1");
    c = UnfoldCase{};
    c.outSizes = {1, 3, 1, 12, 8};
    EXPECT_REJECTED(c.Create(), VKDML_ERROR_INVALID_ARGUMENT, kUnfold, "OutputTensor.Sizes[1] is 3",
                    "the sizes before {N, C x prod(WindowSizes), BlockCount} must be 1");
}

// DirectML's page asks for equal DimensionCounts, its examples unfold 4-D to 3-D: both are accepted.
TEST(UnfoldRules, EitherTensorMayHaveLeadingOnes) {
    UnfoldCase c;   // 4-D input, 3-D output
    EXPECT_CREATES(c);
    c.outSizes = {1, 1, 12, 8};   // 4-D both: {1, N, C x K, L}
    EXPECT_CREATES(c);
    c.inSizes = {3, 2, 5, 4}, c.outSizes = {1, 3, 12, 8};   // N is not 1: it moves with the output's rank
    EXPECT_CREATES(c);
    c.inSizes = {1, 1, 1, 2, 5, 4}, c.outSizes = {1, 12, 8};
    EXPECT_CREATES(c);
    c.outSizes = {1, 1, 1, 1, 1, 1, 12, 8};
    EXPECT_CREATES(c);
}

TEST(UnfoldRules, WindowMustFitThePaddedInput) {
    UnfoldCase c;
    c.window = {6, 3};
    EXPECT_REJECTED(c.Create(), VKDML_ERROR_INVALID_ARGUMENT, kUnfold, "along spatial dimension 0",
                    "WindowSizes[0] - 1) + 1 = 6 elements",
                    "InputTensor.Sizes[2] + StartPadding[0] + EndPadding[0] = 5");
    // Dilation widens the window: 2 x (3 - 1) + 1 = 5 columns over 4.
    c = UnfoldCase{};
    c.dilations = {1, 2};
    EXPECT_REJECTED(c.Create(), VKDML_ERROR_INVALID_ARGUMENT, kUnfold, "along spatial dimension 1",
                    "Dilations[1] x (WindowSizes[1] - 1) + 1 = 5 elements",
                    "InputTensor.Sizes[3] + StartPadding[1] + EndPadding[1] = 4");
    // With one column of padding it fits once: 4 x 1 blocks.
    c.end = {0, 1}, c.outSizes = {1, 12, 4};
    EXPECT_CREATES(c);
    // The padding counts on either side: a 7-wide window over 5 rows padded by 1 and 1.
    c = UnfoldCase{};
    c.window = {7, 3}, c.start = {1, 0}, c.end = {1, 0}, c.outSizes = {1, 42, 2};
    EXPECT_CREATES(c);
    c.end = {0, 0};
    EXPECT_REJECTED(c.Create(), VKDML_ERROR_INVALID_ARGUMENT, kUnfold, "= 7 elements", "EndPadding[0] = 6");
}

TEST(UnfoldRules, OutputSizesFollowTheWindows) {
    UnfoldCase c;
    c.inSizes = {3, 2, 5, 4};   // N = 3
    EXPECT_REJECTED(c.Create(), VKDML_ERROR_INVALID_ARGUMENT, kUnfold, "OutputTensor.Sizes[0] is 1",
                    "InputTensor's N = 3");
    c = UnfoldCase{};
    c.outSizes = {1, 6, 8};
    EXPECT_REJECTED(c.Create(), VKDML_ERROR_INVALID_ARGUMENT, kUnfold, "OutputTensor.Sizes[1] is 6",
                    "C x prod(WindowSizes) = 12");
    c.outSizes = {1, 12, 9};
    EXPECT_REJECTED(c.Create(), VKDML_ERROR_INVALID_ARGUMENT, kUnfold, "OutputTensor.Sizes[2] is 9",
                    "BlockCount = prod(BlocksPerDimension) = 8");
    // Indices count in the output's own rank.
    c.outSizes = {1, 1, 12, 9};
    EXPECT_REJECTED(c.Create(), VKDML_ERROR_INVALID_ARGUMENT, kUnfold, "OutputTensor.Sizes[3] is 9", "= 8");
    // Strides: (5 - 2) / 2 + 1 = 2 rows of blocks, not 4.
    c = UnfoldCase{};
    c.strides = {2, 1};
    EXPECT_REJECTED(c.Create(), VKDML_ERROR_INVALID_ARGUMENT, kUnfold, "OutputTensor.Sizes[2] is 8", "= 4");
    c.outSizes = {1, 12, 4};
    EXPECT_CREATES(c);
    // The padded example of ValidDescsCreate, one block off.
    UnfoldCase p;
    p.inSizes = {1, 1, 7, 6}, p.window = {3, 2}, p.strides = {2, 3}, p.dilations = {2, 1}, p.start = {1, 0},
    p.end = {2, 1}, p.outSizes = {1, 6, 7};
    EXPECT_REJECTED(p.Create(), VKDML_ERROR_INVALID_ARGUMENT, kUnfold, "OutputTensor.Sizes[2] is 7", "= 6");
}

TEST(UnfoldRules, DataTypesMustMatch) {
    UnfoldCase c;
    c.outType = F16;
    EXPECT_REJECTED(c.Create(), VKDML_ERROR_INVALID_ARGUMENT, kUnfold, "OutputTensor.DataType is FLOAT16",
                    "InputTensor.DataType is FLOAT32", "must be the same");
    c.inType = I64, c.outType = DML_TENSOR_DATA_TYPE_UINT64;
    EXPECT_REJECTED(c.Create(), VKDML_ERROR_INVALID_ARGUMENT, kUnfold, "OutputTensor.DataType is UINT64",
                    "InputTensor.DataType is INT64");
}

TEST(UnfoldRules, EveryDataTypeIsAccepted) {
    for (DML_TENSOR_DATA_TYPE type :
         {DML_TENSOR_DATA_TYPE_FLOAT64, F32, F16, I64, I32, DML_TENSOR_DATA_TYPE_INT16, DML_TENSOR_DATA_TYPE_INT8,
          DML_TENSOR_DATA_TYPE_UINT64, U32, DML_TENSOR_DATA_TYPE_UINT16, DML_TENSOR_DATA_TYPE_UINT8}) {
        UnfoldCase c;
        c.inType = c.outType = type;
        auto r = c.Create();
        EXPECT_EQ(r.status, VKDML_SUCCESS) << "data type " << type << ": " << r.message;
    }
}

TEST(UnfoldRules, TensorsTakeThreeToEightDimensions) {
    UnfoldCase c;
    c.dimensionCount = 1, c.window = {2}, c.strides = c.dilations = {1}, c.start = c.end = {0};
    c.inSizes = {2, 5}, c.outSizes = {1, 2, 4};   // {C, S} is no UNFOLD input at any level
    EXPECT_REJECTED(c.Create(), VKDML_ERROR_INVALID_ARGUMENT, kUnfold, "InputTensor.DimensionCount is 2",
                    "InputTensor supports 3 to 8 dimensions");
    c.inSizes = {1, 2, 5}, c.outSizes = {4, 4};
    EXPECT_REJECTED(c.Create(), VKDML_ERROR_INVALID_ARGUMENT, kUnfold, "OutputTensor.DimensionCount is 2",
                    "OutputTensor supports 3 to 8 dimensions");
    // Nine: past every tensor's limit.
    c.inSizes = {1, 1, 1, 1, 1, 1, 1, 2, 5}, c.outSizes = {1, 4, 4};
    EXPECT_REJECTED(c.Create(), VKDML_ERROR_INVALID_ARGUMENT, kUnfold, "InputTensor.DimensionCount", "1 to 8");
    c.inSizes = {1, 2, 5}, c.outSizes = {1, 1, 1, 1, 1, 1, 1, 4, 4};
    EXPECT_REJECTED(c.Create(), VKDML_ERROR_INVALID_ARGUMENT, kUnfold, "OutputTensor.DimensionCount", "1 to 8");
    // Three and eight: six spatial dimensions of 3 with a window of 2 are 2^6 blocks of 2 x 2^6 rows.
    c.inSizes = {1, 2, 5}, c.outSizes = {1, 4, 4};
    EXPECT_CREATES(c);
    UnfoldCase six;
    six.dimensionCount = 6, six.window = std::vector<uint32_t>(6, 2), six.strides = six.dilations = {1, 1, 1, 1, 1, 1};
    six.start = six.end = std::vector<uint32_t>(6, 0);
    six.inSizes = {1, 2, 3, 3, 3, 3, 3, 3}, six.outSizes = {1, 128, 64};
    EXPECT_CREATES(six);
    six.outSizes = {1, 1, 1, 1, 1, 1, 128, 64};
    EXPECT_CREATES(six);
}

TEST(UnfoldRules, NullTensorsAreInvalid) {
    TensorDesc in(F32, {1, 2, 5, 4}), out(F32, {1, 12, 8});
    const uint32_t window[] = {2, 3}, ones[] = {1, 1}, zeros[] = {0, 0};
    DML_UNFOLD_OPERATOR_DESC d{nullptr, out.Get(), 2, window, ones, ones, zeros, zeros};
    EXPECT_REJECTED(TryCreate({DML_OPERATOR_UNFOLD, &d}), VKDML_ERROR_INVALID_ARGUMENT, kUnfold, "InputTensor is NULL");
    d.InputTensor = in.Get(), d.OutputTensor = nullptr;
    EXPECT_REJECTED(TryCreate({DML_OPERATOR_UNFOLD, &d}), VKDML_ERROR_INVALID_ARGUMENT, kUnfold,
                    "OutputTensor is NULL");
    d.OutputTensor = out.Get();
    EXPECT_EQ(TryCreate({DML_OPERATOR_UNFOLD, &d}).status, VKDML_SUCCESS);
}

// The padded copy of the input lives in the temporary resource: packed (whatever the input's strides), its byte size
// rounded up to a multiple of 4. Where no window reads padding there is no copy.
TEST(UnfoldRules, TemporaryResourceHoldsThePaddedInput) {
    UnfoldCase c;
    EXPECT_EQ(c.TemporaryResourceSize(), 0u);   // no padding
    c.start = {1, 0}, c.end = {1, 0}, c.outSizes = {1, 12, 12};   // {1, 2, 7, 4} FLOAT32: 56 x 4 bytes
    EXPECT_EQ(c.TemporaryResourceSize(), 224u);
    c.inStrides = {80, 40, 8, 2};   // a strided input: the copy is packed all the same
    EXPECT_EQ(c.TemporaryResourceSize(), 224u);
    c.inStrides = {}, c.inSizes = {1, 1, 1, 2, 5, 4};   // leading ones add nothing
    EXPECT_EQ(c.TemporaryResourceSize(), 224u);
    // Padding on one side of one dimension only: {1, 2, 5, 5}.
    c = UnfoldCase{};
    c.end = {0, 1}, c.outSizes = {1, 12, 12};
    EXPECT_EQ(c.TemporaryResourceSize(), 200u);
    // FLOAT16 {1, 1, 7, 5}: 70 bytes, rounded up to 72.
    c = UnfoldCase{};
    c.inType = c.outType = F16, c.inSizes = {1, 1, 5, 5}, c.window = {3, 3}, c.start = {1, 0}, c.end = {1, 0};
    c.outSizes = {1, 9, 15};
    EXPECT_EQ(c.TemporaryResourceSize(), 72u);
    // UINT8 {2, 3, 3 + 1, 2 + 2} (N and C kept): 96 bytes.
    c = UnfoldCase{};
    c.inType = c.outType = DML_TENSOR_DATA_TYPE_UINT8, c.inSizes = {2, 3, 3, 2}, c.window = {2, 2};
    c.start = {1, 1}, c.end = {0, 1}, c.outSizes = {2, 12, 9};
    EXPECT_EQ(c.TemporaryResourceSize(), 96u);
    // End padding that no window reaches: 5 rows padded to 6, windows of 3 at stride 2 end on row 4.
    c = UnfoldCase{};
    c.inSizes = {1, 1, 5, 5}, c.window = {3, 3}, c.strides = {2, 2}, c.end = {1, 1}, c.outSizes = {1, 9, 4};
    EXPECT_EQ(c.TemporaryResourceSize(), 0u);
    c.end = {2, 0}, c.outSizes = {1, 9, 6};   // ... but two rows: the third block reads rows 4, 5, 6
    EXPECT_EQ(c.TemporaryResourceSize(), 7u * 5 * 4);
}

// ---- FOLD: UNFOLD's rules with the roles swapped (src/validate/fold_unfold_rules.cpp) ----

constexpr const char* kFold = "DML_OPERATOR_FOLD";

UnfoldCase FoldCase() {
    UnfoldCase c;
    c.fold = true;
    return c;
}

TEST(FoldRules, ValidDescsCreate) {
    EXPECT_CREATES(FoldCase());
    UnfoldCase c = FoldCase();   // strides, dilations and padding: 3 x 2 blocks of 3 x 2 windows
    c.inSizes = {1, 1, 7, 6}, c.window = {3, 2}, c.strides = {2, 3}, c.dilations = {2, 1}, c.start = {1, 0},
    c.end = {2, 1}, c.outSizes = {1, 6, 6};
    EXPECT_CREATES(c);
    c.inStrides = {100, 100, 12, 2};   // a strided output image
    EXPECT_CREATES(c);
    UnfoldCase one = FoldCase();   // one spatial dimension, a 3-D image
    one.dimensionCount = 1, one.inSizes = {3, 2, 9}, one.window = {4}, one.strides = {5}, one.dilations = {1},
    one.start = {0}, one.end = {0}, one.outSizes = {3, 8, 2};
    EXPECT_CREATES(one);
    // Leading ones on either tensor.
    c = FoldCase();
    c.inSizes = {1, 1, 1, 2, 5, 4};
    EXPECT_CREATES(c);
    c.outSizes = {1, 1, 1, 12, 8};
    EXPECT_CREATES(c);
}

// The messages name FOLD's tensors: the image is OutputTensor, the columns InputTensor.
TEST(FoldRules, RulesNameFoldsTensors) {
    UnfoldCase c = FoldCase();
    c.inSizes = {2, 5, 4};
    EXPECT_REJECTED(c.Create(), VKDML_ERROR_INVALID_ARGUMENT, kFold, "OutputTensor has 3 dimensions",
                    "DimensionCount + 2 = 4");
    c = FoldCase();
    c.inSizes = {2, 1, 2, 5, 4};
    EXPECT_REJECTED(c.Create(), VKDML_ERROR_INVALID_ARGUMENT, kFold, "OutputTensor.Sizes[0] is 2",
                    "{N, C, spatial dimensions} must be 1");
    c = FoldCase();
    c.outSizes = {3, 1, 12, 8};
    EXPECT_REJECTED(c.Create(), VKDML_ERROR_INVALID_ARGUMENT, kFold, "InputTensor.Sizes[0] is 3",
                    "{N, C x prod(WindowSizes), BlockCount} must be 1");
    c = FoldCase();
    c.window = {6, 3};
    EXPECT_REJECTED(c.Create(), VKDML_ERROR_INVALID_ARGUMENT, kFold, "along spatial dimension 0",
                    "WindowSizes[0] - 1) + 1 = 6 elements",
                    "padded image's OutputTensor.Sizes[2] + StartPadding[0] + EndPadding[0] = 5");
    c = FoldCase();
    c.outSizes = {2, 12, 8};
    EXPECT_REJECTED(c.Create(), VKDML_ERROR_INVALID_ARGUMENT, kFold, "InputTensor.Sizes[0] is 2",
                    "OutputTensor's N = 1");
    c = FoldCase();
    c.outSizes = {1, 6, 8};
    EXPECT_REJECTED(c.Create(), VKDML_ERROR_INVALID_ARGUMENT, kFold, "InputTensor.Sizes[1] is 6",
                    "C x prod(WindowSizes) = 12");
    c.outSizes = {1, 12, 9};
    EXPECT_REJECTED(c.Create(), VKDML_ERROR_INVALID_ARGUMENT, kFold, "InputTensor.Sizes[2] is 9",
                    "BlockCount = prod(BlocksPerDimension) = 8");
    c = FoldCase();
    c.strides = {1, 0};
    EXPECT_REJECTED(c.Create(), VKDML_ERROR_INVALID_ARGUMENT, kFold, "Strides[1] is 0", "at least 1");
    c = FoldCase();
    c.nullArray = 2;
    EXPECT_REJECTED(c.Create(), VKDML_ERROR_INVALID_ARGUMENT, kFold, "Dilations is NULL", "DimensionCount values");
    c = FoldCase();
    c.dimensionCount = 7;
    EXPECT_REJECTED(c.Create(), VKDML_ERROR_INVALID_ARGUMENT, kFold, "DimensionCount is 7", "[1, 6]");
    c = FoldCase();
    c.inType = F16;
    EXPECT_REJECTED(c.Create(), VKDML_ERROR_INVALID_ARGUMENT, kFold, "DataType");
}

// FOLD adds: every type but FLOAT64, for which vkdml has no exact add (UNSUPPORTED, not INVALID_ARGUMENT).
TEST(FoldRules, EveryDataTypeButFloat64IsAccepted) {
    for (DML_TENSOR_DATA_TYPE type : {F32, F16, I64, I32, DML_TENSOR_DATA_TYPE_INT16, DML_TENSOR_DATA_TYPE_INT8,
                                      DML_TENSOR_DATA_TYPE_UINT64, U32, DML_TENSOR_DATA_TYPE_UINT16,
                                      DML_TENSOR_DATA_TYPE_UINT8}) {
        UnfoldCase c = FoldCase();
        c.inType = c.outType = type;
        auto r = c.Create();
        EXPECT_EQ(r.status, VKDML_SUCCESS) << "data type " << type << ": " << r.message;
    }
    UnfoldCase c = FoldCase();
    c.inType = c.outType = DML_TENSOR_DATA_TYPE_FLOAT64;
    EXPECT_REJECTED(c.Create(), VKDML_ERROR_UNSUPPORTED, kFold, "FLOAT64", "not implemented");
}

// FOLD writes its output directly (zeros, then a pass per window position): no temporary resource, padding or not.
TEST(FoldRules, NeedsNoTemporaryResource) {
    UnfoldCase c = FoldCase();
    EXPECT_EQ(c.TemporaryResourceSize(), 0u);
    c.start = {1, 0}, c.end = {1, 0}, c.outSizes = {1, 12, 12};
    EXPECT_EQ(c.TemporaryResourceSize(), 0u);
}

// Each window position is a pass (at least one dispatch): more than 4096 of them are refused when created.
TEST(FoldRules, WindowsOfMoreThan4096PositionsAreUnsupported) {
    UnfoldCase c = FoldCase();
    c.inSizes = {1, 1, 64, 64}, c.window = {64, 64}, c.outSizes = {1, 4096, 1};
    EXPECT_CREATES(c);
    c.inSizes = {1, 1, 65, 64}, c.window = {65, 64}, c.outSizes = {1, 4160, 1};
    EXPECT_REJECTED(c.Create(), VKDML_ERROR_UNSUPPORTED, kFold, "4160 positions", "at most 4096");
}

TEST_F(FeatureLevel, FoldIsIntroducedAtLevel6_4) {
    UnfoldCase c = FoldCase();
    EXPECT_REJECTED(c.Create(Level(DML_FEATURE_LEVEL_6_3)), VKDML_ERROR_UNSUPPORTED, kFold,
                    "introduced in DML_FEATURE_LEVEL_6_4");
    auto r = c.Create(Level(DML_FEATURE_LEVEL_6_4));
    EXPECT_EQ(r.status, VKDML_SUCCESS) << r.message;
}

TEST_F(FeatureLevel, UnfoldIsIntroducedAtLevel6_4) {
    UnfoldCase c;
    for (DML_FEATURE_LEVEL level : {DML_FEATURE_LEVEL_1_0, DML_FEATURE_LEVEL_4_1, DML_FEATURE_LEVEL_6_3})
        EXPECT_REJECTED(c.Create(Level(level)), VKDML_ERROR_UNSUPPORTED, kUnfold,
                        "introduced in DML_FEATURE_LEVEL_6_4", "this device runs DML_FEATURE_LEVEL_");
    EXPECT_REJECTED(c.Create(Level(DML_FEATURE_LEVEL_6_3)), VKDML_ERROR_UNSUPPORTED, "runs DML_FEATURE_LEVEL_6_3");
    auto r = c.Create(Level(DML_FEATURE_LEVEL_6_4));
    EXPECT_EQ(r.status, VKDML_SUCCESS) << r.message;
    // An invalid desc is still UNSUPPORTED below 6_4: the level is checked before the desc is read.
    c.outSizes = {1, 12, 9};
    EXPECT_REJECTED(c.Create(Level(DML_FEATURE_LEVEL_6_3)), VKDML_ERROR_UNSUPPORTED, "introduced in");
    EXPECT_REJECTED(c.Create(Level(DML_FEATURE_LEVEL_6_4)), VKDML_ERROR_INVALID_ARGUMENT, "OutputTensor.Sizes[2]");
}

}  // namespace
