// SPLIT and JOIN in one launch (copy_parts.comp, src/ops/part_copies.cpp): parts whose rows are runs of whole words
// are copied by one launch binding up to 8 parts. Bytes are checked against the CPU reference for part counts
// around 8 (9 parts: two launches), runs of 1, 3, 4, 5 and many words, unequal parts, padded row pitches on either
// side, 1-, 2-, 4- and 8-byte elements, runs that are not whole words (one launch per part, still exact), binding
// offsets that are not multiples of the device's alignment, and many short rows (a CPU implementation's JOIN copies
// several whole rows per invocation). How many launches a plan has shows in RequiredDescriptorCount: a copy_parts
// launch takes 1 + 9 descriptors, a per-part launch 1 + 2.
// The suite runs again with GPUs' 4 quads per invocation, with 4 KiB descriptors, and with the range each launch reads
// first-hand (a SPLIT's whole tensor, a JOIN's part 0, a TILE's input) read through texel views.
#include "cpu_reference.h"
#include "test_support.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <numeric>
#include <random>
#include <utility>

using vkdml_test::RequiredDescriptors;
using vkdml_test::RunOperator;
using vkdml_test::RunOptions;
using vkdml_test::SmallDescriptors;
using vkdml_test::TensorDesc;

namespace {

struct Type {
    DML_TENSOR_DATA_TYPE type;
    uint32_t bytes;
};
constexpr Type kU8{DML_TENSOR_DATA_TYPE_UINT8, 1}, kF16{DML_TENSOR_DATA_TYPE_FLOAT16, 2},
    kF32{DML_TENSOR_DATA_TYPE_FLOAT32, 4}, kI64{DML_TENSOR_DATA_TYPE_INT64, 8};
constexpr uint32_t kPartsLaunchDescriptors = 1 + 9, kPerPartDescriptors = 1 + 2;

std::vector<uint8_t> RandomBytes(std::mt19937& rng, uint64_t count) {
    std::vector<uint8_t> bytes(count);
    for (auto& b : bytes) b = uint8_t(rng());
    return bytes;
}

vkdml_ref::TensorLayout Layout(const Type& t, const TensorDesc& d) { return {t.bytes, d.sizes, d.strides}; }

// {rows, run_k} parts of a {rows, sum of runs} whole along axis 1. Row pitches: the whole's and the parts' (0 =
// packed).
struct Case {
    Type type;
    uint32_t rows;
    std::vector<uint32_t> runs;
    uint32_t wholePitch = 0, partPitch = 0;
    uint64_t bindingOffset = 0;
    uint32_t baseAlignment = 0;   // GuaranteedBaseOffsetAlignment of every tensor (then no guard bytes)
};

std::string Describe(const Case& c) {
    std::string text = std::to_string(c.type.bytes) + "-byte elements, " + std::to_string(c.rows) + " rows, runs";
    for (uint32_t r : c.runs) text += " " + std::to_string(r);
    return text + ", pitches " + std::to_string(c.wholePitch) + "/" + std::to_string(c.partPitch) + ", offset " +
           std::to_string(c.bindingOffset) + ", alignment " + std::to_string(c.baseAlignment);
}

TensorDesc Rows(const Type& t, uint32_t rows, uint32_t run, uint32_t pitch) {
    return pitch ? TensorDesc(t.type, {rows, run}, {pitch, 1}) : TensorDesc(t.type, {rows, run});
}

// A case's {rows, sum of runs} whole and its {rows, run_k} parts, with the parts' descs in the array SPLIT and JOIN
// take. The descs point into `parts`: not copied.
struct WholeAndParts {
    explicit WholeAndParts(const Case& c)
        : whole(Rows(c.type, c.rows, std::accumulate(c.runs.begin(), c.runs.end(), 0u), c.wholePitch)) {
        for (uint32_t r : c.runs) parts.push_back(Rows(c.type, c.rows, r, c.partPitch ? std::max(c.partPitch, r) : 0));
        whole.buffer.GuaranteedBaseOffsetAlignment = c.baseAlignment;
        for (TensorDesc& p : parts) {
            p.buffer.GuaranteedBaseOffsetAlignment = c.baseAlignment;
            partDescs.push_back(*p.Get());
        }
    }
    WholeAndParts(const WholeAndParts&) = delete;
    WholeAndParts& operator=(const WholeAndParts&) = delete;

    TensorDesc whole;
    std::vector<TensorDesc> parts;
    std::vector<DML_TENSOR_DESC> partDescs;
};

// Launches the plan should have: one per 8 parts where every run, pitch and offset is a whole number of words (and
// sub-word tensors are sure to be bound at multiples of 4 bytes).
uint32_t ExpectedDescriptors(const Case& c) {
    bool words = (c.wholePitch * c.type.bytes) % 4 == 0 && (c.partPitch * c.type.bytes) % 4 == 0 &&
                 (c.type.bytes >= 4 || c.baseAlignment == 0 || c.baseAlignment % 4 == 0);
    for (uint32_t r : c.runs) words = words && (r * c.type.bytes) % 4 == 0;
    const uint32_t parts = uint32_t(c.runs.size());
    if (!words || parts < 2) return parts * kPerPartDescriptors;
    uint32_t launches = (parts + 7) / 8, descriptors = 0;
    for (uint32_t l = 0; l < launches; ++l) {
        uint32_t inLaunch = std::min<uint32_t>(8, parts - 8 * l);
        descriptors += inLaunch >= 2 ? kPartsLaunchDescriptors : kPerPartDescriptors;
    }
    return descriptors;
}

void CheckSplit(const Case& c, std::mt19937& rng) {
    SCOPED_TRACE("SPLIT: " + Describe(c));
    const auto& [whole, parts, partDescs] = WholeAndParts(c);
    DML_SPLIT_OPERATOR_DESC d{whole.Get(), uint32_t(partDescs.size()), partDescs.data(), 1};
    const DML_OPERATOR_DESC desc{DML_OPERATOR_SPLIT, &d};
    if (!SmallDescriptors()) EXPECT_EQ(RequiredDescriptors(desc), ExpectedDescriptors(c));

    auto input = RandomBytes(rng, whole.Bytes());
    std::vector<std::vector<uint8_t>> initial;
    std::vector<vkdml_ref::TensorLayout> layouts;
    for (const TensorDesc& p : parts) {
        initial.push_back(RandomBytes(rng, p.Bytes()));
        layouts.push_back(Layout(c.type, p));
    }
    RunOptions options;
    options.bindingOffset = c.bindingOffset;
    if (c.baseAlignment != 0) options.guardBytes = 0;   // guard bytes would round the offset up to 16
    auto r = RunOperator(desc, {input}, initial, options);
    ASSERT_EQ(r.status, VKDML_SUCCESS) << r.message;
    auto expected = initial;
    vkdml_ref::Split(Layout(c.type, whole), input, layouts, expected, 1);
    for (size_t k = 0; k < parts.size(); ++k) EXPECT_EQ(r.outputs[k], expected[k]) << "part " << k;
}

void CheckJoin(const Case& c, std::mt19937& rng) {
    SCOPED_TRACE("JOIN: " + Describe(c));
    const auto& [whole, parts, partDescs] = WholeAndParts(c);
    DML_JOIN_OPERATOR_DESC d{uint32_t(partDescs.size()), partDescs.data(), whole.Get(), 1};
    const DML_OPERATOR_DESC desc{DML_OPERATOR_JOIN, &d};
    if (!SmallDescriptors()) EXPECT_EQ(RequiredDescriptors(desc), ExpectedDescriptors(c));

    std::vector<std::vector<uint8_t>> inputs;
    std::vector<vkdml_ref::TensorLayout> layouts;
    for (const TensorDesc& p : parts) {
        inputs.push_back(RandomBytes(rng, p.Bytes()));
        layouts.push_back(Layout(c.type, p));
    }
    auto initial = RandomBytes(rng, whole.Bytes());
    RunOptions options;
    options.bindingOffset = c.bindingOffset;
    if (c.baseAlignment != 0) options.guardBytes = 0;   // guard bytes would round the offset up to 16
    auto r = RunOperator(desc, inputs, {initial}, options);
    ASSERT_EQ(r.status, VKDML_SUCCESS) << r.message;
    auto expected = initial;   // the padding between rows of a pitched whole stays as it was
    vkdml_ref::Join(layouts, inputs, Layout(c.type, whole), expected, 1);
    EXPECT_EQ(r.outputs[0], expected);
}

void CheckBoth(const Case& c, std::mt19937& rng) {
    CheckSplit(c, rng);
    CheckJoin(c, rng);
}

TEST(CopyParts, PartCountsAroundEight) {
    std::mt19937 rng(1);
    for (uint32_t parts : {2u, 3u, 7u, 8u, 9u, 16u, 17u})
        CheckBoth({kF32, 5, std::vector<uint32_t>(parts, 12)}, rng);
}

TEST(CopyParts, RunLengthsAroundQuads) {
    std::mt19937 rng(2);
    for (uint32_t run : {1u, 3u, 4u, 5u, 7u, 8u, 9u, 63u, 64u, 65u, 1000u})
        for (uint32_t rows : {1u, 2u, 33u}) CheckBoth({kF32, rows, {run, run + 1, run}}, rng);
}

TEST(CopyParts, UnequalParts) {
    std::mt19937 rng(3);
    CheckBoth({kF32, 17, {1, 100, 3, 4, 257, 2, 9, 31}}, rng);
    CheckBoth({kI64, 6, {5, 1, 2, 33}}, rng);
}

// Pitched rows start each row at another word of a quad: the quads apply only where both sides agree.
TEST(CopyParts, PaddedRowPitches) {
    std::mt19937 rng(4);
    for (uint32_t wholePitch : {0u, 41u, 44u, 45u})
        for (uint32_t partPitch : {0u, 13u, 16u, 17u}) CheckBoth({kF32, 9, {8, 11, 20}, wholePitch, partPitch}, rng);
}

TEST(CopyParts, ElementWidths) {
    std::mt19937 rng(5);
    CheckBoth({kU8, 7, {4, 12, 64, 8}}, rng);          // whole words: one launch
    CheckBoth({kU8, 7, {3, 5, 64, 1}}, rng);           // not: a launch per part
    CheckBoth({kF16, 5, {2, 6, 130}}, rng);
    CheckBoth({kF16, 5, {2, 6, 130}, 140, 0}, rng);
    CheckBoth({kF16, 5, {3, 6, 130}}, rng);
    CheckBoth({kI64, 3, {1, 2, 3, 4, 5, 6, 7, 8, 9}}, rng);
}

// Binding offsets 16, 48 and 272 are not multiples of SwiftShader's 256-byte storage-offset alignment: each
// descriptor starts lower and the slot's base says where the tensor begins.
TEST(CopyParts, BindingOffsets) {
    std::mt19937 rng(6);
    for (uint64_t offset : {16u, 48u, 272u}) {
        CheckBoth({kF32, 10, {5, 8, 3}, 0, 0, offset}, rng);
        CheckBoth({kU8, 10, {8, 4}, 0, 0, offset}, rng);
    }
}

// Runs of whole words, but sub-word tensors bound at offsets a GuaranteedBaseOffsetAlignment of 1 or 2 allows: the
// words copy_parts would move are not the tensors' words, so each part gets its own launch. With an alignment of
// 4 the parts share one launch again.
TEST(CopyParts, SubWordTensorsOffAWord) {
    std::mt19937 rng(8);
    for (uint64_t offset : {1u, 2u, 3u, 5u}) CheckBoth({kU8, 6, {4, 8, 12}, 0, 0, offset, 1}, rng);
    for (uint64_t offset : {2u, 6u}) CheckBoth({kF16, 6, {2, 6, 4}, 0, 0, offset, 2}, rng);
    for (uint64_t offset : {4u, 20u}) CheckBoth({kU8, 6, {4, 8, 12}, 0, 0, offset, 4}, rng);
}

// One launch over many rows and long runs: several bands of rows (the last one shorter), several workgroups per
// part and band (a run longer than a workgroup's words), unequal runs that leave part of their workgroups idle, and
// one row of long runs (outer-axis SPLIT/JOIN without transfer commands).
TEST(CopyParts, LargeParts) {
    std::mt19937 rng(7);
    CheckBoth({kF32, 300, {128, 128, 128, 128, 128, 128, 128, 128}}, rng);
    CheckBoth({kF32, 2000, {40, 7, 33, 1}}, rng);
    CheckBoth({kF32, 1, {70000, 12345}}, rng);
}

// A CPU implementation's JOIN copies whole rows of the whole tensor, several per invocation where there are many
// (LoweringLimits::wordsPerJoinRowsInvocation): tens of thousands of short rows, the last invocation's rows fewer, runs
// on and off quads, a padded pitch.
TEST(CopyParts, ManyShortRows) {
    std::mt19937 rng(9);
    CheckBoth({kF32, 70001, {8, 5, 3}}, rng);
    CheckBoth({kF32, 66000, {4, 4}, 11, 0}, rng);
    CheckBoth({kF16, 40000, {2, 6, 8}}, rng);
}

// TILE by 2-8 (a launch that stores each loaded element once per copy, Launch::outputCopies): a CPU implementation
// copies its rows as a JOIN whose parts all read the input (CopiesAsJoin in src/ops/part_copies.cpp), loading each
// quad of a row once (copy_parts.comp's COPIES: 64 quads staged at a time, the rest one at a time). Along the last
// axis, FLOAT32 rows of a multiple of 4 elements and INT64 rows of an even count (counted in words: copies whole quads
// apart; other rows take the strided copy, as do 9 copies): rows around the staged quads and short ones, thousands of
// rows (several per invocation), equal input and output pitch pads that start rows at every word of a quad (a head
// and a tail of single words), unequal ones (word by word where they disagree), binding offsets. And copies of a row
// of one-element runs (strided INT64 elements).
void CheckTile(const Type& t, const TensorDesc& in, const TensorDesc& out, const std::vector<uint32_t>& repeats,
               uint64_t bindingOffset, std::mt19937& rng) {
    DML_TILE_OPERATOR_DESC d{in.Get(), out.Get(), uint32_t(repeats.size()), repeats.data()};
    auto input = RandomBytes(rng, in.Bytes());
    auto initial = RandomBytes(rng, out.Bytes());
    RunOptions options;
    options.bindingOffset = bindingOffset;
    auto r = RunOperator({DML_OPERATOR_TILE, &d}, {input}, {initial}, options);
    ASSERT_EQ(r.status, VKDML_SUCCESS) << r.message;
    auto expected = initial;
    vkdml_ref::Tile(Layout(t, in), input, Layout(t, out), expected);
    EXPECT_EQ(r.outputs[0], expected);
}

// [rows, cols] repeated [1, copies], the rows padded by inPad and outPad elements.
void CheckRowTile(const Type& t, uint32_t rows, uint32_t cols, uint32_t copies, uint32_t inPad, uint32_t outPad,
                  uint64_t bindingOffset, std::mt19937& rng) {
    SCOPED_TRACE(testing::Message() << "TILE " << t.bytes << "-byte [" << rows << "," << cols << "] by [1," << copies
                                    << "], pads " << inPad << "/" << outPad << ", offset " << bindingOffset);
    CheckTile(t, TensorDesc(t.type, {rows, cols}, {cols + inPad, 1}),
              TensorDesc(t.type, {rows, cols * copies}, {cols * copies + outPad, 1}), {1, copies}, bindingOffset, rng);
}

TEST(CopyParts, TileCopiesOfRows) {
    std::mt19937 rng(10);
    const std::pair<uint32_t, uint32_t> pads[] = {{0, 0}, {1, 1}, {3, 3}, {1, 2}, {4, 0}};
    for (uint32_t copies : {2u, 3u, 8u, 9u})
        for (uint32_t cols : {1u, 4u, 8u, 252u, 255u, 256u, 260u, 524u, 525u})   // 524: 2 x 64 quads and 3 more
            for (auto [inPad, outPad] : pads) {
                CheckRowTile(kF32, 40, cols, copies, inPad, outPad, inPad * 16, rng);
                if (HasFatalFailure()) return;
            }
    for (uint32_t cols : {1u, 2u, 126u, 127u, 128u, 129u, 130u})
        for (auto [inPad, outPad] : pads) CheckRowTile(kI64, 40, cols, 3, inPad, outPad, 0, rng);
    CheckRowTile(kF32, 6000, 8, 3, 0, 0, 0, rng);
    CheckRowTile(kF32, 70001, 4, 2, 1, 1, 32, rng);
    CheckRowTile(kI64, 3000, 64, 2, 0, 1, 0, rng);
    // Every other INT64 element of the input, a row of them repeated as 3 rows: runs of one element (two words).
    for (uint32_t cols : {5u, 6u, 301u}) {
        SCOPED_TRACE(testing::Message() << "TILE of a strided INT64 row of " << cols);
        CheckTile(kI64, TensorDesc(kI64.type, {1, cols}, {2 * cols, 2}), TensorDesc(kI64.type, {3, cols}), {3, 1}, 0,
                  rng);
    }
}

}  // namespace
