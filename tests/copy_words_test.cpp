// The contiguous run-copy fast path (shaders/copy_words.comp) at its boundaries: 1-, 2-, 4- and 8-byte elements,
// counts around multiples of the 16-byte quads each invocation moves, input runs that start at another word of a
// quad (or another byte of a word) than the output run, rows of 1- and 2-byte runs, binding offsets that the
// device's descriptor alignment does not allow, and the operators that reach it (contiguous IDENTITY, SLICE1 of
// whole rows, SPLIT and JOIN along the outer axis). Every byte is compared.
#include "test_support.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <cstring>

using vkdml_test::RunOperator;
using vkdml_test::RunOptions;
using vkdml_test::TensorDesc;

namespace {

std::vector<uint8_t> Pattern(size_t bytes, uint32_t seed) {
    std::vector<uint8_t> data(bytes);
    for (size_t i = 0; i < bytes; ++i) data[i] = uint8_t((i * 131 + seed * 7 + (i >> 8)) & 0xFF);
    return data;
}

struct Case {
    DML_TENSOR_DATA_TYPE type;
    uint32_t elementBytes;
};
const Case kTypes[] = {{DML_TENSOR_DATA_TYPE_FLOAT32, 4}, {DML_TENSOR_DATA_TYPE_INT64, 8},
                       {DML_TENSOR_DATA_TYPE_UINT8, 1}, {DML_TENSOR_DATA_TYPE_FLOAT16, 2}};
// Around 16, 64 and 128 bytes (an invocation moves QUADS_PER_INVOCATION = 8 quads) for every element size.
const uint32_t kCounts[] = {1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 31, 32, 33, 63, 64, 65, 127, 128, 129, 257, 4097};
const uint64_t kOffsets[] = {0, 16, 48, 272};

TEST(CopyWords, ContiguousIdentity) {
    for (const Case& t : kTypes)
        for (uint32_t n : kCounts)
            for (uint64_t offset : kOffsets) {
                SCOPED_TRACE(testing::Message() << "bytes " << t.elementBytes << " count " << n << " offset "
                                                << offset);
                TensorDesc in(t.type, {n}), out(t.type, {n});
                DML_ELEMENT_WISE_IDENTITY_OPERATOR_DESC d{in.Get(), out.Get(), nullptr};
                RunOptions options;
                options.bindingOffset = offset;
                auto input = Pattern(in.Bytes(), n);
                auto r = RunOperator({DML_OPERATOR_ELEMENT_WISE_IDENTITY, &d}, {input},
                                     {std::vector<uint8_t>(out.Bytes(), 0xEE)}, options);
                ASSERT_EQ(r.status, VKDML_SUCCESS) << r.message;
                ASSERT_EQ(std::memcmp(r.outputs[0].data(), input.data(), size_t(n) * t.elementBytes), 0);
            }
}

// 1- and 2-byte elements (ops/word_runs.h): any count goes through copy_words where both tensors are bound at
// multiples of 4 bytes, element by element where a GuaranteedBaseOffsetAlignment of 1 or 2 allows other offsets.
// The elements arrive and the bytes after them (up to TotalTensorSizeInBytes) stay as they were.
TEST(CopyWords, SubWordRunsAsWords) {
    const Case subWord[] = {{DML_TENSOR_DATA_TYPE_UINT8, 1}, {DML_TENSOR_DATA_TYPE_FLOAT16, 2}};
    struct Placement {
        uint32_t baseAlignment;
        uint64_t offset;
    };
    const Placement placements[] = {{0, 0}, {0, 48}, {4, 4}, {4, 20}, {2, 2}, {2, 6}, {1, 1}, {1, 3}};
    for (const Case& t : subWord)
        for (uint32_t n : kCounts)
            for (const Placement& p : placements) {
                if (p.offset % t.elementBytes != 0 || (p.baseAlignment && p.baseAlignment < t.elementBytes)) continue;
                SCOPED_TRACE(testing::Message() << "bytes " << t.elementBytes << " count " << n << " offset "
                                                << p.offset << " alignment " << p.baseAlignment);
                TensorDesc in(t.type, {n}), out(t.type, {n});
                in.buffer.GuaranteedBaseOffsetAlignment = out.buffer.GuaranteedBaseOffsetAlignment = p.baseAlignment;
                DML_ELEMENT_WISE_IDENTITY_OPERATOR_DESC d{in.Get(), out.Get(), nullptr};
                RunOptions options;
                options.bindingOffset = p.offset;
                if (p.offset % 16 != 0) options.guardBytes = 0;   // RunOperator rounds offset + guard up to 16
                auto input = Pattern(in.Bytes(), n);
                auto r = RunOperator({DML_OPERATOR_ELEMENT_WISE_IDENTITY, &d}, {input},
                                     {std::vector<uint8_t>(out.Bytes(), 0xEE)}, options);
                ASSERT_EQ(r.status, VKDML_SUCCESS) << r.message;
                auto expected = std::vector<uint8_t>(out.Bytes(), 0xEE);
                std::memcpy(expected.data(), input.data(), size_t(n) * t.elementBytes);
                ASSERT_EQ(r.outputs[0], expected);
            }
}

TEST(CopyWords, WholeRowsOfSlice1) {
    for (const Case& t : kTypes)
        for (uint32_t cols : {1u, 3u, 4u, 5u, 17u}) {
            SCOPED_TRACE(testing::Message() << "bytes " << t.elementBytes << " cols " << cols);
            TensorDesc in(t.type, {7, cols}), out(t.type, {3, cols});
            uint32_t offsets[] = {2, 0}, sizes[] = {3, cols};
            int32_t strides[] = {1, 1};
            DML_SLICE1_OPERATOR_DESC d{in.Get(), out.Get(), 2, offsets, sizes, strides};
            auto input = Pattern(in.Bytes(), cols);
            auto r = RunOperator({DML_OPERATOR_SLICE1, &d}, {input}, {std::vector<uint8_t>(out.Bytes())});
            ASSERT_EQ(r.status, VKDML_SUCCESS) << r.message;
            size_t row = size_t(cols) * t.elementBytes;
            ASSERT_EQ(std::memcmp(r.outputs[0].data(), input.data() + 2 * row, 3 * row), 0);
        }
}

// SLICE1 of a 1-D run starting `shift` elements in: the input run begins at another word of its 16-byte quad than
// the output run (word loads into quad stores), at the same one (quad loads) or, for 1- and 2-byte elements, at
// another byte of a word (each output word straddles two input words), for counts around the 4 quads an
// invocation moves. The input ends 7 elements after the largest shift's run, so the last full quads of some runs
// need input quads past the descriptor (word loads then). The output's bytes after the run stay.
TEST(CopyWords, InputRunShiftedWithinAQuad) {
    for (const Case& t : kTypes)
        for (uint32_t n : {15u, 16u, 17u, 31u, 32u, 33u, 63u, 64u, 65u, 66u, 67u, 1000u, 1023u})
            for (uint32_t shift : {0u, 1u, 2u, 3u, 4u, 5u})
                for (uint64_t offset : {0u, 16u, 32u, 48u}) {
                    SCOPED_TRACE(testing::Message() << "bytes " << t.elementBytes << " count " << n << " shift "
                                                    << shift << " offset " << offset);
                    TensorDesc in(t.type, {n + 7}), out(t.type, {n});
                    uint32_t offsets[] = {shift}, sizes[] = {n};
                    int32_t strides[] = {1};
                    DML_SLICE1_OPERATOR_DESC d{in.Get(), out.Get(), 1, offsets, sizes, strides};
                    RunOptions options;
                    options.bindingOffset = offset;
                    auto input = Pattern(in.Bytes(), n + shift);
                    auto r = RunOperator({DML_OPERATOR_SLICE1, &d}, {input},
                                         {std::vector<uint8_t>(out.Bytes(), 0xEE)}, options);
                    ASSERT_EQ(r.status, VKDML_SUCCESS) << r.message;
                    auto expected = std::vector<uint8_t>(out.Bytes(), 0xEE);
                    std::memcpy(expected.data(), input.data() + size_t(shift) * t.elementBytes,
                                size_t(n) * t.elementBytes);
                    ASSERT_EQ(r.outputs[0], expected);
                }
}

// Rows of 1- and 2-byte runs (copy_words' rank-2 byte variant, from 64 bytes per run): SLICE1 of [rows, cols] at
// column offsets 0-3 (the input rows start at every byte of a word), run lengths around 64 and 128 bytes (an
// invocation's quads) and long ones,
// row steps of 1, 2 and -1 (rows in reverse), input pitches odd and even. The output rows are packed, so
// neighbouring rows share words; every output byte is compared.
TEST(CopyWords, RowsOfSubWordRuns) {
    const Case subWord[] = {{DML_TENSOR_DATA_TYPE_UINT8, 1}, {DML_TENSOR_DATA_TYPE_FLOAT16, 2}};
    for (const Case& t : subWord)
        for (uint32_t runBytes : {62u, 63u, 64u, 65u, 66u, 126u, 127u, 128u, 129u, 130u, 1001u, 4098u})
            for (uint32_t column : {0u, 1u, 2u, 3u})
                for (int32_t rowStep : {1, 2, -1}) {
                    const uint32_t run = runBytes / t.elementBytes, rows = 5;
                    const uint32_t cols = run + column + 3;   // the input pitch: odd or even with the run
                    SCOPED_TRACE(testing::Message() << "bytes " << t.elementBytes << " run " << run << " column "
                                                    << column << " row step " << rowStep);
                    const uint32_t inRows = rows * uint32_t(std::abs(rowStep));
                    TensorDesc in(t.type, {inRows, cols}), out(t.type, {rows, run});
                    uint32_t offsets[] = {0, column}, sizes[] = {inRows, run};
                    int32_t strides[] = {rowStep, 1};
                    DML_SLICE1_OPERATOR_DESC d{in.Get(), out.Get(), 2, offsets, sizes, strides};
                    auto input = Pattern(in.Bytes(), run + column);
                    auto r = RunOperator({DML_OPERATOR_SLICE1, &d}, {input},
                                         {std::vector<uint8_t>(out.Bytes(), 0xEE)});
                    ASSERT_EQ(r.status, VKDML_SUCCESS) << r.message;
                    auto expected = std::vector<uint8_t>(out.Bytes(), 0xEE);
                    const size_t rowBytes = size_t(run) * t.elementBytes;
                    for (uint32_t i = 0; i < rows; ++i) {
                        const uint32_t from = rowStep > 0 ? i * uint32_t(rowStep) : inRows - 1 - i;
                        std::memcpy(expected.data() + i * rowBytes,
                                    input.data() + (size_t(from) * cols + column) * t.elementBytes, rowBytes);
                    }
                    ASSERT_EQ(r.outputs[0], expected);
                }
}

// Parts of 1 to 9 columns: with 1- and 2-byte elements, JOIN's parts meet inside output words (each part's launch
// merges its bytes into the words it shares with the next, which another launch writes at the same time).
TEST(CopyWords, SplitAndJoinAlongTheOuterAxis) {
    for (const Case& t : kTypes)
        for (uint32_t cols : {1u, 2u, 5u, 9u}) {
            SCOPED_TRACE(testing::Message() << "bytes " << t.elementBytes << " cols " << cols);
            TensorDesc whole(t.type, {9, cols}), a(t.type, {1, cols}), b(t.type, {3, cols}), c(t.type, {5, cols});
            DML_TENSOR_DESC parts[] = {*a.Get(), *b.Get(), *c.Get()};
            auto input = Pattern(whole.Bytes(), cols + 3);
            DML_SPLIT_OPERATOR_DESC split{whole.Get(), 3, parts, 0};
            RunOptions options;
            options.bindingOffset = 48;
            auto s = RunOperator({DML_OPERATOR_SPLIT, &split}, {input},
                                 {std::vector<uint8_t>(a.Bytes()), std::vector<uint8_t>(b.Bytes()),
                                  std::vector<uint8_t>(c.Bytes())}, options);
            ASSERT_EQ(s.status, VKDML_SUCCESS) << s.message;
            size_t row = size_t(cols) * t.elementBytes;
            ASSERT_EQ(std::memcmp(s.outputs[0].data(), input.data(), row), 0);
            ASSERT_EQ(std::memcmp(s.outputs[1].data(), input.data() + row, 3 * row), 0);
            ASSERT_EQ(std::memcmp(s.outputs[2].data(), input.data() + 4 * row, 5 * row), 0);
            DML_JOIN_OPERATOR_DESC join{3, parts, whole.Get(), 0};
            auto j = RunOperator({DML_OPERATOR_JOIN, &join}, {s.outputs[0], s.outputs[1], s.outputs[2]},
                                 {std::vector<uint8_t>(whole.Bytes(), 0xEE)}, options);
            ASSERT_EQ(j.status, VKDML_SUCCESS) << j.message;
            auto expected = std::vector<uint8_t>(whole.Bytes(), 0xEE);
            std::memcpy(expected.data(), input.data(), 9 * row);
            ASSERT_EQ(j.outputs[0], expected);
        }
}

}  // namespace
