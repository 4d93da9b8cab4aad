// Binding-time rules and the object model: counts, alignment, sizes, overlap and in-place, completeness before
// recording, reference counting, handles of the wrong kind, and feature-support queries.
#include "test_support.h"

#include <gtest/gtest.h>

#include <cstring>

using vkdml_test::SharedDevice;
using vkdml_test::TensorDesc;

namespace {

constexpr auto F32 = DML_TENSOR_DATA_TYPE_FLOAT32;

// A compiled IDENTITY (or JOIN of two) plus a binding table and buffers, released at the end.
struct Fixture {
    VkdmlDevice device = SharedDevice();
    TensorDesc in{F32, {4, 4}}, out{F32, {4, 4}};
    VkdmlOperator op = nullptr;
    VkdmlCompiledOperator compiled = nullptr;
    VkdmlBindingTable table = nullptr;
    VkBuffer buffer = VK_NULL_HANDLE;   // 4 KiB, for every binding

    explicit Fixture(const DML_OPERATOR_DESC* desc = nullptr) {
        DML_ELEMENT_WISE_IDENTITY_OPERATOR_DESC identity{in.Get(), out.Get(), nullptr};
        DML_OPERATOR_DESC identityDesc{DML_OPERATOR_ELEMENT_WISE_IDENTITY, &identity};
        EXPECT_EQ(vkdmlCreateOperator(device, desc ? desc : &identityDesc, &op), VKDML_SUCCESS) << vkdmlGetLastErrorMessage();
        EXPECT_EQ(vkdmlCompileOperator(device, op, DML_EXECUTION_FLAG_NONE, &compiled), VKDML_SUCCESS);
        DML_BINDING_TABLE_DESC tableDesc{compiled, VK_NULL_HANDLE, 0, 0};
        EXPECT_EQ(vkdmlCreateBindingTable(device, &tableDesc, &table), VKDML_SUCCESS);
        EXPECT_EQ(vkdmlCreateBuffer(device, 4096, &buffer), VKDML_SUCCESS);
    }
    ~Fixture() {
        vkdmlRelease(table, nullptr);
        vkdmlRelease(compiled, nullptr);
        vkdmlRelease(op, nullptr);
        vkdmlDestroyBuffer(device, buffer);
    }
    VKDML_STATUS BindIn(uint64_t offset, uint64_t size = 64) {
        DML_BUFFER_BINDING b{buffer, offset, size};
        DML_BINDING_DESC d{DML_BINDING_TYPE_BUFFER, &b};
        return vkdmlBindInputs(table, 1, &d);
    }
    VKDML_STATUS BindOut(uint64_t offset, uint64_t size = 64) {
        DML_BUFFER_BINDING b{buffer, offset, size};
        DML_BINDING_DESC d{DML_BINDING_TYPE_BUFFER, &b};
        return vkdmlBindOutputs(table, 1, &d);
    }
    std::string Message() const { return vkdmlGetLastErrorMessage(); }
};

TEST(BindingRules, CountMustMatchTheOperator) {
    Fixture f;
    DML_BUFFER_BINDING b{f.buffer, 0, 64};
    DML_BINDING_DESC d[2] = {{DML_BINDING_TYPE_BUFFER, &b}, {DML_BINDING_TYPE_BUFFER, &b}};
    EXPECT_EQ(vkdmlBindInputs(f.table, 2, d), VKDML_ERROR_INVALID_ARGUMENT);
    EXPECT_NE(f.Message().find("2 input bindings"), std::string::npos) << f.Message();
}

TEST(BindingRules, OffsetMustBeMultipleOf16) {
    Fixture f;
    EXPECT_EQ(f.BindIn(8), VKDML_ERROR_INVALID_ARGUMENT);
    EXPECT_NE(f.Message().find("Offset 8"), std::string::npos) << f.Message();
    EXPECT_EQ(f.BindIn(16), VKDML_SUCCESS);
}

TEST(BindingRules, GuaranteedBaseOffsetAlignmentAllowsSmallerMultiples) {
    TensorDesc in(F32, {4}), out(F32, {4});
    in.buffer.GuaranteedBaseOffsetAlignment = 4;
    DML_ELEMENT_WISE_IDENTITY_OPERATOR_DESC identity{in.Get(), out.Get(), nullptr};
    DML_OPERATOR_DESC desc{DML_OPERATOR_ELEMENT_WISE_IDENTITY, &identity};
    Fixture f(&desc);
    EXPECT_EQ(f.BindIn(4, 16), VKDML_SUCCESS) << f.Message();
    EXPECT_EQ(f.BindIn(6, 16), VKDML_ERROR_INVALID_ARGUMENT);
}

// Kernels access whole 32-bit words: a 4-byte UINT8 tensor bound at offset 1 touches bytes 0..7. Buffers from
// vkdmlCreateBuffer are made a multiple of 4 bytes long, so even one that ends with the tensor (5 bytes here) holds
// that word: no validation message (VUID-VkDescriptorBufferInfo-range-00342), and only the tensor's bytes change.
TEST(BindingRules, SubWordTensorOffAWordWorksInABufferEndingWithIt) {
    for (uint64_t offset : {1u, 2u, 3u, 5u}) {
        SCOPED_TRACE(testing::Message() << "binding offset " << offset);
        TensorDesc in(DML_TENSOR_DATA_TYPE_UINT8, {2, 2}), out(DML_TENSOR_DATA_TYPE_UINT8, {2, 2}, {1, 2});
        in.buffer.GuaranteedBaseOffsetAlignment = out.buffer.GuaranteedBaseOffsetAlignment = 1;
        DML_ELEMENT_WISE_IDENTITY_OPERATOR_DESC identity{in.Get(), out.Get(), nullptr};
        vkdml_test::RunOptions options;
        options.bindingOffset = offset;
        options.guardBytes = 0;   // the buffers end with the tensors
        auto r = vkdml_test::RunOperator({DML_OPERATOR_ELEMENT_WISE_IDENTITY, &identity}, {{1, 2, 3, 4}},
                                         {{0, 0, 0, 0}}, options);
        ASSERT_EQ(r.status, VKDML_SUCCESS) << r.message;
        EXPECT_EQ(r.outputs[0], (std::vector<uint8_t>{1, 3, 2, 4}));   // out[i][j] at i + 2j = in[2i + j]
    }
}

TEST(BindingRules, SizeMustCoverTotalTensorSize) {
    Fixture f;
    EXPECT_EQ(f.BindIn(0, 60), VKDML_ERROR_INVALID_ARGUMENT);
    EXPECT_NE(f.Message().find("SizeInBytes 60"), std::string::npos) << f.Message();
}

TEST(BindingRules, BufferMustBeSet) {
    Fixture f;
    DML_BUFFER_BINDING b{VK_NULL_HANDLE, 0, 64};
    DML_BINDING_DESC d{DML_BINDING_TYPE_BUFFER, &b};
    EXPECT_EQ(vkdmlBindInputs(f.table, 1, &d), VKDML_ERROR_INVALID_ARGUMENT);
    EXPECT_NE(f.Message().find("Buffer"), std::string::npos) << f.Message();
}

TEST(BindingRules, TensorsTakeBufferBindings) {
    Fixture f;
    DML_BUFFER_ARRAY_BINDING array{0, nullptr};
    DML_BINDING_DESC d{DML_BINDING_TYPE_BUFFER_ARRAY, &array};
    EXPECT_EQ(vkdmlBindInputs(f.table, 1, &d), VKDML_ERROR_INVALID_ARGUMENT);
    EXPECT_NE(f.Message().find("DML_BINDING_TYPE_BUFFER"), std::string::npos) << f.Message();
}

TEST(BindingRules, OutputMayNotOverlapInputPartially) {
    Fixture f;
    ASSERT_EQ(f.BindIn(0), VKDML_SUCCESS);
    EXPECT_EQ(f.BindOut(32), VKDML_ERROR_INVALID_ARGUMENT);
    EXPECT_NE(f.Message().find("overlap"), std::string::npos) << f.Message();
    EXPECT_EQ(f.BindOut(64), VKDML_SUCCESS);
}

TEST(BindingRules, OutputsMayNotOverlapEachOther) {
    TensorDesc in(F32, {4}), a(F32, {2}), b(F32, {2});
    DML_TENSOR_DESC outs[] = {*a.Get(), *b.Get()};
    DML_SPLIT_OPERATOR_DESC split{in.Get(), 2, outs, 0};
    DML_OPERATOR_DESC desc{DML_OPERATOR_SPLIT, &split};
    Fixture f(&desc);
    DML_BUFFER_BINDING bs[2] = {{f.buffer, 0, 8}, {f.buffer, 0, 8}};
    DML_BINDING_DESC d[2] = {{DML_BINDING_TYPE_BUFFER, &bs[0]}, {DML_BINDING_TYPE_BUFFER, &bs[1]}};
    EXPECT_EQ(vkdmlBindOutputs(f.table, 2, d), VKDML_ERROR_INVALID_ARGUMENT);
    EXPECT_NE(f.Message().find("OutputTensors[0] and OutputTensors[1] overlap"), std::string::npos) << f.Message();
}

TEST(BindingRules, IdentityRunsInPlaceOnIdenticalRanges) {
    Fixture f;
    std::vector<float> values(16);
    for (int i = 0; i < 16; ++i) values[i] = float(i) * 1.5f;
    ASSERT_EQ(vkdmlWriteBuffer(f.device, f.buffer, 256, 64, values.data()), VKDML_SUCCESS);
    ASSERT_EQ(f.BindIn(256), VKDML_SUCCESS);
    ASSERT_EQ(f.BindOut(256), VKDML_SUCCESS) << f.Message();
    ASSERT_EQ(vkdmlExecute(f.device, f.compiled, f.table), VKDML_SUCCESS) << f.Message();
    std::vector<float> after(16);
    ASSERT_EQ(vkdmlReadBuffer(f.device, f.buffer, 256, 64, after.data()), VKDML_SUCCESS);
    EXPECT_EQ(after, values);
}

TEST(BindingRules, InPlaceNeedsTheSameLayout) {
    TensorDesc in(F32, {4, 4}), out(F32, {4, 4}, {1, 4});
    DML_ELEMENT_WISE_IDENTITY_OPERATOR_DESC identity{in.Get(), out.Get(), nullptr};
    DML_OPERATOR_DESC desc{DML_OPERATOR_ELEMENT_WISE_IDENTITY, &identity};
    Fixture f(&desc);
    ASSERT_EQ(f.BindIn(0), VKDML_SUCCESS);
    EXPECT_EQ(f.BindOut(0), VKDML_ERROR_INVALID_ARGUMENT);
}

TEST(BindingRules, FailedBindChangesNothing) {
    Fixture f;
    ASSERT_EQ(f.BindIn(0), VKDML_SUCCESS);
    ASSERT_EQ(f.BindOut(128), VKDML_SUCCESS);
    EXPECT_EQ(f.BindOut(32), VKDML_ERROR_INVALID_ARGUMENT);
    EXPECT_EQ(vkdmlExecute(f.device, f.compiled, f.table), VKDML_SUCCESS) << f.Message();
}

TEST(BindingRules, RecordingNeedsEveryTensorBound) {
    Fixture f;
    ASSERT_EQ(f.BindIn(0), VKDML_SUCCESS);
    EXPECT_EQ(vkdmlExecute(f.device, f.compiled, f.table), VKDML_ERROR_INVALID_STATE);
    EXPECT_NE(f.Message().find("OutputTensor is not bound"), std::string::npos) << f.Message();
    ASSERT_EQ(vkdmlBindInputs(f.table, 0, nullptr), VKDML_SUCCESS);   // unbind all
    ASSERT_EQ(f.BindOut(128), VKDML_SUCCESS);
    EXPECT_EQ(vkdmlExecute(f.device, f.compiled, f.table), VKDML_ERROR_INVALID_STATE);
    EXPECT_NE(f.Message().find("InputTensor is not bound"), std::string::npos) << f.Message();
}

TEST(BindingRules, TableBelongsToItsDispatchable) {
    Fixture a, b;
    ASSERT_EQ(a.BindIn(0), VKDML_SUCCESS);
    ASSERT_EQ(a.BindOut(128), VKDML_SUCCESS);
    EXPECT_EQ(vkdmlExecute(a.device, b.compiled, a.table), VKDML_ERROR_INVALID_ARGUMENT);
    EXPECT_NE(a.Message().find("another dispatchable"), std::string::npos) << a.Message();
}

TEST(BindingRules, BindingPropertiesCountDescriptors) {
    Fixture f;
    DML_BINDING_PROPERTIES p{};
    ASSERT_EQ(vkdmlGetBindingProperties(f.compiled, &p), VKDML_SUCCESS);
    EXPECT_EQ(p.RequiredDescriptorCount, 3u);   // one launch: parameters, output, input
    EXPECT_EQ(p.TemporaryResourceSize, 0u);
    EXPECT_EQ(p.PersistentResourceSize, 0u);
}

// ---- object model ----

TEST(ObjectModel, ChildrenKeepTheDeviceAlive) {
    VkdmlDevice device = vkdml_test::CreateDevice(DML_FEATURE_LEVEL_6_4);
    TensorDesc in(F32, {4}), out(F32, {4});
    DML_ELEMENT_WISE_IDENTITY_OPERATOR_DESC identity{in.Get(), out.Get(), nullptr};
    DML_OPERATOR_DESC desc{DML_OPERATOR_ELEMENT_WISE_IDENTITY, &identity};
    VkdmlOperator op = nullptr;
    ASSERT_EQ(vkdmlCreateOperator(device, &desc, &op), VKDML_SUCCESS);
    uint32_t count = 99;
    ASSERT_EQ(vkdmlRelease(device, &count), VKDML_SUCCESS);
    EXPECT_EQ(count, 1u);   // held by the operator
    VkdmlCompiledOperator compiled = nullptr;
    // The application's reference is gone, but the operator's device is still alive for it.
    EXPECT_EQ(vkdmlRelease(op, &count), VKDML_SUCCESS);
    EXPECT_EQ(count, 0u);
    (void)compiled;
}

TEST(ObjectModel, WrongHandleKindIsInvalid) {
    Fixture f;
    VkdmlCompiledOperator compiled = nullptr;
    EXPECT_EQ(vkdmlCompileOperator(f.device, reinterpret_cast<VkdmlOperator>(f.table), DML_EXECUTION_FLAG_NONE, &compiled),
              VKDML_ERROR_INVALID_ARGUMENT);
    EXPECT_NE(f.Message().find("not a live VkdmlOperator"), std::string::npos) << f.Message();
    EXPECT_EQ(compiled, nullptr);
    EXPECT_EQ(vkdmlCreateOperator(reinterpret_cast<VkdmlDevice>(f.op), nullptr, nullptr), VKDML_ERROR_INVALID_ARGUMENT);
}

TEST(ObjectModel, UnknownExecutionFlagsAreInvalid) {
    Fixture f;
    VkdmlCompiledOperator compiled = nullptr;
    EXPECT_EQ(vkdmlCompileOperator(f.device, f.op, DML_EXECUTION_FLAGS(0x100), &compiled), VKDML_ERROR_INVALID_ARGUMENT);
    EXPECT_NE(f.Message().find("flags"), std::string::npos) << f.Message();
}

TEST(ObjectModel, InitializerTakesCompiledOperatorsOnly) {
    Fixture f;
    VkdmlOperatorInitializer init = nullptr;
    VkdmlCompiledOperator notCompiled = reinterpret_cast<VkdmlCompiledOperator>(f.op);
    EXPECT_EQ(vkdmlCreateOperatorInitializer(f.device, 1, &notCompiled, &init), VKDML_ERROR_INVALID_ARGUMENT);
    ASSERT_EQ(vkdmlCreateOperatorInitializer(f.device, 0, nullptr, &init), VKDML_SUCCESS);
    EXPECT_EQ(vkdmlResetOperatorInitializer(init, 1, &f.compiled), VKDML_SUCCESS);
    DML_BINDING_PROPERTIES p{};
    EXPECT_EQ(vkdmlGetBindingProperties(init, &p), VKDML_SUCCESS);
    EXPECT_EQ(p.PersistentResourceSize, 0u);
    vkdmlRelease(init, nullptr);
}

TEST(ObjectModel, LastErrorIsPerCallAndClearedOnSuccess) {
    Fixture f;
    EXPECT_EQ(f.BindIn(8), VKDML_ERROR_INVALID_ARGUMENT);
    EXPECT_STRNE(vkdmlGetLastErrorMessage(), "");
    EXPECT_EQ(f.BindIn(0), VKDML_SUCCESS);
    EXPECT_STREQ(vkdmlGetLastErrorMessage(), "");
}

TEST(ObjectModel, StatusNamesAreDistinct) {
    EXPECT_STREQ(vkdmlStatusName(VKDML_ERROR_INVALID_ARGUMENT), "VKDML_ERROR_INVALID_ARGUMENT");
    EXPECT_STREQ(vkdmlStatusName(VKDML_ERROR_UNSUPPORTED), "VKDML_ERROR_UNSUPPORTED");
}

TEST(ObjectModel, CalcBufferTensorSizeMatchesDirectML) {
    uint32_t sizes[] = {2, 3, 5};
    EXPECT_EQ(vkdmlCalcBufferTensorSize(F32, 3, sizes, nullptr), 120u);
    EXPECT_EQ(vkdmlCalcBufferTensorSize(DML_TENSOR_DATA_TYPE_UINT8, 3, sizes, nullptr), 32u);   // 30 rounded up to 4
    uint32_t strides[] = {16, 5, 1};
    EXPECT_EQ(vkdmlCalcBufferTensorSize(DML_TENSOR_DATA_TYPE_FLOAT16, 3, sizes, strides), 64u);   // (16+10+4+1)*2 = 62
    EXPECT_EQ(vkdmlCalcBufferTensorSize(DML_TENSOR_DATA_TYPE_UNKNOWN, 3, sizes, nullptr), 0u);
}

// ---- feature support ----

TEST(FeatureSupport, EveryDataTypeButFourBitIsSupported) {
    for (int t = DML_TENSOR_DATA_TYPE_FLOAT32; t <= DML_TENSOR_DATA_TYPE_INT4; ++t) {
        DML_FEATURE_QUERY_TENSOR_DATA_TYPE_SUPPORT query{DML_TENSOR_DATA_TYPE(t)};
        DML_FEATURE_DATA_TENSOR_DATA_TYPE_SUPPORT support{};
        ASSERT_EQ(vkdmlCheckFeatureSupport(SharedDevice(), DML_FEATURE_TENSOR_DATA_TYPE_SUPPORT, sizeof query, &query,
                                           sizeof support, &support), VKDML_SUCCESS);
        bool fourBit = t == DML_TENSOR_DATA_TYPE_UINT4 || t == DML_TENSOR_DATA_TYPE_INT4;
        EXPECT_EQ(support.IsSupported, fourBit ? FALSE : TRUE) << "data type " << t;
    }
}

TEST(FeatureSupport, FeatureLevelsAnswerTheHighestRequested) {
    DML_FEATURE_LEVEL levels[] = {DML_FEATURE_LEVEL_1_0, DML_FEATURE_LEVEL_3_0, DML_FEATURE_LEVEL_4_1};
    DML_FEATURE_QUERY_FEATURE_LEVELS query{3, levels};
    DML_FEATURE_DATA_FEATURE_LEVELS support{};
    ASSERT_EQ(vkdmlCheckFeatureSupport(SharedDevice(), DML_FEATURE_FEATURE_LEVELS, sizeof query, &query, sizeof support,
                                       &support), VKDML_SUCCESS);
    EXPECT_EQ(support.MaxSupportedFeatureLevel, DML_FEATURE_LEVEL_4_1);
}

TEST(FeatureSupport, WrongSizesAreInvalidAndUnknownFeaturesUnsupported) {
    DML_FEATURE_QUERY_TENSOR_DATA_TYPE_SUPPORT query{F32};
    DML_FEATURE_DATA_TENSOR_DATA_TYPE_SUPPORT support{};
    EXPECT_EQ(vkdmlCheckFeatureSupport(SharedDevice(), DML_FEATURE_TENSOR_DATA_TYPE_SUPPORT, 2, &query, sizeof support,
                                       &support), VKDML_ERROR_INVALID_ARGUMENT);
    EXPECT_EQ(vkdmlCheckFeatureSupport(SharedDevice(), DML_FEATURE(7), sizeof query, &query, sizeof support, &support),
              VKDML_ERROR_UNSUPPORTED);
}

TEST(FeatureSupport, UnknownMinimumFeatureLevelIsInvalid) {
    VKDML_DEFAULT_DEVICE_DESC desc{};
    desc.physicalDeviceIndex = -1;
    desc.minimumFeatureLevel = DML_FEATURE_LEVEL(0x7000);
    VkdmlDevice device = nullptr;
    EXPECT_EQ(vkdmlCreateDefaultDevice(&desc, &device), VKDML_ERROR_INVALID_ARGUMENT);
    EXPECT_EQ(device, nullptr);
    EXPECT_NE(std::string(vkdmlGetLastErrorMessage()).find("minimumFeatureLevel"), std::string::npos);
}

}  // namespace
