// Every worked example of the SLICE1, GATHER and SPLIT seed documents (../shared/seeds/000-002), verbatim,
// through the C API on the shared device.
#include "test_support.h"

#include <gtest/gtest.h>

#include <cstring>

using vkdml_test::Bytes;
using vkdml_test::RunOperator;
using vkdml_test::TensorDesc;

namespace {

constexpr auto F32 = DML_TENSOR_DATA_TYPE_FLOAT32;
constexpr auto U32 = DML_TENSOR_DATA_TYPE_UINT32;

std::vector<float> Floats(const std::vector<uint8_t>& bytes) {
    std::vector<float> values(bytes.size() / 4);
    std::memcpy(values.data(), bytes.data(), values.size() * 4);
    return values;
}

const std::vector<float> kSliceInput = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16};

std::vector<float> RunSlice1(std::vector<int32_t> strides) {
    TensorDesc in(F32, {1, 1, 4, 4}), out(F32, {1, 1, 2, 2});
    std::vector<uint32_t> offsets = {0, 0, 0, 1}, sizes = {1, 1, 4, 3};
    DML_SLICE1_OPERATOR_DESC slice{in.Get(), out.Get(), 4, offsets.data(), sizes.data(), strides.data()};
    auto r = RunOperator({DML_OPERATOR_SLICE1, &slice}, {Bytes(kSliceInput)}, {std::vector<uint8_t>(out.Bytes())});
    EXPECT_EQ(r.status, VKDML_SUCCESS) << r.message;
    return r.status == VKDML_SUCCESS ? Floats(r.outputs[0]) : std::vector<float>{};
}

TEST(SeedSlice1, Example1PositiveStrides) { EXPECT_EQ(RunSlice1({1, 1, 2, 2}), (std::vector<float>{2, 4, 10, 12})); }

TEST(SeedSlice1, Example2NegativeStrides) { EXPECT_EQ(RunSlice1({1, 1, -2, 2}), (std::vector<float>{14, 16, 6, 8})); }

std::vector<float> RunGather(TensorDesc in, std::vector<float> input, TensorDesc idx, std::vector<uint32_t> indices,
                             TensorDesc out, uint32_t axis, uint32_t indexDimensions) {
    DML_GATHER_OPERATOR_DESC gather{in.Get(), idx.Get(), out.Get(), axis, indexDimensions};
    auto r = RunOperator({DML_OPERATOR_GATHER, &gather}, {Bytes(input, in.Bytes()), Bytes(indices, idx.Bytes())},
                         {std::vector<uint8_t>(out.Bytes())});
    EXPECT_EQ(r.status, VKDML_SUCCESS) << r.message;
    return r.status == VKDML_SUCCESS ? Floats(r.outputs[0]) : std::vector<float>{};
}

TEST(SeedGather, Example1Remapping1D) {
    EXPECT_EQ(RunGather({F32, {4}}, {11, 12, 13, 14}, {U32, {5}}, {3, 1, 3, 0, 2}, {F32, {5}}, 0, 1),
              (std::vector<float>{14, 12, 14, 11, 13}));
}

TEST(SeedGather, Example2ConcatenateRows) {
    EXPECT_EQ(RunGather({F32, {3, 2}}, {1, 2, 3, 4, 5, 6}, {U32, {1, 4}}, {0, 1, 1, 2}, {F32, {4, 2}}, 0, 1),
              (std::vector<float>{1, 2, 3, 4, 3, 4, 5, 6}));
}

TEST(SeedGather, Example3SwapColumns) {
    EXPECT_EQ(RunGather({F32, {3, 2}}, {1, 2, 3, 4, 5, 6}, {U32, {1, 2}}, {1, 0}, {F32, {3, 2}}, 1, 2),
              (std::vector<float>{2, 1, 4, 3, 6, 5}));
}

TEST(SeedGather, Example4NestedIndicesAxis2) {
    EXPECT_EQ(RunGather({F32, {1, 3, 3}}, {1, 2, 3, 4, 5, 6, 7, 8, 9}, {U32, {1, 1, 2}}, {0, 2}, {F32, {3, 1, 2}}, 2, 2),
              (std::vector<float>{1, 3, 4, 6, 7, 9}));
}

TEST(SeedGather, Example5NestedIndicesAxis1) {
    EXPECT_EQ(RunGather({F32, {1, 3, 2}}, {1, 2, 3, 4, 5, 6}, {U32, {1, 2, 2}}, {0, 1, 1, 2}, {F32, {2, 2, 2}}, 1, 2),
              (std::vector<float>{1, 2, 3, 4, 3, 4, 5, 6}));
}

const std::vector<float> kSplitInput = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12};

std::vector<std::vector<float>> RunSplit(std::vector<std::vector<uint32_t>> outputSizes, uint32_t axis) {
    TensorDesc in(F32, {1, 1, 6, 2});
    std::vector<TensorDesc> outs;
    for (auto& sizes : outputSizes) outs.emplace_back(F32, sizes);
    std::vector<DML_TENSOR_DESC> descs;
    std::vector<std::vector<uint8_t>> initial;
    for (auto& o : outs) {
        descs.push_back(*o.Get());
        initial.emplace_back(o.Bytes());
    }
    DML_SPLIT_OPERATOR_DESC split{in.Get(), uint32_t(descs.size()), descs.data(), axis};
    auto r = RunOperator({DML_OPERATOR_SPLIT, &split}, {Bytes(kSplitInput)}, initial);
    EXPECT_EQ(r.status, VKDML_SUCCESS) << r.message;
    std::vector<std::vector<float>> values;
    for (auto& bytes : r.outputs) values.push_back(Floats(bytes));
    return values;
}

TEST(SeedSplit, Example1Axis2) {
    auto parts = RunSplit({{1, 1, 2, 2}, {1, 1, 1, 2}, {1, 1, 3, 2}}, 2);
    ASSERT_EQ(parts.size(), 3u);
    EXPECT_EQ(parts[0], (std::vector<float>{1, 2, 3, 4}));
    EXPECT_EQ(parts[1], (std::vector<float>{5, 6}));
    EXPECT_EQ(parts[2], (std::vector<float>{7, 8, 9, 10, 11, 12}));
}

TEST(SeedSplit, Example2Axis3) {
    auto parts = RunSplit({{1, 1, 6, 1}, {1, 1, 6, 1}}, 3);
    ASSERT_EQ(parts.size(), 2u);
    EXPECT_EQ(parts[0], (std::vector<float>{1, 3, 5, 7, 9, 11}));
    EXPECT_EQ(parts[1], (std::vector<float>{2, 4, 6, 8, 10, 12}));
}

}  // namespace
