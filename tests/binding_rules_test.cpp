// Binding-time rules and the object model: counts, alignment, sizes, overlap and in-place, completeness before
// recording, reference counting, handles of the wrong kind, and feature-support queries.
#include "test_support.h"

#include <gtest/gtest.h>

#include <cstdlib>
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

// ---- the temporary resource (NONZERO_COORDINATES: per-block counts shared by its passes) ----

constexpr auto U32 = DML_TENSOR_DATA_TYPE_UINT32;
constexpr uint8_t kFill = 0xA5;          // every byte of the buffers before a run
constexpr uint32_t kUnwritten = 0xCDCDCDCDu;   // coordinate rows past the count keep it

// A compiled NONZERO_COORDINATES over FLOAT32 {1, 1, 2, 4} and a table for it. Its tensors live in `buffer` at
// kIn/kCount/kCoords unless a test binds them elsewhere; `scratch` is a second 4 KiB buffer for temporary resources.
struct NonzeroFixture {
    static constexpr uint64_t kIn = 0, kCount = 256, kCoords = 512, kTemporary = 1024, kBufferBytes = 4096;
    VkdmlDevice device;
    TensorDesc in{F32, {1, 1, 2, 4}}, count{U32, {1, 1, 1, 1}}, coords{U32, {1, 1, 8, 2}};
    VkdmlOperator op = nullptr;
    VkdmlCompiledOperator compiled = nullptr;
    VkdmlBindingTable table = nullptr;
    VkBuffer buffer = VK_NULL_HANDLE, scratch = VK_NULL_HANDLE;
    DML_BINDING_PROPERTIES properties{};

    explicit NonzeroFixture(VkdmlDevice onDevice = SharedDevice(), DML_EXECUTION_FLAGS flags = DML_EXECUTION_FLAG_NONE)
        : device(onDevice) {
        DML_NONZERO_COORDINATES_OPERATOR_DESC d{in.Get(), count.Get(), coords.Get()};
        DML_OPERATOR_DESC desc{DML_OPERATOR_NONZERO_COORDINATES, &d};
        EXPECT_EQ(vkdmlCreateOperator(device, &desc, &op), VKDML_SUCCESS) << vkdmlGetLastErrorMessage();
        EXPECT_EQ(vkdmlCompileOperator(device, op, flags, &compiled), VKDML_SUCCESS)
            << vkdmlGetLastErrorMessage();
        DML_BINDING_TABLE_DESC tableDesc{compiled, VK_NULL_HANDLE, 0, 0};
        EXPECT_EQ(vkdmlCreateBindingTable(device, &tableDesc, &table), VKDML_SUCCESS) << vkdmlGetLastErrorMessage();
        EXPECT_EQ(vkdmlGetBindingProperties(compiled, &properties), VKDML_SUCCESS);
        EXPECT_EQ(vkdmlCreateBuffer(device, kBufferBytes, &buffer), VKDML_SUCCESS);
        EXPECT_EQ(vkdmlCreateBuffer(device, kBufferBytes, &scratch), VKDML_SUCCESS);
        Fill();
    }
    ~NonzeroFixture() {
        vkdmlRelease(table, nullptr);
        vkdmlRelease(compiled, nullptr);
        vkdmlRelease(op, nullptr);
        vkdmlDestroyBuffer(device, buffer);
        vkdmlDestroyBuffer(device, scratch);
    }
    uint64_t TemporarySize() const { return properties.TemporaryResourceSize; }
    std::string Message() const { return vkdmlGetLastErrorMessage(); }

    // Both buffers kFill throughout, the input at `inOffset`, the outputs' ranges kUnwritten.
    void Fill(uint64_t inOffset = kIn, uint64_t countOffset = kCount, uint64_t coordsOffset = kCoords,
              std::vector<float> input = {1.0f, 0.0f, 0.0f, 2.0f, -0.0f, 3.5f, 0.0f, -5.0f}) {
        std::vector<uint8_t> bytes(kBufferBytes, kFill);
        ASSERT_EQ(vkdmlWriteBuffer(device, buffer, 0, kBufferBytes, bytes.data()), VKDML_SUCCESS);
        ASSERT_EQ(vkdmlWriteBuffer(device, scratch, 0, kBufferBytes, bytes.data()), VKDML_SUCCESS);
        std::vector<uint32_t> unwritten(16, kUnwritten);
        ASSERT_EQ(vkdmlWriteBuffer(device, buffer, countOffset, 4, unwritten.data()), VKDML_SUCCESS);
        ASSERT_EQ(vkdmlWriteBuffer(device, buffer, coordsOffset, 64, unwritten.data()), VKDML_SUCCESS);
        ASSERT_EQ(vkdmlWriteBuffer(device, buffer, inOffset, 32, input.data()), VKDML_SUCCESS);
    }
    VKDML_STATUS BindInput(uint64_t offset = kIn) {
        DML_BUFFER_BINDING b{buffer, offset, in.Bytes()};
        DML_BINDING_DESC d{DML_BINDING_TYPE_BUFFER, &b};
        return vkdmlBindInputs(table, 1, &d);
    }
    VKDML_STATUS BindOutputs(uint64_t countOffset = kCount, uint64_t coordsOffset = kCoords) {
        DML_BUFFER_BINDING b[2] = {{buffer, countOffset, count.Bytes()}, {buffer, coordsOffset, coords.Bytes()}};
        DML_BINDING_DESC d[2] = {{DML_BINDING_TYPE_BUFFER, &b[0]}, {DML_BINDING_TYPE_BUFFER, &b[1]}};
        return vkdmlBindOutputs(table, 2, d);
    }
    void BindTensors() {
        ASSERT_EQ(BindInput(), VKDML_SUCCESS) << Message();
        ASSERT_EQ(BindOutputs(), VKDML_SUCCESS) << Message();
    }
    // size 0: exactly TemporaryResourceSize.
    VKDML_STATUS BindTemporary(VkBuffer target, uint64_t offset, uint64_t size = 0) {
        DML_BUFFER_BINDING b{target, offset, size ? size : TemporarySize()};
        DML_BINDING_DESC d{DML_BINDING_TYPE_BUFFER, &b};
        return vkdmlBindTemporaryResource(table, &d);
    }
    VKDML_STATUS BindTemporary(uint64_t offset = kTemporary) { return BindTemporary(buffer, offset); }

    // Runs the operator and checks the example's result (count 4; rows (0,0) (0,3) (1,1) (1,3), the rest untouched)
    // read from the outputs bound at countOffset/coordsOffset.
    void ExpectRunsCorrectly(uint64_t countOffset = kCount, uint64_t coordsOffset = kCoords) {
        ASSERT_EQ(vkdmlExecute(device, compiled, table), VKDML_SUCCESS) << Message();
        uint32_t n = 0;
        std::vector<uint32_t> rows(16);
        ASSERT_EQ(vkdmlReadBuffer(device, buffer, countOffset, 4, &n), VKDML_SUCCESS);
        ASSERT_EQ(vkdmlReadBuffer(device, buffer, coordsOffset, 64, rows.data()), VKDML_SUCCESS);
        EXPECT_EQ(n, 4u);
        const uint32_t x = kUnwritten;
        EXPECT_EQ(rows, (std::vector<uint32_t>{0, 0, 0, 3, 1, 1, 1, 3, x, x, x, x, x, x, x, x}));
    }
    // Execution refused for want of the temporary resource.
    void ExpectTemporaryMissing() {
        EXPECT_EQ(vkdmlExecute(device, compiled, table), VKDML_ERROR_INVALID_STATE);
        for (const char* part : {"DML_OPERATOR_NONZERO_COORDINATES", "temporary resource is not bound",
                                 "TemporaryResourceSize", "vkdmlBindTemporaryResource"})
            EXPECT_NE(Message().find(part), std::string::npos) << "\"" << Message() << "\" lacks \"" << part << "\"";
    }
};

#define EXPECT_REFUSED(call, f, ...)                                                                      \
    do {                                                                                                  \
        EXPECT_EQ((call), VKDML_ERROR_INVALID_ARGUMENT) << (f).Message();                                 \
        const std::string message_ = (f).Message();                                                       \
        for (const char* part : {__VA_ARGS__}) EXPECT_NE(message_.find(part), std::string::npos)          \
            << "message \"" << message_ << "\" should contain \"" << part << "\"";                        \
    } while (0)

TEST(TemporaryResource, SizeIsReportedForOperatorsThatNeedIt) {
    NonzeroFixture f;
    EXPECT_GT(f.properties.TemporaryResourceSize, 0u);
    EXPECT_EQ(f.properties.TemporaryResourceSize % 4, 0u);   // 32-bit words
    EXPECT_EQ(f.properties.PersistentResourceSize, 0u);
    EXPECT_GT(f.properties.RequiredDescriptorCount, 0u);
    Fixture identity;
    DML_BINDING_PROPERTIES p{};
    ASSERT_EQ(vkdmlGetBindingProperties(identity.compiled, &p), VKDML_SUCCESS);
    EXPECT_EQ(p.TemporaryResourceSize, 0u);
    EXPECT_EQ(p.PersistentResourceSize, 0u);
    // An initializer of the operator needs none of its own either.
    VkdmlOperatorInitializer init = nullptr;
    ASSERT_EQ(vkdmlCreateOperatorInitializer(f.device, 1, &f.compiled, &init), VKDML_SUCCESS);
    ASSERT_EQ(vkdmlGetBindingProperties(init, &p), VKDML_SUCCESS);
    EXPECT_EQ(p.TemporaryResourceSize, 0u);
    vkdmlRelease(init, nullptr);
}

TEST(TemporaryResource, BoundItGivesTheResult) {
    NonzeroFixture f;
    f.BindTensors();
    // In the tensors' buffer, past them.
    ASSERT_EQ(f.BindTemporary(), VKDML_SUCCESS) << f.Message();
    f.ExpectRunsCorrectly();
    // Only TemporaryResourceSize bytes of the binding are the operator's: the rest of the buffer keeps its bytes.
    std::vector<uint8_t> bytes(NonzeroFixture::kBufferBytes);
    ASSERT_EQ(vkdmlReadBuffer(f.device, f.buffer, 0, bytes.size(), bytes.data()), VKDML_SUCCESS);
    for (uint64_t k = NonzeroFixture::kTemporary + f.TemporarySize(); k < bytes.size(); ++k)
        ASSERT_EQ(bytes[k], kFill) << "byte " << k << " past the temporary resource changed";
    for (uint64_t k = 32; k < NonzeroFixture::kCount; ++k) ASSERT_EQ(bytes[k], kFill) << "byte " << k;
    // In a buffer of its own, at a later multiple of 256, with a larger SizeInBytes than needed.
    f.Fill();
    ASSERT_EQ(f.BindTemporary(f.scratch, 768, 1024), VKDML_SUCCESS) << f.Message();
    f.ExpectRunsCorrectly();
    ASSERT_EQ(vkdmlReadBuffer(f.device, f.scratch, 0, bytes.size(), bytes.data()), VKDML_SUCCESS);
    for (uint64_t k = 0; k < bytes.size(); ++k)
        if (k < 768 || k >= 768 + f.TemporarySize()) ASSERT_EQ(bytes[k], kFill) << "scratch byte " << k;
}

TEST(TemporaryResource, BoundBeforeTheTensorsWorksToo) {
    NonzeroFixture f;
    ASSERT_EQ(f.BindTemporary(f.scratch, 0), VKDML_SUCCESS) << f.Message();
    f.BindTensors();
    f.ExpectRunsCorrectly();
}

TEST(TemporaryResource, RunsAgainOnWhatThePreviousRunLeftInIt) {
    NonzeroFixture f;
    f.BindTensors();
    ASSERT_EQ(f.BindTemporary(), VKDML_SUCCESS) << f.Message();
    f.ExpectRunsCorrectly();
    // Another input, same bindings: the counts the first run stored are not taken for this one's.
    const std::vector<float> second = {0.0f, 0.0f, 7.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f};
    ASSERT_EQ(vkdmlWriteBuffer(f.device, f.buffer, NonzeroFixture::kIn, 32, second.data()), VKDML_SUCCESS);
    ASSERT_EQ(vkdmlExecute(f.device, f.compiled, f.table), VKDML_SUCCESS) << f.Message();
    uint32_t n = 99;
    std::vector<uint32_t> rows(2);
    ASSERT_EQ(vkdmlReadBuffer(f.device, f.buffer, NonzeroFixture::kCount, 4, &n), VKDML_SUCCESS);
    ASSERT_EQ(vkdmlReadBuffer(f.device, f.buffer, NonzeroFixture::kCoords, 8, rows.data()), VKDML_SUCCESS);
    EXPECT_EQ(n, 1u);
    EXPECT_EQ(rows, (std::vector<uint32_t>{0, 2}));
    // All zeros (and -0): a count of 0.
    const std::vector<float> zeros = {0.0f, -0.0f, 0.0f, -0.0f, 0.0f, 0.0f, -0.0f, 0.0f};
    ASSERT_EQ(vkdmlWriteBuffer(f.device, f.buffer, NonzeroFixture::kIn, 32, zeros.data()), VKDML_SUCCESS);
    ASSERT_EQ(vkdmlExecute(f.device, f.compiled, f.table), VKDML_SUCCESS) << f.Message();
    ASSERT_EQ(vkdmlReadBuffer(f.device, f.buffer, NonzeroFixture::kCount, 4, &n), VKDML_SUCCESS);
    EXPECT_EQ(n, 0u);
}

TEST(TemporaryResource, RecordingWithoutItIsInvalidState) {
    NonzeroFixture f;
    f.BindTensors();
    f.ExpectTemporaryMissing();
    // vkdmlRecordDispatch checks the same before touching the command buffer.
    VkdmlCommandRecorder recorder = nullptr;
    ASSERT_EQ(vkdmlCreateCommandRecorder(f.device, &recorder), VKDML_SUCCESS);
    if (vkdmlExecute(f.device, f.compiled, f.table) == VKDML_ERROR_INVALID_STATE) {   // else the fake would be used
        VkCommandBuffer notUsed = reinterpret_cast<VkCommandBuffer>(uintptr_t(0x1000));
        EXPECT_EQ(vkdmlRecordDispatch(recorder, notUsed, f.compiled, f.table), VKDML_ERROR_INVALID_STATE);
        EXPECT_NE(f.Message().find("temporary resource is not bound"), std::string::npos) << f.Message();
        EXPECT_NE(f.Message().find("vkdmlBindTemporaryResource"), std::string::npos) << f.Message();
    }
    vkdmlRelease(recorder, nullptr);
    // The tensors are checked first: an unbound output is named before the temporary resource.
    ASSERT_EQ(vkdmlBindOutputs(f.table, 0, nullptr), VKDML_SUCCESS);
    EXPECT_EQ(vkdmlExecute(f.device, f.compiled, f.table), VKDML_ERROR_INVALID_STATE);
    EXPECT_NE(f.Message().find("OutputCountTensor is not bound"), std::string::npos) << f.Message();
}

TEST(TemporaryResource, BindingRulesAreChecked) {
    NonzeroFixture f;
    f.BindTensors();
    const std::string shortSize = "SizeInBytes " + std::to_string(f.TemporarySize() - 4);
    const std::string needed = "less than the TemporaryResourceSize " + std::to_string(f.TemporarySize());
    // Offset: a multiple of DML_TEMPORARY_BUFFER_ALIGNMENT (256), not just of 16.
    EXPECT_REFUSED(f.BindTemporary(NonzeroFixture::kTemporary + 16), f, "vkdmlBindTemporaryResource",
                   "DML_OPERATOR_NONZERO_COORDINATES", "Offset 1040", "multiple of 256",
                   "DML_TEMPORARY_BUFFER_ALIGNMENT");
    EXPECT_REFUSED(f.BindTemporary(128), f, "Offset 128", "multiple of 256");
    // SizeInBytes at least TemporaryResourceSize.
    EXPECT_REFUSED(f.BindTemporary(f.buffer, NonzeroFixture::kTemporary, f.TemporarySize() - 4), f,
                   "vkdmlBindTemporaryResource", "DML_OPERATOR_NONZERO_COORDINATES",
                   shortSize.c_str(), needed.c_str());
    // Inside its buffer.
    EXPECT_REFUSED(f.BindTemporary(f.buffer, NonzeroFixture::kBufferBytes), f,
                   "DML_OPERATOR_NONZERO_COORDINATES", "temporary resource", "past the end of its 4096-byte buffer");
    EXPECT_REFUSED(f.BindTemporary(f.buffer, 0xFFFFFFFFFFFFFF00ull, 0x1000), f, "temporary resource", "overflows");
    // A buffer.
    EXPECT_REFUSED(f.BindTemporary(VK_NULL_HANDLE, NonzeroFixture::kTemporary), f, "vkdmlBindTemporaryResource",
                   "DML_OPERATOR_NONZERO_COORDINATES", "Buffer VK_NULL_HANDLE");
    DML_BINDING_DESC noDesc{DML_BINDING_TYPE_BUFFER, nullptr};
    EXPECT_REFUSED(vkdmlBindTemporaryResource(f.table, &noDesc), f, "vkdmlBindTemporaryResource",
                   "DML_OPERATOR_NONZERO_COORDINATES", "Desc is NULL");
    DML_BUFFER_BINDING one{f.buffer, NonzeroFixture::kTemporary, f.TemporarySize()};
    DML_BUFFER_ARRAY_BINDING array{1, &one};
    DML_BINDING_DESC arrayDesc{DML_BINDING_TYPE_BUFFER_ARRAY, &array};
    EXPECT_REFUSED(vkdmlBindTemporaryResource(f.table, &arrayDesc), f, "vkdmlBindTemporaryResource", "Type 2",
                   "DML_BINDING_TYPE_BUFFER");
    DML_BINDING_DESC unknownType{DML_BINDING_TYPE(7), &one};
    EXPECT_REFUSED(vkdmlBindTemporaryResource(f.table, &unknownType), f, "vkdmlBindTemporaryResource", "Type 7");
    // None of those bound anything: recording still wants the temporary resource.
    f.ExpectTemporaryMissing();
    // The boundaries themselves are fine: exactly TemporaryResourceSize; a range ending with the buffer.
    EXPECT_EQ(f.BindTemporary(f.scratch, 0), VKDML_SUCCESS) << f.Message();
    const uint64_t tail = (f.TemporarySize() + 255) / 256 * 256;
    EXPECT_EQ(f.BindTemporary(f.scratch, NonzeroFixture::kBufferBytes - tail, tail), VKDML_SUCCESS) << f.Message();
    f.ExpectRunsCorrectly();
}

TEST(TemporaryResource, FailedBindKeepsThePreviousOne) {
    NonzeroFixture f;
    f.BindTensors();
    ASSERT_EQ(f.BindTemporary(), VKDML_SUCCESS) << f.Message();
    DML_BUFFER_BINDING nullBuffer{VK_NULL_HANDLE, 0, 4096};
    DML_BINDING_DESC nullBufferDesc{DML_BINDING_TYPE_BUFFER, &nullBuffer}, noDesc{DML_BINDING_TYPE_BUFFER, nullptr};
    DML_BUFFER_ARRAY_BINDING array{1, &nullBuffer};
    DML_BINDING_DESC arrayDesc{DML_BINDING_TYPE_BUFFER_ARRAY, &array};
    EXPECT_EQ(f.BindTemporary(f.scratch, 16), VKDML_ERROR_INVALID_ARGUMENT);
    EXPECT_EQ(f.BindTemporary(f.scratch, 0, f.TemporarySize() - 4), VKDML_ERROR_INVALID_ARGUMENT);
    EXPECT_EQ(f.BindTemporary(f.scratch, NonzeroFixture::kBufferBytes), VKDML_ERROR_INVALID_ARGUMENT);   // past the end
    EXPECT_EQ(vkdmlBindTemporaryResource(f.table, &nullBufferDesc), VKDML_ERROR_INVALID_ARGUMENT);
    EXPECT_EQ(vkdmlBindTemporaryResource(f.table, &noDesc), VKDML_ERROR_INVALID_ARGUMENT);
    EXPECT_EQ(vkdmlBindTemporaryResource(f.table, &arrayDesc), VKDML_ERROR_INVALID_ARGUMENT);
    EXPECT_EQ(f.BindTemporary(NonzeroFixture::kIn), VKDML_ERROR_INVALID_ARGUMENT);       // overlaps the input
    EXPECT_EQ(f.BindTemporary(NonzeroFixture::kCoords), VKDML_ERROR_INVALID_ARGUMENT);   // overlaps the coordinates
    f.ExpectRunsCorrectly();
    // A tensor binding refused for overlapping the temporary resource leaves the tensor where it was, too.
    EXPECT_EQ(f.BindInput(NonzeroFixture::kTemporary), VKDML_ERROR_INVALID_ARGUMENT);
    f.Fill();
    f.ExpectRunsCorrectly();
}

TEST(TemporaryResource, MayNotOverlapATensorBoundBefore) {
    NonzeroFixture f;
    f.BindTensors();
    EXPECT_REFUSED(f.BindTemporary(NonzeroFixture::kIn), f, "DML_OPERATOR_NONZERO_COORDINATES",
                   "the bindings of the temporary resource and InputTensor overlap", "must not share memory");
    EXPECT_REFUSED(f.BindTemporary(NonzeroFixture::kCount), f,
                   "the bindings of the temporary resource and OutputCountTensor overlap");
    EXPECT_REFUSED(f.BindTemporary(NonzeroFixture::kCoords), f,
                   "the bindings of the temporary resource and OutputCoordinatesTensor overlap");
    // A partial overlap: the input bound over [240, 272) runs into a temporary resource at 256.
    ASSERT_EQ(f.BindOutputs(2048, 2304), VKDML_SUCCESS) << f.Message();
    ASSERT_EQ(f.BindInput(240), VKDML_SUCCESS) << f.Message();
    EXPECT_REFUSED(f.BindTemporary(256), f, "temporary resource and InputTensor overlap");
    // Adjacent is fine: the input over [224, 256), the temporary resource from 256 on.
    ASSERT_EQ(f.BindInput(224), VKDML_SUCCESS) << f.Message();
    ASSERT_EQ(f.BindTemporary(256), VKDML_SUCCESS) << f.Message();
    f.Fill(224, 2048, 2304);
    f.ExpectRunsCorrectly(2048, 2304);
    // The same offsets in another buffer do not overlap.
    f.Fill();
    ASSERT_EQ(f.BindTemporary(f.scratch, NonzeroFixture::kIn), VKDML_SUCCESS) << f.Message();
    ASSERT_EQ(f.BindInput(), VKDML_SUCCESS) << f.Message();
    ASSERT_EQ(f.BindOutputs(), VKDML_SUCCESS) << f.Message();
    f.ExpectRunsCorrectly();
}

TEST(TemporaryResource, TensorsMayNotOverlapItWhenBoundAfter) {
    NonzeroFixture f;
    ASSERT_EQ(f.BindTemporary(NonzeroFixture::kIn), VKDML_SUCCESS) << f.Message();   // nothing else bound yet
    EXPECT_REFUSED(f.BindInput(NonzeroFixture::kIn), f, "DML_OPERATOR_NONZERO_COORDINATES",
                   "the bindings of the temporary resource and InputTensor overlap");
    EXPECT_REFUSED(f.BindOutputs(NonzeroFixture::kIn, NonzeroFixture::kCoords), f,
                   "the bindings of the temporary resource and OutputCountTensor overlap");
    EXPECT_REFUSED(f.BindOutputs(2048, NonzeroFixture::kIn), f,
                   "the bindings of the temporary resource and OutputCoordinatesTensor overlap");
    // Nothing was bound by those: the tensors are still missing.
    EXPECT_EQ(vkdmlExecute(f.device, f.compiled, f.table), VKDML_ERROR_INVALID_STATE);
    EXPECT_NE(f.Message().find("InputTensor is not bound"), std::string::npos) << f.Message();
    // Bound clear of it, the operator runs.
    ASSERT_EQ(f.BindInput(NonzeroFixture::kTemporary), VKDML_SUCCESS) << f.Message();
    ASSERT_EQ(f.BindOutputs(2048, 2304), VKDML_SUCCESS) << f.Message();
    f.Fill(NonzeroFixture::kTemporary, 2048, 2304);
    f.ExpectRunsCorrectly(2048, 2304);
}

TEST(TemporaryResource, NoneOrNullUnbindsIt) {
    NonzeroFixture f;
    f.BindTensors();
    ASSERT_EQ(f.BindTemporary(), VKDML_SUCCESS) << f.Message();
    f.ExpectRunsCorrectly();
    DML_BINDING_DESC none{DML_BINDING_TYPE_NONE, nullptr};
    ASSERT_EQ(vkdmlBindTemporaryResource(f.table, &none), VKDML_SUCCESS) << f.Message();
    f.ExpectTemporaryMissing();
    ASSERT_EQ(f.BindTemporary(f.scratch, 512), VKDML_SUCCESS) << f.Message();
    f.Fill();
    f.ExpectRunsCorrectly();
    ASSERT_EQ(vkdmlBindTemporaryResource(f.table, nullptr), VKDML_SUCCESS) << f.Message();
    f.ExpectTemporaryMissing();
    // Unbound, it no longer counts for overlaps: a tensor may now take its place.
    ASSERT_EQ(f.BindTemporary(NonzeroFixture::kTemporary), VKDML_SUCCESS) << f.Message();
    EXPECT_EQ(f.BindInput(NonzeroFixture::kTemporary), VKDML_ERROR_INVALID_ARGUMENT);
    ASSERT_EQ(vkdmlBindTemporaryResource(f.table, &none), VKDML_SUCCESS) << f.Message();
    EXPECT_EQ(f.BindInput(NonzeroFixture::kTemporary), VKDML_SUCCESS) << f.Message();
}

TEST(TemporaryResource, ResetDropsIt) {
    NonzeroFixture f;
    f.BindTensors();
    ASSERT_EQ(f.BindTemporary(), VKDML_SUCCESS) << f.Message();
    f.ExpectRunsCorrectly();
    DML_BINDING_TABLE_DESC tableDesc{f.compiled, VK_NULL_HANDLE, 0, 0};
    ASSERT_EQ(vkdmlResetBindingTable(f.table, &tableDesc), VKDML_SUCCESS) << f.Message();
    f.BindTensors();
    f.ExpectTemporaryMissing();
    // The old range is free again: a tensor may be bound there.
    ASSERT_EQ(f.BindInput(NonzeroFixture::kTemporary), VKDML_SUCCESS) << f.Message();
    ASSERT_EQ(f.BindInput(), VKDML_SUCCESS) << f.Message();
    ASSERT_EQ(f.BindTemporary(), VKDML_SUCCESS) << f.Message();
    f.Fill();
    f.ExpectRunsCorrectly();
}

TEST(TemporaryResource, OperatorsThatNeedNoneAcceptAnyBinding) {
    Fixture f;   // IDENTITY: TemporaryResourceSize 0
    ASSERT_EQ(f.BindIn(0), VKDML_SUCCESS);
    ASSERT_EQ(f.BindOut(128), VKDML_SUCCESS);
    DML_BUFFER_BINDING overlapping{f.buffer, 8, 1};   // off any alignment, over the input, too small: unused
    DML_BINDING_DESC buffer{DML_BINDING_TYPE_BUFFER, &overlapping};
    EXPECT_EQ(vkdmlBindTemporaryResource(f.table, &buffer), VKDML_SUCCESS) << f.Message();
    DML_BUFFER_BINDING nullBuffer{VK_NULL_HANDLE, 0, 0};
    DML_BINDING_DESC nullBufferDesc{DML_BINDING_TYPE_BUFFER, &nullBuffer};
    EXPECT_EQ(vkdmlBindTemporaryResource(f.table, &nullBufferDesc), VKDML_SUCCESS) << f.Message();
    DML_BINDING_DESC none{DML_BINDING_TYPE_NONE, nullptr};
    EXPECT_EQ(vkdmlBindTemporaryResource(f.table, &none), VKDML_SUCCESS) << f.Message();
    EXPECT_EQ(vkdmlBindTemporaryResource(f.table, nullptr), VKDML_SUCCESS) << f.Message();
    // A BUFFER_ARRAY is refused as it always was.
    DML_BUFFER_ARRAY_BINDING array{0, nullptr};
    DML_BINDING_DESC arrayDesc{DML_BINDING_TYPE_BUFFER_ARRAY, &array};
    EXPECT_EQ(vkdmlBindTemporaryResource(f.table, &arrayDesc), VKDML_ERROR_INVALID_ARGUMENT);
    // Overlapping tensors with the unused binding is fine, and the run needs none.
    EXPECT_EQ(vkdmlBindTemporaryResource(f.table, &buffer), VKDML_SUCCESS) << f.Message();
    ASSERT_EQ(f.BindOut(64), VKDML_SUCCESS) << f.Message();
    EXPECT_EQ(vkdmlExecute(f.device, f.compiled, f.table), VKDML_SUCCESS) << f.Message();
    // The persistent resource: still none needed, any buffer accepted.
    EXPECT_EQ(vkdmlBindPersistentResource(f.table, &buffer), VKDML_SUCCESS) << f.Message();
    EXPECT_EQ(vkdmlBindPersistentResource(f.table, &none), VKDML_SUCCESS) << f.Message();
}

TEST(TemporaryResource, InitializerOfTheOperatorNeedsNone) {
    NonzeroFixture f;
    VkdmlOperatorInitializer init = nullptr;
    ASSERT_EQ(vkdmlCreateOperatorInitializer(f.device, 1, &f.compiled, &init), VKDML_SUCCESS);
    DML_BINDING_TABLE_DESC tableDesc{init, VK_NULL_HANDLE, 0, 0};
    VkdmlBindingTable table = nullptr;
    ASSERT_EQ(vkdmlCreateBindingTable(f.device, &tableDesc, &table), VKDML_SUCCESS) << f.Message();
    DML_BUFFER_BINDING b{f.scratch, 16, 4};
    DML_BINDING_DESC d{DML_BINDING_TYPE_BUFFER, &b};
    EXPECT_EQ(vkdmlBindTemporaryResource(table, &d), VKDML_SUCCESS) << f.Message();
    EXPECT_EQ(vkdmlBindTemporaryResource(table, nullptr), VKDML_SUCCESS) << f.Message();
    EXPECT_EQ(vkdmlExecute(f.device, init, table), VKDML_SUCCESS) << f.Message();
    vkdmlRelease(table, nullptr);
    vkdmlRelease(init, nullptr);
}

// Several lanes and workgroups (5000 elements): every word of the temporary resource is used, bound at an offset in the
// tensors' own buffer; nothing past TemporaryResourceSize bytes changes.
TEST(TemporaryResource, SeveralBlocksInASharedBuffer) {
    VkdmlDevice device = SharedDevice();
    constexpr uint32_t kElements = 5000;
    TensorDesc in(F32, {1, 1, 1, kElements}), count(U32, {1, 1, 1, 1}), coords(U32, {1, 1, kElements, 1});
    DML_NONZERO_COORDINATES_OPERATOR_DESC d{in.Get(), count.Get(), coords.Get()};
    DML_OPERATOR_DESC desc{DML_OPERATOR_NONZERO_COORDINATES, &d};
    VkdmlOperator op = nullptr;
    VkdmlCompiledOperator compiled = nullptr;
    VkdmlBindingTable table = nullptr;
    VkBuffer buffer = VK_NULL_HANDLE;
    ASSERT_EQ(vkdmlCreateOperator(device, &desc, &op), VKDML_SUCCESS) << vkdmlGetLastErrorMessage();
    ASSERT_EQ(vkdmlCompileOperator(device, op, DML_EXECUTION_FLAG_NONE, &compiled), VKDML_SUCCESS);
    DML_BINDING_TABLE_DESC tableDesc{compiled, VK_NULL_HANDLE, 0, 0};
    ASSERT_EQ(vkdmlCreateBindingTable(device, &tableDesc, &table), VKDML_SUCCESS);
    DML_BINDING_PROPERTIES p{};
    ASSERT_EQ(vkdmlGetBindingProperties(compiled, &p), VKDML_SUCCESS);
    DML_BINDING_PROPERTIES small{};
    {
        NonzeroFixture eight;
        small = eight.properties;
    }
    EXPECT_GT(p.TemporaryResourceSize, small.TemporaryResourceSize);   // more blocks, more words
    const uint64_t inOffset = 0, countOffset = 20480, coordsOffset = 20736, temporaryOffset = 40960;
    const uint64_t bytes = temporaryOffset + p.TemporaryResourceSize + 4096;
    ASSERT_EQ(vkdmlCreateBuffer(device, bytes, &buffer), VKDML_SUCCESS);
    std::vector<uint8_t> fill(bytes, kFill);
    ASSERT_EQ(vkdmlWriteBuffer(device, buffer, 0, bytes, fill.data()), VKDML_SUCCESS);
    std::vector<float> input(kElements, 0.0f);
    std::vector<uint32_t> expected;
    for (uint32_t i = 0; i < kElements; ++i)
        if (i % 7 == 0 || i == kElements - 1) {
            input[i] = float(i) - 2500.5f;
            expected.push_back(i);
        }
    ASSERT_EQ(vkdmlWriteBuffer(device, buffer, inOffset, in.Bytes(), input.data()), VKDML_SUCCESS);
    DML_BUFFER_BINDING inBinding{buffer, inOffset, in.Bytes()};
    DML_BUFFER_BINDING outBindings[2] = {{buffer, countOffset, count.Bytes()}, {buffer, coordsOffset, coords.Bytes()}};
    DML_BUFFER_BINDING temporary{buffer, temporaryOffset, p.TemporaryResourceSize};
    DML_BINDING_DESC inDesc{DML_BINDING_TYPE_BUFFER, &inBinding};
    DML_BINDING_DESC outDescs[2] = {{DML_BINDING_TYPE_BUFFER, &outBindings[0]}, {DML_BINDING_TYPE_BUFFER, &outBindings[1]}};
    DML_BINDING_DESC temporaryDesc{DML_BINDING_TYPE_BUFFER, &temporary};
    ASSERT_EQ(vkdmlBindInputs(table, 1, &inDesc), VKDML_SUCCESS) << vkdmlGetLastErrorMessage();
    ASSERT_EQ(vkdmlBindOutputs(table, 2, outDescs), VKDML_SUCCESS) << vkdmlGetLastErrorMessage();
    ASSERT_EQ(vkdmlBindTemporaryResource(table, &temporaryDesc), VKDML_SUCCESS) << vkdmlGetLastErrorMessage();
    ASSERT_EQ(vkdmlExecute(device, compiled, table), VKDML_SUCCESS) << vkdmlGetLastErrorMessage();
    std::vector<uint8_t> after(bytes);
    ASSERT_EQ(vkdmlReadBuffer(device, buffer, 0, bytes, after.data()), VKDML_SUCCESS);
    uint32_t n = 0;
    std::memcpy(&n, after.data() + countOffset, 4);
    EXPECT_EQ(n, uint32_t(expected.size()));
    std::vector<uint32_t> rows(expected.size());
    std::memcpy(rows.data(), after.data() + coordsOffset, rows.size() * 4);
    EXPECT_EQ(rows, expected);
    for (uint64_t k = coordsOffset + rows.size() * 4; k < temporaryOffset; ++k)
        ASSERT_EQ(after[k], kFill) << "byte " << k << " (unused coordinate rows or the gap) changed";
    for (uint64_t k = temporaryOffset + p.TemporaryResourceSize; k < bytes; ++k)
        ASSERT_EQ(after[k], kFill) << "byte " << k << " past the temporary resource changed";
    vkdmlRelease(table, nullptr);
    vkdmlRelease(compiled, nullptr);
    vkdmlRelease(op, nullptr);
    vkdmlDestroyBuffer(device, buffer);
}

// A device on which a copy of any length may become a transfer command (VKDML_MIN_TRANSFER_RUN_BYTES, read when a
// device is created, as the randomized_transfer tests set it): NONZERO_COORDINATES' copy of the total out of the
// temporary resource to OutputCountTensor is then a vkCmdCopyBuffer under VKDML_EXECUTION_FLAG_TRANSFER_COMMANDS.
VkdmlDevice DeviceWithShortTransfers() {
    const char* previous = std::getenv("VKDML_MIN_TRANSFER_RUN_BYTES");
    const std::string saved = previous ? previous : "";
    ::setenv("VKDML_MIN_TRANSFER_RUN_BYTES", "4", 1);
    VkdmlDevice device = vkdml_test::CreateDevice(DML_FEATURE_LEVEL(0));
    if (previous) ::setenv("VKDML_MIN_TRANSFER_RUN_BYTES", saved.c_str(), 1);
    else ::unsetenv("VKDML_MIN_TRANSFER_RUN_BYTES");
    return device;
}

// The transfer command that reads the temporary resource exists once it is bound last, as RunOperator binds it.
TEST(TemporaryResource, TransferCommandsSeeATemporaryBoundAfterTheTensors) {
    VkdmlDevice device = DeviceWithShortTransfers();
    ASSERT_NE(device, nullptr);
    {
        NonzeroFixture f(device, VKDML_EXECUTION_FLAG_TRANSFER_COMMANDS);
        f.BindTensors();
        ASSERT_EQ(f.BindTemporary(), VKDML_SUCCESS) << f.Message();
        f.ExpectRunsCorrectly();
    }
    vkdmlRelease(device, nullptr);
}

// ... and follows it when it is bound again elsewhere: the count is copied from the new binding, not the old one.
TEST(TemporaryResource, TransferCommandsFollowARebinding) {
    VkdmlDevice device = DeviceWithShortTransfers();
    ASSERT_NE(device, nullptr);
    {
        NonzeroFixture f(device, VKDML_EXECUTION_FLAG_TRANSFER_COMMANDS);
        ASSERT_EQ(f.BindTemporary(), VKDML_SUCCESS) << f.Message();
        f.BindTensors();
        f.ExpectRunsCorrectly();
        f.Fill();   // the old temporary range is all 0xA5 again
        ASSERT_EQ(f.BindTemporary(f.scratch, 256), VKDML_SUCCESS) << f.Message();
        f.ExpectRunsCorrectly();
    }
    vkdmlRelease(device, nullptr);
}

// ---- UNFOLD: where a window reads padding, the padded input is copied into the temporary resource first ----

// FLOAT32 {N 1, C 2, 3} unfolded by a window of 2 with dilation 2 over the input padded by one zero on each side:
// padded rows {0, 1, 2, 3, 0} and {0, 4, 5, 6, 0}, windows at 0, 1, 2 read elements b and b + 2.
struct UnfoldFixture {
    static constexpr uint64_t kIn = 0, kOut = 256, kTemporary = 512, kBufferBytes = 4096;
    VkdmlDevice device = SharedDevice();
    TensorDesc in{F32, {1, 2, 3}}, out{F32, {1, 4, 3}};
    VkdmlOperator op = nullptr;
    VkdmlCompiledOperator compiled = nullptr;
    VkdmlBindingTable table = nullptr;
    VkBuffer buffer = VK_NULL_HANDLE;
    DML_BINDING_PROPERTIES properties{};

    explicit UnfoldFixture(uint32_t padding = 1) {
        const uint32_t window[] = {2}, strides[] = {1}, dilations[] = {2}, pad[] = {padding};
        if (padding == 0) out = TensorDesc(F32, {1, 4, 1});   // one window, over the input itself
        DML_UNFOLD_OPERATOR_DESC d{in.Get(), out.Get(), 1, window, strides, dilations, pad, pad};
        DML_OPERATOR_DESC desc{DML_OPERATOR_UNFOLD, &d};
        EXPECT_EQ(vkdmlCreateOperator(device, &desc, &op), VKDML_SUCCESS) << vkdmlGetLastErrorMessage();
        EXPECT_EQ(vkdmlCompileOperator(device, op, DML_EXECUTION_FLAG_NONE, &compiled), VKDML_SUCCESS)
            << vkdmlGetLastErrorMessage();
        DML_BINDING_TABLE_DESC tableDesc{compiled, VK_NULL_HANDLE, 0, 0};
        EXPECT_EQ(vkdmlCreateBindingTable(device, &tableDesc, &table), VKDML_SUCCESS) << vkdmlGetLastErrorMessage();
        EXPECT_EQ(vkdmlGetBindingProperties(compiled, &properties), VKDML_SUCCESS);
        EXPECT_EQ(vkdmlCreateBuffer(device, kBufferBytes, &buffer), VKDML_SUCCESS);
        std::vector<uint8_t> fill(kBufferBytes, kFill);
        EXPECT_EQ(vkdmlWriteBuffer(device, buffer, 0, kBufferBytes, fill.data()), VKDML_SUCCESS);
        const std::vector<float> input = {1, 2, 3, 4, 5, 6};
        EXPECT_EQ(vkdmlWriteBuffer(device, buffer, kIn, 24, input.data()), VKDML_SUCCESS);
        DML_BUFFER_BINDING b[2] = {{buffer, kIn, in.Bytes()}, {buffer, kOut, out.Bytes()}};
        DML_BINDING_DESC bd[2] = {{DML_BINDING_TYPE_BUFFER, &b[0]}, {DML_BINDING_TYPE_BUFFER, &b[1]}};
        EXPECT_EQ(vkdmlBindInputs(table, 1, &bd[0]), VKDML_SUCCESS) << vkdmlGetLastErrorMessage();
        EXPECT_EQ(vkdmlBindOutputs(table, 1, &bd[1]), VKDML_SUCCESS) << vkdmlGetLastErrorMessage();
    }
    ~UnfoldFixture() {
        vkdmlRelease(table, nullptr);
        vkdmlRelease(compiled, nullptr);
        vkdmlRelease(op, nullptr);
        vkdmlDestroyBuffer(device, buffer);
    }
    std::string Message() const { return vkdmlGetLastErrorMessage(); }
    VKDML_STATUS BindTemporary() {
        DML_BUFFER_BINDING b{buffer, kTemporary, properties.TemporaryResourceSize};
        DML_BINDING_DESC d{DML_BINDING_TYPE_BUFFER, &b};
        return vkdmlBindTemporaryResource(table, &d);
    }
    std::vector<uint8_t> Buffer() const {
        std::vector<uint8_t> bytes(kBufferBytes);
        EXPECT_EQ(vkdmlReadBuffer(device, buffer, 0, kBufferBytes, bytes.data()), VKDML_SUCCESS);
        return bytes;
    }
    std::vector<float> Output() const {
        std::vector<float> values(out.Bytes() / 4);
        EXPECT_EQ(vkdmlReadBuffer(device, buffer, kOut, out.Bytes(), values.data()), VKDML_SUCCESS);
        return values;
    }
};

const std::vector<float> kUnfolded = {0, 1, 2,    // channel 0, window element 0: padded[b]
                                      2, 3, 0,    // channel 0, window element 1: padded[b + 2]
                                      0, 4, 5,    // channel 1
                                      5, 6, 0};

TEST(TemporaryResource, UnfoldWithPaddingNeedsIt) {
    UnfoldFixture f;
    EXPECT_EQ(f.properties.TemporaryResourceSize, 40u);   // the padded {1, 2, 5}
    EXPECT_EQ(vkdmlExecute(f.device, f.compiled, f.table), VKDML_ERROR_INVALID_STATE);
    for (const char* part : {"DML_OPERATOR_UNFOLD", "temporary resource is not bound", "TemporaryResourceSize",
                             "vkdmlBindTemporaryResource"})
        EXPECT_NE(f.Message().find(part), std::string::npos) << "\"" << f.Message() << "\" lacks \"" << part << "\"";
    // Nothing ran: the buffer holds the input and kFill.
    std::vector<uint8_t> untouched(UnfoldFixture::kBufferBytes, kFill);
    const std::vector<float> input = {1, 2, 3, 4, 5, 6};
    std::memcpy(untouched.data(), input.data(), 24);
    EXPECT_EQ(f.Buffer(), untouched);

    ASSERT_EQ(f.BindTemporary(), VKDML_SUCCESS) << f.Message();
    ASSERT_EQ(vkdmlExecute(f.device, f.compiled, f.table), VKDML_SUCCESS) << f.Message();
    EXPECT_EQ(f.Output(), kUnfolded);
    // Only the tensors' and the temporary resource's bytes may change; the input does not.
    const std::vector<uint8_t> bytes = f.Buffer();
    for (uint64_t k = 0; k < UnfoldFixture::kBufferBytes; ++k) {
        const bool output = k >= UnfoldFixture::kOut && k < UnfoldFixture::kOut + 48;
        const bool temporary = k >= UnfoldFixture::kTemporary && k < UnfoldFixture::kTemporary + 40;
        if (!output && !temporary) ASSERT_EQ(bytes[k], untouched[k]) << "byte " << k << " changed";
    }
}

// The temporary resource needs no initialization: a rerun over garbage in it (and in the output) gives the same bytes.
TEST(TemporaryResource, UnfoldRerunsOverGarbage) {
    UnfoldFixture f;
    ASSERT_EQ(f.BindTemporary(), VKDML_SUCCESS) << f.Message();
    ASSERT_EQ(vkdmlExecute(f.device, f.compiled, f.table), VKDML_SUCCESS) << f.Message();
    const std::vector<float> first = f.Output();
    EXPECT_EQ(first, kUnfolded);
    for (uint32_t seed : {0x00u, 0xFFu, 0x7Fu, 0x3Cu}) {
        SCOPED_TRACE(testing::Message() << "garbage seed " << seed);
        std::vector<uint8_t> garbage(f.properties.TemporaryResourceSize + 48);
        for (size_t k = 0; k < garbage.size(); ++k) garbage[k] = uint8_t(seed ^ (k * 37));
        ASSERT_EQ(vkdmlWriteBuffer(f.device, f.buffer, UnfoldFixture::kTemporary, f.properties.TemporaryResourceSize,
                                   garbage.data()), VKDML_SUCCESS);
        ASSERT_EQ(vkdmlWriteBuffer(f.device, f.buffer, UnfoldFixture::kOut, 48,
                                   garbage.data() + f.properties.TemporaryResourceSize), VKDML_SUCCESS);
        ASSERT_EQ(vkdmlExecute(f.device, f.compiled, f.table), VKDML_SUCCESS) << f.Message();
        std::vector<uint8_t> again(48), expected(48);
        ASSERT_EQ(vkdmlReadBuffer(f.device, f.buffer, UnfoldFixture::kOut, 48, again.data()), VKDML_SUCCESS);
        std::memcpy(expected.data(), first.data(), 48);
        EXPECT_EQ(again, expected);
    }
}

// Without padding (or with padding no window reads) UNFOLD reads the input itself and asks for nothing.
TEST(TemporaryResource, UnfoldWithoutPaddingNeedsNone) {
    UnfoldFixture f(0);
    EXPECT_EQ(f.properties.TemporaryResourceSize, 0u);
    ASSERT_EQ(vkdmlExecute(f.device, f.compiled, f.table), VKDML_SUCCESS) << f.Message();
    EXPECT_EQ(f.Output(), (std::vector<float>{1, 3, 4, 6}));   // the one window: elements 0 and 2 of each channel
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
