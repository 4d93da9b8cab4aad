// The worked examples of the DirectML documentation pages of the data-movement family beyond the seed documents
// (TILE, DEPTH_TO_SPACE(1), SPACE_TO_DEPTH(1), PADDING(1), SLICE_GRAD, REVERSE_SUBSEQUENCES, GATHER_ELEMENTS,
// GATHER_ND(1), SCATTER, SCATTER_ND, ONE_HOT, FILL_VALUE_CONSTANT/SEQUENCE, DIAGONAL_MATRIX(1), CAST, UNFOLD), through
// the C API on the shared device, and examples of our own for MAX_UNPOOLING, whose page has none. Values, sizes and
// parameters are the pages'; where a page's example breaks its own rules (a rank or type typo) the comment says what
// was aligned.
#include "test_support.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>

using vkdml_test::Bytes;
using vkdml_test::RunOperator;
using vkdml_test::TensorDesc;

namespace {

constexpr auto F32 = DML_TENSOR_DATA_TYPE_FLOAT32;
constexpr auto U32 = DML_TENSOR_DATA_TYPE_UINT32;

template <typename T>
std::vector<T> Values(const std::vector<uint8_t>& bytes, size_t count) {
    std::vector<T> values(count);
    std::memcpy(values.data(), bytes.data(), count * sizeof(T));
    return values;
}

// Runs `desc` on `inputs` (typed vectors, one per input binding) and returns output 0 as `count` values of T.
template <typename T>
std::vector<T> RunOne(const DML_OPERATOR_DESC& desc, const std::vector<std::vector<uint8_t>>& inputs, const TensorDesc& out) {
    auto r = RunOperator(desc, inputs, {std::vector<uint8_t>(out.Bytes(), 0xCD)});
    EXPECT_EQ(r.status, VKDML_SUCCESS) << r.message;
    if (r.status != VKDML_SUCCESS) return {};
    size_t count = 1;
    for (uint32_t s : out.sizes) count *= s;
    return Values<T>(r.outputs[0], count);
}

// ---- TILE ----

TEST(TileExample, Repeats1133) {
    TensorDesc in(F32, {1, 1, 2, 3}), out(F32, {1, 1, 6, 9});
    std::vector<uint32_t> repeats = {1, 1, 3, 3};
    DML_TILE_OPERATOR_DESC d{in.Get(), out.Get(), 4, repeats.data()};
    EXPECT_EQ(RunOne<float>({DML_OPERATOR_TILE, &d}, {Bytes(std::vector<float>{1, 2, 3, 4, 5, 6})}, out),
              (std::vector<float>{1, 2, 3, 1, 2, 3, 1, 2, 3,  //
                                  4, 5, 6, 4, 5, 6, 4, 5, 6,  //
                                  1, 2, 3, 1, 2, 3, 1, 2, 3,  //
                                  4, 5, 6, 4, 5, 6, 4, 5, 6,  //
                                  1, 2, 3, 1, 2, 3, 1, 2, 3,  //
                                  4, 5, 6, 4, 5, 6, 4, 5, 6}));
}

// ---- DEPTH_TO_SPACE(1), SPACE_TO_DEPTH(1): every page uses these two tensors ----

// {1, 8, 2, 3}: channel k holds 9k + {0..5}.
const std::vector<uint32_t> kDepth = {0,  1,  2,  3,  4,  5,  9,  10, 11, 12, 13, 14, 18, 19, 20, 21,
                                      22, 23, 27, 28, 29, 30, 31, 32, 36, 37, 38, 39, 40, 41, 45, 46,
                                      47, 48, 49, 50, 54, 55, 56, 57, 58, 59, 63, 64, 65, 66, 67, 68};
// {1, 2, 4, 6}, depth-column-row order.
const std::vector<uint32_t> kSpaceDcr = {0,  18, 1,  19, 2,  20, 36, 54, 37, 55, 38, 56, 3,  21, 4,  22,
                                         5,  23, 39, 57, 40, 58, 41, 59, 9,  27, 10, 28, 11, 29, 45, 63,
                                         46, 64, 47, 65, 12, 30, 13, 31, 14, 32, 48, 66, 49, 67, 50, 68};
// {1, 2, 4, 6}, column-row-depth order.
const std::vector<uint32_t> kSpaceCrd = {0,  9,  1,  10, 2,  11, 18, 27, 19, 28, 20, 29, 3,  12, 4,  13,
                                         5,  14, 21, 30, 22, 31, 23, 32, 36, 45, 37, 46, 38, 47, 54, 63,
                                         55, 64, 56, 65, 39, 48, 40, 49, 41, 50, 57, 66, 58, 67, 59, 68};

TEST(DepthToSpaceExample, BlockSize2) {
    TensorDesc in(U32, {1, 8, 2, 3}), out(U32, {1, 2, 4, 6});
    DML_DEPTH_TO_SPACE_OPERATOR_DESC d{in.Get(), out.Get(), 2};
    EXPECT_EQ(RunOne<uint32_t>({DML_OPERATOR_DEPTH_TO_SPACE, &d}, {Bytes(kDepth)}, out), kSpaceDcr);
}

TEST(DepthToSpace1Example, DepthColumnRow) {
    TensorDesc in(U32, {1, 8, 2, 3}), out(U32, {1, 2, 4, 6});
    DML_DEPTH_TO_SPACE1_OPERATOR_DESC d{in.Get(), out.Get(), 2, DML_DEPTH_SPACE_ORDER_DEPTH_COLUMN_ROW};
    EXPECT_EQ(RunOne<uint32_t>({DML_OPERATOR_DEPTH_TO_SPACE1, &d}, {Bytes(kDepth)}, out), kSpaceDcr);
}

TEST(DepthToSpace1Example, ColumnRowDepth) {
    TensorDesc in(U32, {1, 8, 2, 3}), out(U32, {1, 2, 4, 6});
    DML_DEPTH_TO_SPACE1_OPERATOR_DESC d{in.Get(), out.Get(), 2, DML_DEPTH_SPACE_ORDER_COLUMN_ROW_DEPTH};
    EXPECT_EQ(RunOne<uint32_t>({DML_OPERATOR_DEPTH_TO_SPACE1, &d}, {Bytes(kDepth)}, out), kSpaceCrd);
}

TEST(SpaceToDepthExample, BlockSize2) {
    TensorDesc in(U32, {1, 2, 4, 6}), out(U32, {1, 8, 2, 3});
    DML_SPACE_TO_DEPTH_OPERATOR_DESC d{in.Get(), out.Get(), 2};
    EXPECT_EQ(RunOne<uint32_t>({DML_OPERATOR_SPACE_TO_DEPTH, &d}, {Bytes(kSpaceDcr)}, out), kDepth);
}

TEST(SpaceToDepth1Example, DepthColumnRow) {
    TensorDesc in(U32, {1, 2, 4, 6}), out(U32, {1, 8, 2, 3});
    DML_SPACE_TO_DEPTH1_OPERATOR_DESC d{in.Get(), out.Get(), 2, DML_DEPTH_SPACE_ORDER_DEPTH_COLUMN_ROW};
    EXPECT_EQ(RunOne<uint32_t>({DML_OPERATOR_SPACE_TO_DEPTH1, &d}, {Bytes(kSpaceDcr)}, out), kDepth);
}

TEST(SpaceToDepth1Example, ColumnRowDepth) {
    TensorDesc in(U32, {1, 2, 4, 6}), out(U32, {1, 8, 2, 3});
    DML_SPACE_TO_DEPTH1_OPERATOR_DESC d{in.Get(), out.Get(), 2, DML_DEPTH_SPACE_ORDER_COLUMN_ROW_DEPTH};
    EXPECT_EQ(RunOne<uint32_t>({DML_OPERATOR_SPACE_TO_DEPTH1, &d}, {Bytes(kSpaceCrd)}, out), kDepth);
}

// ---- PADDING, PADDING1: the four examples of both pages share input, paddings and outputs ----

const std::vector<float> kPadInput = {1, 2, 3, 4, 5, 6, 7, 8, 1, 2, 3, 4, 5, 6, 7, 8};   // {1, 1, 4, 4}
const std::vector<uint32_t> kPadStart = {0, 0, 1, 2}, kPadEnd = {0, 0, 3, 4};

const std::vector<float> kPadConstant = {9, 9, 9, 9, 9, 9, 9, 9, 9, 9,  //
                                         9, 9, 1, 2, 3, 4, 9, 9, 9, 9,  //
                                         9, 9, 5, 6, 7, 8, 9, 9, 9, 9,  //
                                         9, 9, 1, 2, 3, 4, 9, 9, 9, 9,  //
                                         9, 9, 5, 6, 7, 8, 9, 9, 9, 9,  //
                                         9, 9, 9, 9, 9, 9, 9, 9, 9, 9,  //
                                         9, 9, 9, 9, 9, 9, 9, 9, 9, 9,  //
                                         9, 9, 9, 9, 9, 9, 9, 9, 9, 9};
const std::vector<float> kPadEdge = {1, 1, 1, 2, 3, 4, 4, 4, 4, 4,  //
                                     1, 1, 1, 2, 3, 4, 4, 4, 4, 4,  //
                                     5, 5, 5, 6, 7, 8, 8, 8, 8, 8,  //
                                     1, 1, 1, 2, 3, 4, 4, 4, 4, 4,  //
                                     5, 5, 5, 6, 7, 8, 8, 8, 8, 8,  //
                                     5, 5, 5, 6, 7, 8, 8, 8, 8, 8,  //
                                     5, 5, 5, 6, 7, 8, 8, 8, 8, 8,  //
                                     5, 5, 5, 6, 7, 8, 8, 8, 8, 8};
const std::vector<float> kPadReflection = {7, 6, 5, 6, 7, 8, 7, 6, 5, 6,  //
                                           3, 2, 1, 2, 3, 4, 3, 2, 1, 2,  //
                                           7, 6, 5, 6, 7, 8, 7, 6, 5, 6,  //
                                           3, 2, 1, 2, 3, 4, 3, 2, 1, 2,  //
                                           7, 6, 5, 6, 7, 8, 7, 6, 5, 6,  //
                                           3, 2, 1, 2, 3, 4, 3, 2, 1, 2,  //
                                           7, 6, 5, 6, 7, 8, 7, 6, 5, 6,  //
                                           3, 2, 1, 2, 3, 4, 3, 2, 1, 2};
const std::vector<float> kPadSymmetric = {2, 1, 1, 2, 3, 4, 4, 3, 2, 1,  //
                                          2, 1, 1, 2, 3, 4, 4, 3, 2, 1,  //
                                          6, 5, 5, 6, 7, 8, 8, 7, 6, 5,  //
                                          2, 1, 1, 2, 3, 4, 4, 3, 2, 1,  //
                                          6, 5, 5, 6, 7, 8, 8, 7, 6, 5,  //
                                          6, 5, 5, 6, 7, 8, 8, 7, 6, 5,  //
                                          2, 1, 1, 2, 3, 4, 4, 3, 2, 1,  //
                                          6, 5, 5, 6, 7, 8, 8, 7, 6, 5};

std::vector<float> RunPadding(DML_PADDING_MODE mode) {
    TensorDesc in(F32, {1, 1, 4, 4}), out(F32, {1, 1, 8, 10});
    DML_PADDING_OPERATOR_DESC d{in.Get(), out.Get(), mode, 9.0f, 4, kPadStart.data(), kPadEnd.data()};
    return RunOne<float>({DML_OPERATOR_PADDING, &d}, {Bytes(kPadInput)}, out);
}

std::vector<float> RunPadding1(DML_PADDING_MODE mode) {
    TensorDesc in(F32, {1, 1, 4, 4}), out(F32, {1, 1, 8, 10});
    DML_SCALAR_UNION value{};
    value.Float32 = 9.0f;
    DML_PADDING1_OPERATOR_DESC d{in.Get(), out.Get(), mode, F32, value, 4, kPadStart.data(), kPadEnd.data()};
    return RunOne<float>({DML_OPERATOR_PADDING1, &d}, {Bytes(kPadInput)}, out);
}

TEST(PaddingExample, Example1Constant) { EXPECT_EQ(RunPadding(DML_PADDING_MODE_CONSTANT), kPadConstant); }
TEST(PaddingExample, Example2Edge) { EXPECT_EQ(RunPadding(DML_PADDING_MODE_EDGE), kPadEdge); }
TEST(PaddingExample, Example3Reflection) { EXPECT_EQ(RunPadding(DML_PADDING_MODE_REFLECTION), kPadReflection); }
TEST(PaddingExample, Example4Symmetric) { EXPECT_EQ(RunPadding(DML_PADDING_MODE_SYMMETRIC), kPadSymmetric); }
TEST(Padding1Example, Example1Constant) { EXPECT_EQ(RunPadding1(DML_PADDING_MODE_CONSTANT), kPadConstant); }
TEST(Padding1Example, Example2Edge) { EXPECT_EQ(RunPadding1(DML_PADDING_MODE_EDGE), kPadEdge); }
TEST(Padding1Example, Example3Reflection) { EXPECT_EQ(RunPadding1(DML_PADDING_MODE_REFLECTION), kPadReflection); }
TEST(Padding1Example, Example4Symmetric) { EXPECT_EQ(RunPadding1(DML_PADDING_MODE_SYMMETRIC), kPadSymmetric); }

// WRAP (DML_FEATURE_LEVEL_6_4) has no example on the pages; this one follows ONNX Pad's wrap mode.
TEST(Padding1Example, WrapMode) {
    TensorDesc in(F32, {3, 2}), out(F32, {3, 5});
    std::vector<uint32_t> start = {0, 2}, end = {0, 1};
    DML_SCALAR_UNION value{};
    DML_PADDING1_OPERATOR_DESC d{in.Get(), out.Get(), DML_PADDING_MODE_WRAP, F32, value, 2, start.data(), end.data()};
    EXPECT_EQ(RunOne<float>({DML_OPERATOR_PADDING1, &d}, {Bytes(std::vector<float>{1, 2, 3, 4, 5, 6})}, out),
              (std::vector<float>{1, 2, 1, 2, 1, 3, 4, 3, 4, 3, 5, 6, 5, 6, 5}));
}

// PADDING's FLOAT value on an integer tensor is truncated ("10.6 becomes 10").
TEST(PaddingExample, FloatValueTruncatedForIntegers) {
    TensorDesc in(DML_TENSOR_DATA_TYPE_INT16, {2}), out(DML_TENSOR_DATA_TYPE_INT16, {5});
    std::vector<uint32_t> start = {1}, end = {2};
    DML_PADDING_OPERATOR_DESC d{in.Get(), out.Get(), DML_PADDING_MODE_CONSTANT, -10.6f, 1, start.data(), end.data()};
    EXPECT_EQ(RunOne<int16_t>({DML_OPERATOR_PADDING, &d}, {Bytes(std::vector<int16_t>{7, 8})}, out),
              (std::vector<int16_t>{-10, 7, 8, -10, -10}));
}

// ---- SLICE_GRAD: the page's picture (a, c, i, k of a 4x4 tensor); its window is SLICE1's offsets {0, 0}, sizes
// {4, 4}, strides {2, 2}. With strides {-2, 2} the rows arrive flipped. ----

TEST(SliceGradExample, PicturedWindow) {
    TensorDesc in(F32, {2, 2}), out(F32, {4, 4});
    std::vector<uint32_t> offsets = {0, 0}, sizes = {4, 4};
    std::vector<int32_t> strides = {2, 2};
    DML_SLICE_GRAD_OPERATOR_DESC d{in.Get(), out.Get(), 2, offsets.data(), sizes.data(), strides.data()};
    EXPECT_EQ(RunOne<float>({DML_OPERATOR_SLICE_GRAD, &d}, {Bytes(std::vector<float>{1, 3, 9, 11})}, out),
              (std::vector<float>{1, 0, 3, 0, 0, 0, 0, 0, 9, 0, 11, 0, 0, 0, 0, 0}));
    strides = {-2, 2};
    EXPECT_EQ(RunOne<float>({DML_OPERATOR_SLICE_GRAD, &d}, {Bytes(std::vector<float>{1, 3, 9, 11})}, out),
              (std::vector<float>{0, 0, 0, 0, 9, 0, 11, 0, 0, 0, 0, 0, 1, 0, 3, 0}));
}

// ---- REVERSE_SUBSEQUENCES ----

const std::vector<float> kReverseInput = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12};   // {1, 1, 3, 4}

TEST(ReverseSubsequencesExample, Example1) {
    TensorDesc in(F32, {1, 1, 3, 4}), lengths(U32, {1, 1, 3, 1}), out(F32, {1, 1, 3, 4});
    DML_REVERSE_SUBSEQUENCES_OPERATOR_DESC d{in.Get(), lengths.Get(), out.Get(), 3};
    EXPECT_EQ(RunOne<float>({DML_OPERATOR_REVERSE_SUBSEQUENCES, &d},
                            {Bytes(kReverseInput), Bytes(std::vector<uint32_t>{2, 4, 3})}, out),
              (std::vector<float>{2, 1, 3, 4, 8, 7, 6, 5, 11, 10, 9, 12}));
}

TEST(ReverseSubsequencesExample, Example2OtherAxis) {
    TensorDesc in(F32, {1, 1, 3, 4}), lengths(U32, {1, 1, 1, 4}), out(F32, {1, 1, 3, 4});
    DML_REVERSE_SUBSEQUENCES_OPERATOR_DESC d{in.Get(), lengths.Get(), out.Get(), 2};
    EXPECT_EQ(RunOne<float>({DML_OPERATOR_REVERSE_SUBSEQUENCES, &d},
                            {Bytes(kReverseInput), Bytes(std::vector<uint32_t>{2, 3, 1, 0})}, out),
              (std::vector<float>{5, 10, 3, 4, 1, 6, 7, 8, 9, 2, 11, 12}));
}

// Lengths beyond the axis are clamped to it (the page's rule), here as UINT64 with a high word set.
TEST(ReverseSubsequencesExample, LongLengthsAreClamped) {
    TensorDesc in(F32, {1, 1, 3, 4}), lengths(DML_TENSOR_DATA_TYPE_UINT64, {1, 1, 3, 1}), out(F32, {1, 1, 3, 4});
    DML_REVERSE_SUBSEQUENCES_OPERATOR_DESC d{in.Get(), lengths.Get(), out.Get(), 3};
    EXPECT_EQ(RunOne<float>({DML_OPERATOR_REVERSE_SUBSEQUENCES, &d},
                            {Bytes(kReverseInput), Bytes(std::vector<uint64_t>{5, 0x100000001ull, 1})}, out),
              (std::vector<float>{4, 3, 2, 1, 8, 7, 6, 5, 9, 10, 11, 12}));
}

// ---- GATHER_ELEMENTS (the page prints the output's DataType as UINT32; it must be the input's, FLOAT32) ----

TEST(GatherElementsExample, Axis0) {
    TensorDesc in(F32, {3, 3}), idx(U32, {2, 3}), out(F32, {2, 3});
    DML_GATHER_ELEMENTS_OPERATOR_DESC d{in.Get(), idx.Get(), out.Get(), 0};
    EXPECT_EQ(RunOne<float>({DML_OPERATOR_GATHER_ELEMENTS, &d},
                            {Bytes(std::vector<float>{1, 2, 3, 4, 5, 6, 7, 8, 9}),
                             Bytes(std::vector<uint32_t>{1, 2, 0, 2, 0, 0})}, out),
              (std::vector<float>{4, 8, 3, 7, 2, 3}));
}

// Negative INT64 indices count from the end (FL 3.0); out-of-range ones are clamped, never read outside.
TEST(GatherElementsExample, NegativeAndOutOfRangeIndices) {
    TensorDesc in(F32, {2, 3}), idx(DML_TENSOR_DATA_TYPE_INT64, {2, 3}), out(F32, {2, 3});
    DML_GATHER_ELEMENTS_OPERATOR_DESC d{in.Get(), idx.Get(), out.Get(), 1};
    EXPECT_EQ(RunOne<float>({DML_OPERATOR_GATHER_ELEMENTS, &d},
                            {Bytes(std::vector<float>{1, 2, 3, 4, 5, 6}),
                             Bytes(std::vector<int64_t>{-1, -3, 0, 7, -9, INT64_MIN})}, out),
              (std::vector<float>{3, 1, 1, 6, 4, 4}));
}

// ---- GATHER_ND, GATHER_ND1 ----

TEST(GatherNdExample, Example1Remapping1D) {
    TensorDesc in(F32, {2, 2}), idx(U32, {2, 1}), out(F32, {2, 2});
    DML_GATHER_ND_OPERATOR_DESC d{in.Get(), idx.Get(), out.Get(), 2, 2};
    EXPECT_EQ(RunOne<float>({DML_OPERATOR_GATHER_ND, &d},
                            {Bytes(std::vector<float>{0, 1, 2, 3}), Bytes(std::vector<uint32_t>{1, 0})}, out),
              (std::vector<float>{2, 3, 0, 1}));
}

TEST(GatherNdExample, Example2Remapping2D) {
    TensorDesc in(F32, {1, 2, 2, 2}), idx(U32, {1, 1, 2, 2}), out(F32, {1, 1, 2, 2});
    DML_GATHER_ND_OPERATOR_DESC d{in.Get(), idx.Get(), out.Get(), 3, 2};
    EXPECT_EQ(RunOne<float>({DML_OPERATOR_GATHER_ND, &d},
                            {Bytes(std::vector<float>{0, 1, 2, 3, 4, 5, 6, 7}), Bytes(std::vector<uint32_t>{0, 1, 1, 0})},
                            out),
              (std::vector<float>{2, 3, 4, 5}));
}

TEST(GatherNd1Example, Example1Remapping1D) {
    TensorDesc in(F32, {2, 2}), idx(U32, {2, 1}), out(F32, {2, 2});
    DML_GATHER_ND1_OPERATOR_DESC d{in.Get(), idx.Get(), out.Get(), 2, 2, 0};
    EXPECT_EQ(RunOne<float>({DML_OPERATOR_GATHER_ND1, &d},
                            {Bytes(std::vector<float>{0, 1, 2, 3}), Bytes(std::vector<uint32_t>{1, 0})}, out),
              (std::vector<float>{2, 3, 0, 1}));
}

TEST(GatherNd1Example, Example2BatchCount) {
    TensorDesc in(F32, {1, 3, 2, 2}), idx(U32, {1, 3, 2, 2}), out(F32, {1, 1, 3, 2});
    DML_GATHER_ND1_OPERATOR_DESC d{in.Get(), idx.Get(), out.Get(), 3, 3, 1};
    EXPECT_EQ(RunOne<float>({DML_OPERATOR_GATHER_ND1, &d},
                            {Bytes(std::vector<float>{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11}),
                             Bytes(std::vector<uint32_t>{0, 0, 1, 1, 1, 1, 0, 0, 0, 1, 1, 0})},
                            out),
              (std::vector<float>{0, 3, 7, 4, 9, 10}));
}

// ---- SCATTER (= SCATTER_ELEMENTS) ----

TEST(ScatterExample, Example1Scatter1D) {
    TensorDesc in(F32, {5}), idx(U32, {4}), upd(F32, {4}), out(F32, {5});
    DML_SCATTER_OPERATOR_DESC d{in.Get(), idx.Get(), upd.Get(), out.Get(), 0};
    // Index 3 appears twice (the page's own example): DirectML leaves the winner open; vkdml's single launch lets
    // either update land, so only the other elements are compared exactly.
    auto o = RunOne<float>({DML_OPERATOR_SCATTER_ELEMENTS, &d},
                           {Bytes(std::vector<float>{0, 1, 2, 3, 4}), Bytes(std::vector<uint32_t>{3, 1, 3, 0}),
                            Bytes(std::vector<float>{5, 6, 7, 8})},
                           out);
    ASSERT_EQ(o.size(), 5u);
    EXPECT_EQ(o[0], 8);
    EXPECT_EQ(o[1], 6);
    EXPECT_EQ(o[2], 2);
    EXPECT_TRUE(o[3] == 7 || o[3] == 5) << o[3];   // the page shows 7
    EXPECT_EQ(o[4], 4);
}

// The page declares the input {2,3} but shows (and the output needs) {3,3}.
TEST(ScatterExample, Example2Scatter2D) {
    TensorDesc in(F32, {3, 3}), idx(U32, {2, 3}), upd(F32, {2, 3}), out(F32, {3, 3});
    DML_SCATTER_OPERATOR_DESC d{in.Get(), idx.Get(), upd.Get(), out.Get(), 0};
    EXPECT_EQ(RunOne<float>({DML_OPERATOR_SCATTER_ELEMENTS, &d},
                            {Bytes(std::vector<float>(9, 0.0f)), Bytes(std::vector<uint32_t>{1, 0, 2, 0, 2, 1}),
                             Bytes(std::vector<float>{10, 11, 12, 20, 21, 22})},
                            out),
              (std::vector<float>{20, 11, 0, 10, 0, 22, 0, 21, 12}));
}

// Negative indices count from the end (FL 3.0); indices outside the axis write nothing.
TEST(ScatterExample, NegativeAndOutOfRangeIndices) {
    TensorDesc in(F32, {1, 5}), idx(DML_TENSOR_DATA_TYPE_INT32, {1, 4}), upd(F32, {1, 4}), out(F32, {1, 5});
    DML_SCATTER_OPERATOR_DESC d{in.Get(), idx.Get(), upd.Get(), out.Get(), 1};
    EXPECT_EQ(RunOne<float>({DML_OPERATOR_SCATTER_ELEMENTS, &d},
                            {Bytes(std::vector<float>{0, 1, 2, 3, 4}), Bytes(std::vector<int32_t>{-1, 5, -6, -5}),
                             Bytes(std::vector<float>{10, 11, 12, 13})},
                            out),
              (std::vector<float>{13, 1, 2, 3, 10}));
}

// Duplicate indices are invalid and DirectML leaves the winner open; vkdml writes sub-word elements whole, so one of
// the updates lands intact (no mix of their bits) and the neighbours keep theirs.
TEST(ScatterExample, DuplicateIndicesLeaveOneWholeUpdate) {
    constexpr auto U8 = DML_TENSOR_DATA_TYPE_UINT8;
    TensorDesc in(U8, {4}), idx(U32, {64}), upd(U8, {64}), out(U8, {4});
    std::vector<uint8_t> updates(64);
    for (uint32_t i = 0; i < 64; ++i) updates[i] = uint8_t(0x81 + 2 * i);   // odd values, no bit pattern unions
    DML_SCATTER_OPERATOR_DESC d{in.Get(), idx.Get(), upd.Get(), out.Get(), 0};
    auto o = RunOne<uint8_t>({DML_OPERATOR_SCATTER_ELEMENTS, &d},
                             {std::vector<uint8_t>{10, 11, 12, 13}, Bytes(std::vector<uint32_t>(64, 1)), updates}, out);
    ASSERT_EQ(o.size(), 4u);
    EXPECT_EQ(o[0], 10);
    EXPECT_NE(std::find(updates.begin(), updates.end(), o[1]), updates.end()) << int(o[1]);
    EXPECT_EQ(o[2], 12);
    EXPECT_EQ(o[3], 13);
}

// ---- SCATTER_ND: the page's example has rank-1 input and updates with rank-2 indices and FLOAT32 indices; ranks
// are aligned with a leading 1 ({1,8}, {4,1}, {1,4}) and the indices are UINT32. ----

TEST(ScatterNdExample, Example) {
    TensorDesc in(F32, {1, 8}), idx(U32, {4, 1}), upd(F32, {1, 4}), out(F32, {1, 8});
    DML_SCATTER_ND_OPERATOR_DESC d{in.Get(), idx.Get(), upd.Get(), out.Get(), 1, 2};
    EXPECT_EQ(RunOne<float>({DML_OPERATOR_SCATTER_ND, &d},
                            {Bytes(std::vector<float>{1, 2, 3, 4, 5, 6, 7, 8}), Bytes(std::vector<uint32_t>{4, 3, 1, 7}),
                             Bytes(std::vector<float>{9, 10, 11, 12})},
                            out),
              (std::vector<float>{1, 11, 3, 10, 9, 6, 7, 12}));
}

// Tuples address slices; a tuple with any component out of range writes nothing.
TEST(ScatterNdExample, SliceUpdatesAndSkippedTuples) {
    TensorDesc in(F32, {3, 2}), idx(DML_TENSOR_DATA_TYPE_INT64, {3, 1}), upd(F32, {3, 2}), out(F32, {3, 2});
    DML_SCATTER_ND_OPERATOR_DESC d{in.Get(), idx.Get(), upd.Get(), out.Get(), 2, 2};
    EXPECT_EQ(RunOne<float>({DML_OPERATOR_SCATTER_ND, &d},
                            {Bytes(std::vector<float>{1, 2, 3, 4, 5, 6}), Bytes(std::vector<int64_t>{-1, 3, 0}),
                             Bytes(std::vector<float>{10, 20, 30, 40, 50, 60})},
                            out),
              (std::vector<float>{50, 60, 3, 4, 10, 20}));
}

// ---- MAX_UNPOOLING: the page has no example; these undo a 2 x 2 max pooling of stride 2 (ONNX's MaxUnpool node
// test: the indices MaxPool gives for the maxima of a 4 x 4 plane). ----

TEST(MaxUnpoolingExample, UndoesAMaxPooling) {
    TensorDesc in(F32, {1, 1, 2, 2}), idx(U32, {1, 1, 2, 2}), out(F32, {1, 1, 4, 4});
    DML_MAX_UNPOOLING_OPERATOR_DESC d{in.Get(), idx.Get(), out.Get()};
    EXPECT_EQ(RunOne<float>({DML_OPERATOR_MAX_UNPOOLING, &d},
                            {Bytes(std::vector<float>{5, 6, 7, 8}), Bytes(std::vector<uint32_t>{5, 7, 13, 15})}, out),
              (std::vector<float>{0, 0, 0, 0, 0, 5, 0, 6, 0, 0, 0, 0, 0, 7, 0, 8}));
}

// An index counts the output's elements in row-major order of its sizes, not in memory: the same indices into an
// output stored transposed (column-major) land on the same coordinates; 16 and beyond write nothing (UINT64).
TEST(MaxUnpoolingExample, IndicesCountCoordinatesNotMemory) {
    TensorDesc in(F32, {1, 1, 2, 3}), idx(DML_TENSOR_DATA_TYPE_UINT64, {1, 1, 2, 3});
    TensorDesc out(F32, {1, 1, 4, 4}, {16, 16, 1, 4});
    DML_MAX_UNPOOLING_OPERATOR_DESC d{in.Get(), idx.Get(), out.Get()};
    const std::vector<float> stored = RunOne<float>(
        {DML_OPERATOR_MAX_UNPOOLING, &d},
        {Bytes(std::vector<float>{5, 6, 7, 8, 9, 10}), Bytes(std::vector<uint64_t>{5, 7, 13, 15, 16, 1ull << 32})},
        out);
    EXPECT_EQ(stored, (std::vector<float>{0, 0, 0, 0, 0, 5, 0, 7, 0, 0, 0, 0, 0, 6, 0, 8}));   // column by column
}

// ---- NONZERO_COORDINATES: the page's example input begins as this one; the rest is ours. -0 counts as zero; the
// coordinates are those of the last N = 2 dimensions (the leading ones have size 1). Rows past the count are left
// as they were (0xCDCDCDCD). ----

TEST(NonzeroCoordinatesExample, CountsAndOrdersTheNonzeroElements) {
    TensorDesc in(F32, {1, 1, 2, 4}), count(U32, {1, 1, 1, 1}), coords(U32, {1, 1, 8, 2});
    DML_NONZERO_COORDINATES_OPERATOR_DESC d{in.Get(), count.Get(), coords.Get()};
    auto r = RunOperator({DML_OPERATOR_NONZERO_COORDINATES, &d},
                         {Bytes(std::vector<float>{1.0f, 0.0f, 0.0f, 2.0f, -0.0f, 3.5f, 0.0f, -5.0f})},
                         {std::vector<uint8_t>(count.Bytes(), 0xCD), std::vector<uint8_t>(coords.Bytes(), 0xCD)});
    ASSERT_EQ(r.status, VKDML_SUCCESS) << r.message;
    EXPECT_EQ(Values<uint32_t>(r.outputs[0], 1), (std::vector<uint32_t>{4}));
    std::vector<uint32_t> rows = Values<uint32_t>(r.outputs[1], 16);
    EXPECT_EQ(rows, (std::vector<uint32_t>{0, 0, 0, 3, 1, 1, 1, 3, 0xCDCDCDCD, 0xCDCDCDCD, 0xCDCDCDCD, 0xCDCDCDCD,
                                           0xCDCDCDCD, 0xCDCDCDCD, 0xCDCDCDCD, 0xCDCDCDCD}));
}

// N may exceed the effective rank, up to the input's DimensionCount: the leading coordinates are then 0. Here the
// coordinates are stored column-major (strides {.., 1, M}) and the input is an INT8 tensor read through strides.
TEST(NonzeroCoordinatesExample, WiderRowsAndStridedTensors) {
    TensorDesc in(DML_TENSOR_DATA_TYPE_INT8, {1, 1, 2, 3}, {12, 12, 1, 2});   // stored transposed: [[a c e] [b d f]]
    TensorDesc count(U32, {1, 1, 1, 1}), coords(U32, {1, 1, 6, 3}, {18, 18, 1, 6});
    DML_NONZERO_COORDINATES_OPERATOR_DESC d{in.Get(), count.Get(), coords.Get()};
    // memory a b c d e f = 0 7 -1 0 0 5: logical [[0 -1 0] [7 0 5]]
    auto r = RunOperator({DML_OPERATOR_NONZERO_COORDINATES, &d},
                         {Bytes(std::vector<int8_t>{0, 7, -1, 0, 0, 5}, in.Bytes())},
                         {std::vector<uint8_t>(count.Bytes(), 0xCD), std::vector<uint8_t>(coords.Bytes(), 0xCD)});
    ASSERT_EQ(r.status, VKDML_SUCCESS) << r.message;
    EXPECT_EQ(Values<uint32_t>(r.outputs[0], 1), (std::vector<uint32_t>{3}));
    const std::vector<uint32_t> stored = Values<uint32_t>(r.outputs[1], 18);
    const uint32_t x = 0xCDCDCDCD;
    // column 0 (always 0), column 1 (rows), column 2 (columns), each 6 rows long
    EXPECT_EQ(stored, (std::vector<uint32_t>{0, 0, 0, x, x, x, 0, 1, 1, x, x, x, 1, 0, 2, x, x, x}));
}

// ---- UNFOLD: the page's two examples, a 4-D input unfolded to a 3-D output. Each row is a window position,
// each column a block. ----

std::vector<float> RunUnfold(std::vector<uint32_t> start, std::vector<uint32_t> end, const TensorDesc& out) {
    TensorDesc in(F32, {1, 1, 5, 5});
    std::vector<float> values(25);
    for (size_t i = 0; i < values.size(); ++i) values[i] = float(i);
    const std::vector<uint32_t> window = {3, 3}, strides = {1, 1}, dilations = {1, 1};
    DML_UNFOLD_OPERATOR_DESC d{in.Get(), out.Get(), 2, window.data(), strides.data(), dilations.data(),
                               start.data(), end.data()};
    return RunOne<float>({DML_OPERATOR_UNFOLD, &d}, {Bytes(values)}, out);
}

TEST(UnfoldExample, Example1) {
    EXPECT_EQ(RunUnfold({0, 0}, {0, 0}, {F32, {1, 9, 9}}),
              (std::vector<float>{0,  1,  2,  5,  6,  7,  10, 11, 12,  //
                                  1,  2,  3,  6,  7,  8,  11, 12, 13,  //
                                  2,  3,  4,  7,  8,  9,  12, 13, 14,  //
                                  5,  6,  7,  10, 11, 12, 15, 16, 17,  //
                                  6,  7,  8,  11, 12, 13, 16, 17, 18,  //
                                  7,  8,  9,  12, 13, 14, 17, 18, 19,  //
                                  10, 11, 12, 15, 16, 17, 20, 21, 22,  //
                                  11, 12, 13, 16, 17, 18, 21, 22, 23,  //
                                  12, 13, 14, 17, 18, 19, 22, 23, 24}));
}

// Padding of one row above and below: the first window row of the first blocks and the last of the last read zeros.
TEST(UnfoldExample, Example2Padded) {
    EXPECT_EQ(RunUnfold({1, 0}, {1, 0}, {F32, {1, 9, 15}}),
              (std::vector<float>{0, 0, 0, 0,  1,  2,  5,  6,  7,  10, 11, 12, 15, 16, 17,  //
                                  0, 0, 0, 1,  2,  3,  6,  7,  8,  11, 12, 13, 16, 17, 18,  //
                                  0, 0, 0, 2,  3,  4,  7,  8,  9,  12, 13, 14, 17, 18, 19,  //
                                  0, 1, 2, 5,  6,  7,  10, 11, 12, 15, 16, 17, 20, 21, 22,  //
                                  1, 2, 3, 6,  7,  8,  11, 12, 13, 16, 17, 18, 21, 22, 23,  //
                                  2, 3, 4, 7,  8,  9,  12, 13, 14, 17, 18, 19, 22, 23, 24,  //
                                  5, 6, 7, 10, 11, 12, 15, 16, 17, 20, 21, 22, 0,  0,  0,   //
                                  6, 7, 8, 11, 12, 13, 16, 17, 18, 21, 22, 23, 0,  0,  0,   //
                                  7, 8, 9, 12, 13, 14, 17, 18, 19, 22, 23, 24, 0,  0,  0}));
}

// ---- FOLD: the page's three examples, 3-D columns folded into a 4-D image; overlapping values are summed. The
// columns hold 0, 1, 2, ... row-major. ----

std::vector<float> RunFold(const TensorDesc& in, std::vector<uint32_t> start, std::vector<uint32_t> end,
                           const TensorDesc& out) {
    std::vector<float> values(size_t(in.sizes[1]) * in.sizes[2]);
    for (size_t i = 0; i < values.size(); ++i) values[i] = float(i);
    const std::vector<uint32_t> window = {3, 3}, strides = {1, 1}, dilations = {1, 1};
    DML_FOLD_OPERATOR_DESC d{in.Get(), out.Get(), 2, window.data(), strides.data(), dilations.data(), start.data(),
                             end.data()};
    return RunOne<float>({DML_OPERATOR_FOLD, &d}, {Bytes(values)}, out);
}

TEST(FoldExample, Example1) {
    EXPECT_EQ(RunFold({F32, {1, 9, 4}}, {0, 0}, {0, 0}, {F32, {1, 1, 4, 4}}),
              (std::vector<float>{0, 5, 13, 9, 14, 38, 54, 32, 38, 86, 102, 56, 26, 57, 65, 35}));
}

// Padding of one row above and below: 4 x 2 blocks, and the values of the padding rows are dropped.
TEST(FoldExample, Example2Padded) {
    EXPECT_EQ(RunFold({F32, {1, 9, 8}}, {1, 0}, {1, 0}, {F32, {1, 1, 4, 4}}),
              (std::vector<float>{26, 70, 102, 60, 78, 183, 231, 129, 84, 195, 243, 135, 82, 182, 214, 116}));
}

TEST(FoldExample, Example3TwoChannelsPadded) {
    EXPECT_EQ(RunFold({F32, {1, 18, 8}}, {1, 0}, {1, 0}, {F32, {1, 2, 4, 4}}),
              (std::vector<float>{26,  70,  102, 60,  78,  183, 231, 129, 84,  195, 243, 135, 82,  182, 214, 116,
                                  170, 358, 390, 204, 294, 615, 663, 345, 300, 627, 675, 351, 226, 470, 502, 260}));
}

// ---- ONE_HOT ----

std::vector<float> RunOneHot(TensorDesc idx, std::vector<uint8_t> indices, TensorDesc values, std::vector<float> v,
                             uint32_t axis) {
    TensorDesc out(F32, {1, 1, 3, 4});
    DML_ONE_HOT_OPERATOR_DESC d{idx.Get(), values.Get(), out.Get(), axis};
    return RunOne<float>({DML_OPERATOR_ONE_HOT, &d}, {indices, Bytes(v)}, out);
}

TEST(OneHotExample, Example1) {
    EXPECT_EQ(RunOneHot({U32, {1, 1, 3, 1}}, Bytes(std::vector<uint32_t>{0, 3, 2}), {F32, {1, 1, 1, 2}}, {0, 1}, 3),
              (std::vector<float>{1, 0, 0, 0, 0, 0, 0, 1, 0, 0, 1, 0}));
}

TEST(OneHotExample, Example2OtherAxis) {
    EXPECT_EQ(RunOneHot({U32, {1, 1, 1, 4}}, Bytes(std::vector<uint32_t>{0, 2, 1, 0}), {F32, {1, 1, 1, 2}}, {0, 1}, 2),
              (std::vector<float>{1, 0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0}));
}

TEST(OneHotExample, Example3OnOffValues) {
    EXPECT_EQ(RunOneHot({U32, {1, 1, 3, 1}}, Bytes(std::vector<uint32_t>{0, 3, 2}), {F32, {1, 1, 3, 1}}, {4, 2, 9}, 3),
              (std::vector<float>{2, 4, 4, 4, 4, 4, 4, 2, 4, 4, 2, 4}));
}

TEST(OneHotExample, Example4NegativeAndOutOfBounds) {
    EXPECT_EQ(RunOneHot({DML_TENSOR_DATA_TYPE_INT32, {1, 1, 3, 1}}, Bytes(std::vector<int32_t>{-3, 100, 3}),
                        {F32, {1, 1, 1, 2}}, {0, 1}, 3),
              (std::vector<float>{0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1}));
}

// ---- FILL_VALUE_CONSTANT, FILL_VALUE_SEQUENCE ----

TEST(FillValueConstantExample, Thirteen) {
    TensorDesc out(F32, {1, 1, 2, 4});
    DML_SCALAR_UNION value{};
    value.Float32 = 13.0f;
    DML_FILL_VALUE_CONSTANT_OPERATOR_DESC d{out.Get(), F32, value};
    EXPECT_EQ(RunOne<float>({DML_OPERATOR_FILL_VALUE_CONSTANT, &d}, {}, out), std::vector<float>(8, 13.0f));
}

TEST(FillValueSequenceExample, Example1AscendingFloat) {
    TensorDesc out(F32, {1, 1, 1, 3});
    DML_SCALAR_UNION start{}, delta{};
    start.Float32 = 3;
    delta.Float32 = 2;
    DML_FILL_VALUE_SEQUENCE_OPERATOR_DESC d{out.Get(), F32, start, delta};
    EXPECT_EQ(RunOne<float>({DML_OPERATOR_FILL_VALUE_SEQUENCE, &d}, {}, out), (std::vector<float>{3, 5, 7}));
}

// UINT8 with ValueDelta -2 (0xFE as a UINT8): the sum wraps modulo 256.
TEST(FillValueSequenceExample, Example2Uint8Wraps) {
    constexpr auto U8 = DML_TENSOR_DATA_TYPE_UINT8;
    TensorDesc out(U8, {1, 1, 2, 2});
    DML_SCALAR_UNION start{}, delta{};
    start.UInt8 = 10;
    delta.UInt8 = uint8_t(-2);
    DML_FILL_VALUE_SEQUENCE_OPERATOR_DESC d{out.Get(), U8, start, delta};
    EXPECT_EQ(RunOne<uint8_t>({DML_OPERATOR_FILL_VALUE_SEQUENCE, &d}, {}, out), (std::vector<uint8_t>{10, 8, 6, 4}));
}

// ONNX Range(int32 10, 4, -3) and Range(float 1, 10, 2) (test_range_*), as the conformance runner lowers them.
TEST(FillValueSequenceExample, OnnxRanges) {
    TensorDesc ints(DML_TENSOR_DATA_TYPE_INT32, {2});
    DML_SCALAR_UNION start{}, delta{};
    start.Int32 = 10;
    delta.Int32 = -3;
    DML_FILL_VALUE_SEQUENCE_OPERATOR_DESC d{ints.Get(), DML_TENSOR_DATA_TYPE_INT32, start, delta};
    EXPECT_EQ(RunOne<int32_t>({DML_OPERATOR_FILL_VALUE_SEQUENCE, &d}, {}, ints), (std::vector<int32_t>{10, 7}));
    TensorDesc floats(F32, {5});
    start.Float32 = 1;
    delta.Float32 = 2;
    d = {floats.Get(), F32, start, delta};
    EXPECT_EQ(RunOne<float>({DML_OPERATOR_FILL_VALUE_SEQUENCE, &d}, {}, floats), (std::vector<float>{1, 3, 5, 7, 9}));
}

// ---- DIAGONAL_MATRIX ----

std::vector<float> RunDiagonal(std::vector<uint32_t> sizes, int32_t offset) {
    TensorDesc out(F32, sizes);
    DML_DIAGONAL_MATRIX_OPERATOR_DESC d{out.Get(), offset, 1.0f};
    return RunOne<float>({DML_OPERATOR_DIAGONAL_MATRIX, &d}, {}, out);
}

TEST(DiagonalMatrixExample, Identity) {
    EXPECT_EQ(RunDiagonal({1, 1, 3, 3}, 0), (std::vector<float>{1, 0, 0, 0, 1, 0, 0, 0, 1}));
}
TEST(DiagonalMatrixExample, ShiftRightUp) {
    EXPECT_EQ(RunDiagonal({1, 1, 3, 3}, 1), (std::vector<float>{0, 1, 0, 0, 0, 1, 0, 0, 0}));
}
TEST(DiagonalMatrixExample, ShiftLeftDown) {
    EXPECT_EQ(RunDiagonal({1, 1, 3, 2}, -1), (std::vector<float>{0, 0, 1, 0, 0, 1}));
}
TEST(DiagonalMatrixExample, ShiftedAway) { EXPECT_EQ(RunDiagonal({1, 1, 3, 2}, -3), std::vector<float>(6, 0.0f)); }

// ---- DIAGONAL_MATRIX1 (its first example prints Value 7 but an output of ones: Value 1 here) ----

const std::vector<float> kDiagonalInput = {4, 7, 3, 7, 9, 1, 2, 8, 6, 9, 9, 4, 1, 8, 7, 4, 3, 4, 2, 4};   // {4, 5}

std::vector<float> RunDiagonal1(bool withInput, float value, int32_t begin, int32_t end) {
    TensorDesc in(F32, {4, 5}), out(F32, {4, 5});
    DML_SCALAR_UNION v{};
    v.Float32 = value;
    DML_DIAGONAL_MATRIX1_OPERATOR_DESC d{withInput ? in.Get() : nullptr, out.Get(), F32, v, begin, end};
    return RunOne<float>({DML_OPERATOR_DIAGONAL_MATRIX1, &d}, {withInput ? Bytes(kDiagonalInput) : std::vector<uint8_t>{}},
                         out);
}

TEST(DiagonalMatrix1Example, DefaultIdentity) {
    EXPECT_EQ(RunDiagonal1(false, 1, 0, 1),
              (std::vector<float>{1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0}));
}

TEST(DiagonalMatrix1Example, ThreeWideStrip) {
    EXPECT_EQ(RunDiagonal1(false, 7, 0, 3),
              (std::vector<float>{7, 7, 7, 0, 0, 0, 7, 7, 7, 0, 0, 0, 7, 7, 7, 0, 0, 0, 7, 7}));
}

TEST(DiagonalMatrix1Example, KeepStrictUpperTriangle) {
    EXPECT_EQ(RunDiagonal1(true, 0, INT32_MIN, 1),
              (std::vector<float>{0, 7, 3, 7, 9, 0, 0, 8, 6, 9, 0, 0, 0, 8, 7, 0, 0, 0, 0, 4}));
}

TEST(DiagonalMatrix1Example, KeepOnlyTheDiagonal) {
    EXPECT_EQ(RunDiagonal1(true, 0, 1, 0),
              (std::vector<float>{4, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 2, 0}));
}

// ---- CAST: the page has no example; these are the edge values of the conversion rules the README states, with
// expected bits worked out independently (IEEE round to nearest even; float -> integer truncates and saturates, NaN
// -> 0; integer -> integer keeps the low bits). ----

struct CastCase {
    DML_TENSOR_DATA_TYPE from, to;
    std::vector<uint64_t> input, expected;   // element bits
};

uint32_t WidthOf(DML_TENSOR_DATA_TYPE t) {
    switch (t) {
        case DML_TENSOR_DATA_TYPE_INT8: case DML_TENSOR_DATA_TYPE_UINT8: return 1;
        case DML_TENSOR_DATA_TYPE_FLOAT16: case DML_TENSOR_DATA_TYPE_INT16: case DML_TENSOR_DATA_TYPE_UINT16: return 2;
        case DML_TENSOR_DATA_TYPE_FLOAT64: case DML_TENSOR_DATA_TYPE_INT64: case DML_TENSOR_DATA_TYPE_UINT64: return 8;
        default: return 4;
    }
}

std::vector<uint8_t> ElementBytes(const std::vector<uint64_t>& values, uint32_t width) {
    std::vector<uint8_t> bytes((values.size() * width + 3) / 4 * 4);
    for (size_t i = 0; i < values.size(); ++i)
        for (uint32_t b = 0; b < width; ++b) bytes[i * width + b] = uint8_t(values[i] >> (8 * b));
    return bytes;
}

constexpr auto F16T = DML_TENSOR_DATA_TYPE_FLOAT16;
constexpr auto F64T = DML_TENSOR_DATA_TYPE_FLOAT64;
constexpr auto I8T = DML_TENSOR_DATA_TYPE_INT8, U8T = DML_TENSOR_DATA_TYPE_UINT8;
constexpr auto I16T = DML_TENSOR_DATA_TYPE_INT16, U16T = DML_TENSOR_DATA_TYPE_UINT16;
constexpr auto I32T = DML_TENSOR_DATA_TYPE_INT32, U32T = DML_TENSOR_DATA_TYPE_UINT32;
constexpr auto I64T = DML_TENSOR_DATA_TYPE_INT64, U64T = DML_TENSOR_DATA_TYPE_UINT64;

const CastCase kCastCases[] = {
    // FLOAT32 -> FLOAT16: max, the overflow tie (to infinity), ties to even, subnormals, signed zero, infinities,
    // NaNs (quiet, top payload bits kept), the largest float.
    {F32, F16T,
     {0x477FE000, 0x477FEF00, 0x477FF000, 0x3F801000, 0x3F803000, 0x33800000, 0x33000000, 0x33400000, 0x387BA882,
      0x322BCC77, 0xC0200000, 0x80000000, 0x7F800000, 0xFF800000, 0x7FC00000, 0x7F812345, 0xFFC00001, 0x7F7FFFFF},
     {0x7BFF, 0x7BFF, 0x7C00, 0x3C00, 0x3C02, 0x0001, 0x0000, 0x0001, 0x03EF, 0x0000, 0xC100, 0x8000, 0x7C00, 0xFC00,
      0x7E00, 0x7E09, 0xFE00, 0x7C00}},
    // FLOAT64 -> FLOAT16 rounds once (1 + 2^-11 + 2^-40 -> 1 + 2^-10, not 1.0 through FLOAT32).
    {F64T, F16T,
     {0x3FF0020000001000, 0x40EFFDFFFFEB074A, 0x7FF0000000000001, 0xFFF8000000000000, 0x3E70000000000000},
     {0x3C01, 0x7BFF, 0x7E00, 0xFE00, 0x0001}},
    {F64T, F32,
     {0x3FF0000010000000, 0x3FF0000030000000, 0x3FF0000010000004, 0x47EFFFFFF0000000, 0x36A8000000000000,
      0x3690000000000000, 0x7FF8000000000000, 0x8000000000000000},
     {0x3F800000, 0x3F800002, 0x3F800001, 0x7F800000, 0x00000002, 0x00000000, 0x7FC00000, 0x80000000}},
    {F16T, F32, {0x0001, 0x7C00, 0x7E01, 0x7C01, 0xFBFF}, {0x33800000, 0x7F800000, 0x7FC02000, 0x7FC02000, 0xC77FE000}},
    {F16T, F64T, {0x3555, 0x8001}, {0x3FD5540000000000, 0xBE70000000000000}},
    // FLOAT -> integer: truncation toward zero, saturation (infinities too), NaN -> 0.
    {F32, I8T,
     {0x42FFCCCD, 0x43000000, 0xC3008000, 0xC47A0000, 0x7FC00000, 0x7F800000, 0xFF800000, 0xBF333333, 0x40BCCCCD,
      0xC0BCCCCD},
     {0x7F, 0x7F, 0x80, 0x80, 0x00, 0x7F, 0x80, 0x00, 0x05, 0xFB}},
    {F32, U8T, {0xC0400000, 0x437FE666, 0x43960000, 0x3F7FBE77}, {0x00, 0xFF, 0xFF, 0x00}},
    {F32, I32T, {0x4F000000, 0xCF000000, 0xCF000001, 0x501502F9, 0xC0F00000},
     {0x7FFFFFFF, 0x80000000, 0x80000000, 0x7FFFFFFF, 0xFFFFFFF9}},
    {F32, U64T, {0x5F79CCD9, 0x5F000000, 0x5F800000, 0xBF800000, 0x7FC00000, 0x3FC00000},
     {0xF9CCD90000000000, 0x8000000000000000, 0xFFFFFFFFFFFFFFFF, 0, 0, 1}},
    {F64T, I64T,
     {0x43E02207973F6440, 0xC3E02207973F6440, 0x43E0000000000000, 0xC3E0000000000000, 0x4340000000000001,
      0xBFECCCCCCCCCCCCD},
     {0x7FFFFFFFFFFFFFFF, 0x8000000000000000, 0x7FFFFFFFFFFFFFFF, 0x8000000000000000, 0x20000000000002, 0}},
    {F16T, I16T, {0x7BFF, 0xFBFF, 0x7C00}, {0x7FFF, 0x8000, 0x7FFF}},
    {F16T, U16T, {0x7BFF}, {0xFFE0}},
    // integer -> integer: the low bits of the two's complement (ONNX: 200 as INT16 -> -56 as INT8).
    {I16T, I8T, {0x00C8, 0x8000, 0x7FFF}, {0xC8, 0x00, 0xFF}},
    {I32T, U8T, {0xFFFFFFFF}, {0xFF}},
    {U32T, I64T, {0xFFFFFFFF}, {0x00000000FFFFFFFF}},
    {I8T, U64T, {0xFF}, {0xFFFFFFFFFFFFFFFF}},
    {I64T, I16T, {0x0000000100008001}, {0x8001}},
    // integer -> float: to nearest, ties to even, overflow to infinity.
    {U64T, F32, {0xFFFFFFFFFFFFFFFF, 0x8000000000000000, 0x0000000001000001, 0x0000000001000003},
     {0x5F800000, 0x5F000000, 0x4B800000, 0x4B800002}},
    {I64T, F64T, {0x0020000000000001, 0x8000000000000000, 0xFFFFFFFFFFFFFFFF},
     {0x4340000000000000, 0xC3E0000000000000, 0xBFF0000000000000}},
    {I64T, F16T, {0x8000000000000000, 65519, 65520, 2051, 4097, 0}, {0xFC00, 0x7BFF, 0x7C00, 0x6802, 0x6C00, 0x0000}},
    {I16T, F16T, {0x8000}, {0xF800}},
    {U16T, F16T, {0xFFE0, 0xFFFF}, {0x7BFF, 0x7C00}},
    {I32T, F32, {16777217, 16777219, 0x80000000}, {0x4B800000, 0x4B800002, 0xCF000000}},
    {U8T, F64T, {0xFF}, {0x406FE00000000000}},
};

TEST(CastExample, EdgeValues) {
    for (const CastCase& c : kCastCases) {
        const uint32_t inWidth = WidthOf(c.from), outWidth = WidthOf(c.to);
        const uint32_t count = uint32_t(c.input.size());
        TensorDesc in(c.from, {count}), out(c.to, {count});
        DML_CAST_OPERATOR_DESC d{in.Get(), out.Get()};
        auto r = RunOperator({DML_OPERATOR_CAST, &d}, {ElementBytes(c.input, inWidth)},
                             {std::vector<uint8_t>(out.Bytes(), 0xCD)});
        ASSERT_EQ(r.status, VKDML_SUCCESS) << r.message;
        for (uint32_t i = 0; i < count; ++i) {
            uint64_t got = 0;
            for (uint32_t b = 0; b < outWidth; ++b) got |= uint64_t(r.outputs[0][i * outWidth + b]) << (8 * b);
            EXPECT_EQ(got, c.expected[i]) << "CAST " << c.from << " -> " << c.to << " of 0x" << std::hex << c.input[i];
        }
    }
}

// ---- ELEMENT_WISE_IDENTITY with ScaleBias: out = in * Scale + Bias ----

TEST(IdentityScaleBiasExample, Float32AndFloat16) {
    TensorDesc in(F32, {2, 2}), out(F32, {2, 2});
    DML_SCALE_BIAS scaleBias{2.0f, 1.0f};
    DML_ELEMENT_WISE_IDENTITY_OPERATOR_DESC d{in.Get(), out.Get(), &scaleBias};
    EXPECT_EQ(RunOne<float>({DML_OPERATOR_ELEMENT_WISE_IDENTITY, &d}, {Bytes(std::vector<float>{1, 2, 3, -4})}, out),
              (std::vector<float>{3, 5, 7, -7}));
    TensorDesc in16(F16T, {3}), out16(F16T, {3});
    scaleBias = {0.5f, -1.0f};
    d = {in16.Get(), out16.Get(), &scaleBias};
    // FLOAT16 {2, 3, 65504} -> {0, 0.5, 32751}: 32751 rounds to the nearest FLOAT16, 32752 (0x77FF).
    EXPECT_EQ(RunOne<uint16_t>({DML_OPERATOR_ELEMENT_WISE_IDENTITY, &d},
                               {Bytes(std::vector<uint16_t>{0x4000, 0x4200, 0x7BFF}, in16.Bytes())}, out16),
              (std::vector<uint16_t>{0x0000, 0x3800, 0x77FF}));
}

}  // namespace
