// Device limits: copies larger than maxStorageBufferRange (128 MiB on lavapipe), launches of more than 65535
// workgroups, and bindings at offsets that satisfy DirectML (multiples of 16) but not the device's
// minStorageBufferOffsetAlignment (256 on SwiftShader).
#include "test_support.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <random>

using vkdml_test::Bytes;
using vkdml_test::RunOperator;
using vkdml_test::RunOptions;
using vkdml_test::TensorDesc;

namespace {

constexpr auto U8 = DML_TENSOR_DATA_TYPE_UINT8;
constexpr auto U16 = DML_TENSOR_DATA_TYPE_UINT16;
constexpr auto U32 = DML_TENSOR_DATA_TYPE_UINT32;
constexpr auto I64 = DML_TENSOR_DATA_TYPE_INT64;
constexpr auto F64 = DML_TENSOR_DATA_TYPE_FLOAT64;

// Distinct, cheap, reproducible words: a multiplicative hash of the index.
std::vector<uint8_t> Pattern(uint64_t bytes, uint32_t seed) {
    std::vector<uint8_t> data(bytes);
    for (uint64_t i = 0; i < bytes / 4; ++i) {
        uint32_t w = uint32_t(i) * 2654435761u + seed;
        std::memcpy(&data[i * 4], &w, 4);
    }
    return data;
}

RunOptions NoGuards() {
    RunOptions o;
    o.guardBytes = 16;
    return o;
}

TEST(Limits, ContiguousCopyLargerThan128MiB) {
    const uint32_t n = (136u << 20) / 4;   // 136 MiB of UINT32
    TensorDesc in(U32, {n}), out(U32, {n});
    DML_ELEMENT_WISE_IDENTITY_OPERATOR_DESC d{in.Get(), out.Get(), nullptr};
    // On a device whose descriptors cannot cover the tensor, the copy must be split into several launches.
    VKDML_DEVICE_INFO info{};
    ASSERT_EQ(vkdmlGetDeviceInfo(vkdml_test::SharedDevice(), &info), VKDML_SUCCESS);
    VkdmlOperator op = nullptr;
    VkdmlCompiledOperator compiled = nullptr;
    DML_OPERATOR_DESC desc{DML_OPERATOR_ELEMENT_WISE_IDENTITY, &d};
    ASSERT_EQ(vkdmlCreateOperator(vkdml_test::SharedDevice(), &desc, &op), VKDML_SUCCESS);
    ASSERT_EQ(vkdmlCompileOperator(vkdml_test::SharedDevice(), op, DML_EXECUTION_FLAG_NONE, &compiled), VKDML_SUCCESS);
    DML_BINDING_PROPERTIES properties{};
    ASSERT_EQ(vkdmlGetBindingProperties(compiled, &properties), VKDML_SUCCESS);
    if (info.maxStorageBufferRange < in.Bytes()) EXPECT_GT(properties.RequiredDescriptorCount, 3u);
    vkdmlRelease(compiled, nullptr);
    vkdmlRelease(op, nullptr);

    auto input = Pattern(in.Bytes(), 7);
    auto r = RunOperator({DML_OPERATOR_ELEMENT_WISE_IDENTITY, &d}, {input}, {std::vector<uint8_t>(out.Bytes())}, NoGuards());
    ASSERT_EQ(r.status, VKDML_SUCCESS) << r.message;
    EXPECT_TRUE(r.outputs[0] == input);
}

TEST(Limits, TransposeLargerThan128MiB) {
    // Output [4][B] packed; input memory is [B][4] (the input view has strides {1, 4}).
    const uint32_t b = (36u << 20) / 4;   // 4 * b * 4 bytes = 144 MiB
    TensorDesc in(U32, {4, b}, {1, 4}), out(U32, {4, b});
    DML_ELEMENT_WISE_IDENTITY_OPERATOR_DESC d{in.Get(), out.Get(), nullptr};
    auto input = Pattern(in.Bytes(), 3);
    auto r = RunOperator({DML_OPERATOR_ELEMENT_WISE_IDENTITY, &d}, {input}, {std::vector<uint8_t>(out.Bytes())}, NoGuards());
    ASSERT_EQ(r.status, VKDML_SUCCESS) << r.message;
    const auto* src = reinterpret_cast<const uint32_t*>(input.data());
    const auto* dst = reinterpret_cast<const uint32_t*>(r.outputs[0].data());
    size_t mismatches = 0;
    for (uint32_t row = 0; row < 4; ++row)
        for (uint32_t col = 0; col < b; ++col) mismatches += dst[size_t(row) * b + col] != src[size_t(col) * 4 + row];
    EXPECT_EQ(mismatches, 0u);
}

TEST(Limits, GatherFromAnInputLargerThan128MiB) {
    // UINT16 input of 70 Mi elements (140 MiB): the gather is split along its axis on small-range devices.
    const uint32_t n = 70u << 20, k = 4099;
    TensorDesc in(U16, {n}), idx(I64, {k}), out(U16, {k});
    std::mt19937_64 rng(11);
    std::vector<int64_t> indices(k);
    for (uint32_t i = 0; i < k; ++i) indices[i] = int64_t(rng() % (2ull * n)) - int64_t(n);   // negative: from the end
    indices[0] = int64_t(n) + 5;    // out of range: clamped to the last element
    indices[1] = -int64_t(n) - 9;   // out of range: clamped to the first element
    DML_GATHER_OPERATOR_DESC d{in.Get(), idx.Get(), out.Get(), 0, 1};
    auto input = Pattern(in.Bytes(), 5);
    auto r = RunOperator({DML_OPERATOR_GATHER, &d}, {input, Bytes(indices)}, {std::vector<uint8_t>(out.Bytes())}, NoGuards());
    ASSERT_EQ(r.status, VKDML_SUCCESS) << r.message;
    const auto* src = reinterpret_cast<const uint16_t*>(input.data());
    const auto* dst = reinterpret_cast<const uint16_t*>(r.outputs[0].data());
    for (uint32_t i = 0; i < k; ++i) {
        int64_t j = indices[i] < 0 ? indices[i] + n : indices[i];
        j = std::clamp<int64_t>(j, 0, n - 1);
        ASSERT_EQ(dst[i], src[j]) << "output " << i << " index " << indices[i];
    }
}

TEST(Limits, MoreThan65535Workgroups) {
    // 4.5 Mi elements at 64 invocations per workgroup: > 65535 groups for both 32-bit and 8-bit copies.
    const uint32_t n = 9u << 19;
    for (auto type : {U32, U8}) {
        SCOPED_TRACE(type == U32 ? "UINT32" : "UINT8 (one invocation per 4 elements)");
        uint32_t perWord = type == U32 ? 1 : 4;
        uint32_t elements = n * perWord;
        // Reverse the tensor with SLICE1 so that every element moves.
        TensorDesc in(type, {elements}), out(type, {elements});
        uint32_t offsets[] = {0}, sizes[] = {elements};
        int32_t strides[] = {-1};
        DML_SLICE1_OPERATOR_DESC d{in.Get(), out.Get(), 1, offsets, sizes, strides};
        auto input = Pattern(in.Bytes(), 9);
        auto r = RunOperator({DML_OPERATOR_SLICE1, &d}, {input}, {std::vector<uint8_t>(out.Bytes())}, NoGuards());
        ASSERT_EQ(r.status, VKDML_SUCCESS) << r.message;
        uint32_t es = type == U32 ? 4 : 1;
        size_t mismatches = 0;
        for (uint32_t i = 0; i < elements; ++i)
            mismatches += std::memcmp(&r.outputs[0][size_t(i) * es], &input[size_t(elements - 1 - i) * es], es) != 0;
        EXPECT_EQ(mismatches, 0u);
    }
}

// Offsets 16, 48 and 272: valid for DirectML, not multiples of SwiftShader's 256-byte minStorageBufferOffsetAlignment.
class Offsets : public testing::TestWithParam<uint64_t> {};

TEST_P(Offsets, EveryOperatorAtThisOffset) {
    RunOptions options;
    options.bindingOffset = GetParam();
    // IDENTITY transpose, 8-bit
    {
        TensorDesc in(U8, {3, 5}, {1, 3}), out(U8, {3, 5});
        DML_ELEMENT_WISE_IDENTITY_OPERATOR_DESC d{in.Get(), out.Get(), nullptr};
        std::vector<uint8_t> input = Pattern(in.Bytes(), 1);
        auto r = RunOperator({DML_OPERATOR_ELEMENT_WISE_IDENTITY, &d}, {input}, {std::vector<uint8_t>(out.Bytes())}, options);
        ASSERT_EQ(r.status, VKDML_SUCCESS) << r.message;
        for (uint32_t i = 0; i < 3; ++i)
            for (uint32_t j = 0; j < 5; ++j) ASSERT_EQ(r.outputs[0][i * 5 + j], input[j * 3 + i]);
    }
    // SLICE1 reversing 64-bit elements
    {
        TensorDesc in(F64, {6}), out(F64, {3});
        uint32_t offsets[] = {1}, sizes[] = {5};
        int32_t strides[] = {-2};
        DML_SLICE1_OPERATOR_DESC d{in.Get(), out.Get(), 1, offsets, sizes, strides};
        std::vector<uint8_t> input = Pattern(in.Bytes(), 2);
        auto r = RunOperator({DML_OPERATOR_SLICE1, &d}, {input}, {std::vector<uint8_t>(out.Bytes())}, options);
        ASSERT_EQ(r.status, VKDML_SUCCESS) << r.message;
        const uint32_t expected[] = {5, 3, 1};
        for (uint32_t i = 0; i < 3; ++i) ASSERT_EQ(std::memcmp(&r.outputs[0][i * 8], &input[expected[i] * 8], 8), 0);
    }
    // GATHER of 16-bit rows with INT32 indices
    {
        TensorDesc in(U16, {4, 3}), idx(DML_TENSOR_DATA_TYPE_INT32, {1, 2}), out(U16, {2, 3});
        DML_GATHER_OPERATOR_DESC d{in.Get(), idx.Get(), out.Get(), 0, 1};
        std::vector<uint8_t> input = Pattern(in.Bytes(), 3);
        std::vector<int32_t> indices = {-1, 1};
        auto r = RunOperator({DML_OPERATOR_GATHER, &d}, {input, Bytes(indices)}, {std::vector<uint8_t>(out.Bytes())}, options);
        ASSERT_EQ(r.status, VKDML_SUCCESS) << r.message;
        EXPECT_EQ(std::memcmp(&r.outputs[0][0], &input[3 * 6], 6), 0);
        EXPECT_EQ(std::memcmp(&r.outputs[0][6], &input[1 * 6], 6), 0);
    }
    // SPLIT and JOIN of 8-bit parts whose boundaries fall inside words
    {
        TensorDesc whole(U8, {7}), a(U8, {3}), b(U8, {4});
        DML_TENSOR_DESC parts[] = {*a.Get(), *b.Get()};
        std::vector<uint8_t> input = Pattern(whole.Bytes(), 4);
        DML_SPLIT_OPERATOR_DESC split{whole.Get(), 2, parts, 0};
        auto r = RunOperator({DML_OPERATOR_SPLIT, &split}, {input},
                             {std::vector<uint8_t>(a.Bytes()), std::vector<uint8_t>(b.Bytes())}, options);
        ASSERT_EQ(r.status, VKDML_SUCCESS) << r.message;
        EXPECT_EQ(std::memcmp(r.outputs[0].data(), &input[0], 3), 0);
        EXPECT_EQ(std::memcmp(r.outputs[1].data(), &input[3], 4), 0);
        DML_JOIN_OPERATOR_DESC join{2, parts, whole.Get(), 0};
        auto j = RunOperator({DML_OPERATOR_JOIN, &join}, {r.outputs[0], r.outputs[1]}, {std::vector<uint8_t>(whole.Bytes())},
                             options);
        ASSERT_EQ(j.status, VKDML_SUCCESS) << j.message;
        EXPECT_EQ(std::memcmp(j.outputs[0].data(), input.data(), 7), 0);
    }
}

INSTANTIATE_TEST_SUITE_P(DirectMLAlignedOffsets, Offsets, testing::Values(16, 48, 272));

}  // namespace
