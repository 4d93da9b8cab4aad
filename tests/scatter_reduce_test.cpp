// The vkdml extensions SCATTER_ELEMENTS_REDUCE and SCATTER_ND_REDUCE on hand-checked cases: ONNX's examples, the
// order of duplicate updates, FLOAT16 rounding after every step, integer wrap-around (64-bit carries included),
// MIN/MAX with NaN and signed zeros, out-of-range indices, and many updates whose order shows in the result (also
// run with 4 KiB descriptors, where those take several launches that must keep the order: scatter_reduce_split_test).
// Every expected value is written out; the randomized tests cover shapes, layouts and types at large.
#include "test_support.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>

using vkdml_test::Bytes;
using vkdml_test::RunOperator;
using vkdml_test::TensorDesc;

namespace {

constexpr auto I32 = DML_TENSOR_DATA_TYPE_INT32;

template <typename T>
std::vector<T> Values(const std::vector<uint8_t>& bytes, size_t count) {
    std::vector<T> values(count);
    std::memcpy(values.data(), bytes.data(), count * sizeof(T));
    return values;
}

// 1-D SCATTER_ELEMENTS_REDUCE: data[n], INT32 indices[m], updates[m] along axis 0; returns the output's values.
template <typename T>
std::vector<T> ScatterElements1D(DML_TENSOR_DATA_TYPE type, const std::vector<T>& data, const std::vector<int32_t>& indices,
                                 const std::vector<T>& updates, VKDML_SCATTER_REDUCTION reduction) {
    const uint32_t n = uint32_t(data.size()), m = uint32_t(indices.size());
    TensorDesc in(type, {n}), idx(I32, {m}), upd(type, {m}), out(type, {n});
    VKDML_SCATTER_ELEMENTS_REDUCE_OPERATOR_DESC d{in.Get(), idx.Get(), upd.Get(), out.Get(), 0, reduction};
    auto r = RunOperator({VKDML_OPERATOR_SCATTER_ELEMENTS_REDUCE, &d},
                         {Bytes(data, in.Bytes()), Bytes(indices, idx.Bytes()), Bytes(updates, upd.Bytes())},
                         {std::vector<uint8_t>(out.Bytes(), 0xCD)});
    EXPECT_EQ(r.status, VKDML_SUCCESS) << r.message;
    return r.status == VKDML_SUCCESS ? Values<T>(r.outputs[0], n) : std::vector<T>{};
}

uint32_t Bits(float f) {
    uint32_t b;
    std::memcpy(&b, &f, 4);
    return b;
}
float Float(uint32_t b) {
    float f;
    std::memcpy(&f, &b, 4);
    return f;
}

TEST(ScatterReduceExample, OnnxScatterElementsWithDuplicateIndices) {
    // ONNX's example: data [[1, 2, 3, 4, 5]], indices [[1, 1]], updates [[1.1, 2.1]], axis 1, reduction add.
    TensorDesc in(DML_TENSOR_DATA_TYPE_FLOAT32, {1, 5}), idx(I32, {1, 2}), upd(DML_TENSOR_DATA_TYPE_FLOAT32, {1, 2}),
        out(DML_TENSOR_DATA_TYPE_FLOAT32, {1, 5});
    VKDML_SCATTER_ELEMENTS_REDUCE_OPERATOR_DESC d{in.Get(), idx.Get(), upd.Get(), out.Get(), 1,
                                                  VKDML_SCATTER_REDUCTION_ADD};
    auto r = RunOperator({VKDML_OPERATOR_SCATTER_ELEMENTS_REDUCE, &d},
                         {Bytes(std::vector<float>{1, 2, 3, 4, 5}), Bytes(std::vector<int32_t>{1, 1}),
                          Bytes(std::vector<float>{1.1f, 2.1f})},
                         {std::vector<uint8_t>(out.Bytes(), 0xCD)});
    ASSERT_EQ(r.status, VKDML_SUCCESS) << r.message;
    const std::vector<float> got = Values<float>(r.outputs[0], 5);
    // (2 + 1.1) rounded to float, then + 2.1 rounded: 0x40a66666 (5.2f), as numpy's float32 gives.
    EXPECT_EQ(Bits(got[1]), 0x40a66666u);
    EXPECT_EQ(got, (std::vector<float>{1, Float(0x40a66666u), 3, 4, 5}));
}

TEST(ScatterReduceExample, OnnxScatterNdMultiplyWithDuplicateTuples) {
    // ONNX's ScatterND example with indices [[0], [0]]: both update slices multiply slice 0, in order.
    TensorDesc in(DML_TENSOR_DATA_TYPE_FLOAT32, {2, 2, 2}), idx(I32, {2, 1}), upd(DML_TENSOR_DATA_TYPE_FLOAT32, {2, 2, 2}),
        out(DML_TENSOR_DATA_TYPE_FLOAT32, {2, 2, 2});
    // Ranks differ (indices 2, data 3): align right with a leading 1, as DML wants one DimensionCount.
    TensorDesc idx3(I32, {1, 2, 1});
    VKDML_SCATTER_ND_REDUCE_OPERATOR_DESC d{in.Get(), idx3.Get(), upd.Get(), out.Get(), 3, 2,
                                            VKDML_SCATTER_REDUCTION_MULTIPLY};
    auto r = RunOperator({VKDML_OPERATOR_SCATTER_ND_REDUCE, &d},
                         {Bytes(std::vector<float>{1, 2, 3, 4, 5, 6, 7, 8}), Bytes(std::vector<int32_t>{0, 0}),
                          Bytes(std::vector<float>{2, 3, 4, 5, 10, 10, 0.5f, -1})},
                         {std::vector<uint8_t>(out.Bytes(), 0xCD)});
    ASSERT_EQ(r.status, VKDML_SUCCESS) << r.message;
    EXPECT_EQ(Values<float>(r.outputs[0], 8), (std::vector<float>{20, 60, 6, -20, 5, 6, 7, 8}));
}

TEST(ScatterReduceExample, NoneAppliesDuplicatesInOrderSoTheLastWins) {
    EXPECT_EQ(ScatterElements1D<int32_t>(I32, {1, 2, 3}, {2, 0, 2, -1, 0}, {7, 8, 9, 10, 11},
                                         VKDML_SCATTER_REDUCTION_NONE),
              (std::vector<int32_t>{11, 2, 10}));
}

TEST(ScatterReduceExample, Float16RoundsAfterEveryStep) {
    // 1 + 2^-11 lies halfway between 1 and 1 + 2^-10 and rounds to even (1): adding 2^-11 twice keeps 1, whereas
    // adding the updates' sum 2^-10 first would give 0x3c01. From 0x3c01 the tie rounds up to 0x3c02.
    EXPECT_EQ(ScatterElements1D<uint16_t>(DML_TENSOR_DATA_TYPE_FLOAT16, {0x3C00, 0x3C01}, {0, 0, 1},
                                          {0x1000, 0x1000, 0x1000}, VKDML_SCATTER_REDUCTION_ADD),
              (std::vector<uint16_t>{0x3C00, 0x3C02}));
    // 1.5 * 1.5 * 1.5 = 3.375 exactly; 65504 * 2 overflows to +inf; -2^-14 * 2^-10 = -2^-24, the smallest subnormal.
    EXPECT_EQ(ScatterElements1D<uint16_t>(DML_TENSOR_DATA_TYPE_FLOAT16, {0x3E00, 0x7BFF, 0x8400}, {0, 0, 1, 2},
                                          {0x3E00, 0x3E00, 0x4000, 0x1400}, VKDML_SCATTER_REDUCTION_MULTIPLY),
              (std::vector<uint16_t>{0x42C0, 0x7C00, 0x8001}));
}

TEST(ScatterReduceExample, IntegersWrap) {
    EXPECT_EQ(ScatterElements1D<int8_t>(DML_TENSOR_DATA_TYPE_INT8, {100, -128, 5}, {0, 1, 2, 2}, {100, -1, 3, 4},
                                        VKDML_SCATTER_REDUCTION_ADD),
              (std::vector<int8_t>{-56, 127, 12}));
    EXPECT_EQ(ScatterElements1D<int16_t>(DML_TENSOR_DATA_TYPE_INT16, {300, -3}, {0, 1}, {300, 11000},
                                         VKDML_SCATTER_REDUCTION_MULTIPLY),
              (std::vector<int16_t>{24464, -33000 + 65536}));
    EXPECT_EQ(ScatterElements1D<uint8_t>(DML_TENSOR_DATA_TYPE_UINT8, {16, 255}, {0, 1}, {16, 255},
                                         VKDML_SCATTER_REDUCTION_MULTIPLY),
              (std::vector<uint8_t>{0, 1}));
}

TEST(ScatterReduceExample, SixtyFourBitIntegersCarryAcrossWords) {
    EXPECT_EQ(ScatterElements1D<uint64_t>(DML_TENSOR_DATA_TYPE_UINT64, {0xFFFFFFFFull, ~0ull}, {0, 1}, {1, 2},
                                          VKDML_SCATTER_REDUCTION_ADD),
              (std::vector<uint64_t>{0x100000000ull, 1}));
    // (2^32 + 3)(2^32 + 5) = 2^64 + 8 * 2^32 + 15; (2^32)^2 = 2^64 -> 0; -1 * -7 = 7.
    EXPECT_EQ(ScatterElements1D<int64_t>(DML_TENSOR_DATA_TYPE_INT64, {0x100000003ll, 0x100000000ll, -1}, {0, 1, 2},
                                         {0x100000005ll, 0x100000000ll, -7}, VKDML_SCATTER_REDUCTION_MULTIPLY),
              (std::vector<int64_t>{0x80000000Fll, 0, 7}));
    EXPECT_EQ(ScatterElements1D<int64_t>(DML_TENSOR_DATA_TYPE_INT64, {1, -(1ll << 40)}, {0, 1, 1}, {-(1ll << 40), 1, -1},
                                         VKDML_SCATTER_REDUCTION_MIN),
              (std::vector<int64_t>{-(1ll << 40), -(1ll << 40)}));
}

TEST(ScatterReduceExample, MinMaxSignednessNanAndZeros) {
    EXPECT_EQ(ScatterElements1D<int32_t>(I32, {3, -1}, {0, 1}, {-5, 1}, VKDML_SCATTER_REDUCTION_MIN),
              (std::vector<int32_t>{-5, -1}));
    EXPECT_EQ(ScatterElements1D<uint32_t>(DML_TENSOR_DATA_TYPE_UINT32, {3, 7}, {0, 1}, {0xFFFFFFFBu, 9},
                                          VKDML_SCATTER_REDUCTION_MIN),
              (std::vector<uint32_t>{3, 7}));
    EXPECT_EQ(ScatterElements1D<int8_t>(DML_TENSOR_DATA_TYPE_INT8, {-1, -128}, {0, 1}, {1, 127},
                                        VKDML_SCATTER_REDUCTION_MAX),
              (std::vector<int8_t>{1, 127}));
    // FLOAT32 bit patterns: a NaN update replaces 1.0 (payload kept), a NaN already there stays (signaling kept);
    // equal values give the update, as numpy's minimum/maximum do: MIN(+0, -0) = -0, MAX(-0, +0) = +0.
    EXPECT_EQ(ScatterElements1D<uint32_t>(DML_TENSOR_DATA_TYPE_FLOAT32, {0x3F800000u, 0x7FA00000u, 0x00000000u},
                                          {0, 1, 1, 2}, {0x7FC00001u, 0x3F800000u, 0xFF800000u, 0x80000000u},
                                          VKDML_SCATTER_REDUCTION_MIN),
              (std::vector<uint32_t>{0x7FC00001u, 0x7FA00000u, 0x80000000u}));
    EXPECT_EQ(ScatterElements1D<uint32_t>(DML_TENSOR_DATA_TYPE_FLOAT32, {0x80000000u, 0xBF800000u}, {0, 1, 1},
                                          {0x00000000u, 0xC0000000u, 0x3F000000u}, VKDML_SCATTER_REDUCTION_MAX),
              (std::vector<uint32_t>{0x00000000u, 0x3F000000u}));
    // FLOAT64 compares its two words: -inf < 2.5; -2 < -1.5 < 1e-300; a NaN update wins.
    const auto f64 = ScatterElements1D<double>(DML_TENSOR_DATA_TYPE_FLOAT64, {-INFINITY, -1.5, 0.0}, {0, 1, 1, 2},
                                               {2.5, -2.0, 1e-300, NAN}, VKDML_SCATTER_REDUCTION_MAX);
    ASSERT_EQ(f64.size(), 3u);
    EXPECT_EQ(f64[0], 2.5);
    EXPECT_EQ(f64[1], 1e-300);
    EXPECT_TRUE(std::isnan(f64[2]));
}

TEST(ScatterReduceExample, OutOfRangeIndicesWriteNothing) {
    EXPECT_EQ(ScatterElements1D<int32_t>(I32, {1, 2, 3}, {3, -4, 1, INT32_MIN}, {10, 20, 30, 40},
                                         VKDML_SCATTER_REDUCTION_ADD),
              (std::vector<int32_t>{1, 32, 3}));
}

TEST(ScatterReduceExample, ManyUpdatesKeepTheirOrder) {
    // 6000 FLOAT32 updates onto 7 elements, alternately large and small, so that float addition's rounding makes
    // the result depend on the order: it must be the sequential sum, update after update in row-major order. Under
    // scatter_reduce_split_test (4 KiB descriptors) the 24 KB of updates and indices run as several launches.
    const uint32_t n = 6000;
    std::vector<float> data(7, 0.5f), updates(n), expected = data;
    std::vector<int32_t> indices(n);
    for (uint32_t i = 0; i < n; ++i) {
        indices[i] = int32_t((i * 5) % 7) - (i % 3 == 0 ? 7 : 0);   // some from the end
        updates[i] = i % 2 ? 0.001f * float(i % 13 + 1) : 1.0e4f;
        float& e = expected[size_t((indices[i] + 7) % 7)];
        e = e + updates[i];
    }
    TensorDesc in(DML_TENSOR_DATA_TYPE_FLOAT32, {7}), idx(I32, {n}), upd(DML_TENSOR_DATA_TYPE_FLOAT32, {n}),
        out(DML_TENSOR_DATA_TYPE_FLOAT32, {7});
    VKDML_SCATTER_ELEMENTS_REDUCE_OPERATOR_DESC d{in.Get(), idx.Get(), upd.Get(), out.Get(), 0,
                                                  VKDML_SCATTER_REDUCTION_ADD};
    auto r = RunOperator({VKDML_OPERATOR_SCATTER_ELEMENTS_REDUCE, &d}, {Bytes(data), Bytes(indices), Bytes(updates)},
                         {std::vector<uint8_t>(out.Bytes(), 0xCD)});
    ASSERT_EQ(r.status, VKDML_SUCCESS) << r.message;
    const std::vector<float> got = Values<float>(r.outputs[0], 7);
    for (size_t k = 0; k < 7; ++k) EXPECT_EQ(Bits(got[k]), Bits(expected[k])) << "element " << k;
    // The order is visible: summing the small updates first gives another value for some element.
    std::vector<float> smallFirst = data;
    for (int pass = 0; pass < 2; ++pass)
        for (uint32_t i = 0; i < n; ++i)
            if ((i % 2 == 1) == (pass == 0)) {
                float& e = smallFirst[size_t((indices[i] + 7) % 7)];
                e = e + updates[i];
            }
    EXPECT_NE(smallFirst, expected);
}

TEST(ScatterReduceExample, NdPositionsKeepRowMajorOrderAcrossLaunches) {
    // Index positions {2, N} laid out column-major (indices and updates), so the inner dimension spans most of both:
    // a split of the walk for 4 KiB descriptors (scatter_reduce_split_test) must still cut it along the outer
    // dimension, or the position (1, 0) would be applied before (0, N - 1). Both target element 1; every other
    // position targets element 0. (Splitting the largest-reach dimension instead makes this test fail.)
    const uint32_t n = 2048;
    std::vector<int32_t> indices(2 * n, 0);   // position (p0, p1) at offset p0 + 2 * p1
    std::vector<float> updates(2 * n);   // position (p0, p1) at offset p0 + 2 * p1
    for (uint32_t k = 0; k < 2 * n; ++k) updates[k] = float(k + 1);
    indices[0 + 2 * (n - 1)] = 1;
    indices[1 + 2 * 0] = 1;
    TensorDesc in(DML_TENSOR_DATA_TYPE_FLOAT32, {1, 1, 4}), idx(I32, {2, n, 1}, {1, 2, 1}),
        upd(DML_TENSOR_DATA_TYPE_FLOAT32, {1, 2, n}, {1, 1, 2}), out(DML_TENSOR_DATA_TYPE_FLOAT32, {1, 1, 4});
    VKDML_SCATTER_ND_REDUCE_OPERATOR_DESC d{in.Get(), idx.Get(), upd.Get(), out.Get(), 1, 3,
                                            VKDML_SCATTER_REDUCTION_NONE};
    auto r = RunOperator({VKDML_OPERATOR_SCATTER_ND_REDUCE, &d},
                         {Bytes(std::vector<float>{-1, -2, -3, -4}), Bytes(indices, idx.Bytes()), Bytes(updates)},
                         {std::vector<uint8_t>(out.Bytes(), 0xCD)});
    ASSERT_EQ(r.status, VKDML_SUCCESS) << r.message;
    // Updates are column-major too: position (p0, p1) holds p0 + 2 * p1 + 1. Element 0 gets the last other position,
    // (1, N - 1); element 1 gets (1, 0), applied after (0, N - 1).
    EXPECT_EQ(Values<float>(r.outputs[0], 4), (std::vector<float>{float(2 * n), 2, -3, -4}));
}

TEST(ScatterReduceExample, FloatArithmeticKeepsSubnormalsAndGivesX86Nans) {
    // 2^-126 * 0.5 = 2^-127 (subnormal); (2^-126 + 2^-149) + -2^-126 = 2^-149; 3 + 5 smallest subnormals = 8 of them.
    EXPECT_EQ(ScatterElements1D<uint32_t>(DML_TENSOR_DATA_TYPE_FLOAT32, {0x00800000u, 0x00800001u}, {0, 1},
                                          {0x3F000000u, 0x80800000u}, VKDML_SCATTER_REDUCTION_MULTIPLY),
              (std::vector<uint32_t>{0x00400000u, 0x80000000u}));
    EXPECT_EQ(ScatterElements1D<uint32_t>(DML_TENSOR_DATA_TYPE_FLOAT32, {0x00800001u, 0x00000003u}, {0, 1},
                                          {0x80800000u, 0x00000005u}, VKDML_SCATTER_REDUCTION_ADD),
              (std::vector<uint32_t>{0x00000001u, 0x00000008u}));
    // inf + -inf and 0 * inf give the default NaN 0xffc00000; a NaN operand comes back quieted (the first one).
    EXPECT_EQ(ScatterElements1D<uint32_t>(DML_TENSOR_DATA_TYPE_FLOAT32, {0x7F800000u, 0x3F800000u, 0x7F800001u},
                                          {0, 1, 2, 2}, {0xFF800000u, 0x7F800002u, 0x7F800003u, 0x3F800000u},
                                          VKDML_SCATTER_REDUCTION_ADD),
              (std::vector<uint32_t>{0xFFC00000u, 0x7FC00002u, 0x7FC00001u}));
    EXPECT_EQ(ScatterElements1D<uint16_t>(DML_TENSOR_DATA_TYPE_FLOAT16, {0x0000, 0x7C01}, {0, 1},
                                          {0xFC00, 0x3C00}, VKDML_SCATTER_REDUCTION_MULTIPLY),
              (std::vector<uint16_t>{0xFE00, 0x7E01}));
    // -0 + -0 = -0; 1 + -1 = +0; a sum 2^40 times smaller than the other operand leaves it unchanged.
    EXPECT_EQ(ScatterElements1D<uint32_t>(DML_TENSOR_DATA_TYPE_FLOAT32, {0x80000000u, 0x3F800000u, 0x4B800001u},
                                          {0, 1, 2}, {0x80000000u, 0xBF800000u, 0x80000001u},
                                          VKDML_SCATTER_REDUCTION_ADD),
              (std::vector<uint32_t>{0x80000000u, 0x00000000u, 0x4B800001u}));
}

}  // namespace
