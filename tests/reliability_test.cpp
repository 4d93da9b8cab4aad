// Issue 7: sizes at their edges, misuse of the object model, and resource exhaustion. Each call returns a status
// (never a crash), nothing outside a bound range changes, and what vkdml refuses leaves the device usable. Runs under
// AddressSanitizer/UBSan/LeakSanitizer in the asan preset. (validator_rules_test.cpp and binding_rules_test.cpp
// hold the single-rule tests; this file holds what they do not.)
#include "test_support.h"

#include <gtest/gtest.h>

#include <atomic>
#include <cstring>
#include <limits>
#include <thread>

using vkdml_test::Bytes;
using vkdml_test::RunOperator;
using vkdml_test::SharedDevice;
using vkdml_test::TensorDesc;

namespace {

constexpr auto F32 = DML_TENSOR_DATA_TYPE_FLOAT32;
constexpr auto U8 = DML_TENSOR_DATA_TYPE_UINT8;
constexpr uint32_t kMax32 = 0xFFFFFFFFu;

std::string Message() { return vkdmlGetLastErrorMessage(); }

// Create + compile; returns the compile status (or the create status when that failed).
struct Compiled {
    VkdmlDevice device;
    VkdmlOperator op = nullptr;
    VkdmlCompiledOperator compiled = nullptr;
    VKDML_STATUS status = VKDML_SUCCESS;
    std::string message;
    explicit Compiled(const DML_OPERATOR_DESC& desc, VkdmlDevice d = SharedDevice()) : device(d) {
        status = vkdmlCreateOperator(device, &desc, &op);
        if (status == VKDML_SUCCESS) status = vkdmlCompileOperator(device, op, DML_EXECUTION_FLAG_NONE, &compiled);
        message = Message();
    }
    ~Compiled() {
        if (compiled) vkdmlRelease(compiled, nullptr);
        if (op) vkdmlRelease(op, nullptr);
    }
};

DML_OPERATOR_DESC IdentityDesc(DML_ELEMENT_WISE_IDENTITY_OPERATOR_DESC* identity, const TensorDesc& in,
                               const TensorDesc& out) {
    *identity = {in.Get(), out.Get(), nullptr};
    return {DML_OPERATOR_ELEMENT_WISE_IDENTITY, identity};
}

// ================================================================ edges ================================================

// 2^32-1 elements (DirectML's limit) validates, lowers (split under maxStorageBufferRange) and binds; execution of
// 4 GiB is left to limits_test's >128 MiB cases.
TEST(Edges, TensorOf2Pow32Minus1ElementsCompiles) {
    TensorDesc in(U8, {65535, 65537}), out(U8, {65535, 65537});
    EXPECT_EQ(in.Bytes(), 4294967296ull);   // 2^32-1 bytes rounded up to 4
    DML_ELEMENT_WISE_IDENTITY_OPERATOR_DESC identity;
    Compiled c(IdentityDesc(&identity, in, out));
    ASSERT_EQ(c.status, VKDML_SUCCESS) << c.message;
    DML_BINDING_PROPERTIES p{};
    ASSERT_EQ(vkdmlGetBindingProperties(c.compiled, &p), VKDML_SUCCESS);
    EXPECT_GE(p.RequiredDescriptorCount, 3u);
    DML_BINDING_TABLE_DESC tableDesc{c.compiled, VK_NULL_HANDLE, 0, 0};
    VkdmlBindingTable table = nullptr;
    ASSERT_EQ(vkdmlCreateBindingTable(c.device, &tableDesc, &table), VKDML_SUCCESS) << Message();
    vkdmlRelease(table, nullptr);
}

TEST(Edges, TwoPow32ElementsAreInvalidInAnyShape) {
    for (std::vector<uint32_t> sizes : {std::vector<uint32_t>{65536, 65536}, {2, 2, 2, 2, 2, 2, 2, 1u << 25},
                                        {kMax32, 2}, {256, 256, 256, 256}}) {
        TensorDesc in(U8, sizes, {}, 4), out(U8, sizes, {}, 4);
        DML_ELEMENT_WISE_IDENTITY_OPERATOR_DESC identity;
        EXPECT_EQ(vkdml_test::TryCreate(IdentityDesc(&identity, in, out)).status, VKDML_ERROR_INVALID_ARGUMENT);
    }
}

// DMLCalcBufferTensorSize: every product and sum is checked, so an overflow gives 0, never a wrapped size.
TEST(Edges, CalcBufferTensorSizeNeverWraps) {
    uint32_t big[2] = {kMax32, kMax32};
    // The strides' dot product with (size - 1) overflows 64 bits: 2 * (2^32-2) * (2^32-1) > 2^64.
    EXPECT_EQ(vkdmlCalcBufferTensorSize(U8, 2, big, big), 0u);
    // The dot product fits but the byte count does not: (2^32-2) * (2^32-1) elements of 8 bytes.
    EXPECT_EQ(vkdmlCalcBufferTensorSize(DML_TENSOR_DATA_TYPE_FLOAT64, 1, big, big), 0u);
    // The packed element count overflows: (2^32-1)^2 fits, (2^32-1)^3 does not.
    uint32_t three[3] = {kMax32, kMax32, kMax32};
    EXPECT_EQ(vkdmlCalcBufferTensorSize(U8, 3, three, nullptr), 0u);
    // Elements fit 64 bits but their bits do not: (2^32-1)^2 packed bytes, and (2^32-2)(2^32-1)+1 strided ones.
    EXPECT_EQ(vkdmlCalcBufferTensorSize(U8, 2, big, nullptr), 0u);
    uint32_t one[1] = {kMax32}, stride[1] = {kMax32};
    EXPECT_EQ(vkdmlCalcBufferTensorSize(U8, 1, one, stride), 0u);
    // Just below: (2^32-1) * 2^29 bytes (their bit count fits 64 bits).
    uint32_t largest[2] = {kMax32, 1u << 29};
    EXPECT_EQ(vkdmlCalcBufferTensorSize(U8, 2, largest, nullptr), 0x1FFFFFFFE0000000ull);
    EXPECT_EQ(vkdmlCalcBufferTensorSize(U8, 9, three, nullptr), 0u);          // above DML_TENSOR_DIMENSION_COUNT_MAX1
    EXPECT_EQ(vkdmlCalcBufferTensorSize(DML_TENSOR_DATA_TYPE(77), 1, one, nullptr), 0u);
    EXPECT_EQ(vkdmlCalcBufferTensorSize(U8, 1, nullptr, nullptr), 0u);
}

// Strides whose span needs more than 64 bits of bytes are refused with a message, whatever the element count.
TEST(Edges, StrideSpanOverflowIsInvalid) {
    TensorDesc in(DML_TENSOR_DATA_TYPE_FLOAT64, {kMax32}, {kMax32}, 0xFFFFFFFFFFFFFFFCull), out(DML_TENSOR_DATA_TYPE_FLOAT64, {kMax32}, {}, 4);
    DML_ELEMENT_WISE_IDENTITY_OPERATOR_DESC identity;
    auto r = vkdml_test::TryCreate(IdentityDesc(&identity, in, out));
    EXPECT_EQ(r.status, VKDML_ERROR_INVALID_ARGUMENT);
    EXPECT_NE(r.message.find("overflows 64 bits"), std::string::npos) << r.message;
}

// A huge TotalTensorSizeInBytes is only a number: it validates, and binding it is checked against the buffer.
TEST(Edges, HugeTotalSizeIsBoundedByTheBuffer) {
    TensorDesc in(F32, {4}, {}, 0xFFFFFFFFFFFFFFF0ull), out(F32, {4});
    DML_ELEMENT_WISE_IDENTITY_OPERATOR_DESC identity;
    Compiled c(IdentityDesc(&identity, in, out));
    ASSERT_EQ(c.status, VKDML_SUCCESS) << c.message;
    DML_BINDING_TABLE_DESC tableDesc{c.compiled, VK_NULL_HANDLE, 0, 0};
    VkdmlBindingTable table = nullptr;
    ASSERT_EQ(vkdmlCreateBindingTable(c.device, &tableDesc, &table), VKDML_SUCCESS);
    VkBuffer buffer = VK_NULL_HANDLE;
    ASSERT_EQ(vkdmlCreateBuffer(c.device, 256, &buffer), VKDML_SUCCESS);
    DML_BUFFER_BINDING b{buffer, 0, 0xFFFFFFFFFFFFFFF0ull};
    DML_BINDING_DESC d{DML_BINDING_TYPE_BUFFER, &b};
    EXPECT_EQ(vkdmlBindInputs(table, 1, &d), VKDML_ERROR_INVALID_ARGUMENT);
    EXPECT_NE(Message().find("past the end of its 256-byte buffer"), std::string::npos) << Message();
    b.Offset = 0xFFFFFFFFFFFFFFF0ull;   // Offset + SizeInBytes wraps
    EXPECT_EQ(vkdmlBindInputs(table, 1, &d), VKDML_ERROR_INVALID_ARGUMENT);
    EXPECT_NE(Message().find("overflows 64 bits"), std::string::npos) << Message();
    vkdmlRelease(table, nullptr);
    vkdmlDestroyBuffer(c.device, buffer);
}

TEST(Edges, BindingRangePastTheEndOfAVkdmlBuffer) {
    TensorDesc in(F32, {4}), out(F32, {4});
    DML_ELEMENT_WISE_IDENTITY_OPERATOR_DESC identity;
    Compiled c(IdentityDesc(&identity, in, out));
    ASSERT_EQ(c.status, VKDML_SUCCESS);
    DML_BINDING_TABLE_DESC tableDesc{c.compiled, VK_NULL_HANDLE, 0, 0};
    VkdmlBindingTable table = nullptr;
    ASSERT_EQ(vkdmlCreateBindingTable(c.device, &tableDesc, &table), VKDML_SUCCESS);
    VkBuffer buffer = VK_NULL_HANDLE;
    ASSERT_EQ(vkdmlCreateBuffer(c.device, 64, &buffer), VKDML_SUCCESS);
    DML_BUFFER_BINDING b{buffer, 48, 16};   // the tensor fits the range, the range ends exactly at the buffer's end
    DML_BINDING_DESC d{DML_BINDING_TYPE_BUFFER, &b};
    EXPECT_EQ(vkdmlBindInputs(table, 1, &d), VKDML_SUCCESS) << Message();
    b.Offset = 64;   // starts at the end
    EXPECT_EQ(vkdmlBindInputs(table, 1, &d), VKDML_ERROR_INVALID_ARGUMENT);
    b = {buffer, 16, 64};   // ends 16 bytes past it
    EXPECT_EQ(vkdmlBindInputs(table, 1, &d), VKDML_ERROR_INVALID_ARGUMENT);
    EXPECT_NE(Message().find("past the end"), std::string::npos) << Message();
    vkdmlRelease(table, nullptr);
    vkdmlDestroyBuffer(c.device, buffer);
}

// Dimension counts far above 8 are refused before the arrays are read (they hold only 8 values here:
// AddressSanitizer would report a read past them).
TEST(Edges, DimensionCountsAbove8AreRefusedBeforeReading) {
    for (uint32_t count : {9u, 255u, 65536u, kMax32}) {
        TensorDesc in(F32, {1, 1, 1, 1, 1, 1, 1, 4}), out(F32, {1, 1, 1, 1, 1, 1, 1, 4});
        in.buffer.DimensionCount = count;
        DML_ELEMENT_WISE_IDENTITY_OPERATOR_DESC identity;
        EXPECT_EQ(vkdml_test::TryCreate(IdentityDesc(&identity, in, out)).status, VKDML_ERROR_INVALID_ARGUMENT) << count;
        TensorDesc a(F32, {4}), b(F32, {4});
        std::vector<uint32_t> window(8, 0), sizes(8, 1);
        std::vector<int32_t> strides(8, 1);
        DML_SLICE1_OPERATOR_DESC slice{a.Get(), b.Get(), count, window.data(), sizes.data(), strides.data()};
        EXPECT_EQ(vkdml_test::TryCreate({DML_OPERATOR_SLICE1, &slice}).status, VKDML_ERROR_INVALID_ARGUMENT) << count;
    }
}

// Offsets and strides at UINT32_MAX / INT32_MIN: checked in 64 bits, never wrapped into the window.
TEST(Edges, SliceWindowsAtTheLimits) {
    TensorDesc in(F32, {8}), out(F32, {1});
    uint32_t offsets[1] = {kMax32}, sizes[1] = {1};
    int32_t strides[1] = {1};
    DML_SLICE1_OPERATOR_DESC slice{in.Get(), out.Get(), 1, offsets, sizes, strides};
    EXPECT_EQ(vkdml_test::TryCreate({DML_OPERATOR_SLICE1, &slice}).status, VKDML_ERROR_INVALID_ARGUMENT);
    offsets[0] = 7;
    sizes[0] = kMax32;   // 7 + (2^32-1) does not wrap to 6
    EXPECT_EQ(vkdml_test::TryCreate({DML_OPERATOR_SLICE1, &slice}).status, VKDML_ERROR_INVALID_ARGUMENT);
    // The most negative stride: the window's last element only.
    offsets[0] = 2, sizes[0] = 5, strides[0] = std::numeric_limits<int32_t>::min();
    std::vector<float> input = {0, 1, 2, 3, 4, 5, 6, 7};
    auto r = RunOperator({DML_OPERATOR_SLICE1, &slice}, {Bytes(input)}, {std::vector<uint8_t>(4)});
    ASSERT_EQ(r.status, VKDML_SUCCESS) << r.message;
    float value;
    std::memcpy(&value, r.outputs[0].data(), 4);
    EXPECT_EQ(value, 6.0f);
    // SLICE: Offsets + (Sizes - 1) * Strides in 64 bits.
    TensorDesc two(F32, {2});
    uint32_t sOffsets[1] = {0}, sSizes[1] = {2}, sStrides[1] = {kMax32};
    DML_SLICE_OPERATOR_DESC s{in.Get(), two.Get(), 1, sOffsets, sSizes, sStrides};
    EXPECT_EQ(vkdml_test::TryCreate({DML_OPERATOR_SLICE, &s}).status, VKDML_ERROR_INVALID_ARGUMENT);
}

// Out-of-range gather indices of every index type, including INT64_MIN/MAX and UINT32_MAX, read only inside the
// input (RunOperator checks the guard regions of every binding).
TEST(Edges, GatherIndicesAtTheLimitsStayInsideTheInput) {
    std::vector<float> input = {10, 11, 12, 13};
    const std::vector<int64_t> indices = {std::numeric_limits<int64_t>::min(), -5, -1, 0, 3, 4,
                                          std::numeric_limits<int64_t>::max(), int64_t(kMax32)};
    for (auto type : {DML_TENSOR_DATA_TYPE_INT64, DML_TENSOR_DATA_TYPE_UINT64, DML_TENSOR_DATA_TYPE_INT32,
                      DML_TENSOR_DATA_TYPE_UINT32}) {
        bool wide = type == DML_TENSOR_DATA_TYPE_INT64 || type == DML_TENSOR_DATA_TYPE_UINT64;
        std::vector<uint8_t> indexBytes;
        for (int64_t v : indices) {
            uint8_t raw[8];
            std::memcpy(raw, &v, 8);
            indexBytes.insert(indexBytes.end(), raw, raw + (wide ? 8 : 4));
        }
        uint32_t n = uint32_t(indices.size());
        TensorDesc in(F32, {4}), idx(type, {n}), out(F32, {n});
        DML_GATHER_OPERATOR_DESC gather{in.Get(), idx.Get(), out.Get(), 0, 1};
        auto r = RunOperator({DML_OPERATOR_GATHER, &gather}, {Bytes(input), indexBytes},
                             {std::vector<uint8_t>(out.Bytes(), 0x5A)});
        ASSERT_EQ(r.status, VKDML_SUCCESS) << r.message;
        std::vector<float> got(n);
        std::memcpy(got.data(), r.outputs[0].data(), n * 4);
        for (uint32_t i = 0; i < n; ++i) EXPECT_TRUE(got[i] >= 10 && got[i] <= 13) << "type " << type << " index " << i;
        EXPECT_EQ(got[2], 13.0f) << "-1 is the last element";
        EXPECT_EQ(got[4], 13.0f);
    }
}

// Descriptor counts: the most parts an operator may have (65536), and no operator needs more than 65536 launches,
// so RequiredDescriptorCount stays far below UINT32_MAX.
TEST(Edges, DescriptorCountsAtTheMostParts) {
    std::vector<TensorDesc> parts(65536, TensorDesc(DML_TENSOR_DATA_TYPE_INT16, {1, 2}));
    std::vector<DML_TENSOR_DESC> descs;
    for (const TensorDesc& p : parts) descs.push_back(*p.Get());
    TensorDesc out(DML_TENSOR_DATA_TYPE_INT16, {65536, 2});
    DML_JOIN_OPERATOR_DESC join{uint32_t(descs.size()), descs.data(), out.Get(), 0};
    Compiled c({DML_OPERATOR_JOIN, &join});
    ASSERT_EQ(c.status, VKDML_SUCCESS) << c.message;
    DML_BINDING_PROPERTIES p{};
    ASSERT_EQ(vkdmlGetBindingProperties(c.compiled, &p), VKDML_SUCCESS);
    // One copy_parts launch (1 + 9 descriptors) per 8 parts, or, on a device with fewer than 9 storage buffers per
    // stage, one launch (1 + 2) per part.
    EXPECT_TRUE(p.RequiredDescriptorCount == 65536u / 8 * 10 || p.RequiredDescriptorCount == 65536u * 3)
        << p.RequiredDescriptorCount;
    DML_BINDING_TABLE_DESC tableDesc{c.compiled, VK_NULL_HANDLE, 0, 0};
    VkdmlBindingTable table = nullptr;
    ASSERT_EQ(vkdmlCreateBindingTable(c.device, &tableDesc, &table), VKDML_SUCCESS) << Message();
    vkdmlRelease(table, nullptr);
    // One part more is refused before the array is read (it holds 65536 descs).
    join.InputCount = 65537;
    auto r = vkdml_test::TryCreate({DML_OPERATOR_JOIN, &join});
    EXPECT_EQ(r.status, VKDML_ERROR_UNSUPPORTED);
    join.InputCount = kMax32;
    EXPECT_EQ(vkdml_test::TryCreate({DML_OPERATOR_JOIN, &join}).status, VKDML_ERROR_UNSUPPORTED);
}

// A layout that would need more launches than any operator may have (each of 3 parts split into ~2^15 launches by
// maxStorageBufferRange) is refused at compile time instead of recording ~10^5 dispatches.
TEST(Edges, LaunchCountIsBoundedPerOperator) {
    VKDML_DEVICE_INFO info{};
    ASSERT_EQ(vkdmlGetDeviceInfo(SharedDevice(), &info), VKDML_SUCCESS);
    // Elements 2^31 bytes apart: every element of every part needs its own launch (25000 per part).
    const uint32_t n = 25000, stride = 1u << 29;
    std::vector<TensorDesc> parts(3, TensorDesc(F32, {n}, {stride}));
    std::vector<DML_TENSOR_DESC> descs;
    for (const TensorDesc& p : parts) descs.push_back(*p.Get());
    TensorDesc out(F32, {3 * n});
    DML_JOIN_OPERATOR_DESC join{3, descs.data(), out.Get(), 0};
    Compiled c({DML_OPERATOR_JOIN, &join});
    EXPECT_EQ(c.status, VKDML_ERROR_UNSUPPORTED) << c.message;
    EXPECT_NE(c.message.find("launches"), std::string::npos) << c.message;
    // Two parts fit (50000 launches).
    join.InputCount = 2;
    TensorDesc out2(F32, {2 * n});
    join.OutputTensor = out2.Get();
    Compiled ok({DML_OPERATOR_JOIN, &join});
    EXPECT_EQ(ok.status, VKDML_SUCCESS) << ok.message;
}

// ================================================================ misuse ===============================================

// A small IDENTITY ready to execute: compiled, bound, with its buffers.
struct Ready {
    VkdmlDevice device;
    TensorDesc in{F32, {64}}, out{F32, {64}};
    VkdmlOperator op = nullptr;
    VkdmlCompiledOperator compiled = nullptr;
    VkdmlBindingTable table = nullptr;
    VkBuffer input = VK_NULL_HANDLE, output = VK_NULL_HANDLE;
    explicit Ready(VkdmlDevice d = SharedDevice(), bool initialize = true) : device(d) {
        DML_ELEMENT_WISE_IDENTITY_OPERATOR_DESC identity{in.Get(), out.Get(), nullptr};
        DML_OPERATOR_DESC desc{DML_OPERATOR_ELEMENT_WISE_IDENTITY, &identity};
        EXPECT_EQ(vkdmlCreateOperator(device, &desc, &op), VKDML_SUCCESS);
        EXPECT_EQ(vkdmlCompileOperator(device, op, DML_EXECUTION_FLAG_NONE, &compiled), VKDML_SUCCESS);
        if (initialize) Initialize();
        DML_BINDING_TABLE_DESC tableDesc{compiled, VK_NULL_HANDLE, 0, 0};
        EXPECT_EQ(vkdmlCreateBindingTable(device, &tableDesc, &table), VKDML_SUCCESS);
        EXPECT_EQ(vkdmlCreateBuffer(device, 256, &input), VKDML_SUCCESS);
        EXPECT_EQ(vkdmlCreateBuffer(device, 256, &output), VKDML_SUCCESS);
        std::vector<float> values(64);
        for (int i = 0; i < 64; ++i) values[i] = float(i);
        EXPECT_EQ(vkdmlWriteBuffer(device, input, 0, 256, values.data()), VKDML_SUCCESS);
        EXPECT_EQ(Bind(), VKDML_SUCCESS);
    }
    void Initialize() {
        VkdmlOperatorInitializer init = nullptr;
        ASSERT_EQ(vkdmlCreateOperatorInitializer(device, 1, &compiled, &init), VKDML_SUCCESS);
        DML_BINDING_TABLE_DESC tableDesc{init, VK_NULL_HANDLE, 0, 0};
        VkdmlBindingTable t = nullptr;
        ASSERT_EQ(vkdmlCreateBindingTable(device, &tableDesc, &t), VKDML_SUCCESS);
        ASSERT_EQ(vkdmlExecute(device, init, t), VKDML_SUCCESS);
        vkdmlRelease(t, nullptr);
        vkdmlRelease(init, nullptr);
    }
    VKDML_STATUS Bind() {
        DML_BUFFER_BINDING b[2] = {{input, 0, 256}, {output, 0, 256}};
        DML_BINDING_DESC d[2] = {{DML_BINDING_TYPE_BUFFER, &b[0]}, {DML_BINDING_TYPE_BUFFER, &b[1]}};
        VKDML_STATUS s = vkdmlBindInputs(table, 1, &d[0]);
        return s != VKDML_SUCCESS ? s : vkdmlBindOutputs(table, 1, &d[1]);
    }
    bool OutputIsCopy() {
        std::vector<float> values(64);
        if (vkdmlReadBuffer(device, output, 0, 256, values.data()) != VKDML_SUCCESS) return false;
        for (int i = 0; i < 64; ++i)
            if (values[i] != float(i)) return false;
        return true;
    }
    ~Ready() {
        vkdmlRelease(table, nullptr);
        vkdmlRelease(compiled, nullptr);
        vkdmlRelease(op, nullptr);
        vkdmlDestroyBuffer(device, input);
        vkdmlDestroyBuffer(device, output);
    }
};

// Releasing the device first: its operators, compiled operators and tables keep it alive and keep working; the
// last release destroys it (and the validation layer's object tracker sees nothing left behind).
TEST(Misuse, ReleasingTheDeviceBeforeItsChildren) {
    VkdmlDevice device = vkdml_test::CreateDevice(DML_FEATURE_LEVEL(0));
    {
        Ready r(device);
        uint32_t count = 0;
        ASSERT_EQ(vkdmlRelease(device, &count), VKDML_SUCCESS);
        EXPECT_GT(count, 0u);
        // Still usable through its children and its handle (held by them).
        ASSERT_EQ(vkdmlExecute(device, r.compiled, r.table), VKDML_SUCCESS) << Message();
        EXPECT_TRUE(r.OutputIsCopy());
        VkdmlCompiledOperator again = nullptr;
        ASSERT_EQ(vkdmlCompileOperator(device, r.op, DML_EXECUTION_FLAG_NONE, &again), VKDML_SUCCESS);
        vkdmlRelease(again, nullptr);
    }
    // Every child is gone, so the device is too: its handle is no longer live.
    EXPECT_EQ(vkdmlAddRef(device, nullptr), VKDML_ERROR_INVALID_ARGUMENT);
}

// A released handle (of any kind) is reported as not live: it is looked up, never read.
TEST(Misuse, ReleasedAndMadeUpHandlesAreInvalid) {
    VkdmlOperator released = nullptr;
    {
        Ready r;
        released = r.op;
        VkdmlBindingTable table = r.table;
        VkdmlCompiledOperator compiled = r.compiled;
        r.table = nullptr;
        r.compiled = nullptr;
        vkdmlRelease(table, nullptr);
        vkdmlRelease(compiled, nullptr);
        EXPECT_EQ(vkdmlExecute(r.device, compiled, table), VKDML_ERROR_INVALID_ARGUMENT);
        EXPECT_EQ(vkdmlBindInputs(table, 0, nullptr), VKDML_ERROR_INVALID_ARGUMENT);
        EXPECT_EQ(vkdmlRelease(table, nullptr), VKDML_ERROR_INVALID_ARGUMENT);   // a second release
    }
    VkdmlCompiledOperator compiled = nullptr;
    EXPECT_EQ(vkdmlCompileOperator(SharedDevice(), released, DML_EXECUTION_FLAG_NONE, &compiled),
              VKDML_ERROR_INVALID_ARGUMENT);
    EXPECT_NE(Message().find("not a live VkdmlOperator"), std::string::npos) << Message();
    // Addresses that never were vkdml objects: a stack variable, a string, a small integer.
    int local = 0;
    const char* text = "not a handle";
    for (void* bogus : {static_cast<void*>(&local), static_cast<void*>(const_cast<char*>(text)),
                        reinterpret_cast<void*>(uintptr_t(16))}) {
        EXPECT_EQ(vkdmlAddRef(bogus, nullptr), VKDML_ERROR_INVALID_ARGUMENT);
        EXPECT_EQ(vkdmlCreateOperator(static_cast<VkdmlDevice>(bogus), nullptr, nullptr), VKDML_ERROR_INVALID_ARGUMENT);
        EXPECT_EQ(vkdmlExecute(SharedDevice(), static_cast<VkdmlDispatchable>(bogus), nullptr),
                  VKDML_ERROR_INVALID_ARGUMENT);
        DML_BINDING_TABLE_DESC tableDesc{static_cast<VkdmlDispatchable>(bogus), VK_NULL_HANDLE, 0, 0};
        VkdmlBindingTable table = nullptr;
        EXPECT_EQ(vkdmlCreateBindingTable(SharedDevice(), &tableDesc, &table), VKDML_ERROR_INVALID_ARGUMENT);
    }
}

// Objects of two devices never mix: compiling, initializing, binding, recording and executing across devices fail
// with a message, and both devices stay usable.
TEST(Misuse, ObjectsFromAnotherDevice) {
    VkdmlDevice other = vkdml_test::CreateDevice(DML_FEATURE_LEVEL(0));
    {
        Ready mine, theirs(other);
        VkdmlCompiledOperator compiled = nullptr;
        EXPECT_EQ(vkdmlCompileOperator(other, mine.op, DML_EXECUTION_FLAG_NONE, &compiled), VKDML_ERROR_INVALID_ARGUMENT);
        EXPECT_NE(Message().find("another VkdmlDevice"), std::string::npos) << Message();
        VkdmlOperatorInitializer init = nullptr;
        EXPECT_EQ(vkdmlCreateOperatorInitializer(other, 1, &mine.compiled, &init), VKDML_ERROR_INVALID_ARGUMENT);
        DML_BINDING_TABLE_DESC tableDesc{mine.compiled, VK_NULL_HANDLE, 0, 0};
        VkdmlBindingTable table = nullptr;
        EXPECT_EQ(vkdmlCreateBindingTable(other, &tableDesc, &table), VKDML_ERROR_INVALID_ARGUMENT);
        EXPECT_EQ(vkdmlResetBindingTable(theirs.table, &tableDesc), VKDML_ERROR_INVALID_ARGUMENT);
        EXPECT_EQ(vkdmlExecute(other, mine.compiled, mine.table), VKDML_ERROR_INVALID_ARGUMENT);
        EXPECT_EQ(vkdmlExecute(other, theirs.compiled, mine.table), VKDML_ERROR_INVALID_ARGUMENT);
        // Recording: a recorder of one device with the other's operator (the command buffer is never touched).
        VkdmlCommandRecorder recorder = nullptr;
        ASSERT_EQ(vkdmlCreateCommandRecorder(other, &recorder), VKDML_SUCCESS);
        VkCommandBuffer notUsed = reinterpret_cast<VkCommandBuffer>(uintptr_t(0x1000));
        EXPECT_EQ(vkdmlRecordDispatch(recorder, notUsed, mine.compiled, mine.table), VKDML_ERROR_INVALID_ARGUMENT);
        EXPECT_NE(Message().find("same VkdmlDevice"), std::string::npos) << Message();
        EXPECT_EQ(vkdmlRecordDispatch(recorder, notUsed, theirs.compiled, mine.table), VKDML_ERROR_INVALID_ARGUMENT);
        vkdmlRelease(recorder, nullptr);
        // Both still work.
        ASSERT_EQ(vkdmlExecute(mine.device, mine.compiled, mine.table), VKDML_SUCCESS) << Message();
        ASSERT_EQ(vkdmlExecute(other, theirs.compiled, theirs.table), VKDML_SUCCESS) << Message();
        EXPECT_TRUE(mine.OutputIsCopy());
        EXPECT_TRUE(theirs.OutputIsCopy());
        // A buffer of one device bound on the other: not a vkdmlCreateBuffer buffer of that device, so vkdml
        // cannot measure it; that is the application's to get right (see README).
    }
    vkdmlRelease(other, nullptr);
}

// Executing before initializing: vkdml's operators have no initialization work, so it runs correctly; a debug
// device tells the application (VKDML_MESSAGE_KIND_INFO), because DirectML requires the initializer.
struct InfoMessages {
    std::atomic<int> beforeInit{0};
    static void Callback(VKDML_MESSAGE_KIND kind, const char* message, void* user) {
        if (kind == VKDML_MESSAGE_KIND_INFO && std::strstr(message, "before any operator initializer"))
            ++static_cast<InfoMessages*>(user)->beforeInit;
    }
};

TEST(Misuse, ExecutingBeforeInitialization) {
    InfoMessages messages;
    VKDML_DEFAULT_DEVICE_DESC desc{};
    desc.physicalDeviceIndex = -1;
    desc.flags = DML_CREATE_DEVICE_FLAG_DEBUG;
    desc.messageCallback = InfoMessages::Callback;
    desc.messageUserData = &messages;
    VkdmlDevice device = nullptr;
    ASSERT_EQ(vkdmlCreateDefaultDevice(&desc, &device), VKDML_SUCCESS);
    {
        Ready r(device, /*initialize=*/false);
        ASSERT_EQ(vkdmlExecute(device, r.compiled, r.table), VKDML_SUCCESS) << Message();
        EXPECT_TRUE(r.OutputIsCopy());
        EXPECT_EQ(messages.beforeInit, 1);
        r.Initialize();
        ASSERT_EQ(vkdmlExecute(device, r.compiled, r.table), VKDML_SUCCESS);
        EXPECT_EQ(messages.beforeInit, 1) << "no message once an initializer was recorded";
    }
    vkdmlRelease(device, nullptr);
    // Without the debug flag: no message, same result.
    desc.flags = DML_CREATE_DEVICE_FLAG_NONE;
    ASSERT_EQ(vkdmlCreateDefaultDevice(&desc, &device), VKDML_SUCCESS);
    {
        Ready r(device, false);
        ASSERT_EQ(vkdmlExecute(device, r.compiled, r.table), VKDML_SUCCESS);
        EXPECT_TRUE(r.OutputIsCopy());
    }
    vkdmlRelease(device, nullptr);
    EXPECT_EQ(messages.beforeInit, 1);
}

// A binding table used from two threads at once (binding tables are single-threaded, as DirectML's): one of two
// overlapping calls fails with VKDML_ERROR_INVALID_STATE instead of racing, nothing crashes, and the table works
// afterwards. (Whether the calls overlap is up to the scheduler; every status must be one of these two.)
TEST(Misuse, BindingTableFromTwoThreads) {
    Ready r;
    std::atomic<int> inUse{0}, other{0};
    std::atomic<bool> stop{false};
    auto hammer = [&](bool execute) {
        for (int i = 0; i < 200 && !stop; ++i) {
            VKDML_STATUS s = execute ? vkdmlExecute(r.device, r.compiled, r.table) : r.Bind();
            if (s == VKDML_ERROR_INVALID_STATE) {
                ++inUse;
                if (std::string(vkdmlGetLastErrorMessage()).find("in use by another thread") == std::string::npos) ++other;
            } else if (s != VKDML_SUCCESS) {
                ++other;
            }
        }
    };
    std::thread a(hammer, false), b(hammer, true), c(hammer, false);
    a.join(), b.join(), c.join();
    EXPECT_EQ(other, 0);
    std::printf("[misuse] %d of 600 overlapping binding-table calls refused as in use\n", inUse.load());
    ASSERT_EQ(r.Bind(), VKDML_SUCCESS);
    ASSERT_EQ(vkdmlExecute(r.device, r.compiled, r.table), VKDML_SUCCESS) << Message();
    EXPECT_TRUE(r.OutputIsCopy());
}

// ================================================================ resource exhaustion ================================

// More device memory than the heap has: VKDML_ERROR_OUT_OF_DEVICE_MEMORY (vkdml checks the heap before Vulkan is
// asked), nothing leaks (LeakSanitizer; the validation layer at device release), and the device keeps working.
TEST(Exhaustion, HugeBufferIsOutOfDeviceMemory) {
    for (uint64_t size : {uint64_t(1) << 50, ~uint64_t(0) - 4095}) {
        VkBuffer buffer = VK_NULL_HANDLE;
        VKDML_STATUS s = vkdmlCreateBuffer(SharedDevice(), size, &buffer);
        EXPECT_EQ(s, VKDML_ERROR_OUT_OF_DEVICE_MEMORY) << Message();
        EXPECT_EQ(buffer, VK_NULL_HANDLE);
        EXPECT_STRNE(vkdmlGetLastErrorMessage(), "");   // vkdml's heap check or the driver's own refusal
    }
    Ready r;
    ASSERT_EQ(vkdmlExecute(r.device, r.compiled, r.table), VKDML_SUCCESS) << Message();
    EXPECT_TRUE(r.OutputIsCopy());
}

// A tensor whose launches cannot all be made (here: more than the operator limit of 65536) is refused with a clear
// status at compile time, and the operator and device stay usable for other work.
TEST(Exhaustion, RefusedCompileLeavesTheDeviceUsable) {
    const uint32_t n = 40000, stride = 1u << 29;
    std::vector<TensorDesc> parts(2, TensorDesc(F32, {n}, {stride}));
    std::vector<DML_TENSOR_DESC> descs = {*parts[0].Get(), *parts[1].Get()};
    TensorDesc out(F32, {2 * n});
    DML_JOIN_OPERATOR_DESC join{2, descs.data(), out.Get(), 0};
    for (int i = 0; i < 3; ++i) {   // repeatedly: nothing accumulates
        Compiled c({DML_OPERATOR_JOIN, &join});
        EXPECT_EQ(c.status, VKDML_ERROR_UNSUPPORTED) << c.message;
    }
    Ready r;
    ASSERT_EQ(vkdmlExecute(r.device, r.compiled, r.table), VKDML_SUCCESS) << Message();
    EXPECT_TRUE(r.OutputIsCopy());
}

}  // namespace
