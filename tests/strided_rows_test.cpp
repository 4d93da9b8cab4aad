// The index-walking kernels' row-segment paths (shaders/launch_main.glsl) at their boundaries, bytes checked against
// the CPU reference: row lengths around the 4-element quads and the 1024 elements an invocation handles on CPU
// implementations, row pitches that start rows at every word of a quad in the output and in the input (16-byte quad
// loads where both agree, two quad loads per output quad where only the input is shifted), inner strides other than 1
// on either side, transposes, 1-, 2-, 4- and 8-byte elements, gathers and scatters whose rows are written as quads or
// read their updates and indices as quads, and packed rows made a quad at a time from input quads (CAST's from whole
// input words, ONE_HOT's without loads, REVERSE_SUBSEQUENCES' with a length per row), broadcast rows stored once per
// copy from one load, rows repeating one element from one load (also copied). Bytes of the output outside its elements
// must stay as they were. Transposes walked in tiles, and in blocks of quads; gathers along the last axis in blocks of
// rows that share their indices. The suite runs again with 4 elements per invocation (GPUs) and with 4 KiB
// descriptors (split launches; a gather split along its axis leaves some elements of a quad, or whole rows, to another
// launch).
#include "cpu_reference.h"
#include "number_type_of.h"
#include "test_support.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <initializer_list>
#include <random>
#include <utility>

using vkdml_test::RunOperator;
using vkdml_test::RunOptions;
using vkdml_test::SmallDescriptors;
using vkdml_test::TensorDesc;

namespace {

struct Type {
    DML_TENSOR_DATA_TYPE type;
    uint32_t bytes;
};
const Type kTypes[] = {{DML_TENSOR_DATA_TYPE_UINT8, 1},
                       {DML_TENSOR_DATA_TYPE_FLOAT16, 2},
                       {DML_TENSOR_DATA_TYPE_FLOAT32, 4},
                       {DML_TENSOR_DATA_TYPE_INT64, 8}};
// Around one quad, two quads, 16, 64, 256 and 1024 elements (what an invocation handles on GPUs and CPUs: 4 and
// 1024).
const uint32_t kRowLengths[] = {1, 3, 4, 5, 7, 8, 9, 15, 16, 17, 63, 64, 65, 127, 129, 200, 255, 256, 257, 1023, 1024,
                                1025};

std::vector<uint8_t> RandomBytes(std::mt19937& rng, uint64_t count) {
    std::vector<uint8_t> bytes(count);
    for (auto& b : bytes) b = uint8_t(rng());
    return bytes;
}

// The index types of the gathers and scatters, with the CPU reference's name for each.
struct IndexKind {
    DML_TENSOR_DATA_TYPE type;
    vkdml_ref::IndexType ref;
};
const IndexKind kIndexKinds[] = {{DML_TENSOR_DATA_TYPE_UINT32, vkdml_ref::IndexType::UInt32},
                                 {DML_TENSOR_DATA_TYPE_INT32, vkdml_ref::IndexType::Int32},
                                 {DML_TENSOR_DATA_TYPE_INT64, vkdml_ref::IndexType::Int64}};

vkdml_ref::TensorLayout Layout(const Type& t, const TensorDesc& d) { return {t.bytes, d.sizes, d.strides}; }

// Packed 32-bit (or, `wide`, 64-bit) index values, little endian: the low bytes of each value's two's complement.
template <typename T>
std::vector<uint8_t> IndexBytes(const std::vector<T>& values, bool wide) {
    const uint32_t bytes = wide ? 8 : 4;
    std::vector<uint8_t> out(values.size() * bytes);
    for (size_t i = 0; i < values.size(); ++i) std::memcpy(&out[i * bytes], &values[i], bytes);
    return out;
}

// A random number from lo to hi, both included.
uint32_t PickIn(std::mt19937& rng, uint32_t lo, uint32_t hi) { return lo + uint32_t(rng() % (hi - lo + 1)); }

// IDENTITY from `in` to `out` (the same sizes).
void CheckIdentityOf(const Type& t, const TensorDesc& in, const TensorDesc& out, std::mt19937& rng,
                     const RunOptions& options = {}) {
    DML_ELEMENT_WISE_IDENTITY_OPERATOR_DESC d{in.Get(), out.Get(), nullptr};
    auto input = RandomBytes(rng, in.Bytes());
    auto initial = RandomBytes(rng, out.Bytes());
    auto r = RunOperator({DML_OPERATOR_ELEMENT_WISE_IDENTITY, &d}, {input}, {initial}, options);
    ASSERT_EQ(r.status, VKDML_SUCCESS) << r.message;
    auto expected = initial;
    vkdml_ref::Identity(Layout(t, in), input, Layout(t, out), expected);
    ASSERT_EQ(r.outputs[0], expected);
}

// Binds every tensor `offset` bytes into its buffer. An offset that is not a multiple of 16 needs a
// GuaranteedBaseOffsetAlignment (`alignment`: every tensor gets it) and no guard bytes (RunOperator rounds the offset
// after guard bytes up to 16).
RunOptions BindEachAt(uint64_t offset, uint32_t alignment, std::initializer_list<TensorDesc*> tensors) {
    RunOptions options;
    options.bindingOffset = offset;
    if (offset % 16 != 0) {
        for (TensorDesc* t : tensors) t->buffer.GuaranteedBaseOffsetAlignment = alignment;
        options.guardBytes = 0;
    }
    return options;
}

// Both tensors `offset` bytes into their buffers, aligned to the element size.
RunOptions BindAt(uint64_t offset, uint32_t elementBytes, TensorDesc& in, TensorDesc& out) {
    return BindEachAt(offset, elementBytes, {&in, &out});
}

// IDENTITY of [rows, cols] from input strides {inPitch, inStep} to output strides {outPitch, outStep}, both tensors
// bound `bindingOffset` bytes into their buffers (BindAt).
void CheckIdentity(const Type& t, uint32_t rows, uint32_t cols, std::vector<uint32_t> inStrides,
                   std::vector<uint32_t> outStrides, uint64_t bindingOffset, std::mt19937& rng) {
    SCOPED_TRACE(testing::Message() << "bytes " << t.bytes << " sizes [" << rows << ", " << cols << "] input strides ["
                                    << inStrides[0] << ", " << inStrides[1] << "] output strides [" << outStrides[0]
                                    << ", " << outStrides[1] << "] binding offset " << bindingOffset);
    TensorDesc in(t.type, {rows, cols}, inStrides), out(t.type, {rows, cols}, outStrides);
    CheckIdentityOf(t, in, out, rng, BindAt(bindingOffset, t.bytes, in, out));
}

// SLICE1 from `in` into `out`.
void CheckSlice1(const Type& t, const TensorDesc& in, const TensorDesc& out, std::vector<uint32_t> offsets,
                 std::vector<uint32_t> sizes, std::vector<int32_t> strides, std::mt19937& rng,
                 const RunOptions& options = {}) {
    DML_SLICE1_OPERATOR_DESC d{in.Get(), out.Get(), uint32_t(offsets.size()), offsets.data(), sizes.data(),
                               strides.data()};
    auto input = RandomBytes(rng, in.Bytes());
    auto initial = RandomBytes(rng, out.Bytes());
    auto r = RunOperator({DML_OPERATOR_SLICE1, &d}, {input}, {initial}, options);
    ASSERT_EQ(r.status, VKDML_SUCCESS) << r.message;
    auto expected = initial;
    vkdml_ref::Slice1(Layout(t, in), input, Layout(t, out), expected, offsets, sizes, strides);
    ASSERT_EQ(r.outputs[0], expected);
}

TEST(StridedRows, PitchesStartRowsAtEveryWordOfAQuad) {
    std::mt19937 rng(0x5157u);
    for (const Type& t : kTypes)
        for (uint32_t cols : kRowLengths)
            for (uint32_t outPad : {0u, 1u, 3u})
                for (uint32_t inPad : {0u, 1u, 2u}) {
                    const uint32_t rows = cols > 64 ? 3 : 5;
                    CheckIdentity(t, rows, cols, {cols + inPad, 1}, {cols + outPad, 1}, 0, rng);
                    if (HasFatalFailure()) return;
                }
}

TEST(StridedRows, InnerStridesOtherThanOne) {
    std::mt19937 rng(0x5158u);
    for (const Type& t : kTypes)
        for (uint32_t cols : kRowLengths) {
            const uint32_t rows = 3;
            CheckIdentity(t, rows, cols, {2 * cols + 1, 2}, {cols, 1}, 16, rng);   // strided input, packed output
            CheckIdentity(t, rows, cols, {cols, 1}, {2 * cols + 3, 2}, 32, rng);   // strided output
            CheckIdentity(t, rows, cols, {1, rows}, {cols + 1, 1}, 48, rng);       // transpose into padded rows
            if (HasFatalFailure()) return;
        }
}

TEST(StridedRows, BroadcastInput) {
    std::mt19937 rng(0x5159u);
    for (const Type& t : kTypes)
        for (uint32_t cols : {5u, 64u, 65u}) {
            CheckIdentity(t, 4, cols, {0, 1}, {cols, 1}, 0, rng);   // every row reads row 0
            CheckIdentity(t, 4, cols, {1, 0}, {cols, 1}, 0, rng);   // every column reads element `row`
            if (HasFatalFailure()) return;
        }
}

// Rows that repeat one input element (input stride 0 along the row: an Expand of a value per row) are stored from one
// load (launch_main.glsl's splat paths: quads of 4-byte elements, of two 8-byte ones, packed quads of 1- and 2-byte
// ones). Every row length, output rows packed (sub-word rows then start at every element of a word) or padded so that
// they start at another word of a quad, the element read at every byte of a word (input row pitch 1 or 3), tensors
// bound at another word of a quad.
TEST(StridedRows, RowsRepeatingOneElement) {
    std::mt19937 rng(0x516Bu);
    for (const Type& t : kTypes)
        for (uint32_t cols : kRowLengths)
            for (uint32_t outPad : {0u, 1u, 3u})
                for (uint32_t inPitch : {1u, 3u})
                    for (uint64_t offset : {0u, 48u + 2 * t.bytes}) {
                        const uint32_t rows = cols > 64 ? 5 : 9;
                        CheckIdentity(t, rows, cols, {inPitch, 0}, {cols + outPad, 1}, offset, rng);
                        if (HasFatalFailure()) return;
                    }
}

// Rows repeating one element, repeated themselves along another dimension the input does not move along (3 copies:
// OutputCopiesFromOneLoad's path), output row pitches that start the copies at every word of a quad.
TEST(StridedRows, RowsRepeatingOneElementCopied) {
    std::mt19937 rng(0x516Cu);
    for (const Type& t : kTypes)
        for (uint32_t cols : kRowLengths)
            for (uint32_t outPad : {1u, 2u, 3u}) {
                SCOPED_TRACE(testing::Message() << "bytes " << t.bytes << " cols " << cols << " pad " << outPad);
                const uint32_t rows = 3, copies = 3, pitch = cols + outPad;
                TensorDesc in(t.type, {rows, copies, cols}, {1, 0, 0});
                TensorDesc out(t.type, {rows, copies, cols}, {copies * pitch, pitch, 1});
                CheckIdentityOf(t, in, out, rng);
                if (HasFatalFailure()) return;
            }
}

// A dimension along which the input does not move (a broadcast; TILE's repeats) is left out of the box where it has
// 2-8 elements and the elements are 4 or 8 bytes wide (4: an output stride of whole quads): each element loaded is
// stored once per copy (Launch::outputCopies). Copies 1-9 (9: more than a launch stores), outside and between the rows,
// output row pitches that keep the copies on quads and ones that do not, rows around one quad and beyond an
// invocation's elements, binding offsets that start the tensors at another word of a quad; FLOAT16 too (never
// copies: its packed rows are assembled a quad at a time). On a CPU implementation copies of rows of whole words
// with at most one dimension besides are a JOIN whose parts all read the input (CopiesAsJoin in
// src/ops/part_copies.cpp; CopyParts.TileCopiesOfRows); the copies between rows of two blocks stay a strided copy.
TEST(StridedRows, OutputCopiesFromOneLoad) {
    std::mt19937 rng(0x516Au);
    for (const Type& t : kTypes) {
        if (t.bytes == 1) continue;
        for (uint32_t copies : {1u, 2u, 3u, 8u, 9u})
            for (uint32_t cols : {1u, 3u, 4u, 5u, 17u, 1025u})
                for (uint32_t pad : {0u, 1u, 4u})
                    for (uint64_t offset : {0u, 48u, 272u, 3 * t.bytes}) {
                        SCOPED_TRACE(testing::Message() << "bytes " << t.bytes << " copies " << copies << " cols "
                                                        << cols << " pad " << pad << " offset " << offset);
                        const uint32_t rows = 3, pitch = cols + pad;
                        // The copies between the rows: [rows, copies, cols] from input rows.
                        TensorDesc in(t.type, {rows, copies, cols}, {cols, 0, 1});
                        TensorDesc out(t.type, {rows, copies, cols}, {copies * pitch, pitch, 1});
                        CheckIdentityOf(t, in, out, rng, BindAt(offset, t.bytes, in, out));
                        // Outside them: [copies, rows, cols], each copy a whole padded tensor.
                        TensorDesc outerIn(t.type, {copies, rows, cols}, {0, cols + 1, 1});
                        TensorDesc outerOut(t.type, {copies, rows, cols}, {rows * pitch + pad, pitch, 1});
                        CheckIdentityOf(t, outerIn, outerOut, rng, BindAt(offset, t.bytes, outerIn, outerOut));
                        // Between the rows of two padded blocks: three dimensions beside the copies, which a CPU
                        // implementation does not copy as parts (CopiesAsJoin in src/ops/part_copies.cpp).
                        if (offset < 64) {
                            TensorDesc blocksIn(t.type, {2, rows, copies, cols}, {rows * cols + 2, cols, 0, 1});
                            TensorDesc blocksOut(t.type, {2, rows, copies, cols},
                                                 {rows * copies * pitch + 3, copies * pitch, pitch, 1});
                            CheckIdentityOf(t, blocksIn, blocksOut, rng, BindAt(offset, t.bytes, blocksIn, blocksOut));
                        }
                        if (HasFatalFailure()) return;
                    }
    }
}

// SLICE1 with a negative stride along the rows: the input steps backwards while the output fills quads.
TEST(StridedRows, ReversedRows) {
    std::mt19937 rng(0x515Au);
    for (const Type& t : kTypes)
        for (uint32_t cols : kRowLengths) {
            SCOPED_TRACE(testing::Message() << "bytes " << t.bytes << " cols " << cols);
            CheckSlice1(t, TensorDesc(t.type, {3, cols + 2}), TensorDesc(t.type, {3, cols}), {0, 1}, {3, cols},
                        {1, -1}, rng);
            if (HasFatalFailure()) return;
        }
}

// Rows long enough for a CPU implementation's invocations to take turns over their quads in groups (TakesTurnsAlongRows
// in src/ops/loop_nest.cpp: 256 quads a lane, rows of 8192 FLOAT32, 16384 FLOAT16, 32768 UINT8 elements and more on
// lavapipe's 8 lanes, half that on SwiftShader's 4; never on GPUs, nor on an Intel host: LoweringLimits::
// copyTurnQuadsPerLane, and the strided_rows_turn256/0_quads variants run both ways on any host): every lane walks
// each row and writes every LANE_GROUP-th quad, lane 0 the elements (and sub-word output words) before and after the
// quads. Input rows stepping by 2 and 4 (whole input quads, or quads carried from one output quad to the next, which
// lanes taking turns reload), by 1, 0, 3 and -1; tensors bound at every word of a quad (and, sub-word, one element
// in); output rows packed or padded by an element; rows that a group's elements end inside (5 rows of 5/4 the length
// are more than it owns).
TEST(StridedRows, LongRowsInLaneGroups) {
    std::mt19937 rng(0x5170u);
    for (const Type& t : kTypes) {
        if (t.bytes == 8) continue;   // 8-byte elements take no turns
        const uint32_t base = 256 * (16 / t.bytes) * 8;
        for (uint32_t cols : {base, base + 3, base * 5 / 4 + 7})
            for (uint32_t outPad : {0u, 1u}) {
                const uint32_t rows = 5, outPitch = cols + outPad;
                for (uint32_t offset : {0u, 4u, 8u, 12u, 2u}) {
                    if (offset % t.bytes != 0) continue;
                    CheckIdentity(t, rows, cols, {2 * cols + 1, 2}, {outPitch, 1}, offset, rng);
                    CheckIdentity(t, rows, cols, {4 * cols + 3, 4}, {outPitch, 1}, offset, rng);
                    if (offset % 8 != 0) continue;
                    CheckIdentity(t, rows, cols, {cols + 3, 1}, {outPitch, 1}, offset, rng);
                    CheckIdentity(t, rows, cols, {1, 0}, {outPitch, 1}, offset, rng);
                    CheckIdentity(t, rows, cols, {3 * cols + 2, 3}, {outPitch, 1}, offset, rng);
                    if (HasFatalFailure()) return;
                }
                SCOPED_TRACE(testing::Message() << "reversed rows of " << cols << " output pitch " << outPitch);
                CheckSlice1(t, TensorDesc(t.type, {rows, cols + 2}), TensorDesc(t.type, {rows, cols}, {outPitch, 1}),
                            {0, 1}, {rows, cols}, {1, -1}, rng);
                if (HasFatalFailure()) return;
            }
    }
}

// Runs of output quads stored two at a time (shaders/quad_pair_runs.glsl: where the kernels store 64-bit words, a
// run's pairs start at even output quads, its first quad alone where it starts at an odd one, its last where one is
// left) on random shapes: rows of 1-, 2- and 4-byte elements whose input steps by 1, 2, 0 (IDENTITY) or -1 (SLICE1),
// 1 to 4 rows of 1 to 300 elements or long enough for lanes to take turns (LongRowsInLaneGroups), output pitches 0 to 5
// elements past the row or whole quads (an odd or an even number), rows of 4-byte elements copied 2 to 4 times along a
// dimension the input does not move along, between the rows of 2 blocks (Launch::outputCopies, which CPU
// implementations keep there: OutputCopiesFromOneLoad), both tensors bound 0 to 3 quads and 0 to 3 words into their
// buffers; 128 shapes. Each shape takes whichever path the host and kernel choose for it; the fixed tests above reach
// each path at its boundaries. Compared byte for byte with the CPU reference; the trace names the seed and the case.
TEST(StridedRows, QuadPairRunsRandomized) {
    const uint32_t seed = 0x5163u;
    std::mt19937 rng(seed);
    auto pick = [&](uint32_t lo, uint32_t hi) { return PickIn(rng, lo, hi); };
    const int32_t kSteps[] = {1, 2, 0, -1};
    for (uint32_t k = 0; k < 128; ++k) {
        const Type& t = kTypes[pick(0, 2)];
        const uint32_t quad = 16 / t.bytes;
        const int32_t step = kSteps[pick(0, 3)];
        const uint32_t rows = pick(1, 4), cols = pick(0, 7) == 0 ? 256 * quad * 8 + pick(0, 40) : pick(1, 300);
        // Rows copied along a dimension of their own are output rows apart: whole quads, an odd or an even number.
        const bool copied = t.bytes == 4 && step >= 0 && pick(0, 1) == 1;
        const uint32_t outPitch =
            !copied && pick(0, 1) == 0 ? cols + pick(0, 5) : (cols + quad - 1) / quad * quad + quad * pick(0, 1);
        const uint64_t offset = 16 * pick(0, 3) + 4 * pick(0, 3);
        if (step < 0) {
            const uint32_t extra = pick(0, 5), start = pick(0, extra);
            SCOPED_TRACE(testing::Message() << "seed " << seed << " case " << k << ": bytes " << t.bytes
                                            << ", SLICE1 of [" << rows << ", " << cols << "] from [" << rows << ", "
                                            << cols + extra << "] at " << start << ", reversed, output pitch "
                                            << outPitch << ", binding offset " << offset);
            TensorDesc in(t.type, {rows, cols + extra}), out(t.type, {rows, cols}, {outPitch, 1});
            CheckSlice1(t, in, out, {0, start}, {rows, cols}, {1, -1}, rng, BindAt(offset, t.bytes, in, out));
        } else {
            const uint32_t copies = copied ? pick(2, 4) : 1, blocks = copied ? 2 : pick(1, 2);
            const uint32_t inPitch = uint32_t(step) * cols + pick(step == 0 ? 1 : 0, 5);
            SCOPED_TRACE(testing::Message() << "seed " << seed << " case " << k << ": bytes " << t.bytes << ", step "
                                            << step << ", [" << blocks << ", " << rows << ", " << copies << " copies, "
                                            << cols << "], input pitch " << inPitch << ", output pitch " << outPitch
                                            << ", binding offset " << offset);
            TensorDesc in(t.type, {blocks, rows, copies, cols}, {rows * inPitch + 3, inPitch, 0, uint32_t(step)});
            TensorDesc out(t.type, {blocks, rows, copies, cols},
                           {rows * copies * outPitch + 5, copies * outPitch, outPitch, 1});
            CheckIdentityOf(t, in, out, rng, BindAt(offset, t.bytes, in, out));
        }
        if (HasFatalFailure()) return;
    }
}

// Images of odd side big enough for a CPU implementation's invocations to walk their rows of blocks with shifted input
// rows in groups (ShiftedRowWalk in src/ops/transpose_quads.cpp: 8 lanes or more, as lavapipe has, fewer rows of
// blocks than lanes, at least 16 blocks an invocation - launches of 1024 x 16 blocks' elements and more, rounded up to
// a power of two; never on GPUs, nor on SwiftShader's 4 lanes, whose invocations walk segments of their own): NCHW
// -> NHWC of one image of K channels, narrow blocks (3 and 5 channels) and square ones in one or two rows (B and 2B),
// the lanes taking turns of 4 blocks along segments of the row, the lane of the row's last turn making the partial
// block. Bound at a quad, with bases guaranteed to be whole quads (the shifts constants in the kernel:
// SetKnownRowShifts) and not (each row's shift from its offset), and an element past a quad (the output off a quad:
// element by element, the lanes taking turns block by block).
TEST(StridedRows, ShiftedRowsInLaneGroups) {
    std::mt19937 rng(0x5A17u);
    for (const Type& t : kTypes) {
        if (t.bytes == 8) continue;
        const uint32_t b = 16 / t.bytes;
        for (uint32_t k : {3u, 5u, b, 2 * b}) {
            if (k == 5 && b < 8) continue;
            const uint64_t blockElements = uint64_t(b) * std::min(k, b);
            uint64_t invocationElements = 1;
            while (invocationElements < 16 * blockElements) invocationElements *= 2;
            uint32_t side = 1;
            while (uint64_t(side) * side * k < invocationElements * 1024 * 9 / 8) side += 2;
            struct Binding {
                uint64_t offset;
                bool quadsGuaranteed;   // the input's GuaranteedBaseOffsetAlignment a multiple of 16
            };
            for (Binding bind : {Binding{0, true}, Binding{0, false}, Binding{t.bytes, false}}) {
                SCOPED_TRACE(testing::Message() << "bytes " << t.bytes << " NCHW -> NHWC of an image of " << k
                                                << " x " << side << " x " << side << ", binding offset " << bind.offset
                                                << (bind.quadsGuaranteed ? "" : ", quads not guaranteed"));
                TensorDesc in(t.type, {1, side, side, k}, {k * side * side, side, 1, side * side});
                TensorDesc out(t.type, {1, side, side, k});
                RunOptions options = BindAt(bind.offset, t.bytes, in, out);
                if (!bind.quadsGuaranteed) in.buffer.GuaranteedBaseOffsetAlignment = t.bytes;
                CheckIdentityOf(t, in, out, rng, options);
                if (HasFatalFailure()) return;
            }
        }
    }
}

// Rows of 8-byte elements contiguous on both sides are copied as rows of twice as many 4-byte words
// (word_runs.h's CountRowsInWords): SLICE1 windows starting 0-3 elements into the row and at a later row,
// rows read in order, reversed and every other one, output rows padded or not (so rows start at either half of a
// quad on each side), INT64 and FLOAT64, and the input tensor ending with the last element read.
TEST(StridedRows, EightByteRowsAsWords) {
    std::mt19937 rng(0x5166u);
    for (DML_TENSOR_DATA_TYPE type : {DML_TENSOR_DATA_TYPE_INT64, DML_TENSOR_DATA_TYPE_FLOAT64})
        for (uint32_t cols : {1u, 2u, 3u, 5u, 8u, 63u, 129u, 511u, 1025u})
            for (uint32_t colOffset : {0u, 1u, 2u, 3u})
                for (int32_t rowStep : {1, -1, 2})
                    for (uint32_t outPad : {0u, 1u}) {
                        SCOPED_TRACE(testing::Message() << "type " << type << " cols " << cols << " column offset "
                                                        << colOffset << " row step " << rowStep << " output pad "
                                                        << outPad);
                        const Type t{type, 8};
                        const uint32_t rows = 5, inRows = 2 * rows + 1, inCols = cols + colOffset;
                        TensorDesc in(type, {inRows, inCols}, {inCols + 1, 1});
                        TensorDesc out(type, {rows, cols}, {cols + outPad, 1});
                        const uint32_t window = rowStep == 2 ? 2 * rows - 1 : rows;
                        CheckSlice1(t, in, out, {inRows - window, colOffset}, {window, cols}, {rowStep, 1}, rng);
                        if (HasFatalFailure()) return;
                    }
}

// Packed output rows are written a 16-byte quad at a time: 1- and 2-byte elements whose input steps by 1, 2, -1 or 4
// from the input quads that hold their elements (launch_main.glsl's unitStepQuads, evenStepQuads and
// quarterStepQuads, which carry a quad from one output quad to the next and clamp the one past the last they need),
// by any other step from a word load per element (steppedRowQuad); 4-byte elements stepping by 1 from another word of
// a quad from two input quads per output quad. Rows of one quad's elements and around it, input windows starting at
// every element of a quad, row pitches of both parities (so each row starts at another byte), and the input tensor
// ending with the last element read.
TEST(StridedRows, RowsByQuads) {
    std::mt19937 rng(0x515Fu);
    for (const Type& t : kTypes) {
        if (t.bytes > 4) continue;
        const uint32_t quad = 16 / t.bytes;   // elements of a quad
        for (int32_t step : {1, 2, -1, 3, 4, 5, -2, -3, 17})
            for (uint32_t cols : {quad - 1, quad, quad + 1, 2 * quad, 3 * quad + 1})
                for (uint32_t start = 0; start < quad; ++start) {
                    SCOPED_TRACE(testing::Message() << "bytes " << t.bytes << " step " << step << " cols " << cols
                                                    << " window start " << start);
                    const uint32_t window = (cols - 1) * uint32_t(std::abs(step)) + 1;
                    const uint32_t pitch = start + window;   // the last row's window ends the tensor
                    CheckSlice1(t, TensorDesc(t.type, {3, pitch}), TensorDesc(t.type, {3, cols}), {0, start},
                                {3, window}, {1, step}, rng);
                    if (HasFatalFailure()) return;
                }
    }
}

// CAST (and ELEMENT_WISE_IDENTITY's ScaleBias, the same kernel) along rows that step by 1 input element from an
// element starting a word: each output quad converted from the whole input words that hold its elements (1- to
// 8-byte inputs into packed 1- and 2-byte or 4-byte outputs; shaders/cast.comp). Rows of one output quad's elements
// and around it, rows of nine output quads (made two or four at a time from one input quad where an output quad
// takes one or two input words and the row starts a quad), input pitches that start rows at every element of a word
// and at words inside a quad (the quads then start further along, not at all, or one at a time), packed and padded
// output rows, and the input tensor ending with the last element read. Input bits are random: NaNs, infinities,
// subnormals and integers out of range included.
TEST(StridedRows, CastRowsByQuads) {
    std::mt19937 rng(0x515Du);
    const Type inputs[] = {{DML_TENSOR_DATA_TYPE_UINT8, 1}, {DML_TENSOR_DATA_TYPE_FLOAT16, 2},
                           {DML_TENSOR_DATA_TYPE_FLOAT32, 4}, {DML_TENSOR_DATA_TYPE_INT64, 8}};
    const Type outputs[] = {{DML_TENSOR_DATA_TYPE_INT8, 1}, {DML_TENSOR_DATA_TYPE_FLOAT16, 2},
                            {DML_TENSOR_DATA_TYPE_FLOAT32, 4}};
    auto check = [&](const Type& from, const Type& to, uint32_t cols, uint32_t inPad, uint32_t outPad,
                     const float* scaleBias) {
        SCOPED_TRACE(testing::Message() << "CAST " << from.type << " -> " << to.type
                                        << (scaleBias ? " (ScaleBias)" : "")
                                        << " cols " << cols << " input pad " << inPad << " output pad " << outPad);
        const uint32_t rows = 3;
        TensorDesc in(from.type, {rows, cols}, {cols + inPad, 1}), out(to.type, {rows, cols}, {cols + outPad, 1});
        auto input = RandomBytes(rng, in.Bytes());
        auto initial = RandomBytes(rng, out.Bytes());
        DML_CAST_OPERATOR_DESC cast{in.Get(), out.Get()};
        DML_SCALE_BIAS sb{scaleBias ? scaleBias[0] : 0.0f, scaleBias ? scaleBias[1] : 0.0f};
        DML_ELEMENT_WISE_IDENTITY_OPERATOR_DESC identity{in.Get(), out.Get(), &sb};
        auto r = scaleBias ? RunOperator({DML_OPERATOR_ELEMENT_WISE_IDENTITY, &identity}, {input}, {initial})
                           : RunOperator({DML_OPERATOR_CAST, &cast}, {input}, {initial});
        ASSERT_EQ(r.status, VKDML_SUCCESS) << r.message;
        auto expected = initial;
        if (scaleBias)
            vkdml_ref::IdentityScaleBias(Layout(from, in), input, Layout(to, out), expected,
                                         vkdml_test::NumberTypeOf(from.type), scaleBias[0], scaleBias[1]);
        else
            vkdml_ref::Cast(Layout(from, in), input, vkdml_test::NumberTypeOf(from.type), Layout(to, out), expected,
                            vkdml_test::NumberTypeOf(to.type));
        ASSERT_EQ(r.outputs[0], expected);
    };
    const float scaleBias[2] = {-1.75f, 0.375f};
    for (const Type& to : outputs) {
        const uint32_t quad = 16 / to.bytes;   // output elements of a quad
        for (uint32_t cols : {quad - 1, quad, quad + 1, 3 * quad + 1, 9 * quad + 1})
            for (uint32_t inPad : {0u, 1u, 2u, 3u})
                for (uint32_t outPad : {0u, 1u}) {
                    for (const Type& from : inputs) check(from, to, cols, inPad, outPad, nullptr);
                    if (to.bytes != 1) check(to, to, cols, inPad, outPad, scaleBias);
                    if (HasFatalFailure()) return;
                }
    }
}

// Transposes whose input-contiguous dimension is not next to the innermost one walk in tiles of 128 bytes by as
// many rows (src/ops/transpose_tiles.cpp): 4-D full reversals and 3-D rotations with sizes that divide into tiles
// (32 4-byte or 16 8-byte elements), that do not (no tiles), padded output pitches, and CAST over the same walk; the
// walk over the tiles with the dimensions nearest them in the input and in the output interleaved (one split in
// parts: 12 -> 2 x 6; one walked whole inside the other: 4 in 3; none to split: the same dimension nearest in both).
// Input strides below are those of a packed source tensor whose axes are the output's in reverse (or rotated).
TEST(StridedRows, TransposeTiles) {
    std::mt19937 rng(0x515Cu);
    struct Shape {
        std::vector<uint32_t> sizes;
        std::vector<uint32_t> order;   // the source's axes, outermost first, as output dimensions
    };
    const Shape shapes[] = {{{32, 3, 5, 64}, {3, 2, 1, 0}},     {{64, 2, 2, 32}, {3, 2, 1, 0}},
                            {{33, 2, 2, 32}, {3, 2, 1, 0}},     {{16, 3, 32}, {2, 1, 0}},
                            {{32, 5, 48}, {1, 2, 0}},           {{32, 4, 31}, {2, 1, 0}},
                            {{32, 12, 5, 32}, {3, 2, 1, 0}},    {{32, 4, 8, 3, 32}, {4, 3, 2, 1, 0}},
                            {{32, 6, 4, 32}, {3, 1, 2, 0}}};
    for (const Type& t : kTypes)
        for (const Shape& shape : shapes)
            for (uint32_t pad : {0u, 3u}) {
                const uint32_t rank = uint32_t(shape.sizes.size());
                std::vector<uint32_t> inStrides(rank), outStrides(rank);
                uint32_t stride = 1;
                for (uint32_t k = rank; k-- > 0;) {   // the source, packed, innermost axis last in `order`
                    inStrides[shape.order[k]] = stride;
                    stride *= shape.sizes[shape.order[k]];
                }
                stride = 1;
                for (uint32_t d = rank; d-- > 0;) {
                    outStrides[d] = stride;
                    stride *= shape.sizes[d] + (d == rank - 1 ? pad : 0);
                }
                SCOPED_TRACE(testing::Message() << "bytes " << t.bytes << " rank " << rank << " sizes[0] "
                                                << shape.sizes[0] << " last " << shape.sizes[rank - 1] << " pad "
                                                << pad);
                TensorDesc in(t.type, shape.sizes, inStrides), out(t.type, shape.sizes, outStrides);
                DML_ELEMENT_WISE_IDENTITY_OPERATOR_DESC d{in.Get(), out.Get(), nullptr};
                auto input = RandomBytes(rng, in.Bytes());
                auto initial = RandomBytes(rng, out.Bytes());
                auto r = RunOperator({DML_OPERATOR_ELEMENT_WISE_IDENTITY, &d}, {input}, {initial});
                ASSERT_EQ(r.status, VKDML_SUCCESS) << r.message;
                auto expected = initial;
                vkdml_ref::Identity(Layout(t, in), input, Layout(t, out), expected);
                ASSERT_EQ(r.outputs[0], expected);
                if (t.bytes != 4) continue;
                // CAST of the same walk: FLOAT32 -> INT32 of small integers held as floats.
                std::vector<float> values(in.Bytes() / 4);
                for (float& v : values) v = float(int(rng() % 2001) - 1000);
                std::vector<uint8_t> floats(in.Bytes());
                std::memcpy(floats.data(), values.data(), floats.size());
                TensorDesc castOut(DML_TENSOR_DATA_TYPE_INT32, shape.sizes, outStrides);
                DML_CAST_OPERATOR_DESC cast{in.Get(), castOut.Get()};
                auto c = RunOperator({DML_OPERATOR_CAST, &cast}, {floats}, {initial});
                ASSERT_EQ(c.status, VKDML_SUCCESS) << c.message;
                std::vector<uint8_t> castExpected = initial;
                std::vector<int32_t> asIntegers(values.begin(), values.end());
                std::vector<uint8_t> integers(floats.size());
                std::memcpy(integers.data(), asIntegers.data(), integers.size());
                vkdml_ref::Identity(Layout(t, in), integers, Layout(t, castOut), castExpected);
                ASSERT_EQ(c.outputs[0], castExpected);
            }
}

// Transposes of 1-, 2- and 4-byte elements in blocks of B x B, B = the elements of a 16-byte quad
// (src/ops/transpose_quads.cpp): 2-D transposes whose sides are and are not multiples of B (no blocks), output
// pitches that keep or break whole quads, binding offsets that start the tensors at every kind of element of a quad
// (with GuaranteedBaseOffsetAlignment = the element size: the blocks then go element by element), NCHW -> NHWC (and
// with planes long enough for the blocks to walk rows along them on CPU implementations; of K < B channels, in blocks
// of B x K, and back, K x B),
// pairs of rows interleaved (blocks of B x 2) and split (2 x B), and a SLICE1 that reverses the innermost
// dimension of a transposed input (the input steps backwards from one block row to the next).
TEST(StridedRows, TransposeQuads) {
    std::mt19937 rng(0x515Du);
    for (const Type& t : {kTypes[0], kTypes[1], kTypes[2]}) {
        const uint32_t b = 16 / t.bytes;
        for (uint32_t rows : {b, 2 * b, 9 * b, b + 2})
            for (uint32_t cols : {b, 5 * b, 16 * b, 7u})
                for (uint32_t outPad : {0u, b, 2u})
                    for (uint64_t offset : {0u, t.bytes, 3 * t.bytes, 8u, 16u}) {
                        CheckIdentity(t, rows, cols, {1, rows}, {cols + outPad, 1}, offset, rng);
                        if (HasFatalFailure()) return;
                    }
        const uint32_t nchwShapes[][4] = {{2, 2 * b, 4, 4}, {1, 3 * b, 5, 4}, {3, 4 * b, 2, 8}, {2, 3, 4, 4},
                                          {1, b, 3, 3}};
        for (const auto& s : nchwShapes) {
            const uint32_t n = s[0], c = s[1], h = s[2], w = s[3];
            SCOPED_TRACE(testing::Message() << "bytes " << t.bytes << " NCHW -> NHWC of [" << n << ", " << c << ", "
                                            << h << ", " << w << "]");
            // Both in NHWC order: the input is a packed NCHW tensor seen through its strides.
            CheckIdentityOf(t, TensorDesc(t.type, {n, h, w, c}, {c * h * w, w, 1, h * w}),
                            TensorDesc(t.type, {n, h, w, c}), rng);
            if (HasFatalFailure()) return;
        }
        // On CPU implementations, planes long enough for rows of blocks along H x W, the lanes of a subgroup taking
        // turns along them where the rows give each lane LoweringLimits::transposeTurnBlocksPerLane blocks (the
        // strided_rows_turn4/64_blocks variants run both on any host; ops/transpose_quads.h): rows of the longest
        // divisor of the blocks up to 256 (64, 160, 112, 256 FLOAT32 blocks; 16 or 28 UINT8 blocks stay rows along C
        // on lavapipe's 8 lanes), a last group of invocations with fewer blocks. Then planes whose H x W is not a multiple of B (7 x 7 feature maps): square
        // blocks with shifted input rows, each row of blocks walked along H x W with a partial block after its whole
        // ones (the long plane: rows of more blocks than an invocation takes; the 18 rows of 7 x 7 blocks: more than
        // the rows an invocation takes on CPU implementations with 4096 elements an invocation, as
        // kMaxShiftedRowLinesPerLane caps them, so the last invocation has fewer). Each with an output pitch of C + B,
        // and element by element (a binding offset off a quad). Where the kernels store 64-bit words, an invocation
        // walks its rows of blocks in pairs, each output quad of the first stored with the next one, the second's
        // (walkShiftedRowPairs), while the pairs' quads follow each other from an even quad on: C = 9B breaks them
        // where a pair would span the batch's two images and where an invocation's rows start at an odd quad of the
        // second image, and pitches of an odd count of quads (C = 3B or 9B, unpadded) leave every row single.
        const uint32_t planeShapes[][4] = {{1, 2 * b, 16, 16}, {2, 3 * b, 32, 40}, {3, 3 * b, 7, 64},
                                           {1, b, 64, 64},     {1, b, 7, 7},       {2, 9 * b, 7, 7},
                                           {2, 2 * b, 5, 3},   {2, b, 3, 3},       {1, b, 1, 64 * b + 5}};
        for (const auto& s : planeShapes)
            for (uint32_t pad : {0u, b})
                for (uint64_t offset : {0u, t.bytes}) {
                    const uint32_t n = s[0], c = s[1], h = s[2], w = s[3];
                    SCOPED_TRACE(testing::Message() << "bytes " << t.bytes << " NCHW -> NHWC of [" << n << ", " << c
                                                    << ", " << h << ", " << w << "], output pitch " << c + pad
                                                    << ", binding offset " << offset);
                    TensorDesc in(t.type, {n, h, w, c}, {c * h * w, w, 1, h * w});
                    TensorDesc out(t.type, {n, h, w, c}, {h * w * (c + pad), w * (c + pad), c + pad, 1});
                    CheckIdentityOf(t, in, out, rng, BindAt(offset, t.bytes, in, out));
                    if (HasFatalFailure()) return;
                }
        // Shifted input rows because the input starts off a quad (a SLICE1 from the second element of each plane),
        // and transposes whose input tensor ends inside its last quad (with a binding that ends there too, the blocks
        // go element by element where they would read it) or whose rows start on quads but B does not divide their
        // length.
        for (uint32_t positions : {2 * b, 7u, 3 * b + 5}) {
            const uint32_t channels = 2 * b, plane = positions + 1;
            SCOPED_TRACE(testing::Message() << "bytes " << t.bytes << " planes of " << positions
                                            << " from element 1 of " << plane);
            CheckSlice1(t, TensorDesc(t.type, {plane, channels}, {1, plane}), TensorDesc(t.type, {positions, channels}),
                        {1, 0}, {positions, channels}, {1, 1}, rng);
            if (HasFatalFailure()) return;
        }
        for (uint32_t rows : {5u, b + 3})
            for (uint32_t cols : {b, 3 * b})
                for (uint32_t inPitch : {rows + 1, rows + 3, (rows + b - 1) / b * b}) {   // the last: rows on quads
                    CheckIdentity(t, rows, cols, {1, inPitch}, {cols, 1}, 0, rng);
                    if (HasFatalFailure()) return;
                }
        // Output rows that start off quads (square blocks walked along the output rows, each output quad from the two
        // blocks that hold its elements): transposes whose sides are both odd, at least 4 blocks each, with a
        // remainder along each side (edge launches), output pitches off a quad, input pitches of either parity, both
        // tensors bound at an element off a quad; rows of more blocks than an invocation takes (segments that start
        // and end inside output quads) and rows that end inside the input's last quad. Then a batch of two, each
        // matrix's output starting at another element of a quad.
        for (uint32_t rows : {4 * b + 1, 9 * b + 3})
            for (uint32_t cols : {4 * b + 3, 17 * b + 1})
                for (uint32_t pad : {0u, 1u})
                    for (uint64_t offset : {0u, t.bytes}) {
                        CheckIdentity(t, rows, cols, {1, rows + pad}, {cols + 2 * pad, 1}, offset, rng);
                        if (HasFatalFailure()) return;
                    }
        {
            const uint32_t n = 2, rows = 4 * b + 1, cols = 5 * b + 3;
            SCOPED_TRACE(testing::Message() << "bytes " << t.bytes << " batch of " << n << " transposes of ["
                                            << cols << ", " << rows << "]");
            CheckIdentityOf(t, TensorDesc(t.type, {n, rows, cols}, {rows * cols, 1, rows}),
                            TensorDesc(t.type, {n, rows, cols}), rng);
            if (HasFatalFailure()) return;
        }
        // Images of K channels between planes (NCHW) and interleaved pixels (NHWC): K < B in blocks of B x K (single
        // images of any H x W: shifted input rows, a partial block whose last output quad is not whole; batches where
        // H x W is a multiple of B, else element by element), back in blocks of K x B; K = B in square blocks. Batches
        // of images, a binding offset off a quad (element by element), and a pixel pitch of K + 1 (the index walk). On
        // CPU implementations, images of 72 blocks: rows of blocks long enough for the lanes to take turns along them.
        const uint32_t imageShapes[][3] = {{1, 4, 2 * b}, {2, 3, 5 * b}, {1, 5, 7}, {3, 2 * b, 2 * b}, {1, 13, 23},
                                           {1, 7, 301}, {2, 5, 7}, {2, 3, 24 * b}};
        for (uint32_t k : {3u, 4u, 5u, 7u, 15u}) {
            if (k > b) continue;
            for (bool toPixels : {true, false})
                for (const auto& s : imageShapes)
                    for (uint32_t pitch : {k, k + 1})
                        for (uint64_t offset : {0u, t.bytes}) {
                            const uint32_t n = s[0], h = s[1], w = s[2];
                            SCOPED_TRACE(testing::Message() << "bytes " << t.bytes
                                                            << (toPixels ? " NCHW -> NHWC" : " NHWC -> NCHW") << " of "
                                                            << n << " images of " << k << " x " << h << " x " << w
                                                            << ", pixel pitch " << pitch << ", binding offset "
                                                            << offset);
                            // The pixels (NHWC, `pitch` elements apart) and the planes (NCHW, packed), both in the
                            // output's dimension order.
                            const uint32_t p = pitch;
                            TensorDesc in = toPixels ? TensorDesc(t.type, {n, h, w, k}, {k * h * w, w, 1, h * w})
                                                     : TensorDesc(t.type, {n, k, h, w}, {h * w * p, 1, w * p, p});
                            TensorDesc out = toPixels ? TensorDesc(t.type, {n, h, w, k}, {h * w * p, w * p, p, 1})
                                                      : TensorDesc(t.type, {n, k, h, w});
                            CheckIdentityOf(t, in, out, rng, BindAt(offset, t.bytes, in, out));
                            if (HasFatalFailure()) return;
                        }
        }
        // Pairs (DEPTH_TO_SPACE by 2): output rows of [R, W, 2] interleaving the two W-element rows of a packed
        // [2, R, W] input, in blocks of B x 2 where W is a multiple of B and the output rows start on quads; a
        // binding offset off a quad sends the blocks element by element.
        for (uint32_t w : {b, 3 * b, 5u, 2 * b + 1})
            for (uint32_t r : {1u, 3u})
                for (uint32_t outPad : {0u, 2u, 2 * b})
                    for (uint64_t offset : {0u, t.bytes}) {
                        SCOPED_TRACE(testing::Message() << "bytes " << t.bytes << " pairs of [" << r << ", " << w
                                                        << "] rows, output pitch " << 2 * w + outPad
                                                        << ", binding offset " << offset);
                        TensorDesc in(t.type, {r, w, 2}, {w, 1, r * w});
                        TensorDesc out(t.type, {r, w, 2}, {2 * w + outPad, 2, 1});
                        CheckIdentityOf(t, in, out, rng, BindAt(offset, t.bytes, in, out));
                        if (HasFatalFailure()) return;
                    }
        // Split pairs (SPACE_TO_DEPTH by 2), the mirror: [2, R, W] output rows, each the even or the odd elements of
        // an input row of [R, W, 2], in blocks of 2 x B where W is a multiple of B and both pitches whole quads.
        for (uint32_t w : {b, 3 * b, 5u, 2 * b + 1})
            for (uint32_t r : {1u, 3u})
                for (uint32_t pad : {0u, 2u, 2 * b})
                    for (uint64_t offset : {0u, t.bytes}) {
                        const uint32_t inPitch = 2 * w + pad, outPitch = w + pad;
                        SCOPED_TRACE(testing::Message() << "bytes " << t.bytes << " split pairs of [" << r << ", " << w
                                                        << "] rows, pitches " << inPitch << " -> " << outPitch
                                                        << ", binding offset " << offset);
                        TensorDesc in(t.type, {2, r, w}, {1, inPitch, 2});
                        TensorDesc out(t.type, {2, r, w}, {r * outPitch, outPitch, 1});
                        CheckIdentityOf(t, in, out, rng, BindAt(offset, t.bytes, in, out));
                        if (HasFatalFailure()) return;
                    }
        const uint32_t sliceShapes[][2] = {{2 * b, 3 * b}, {b, b}, {4 * b, 5 * b}, {2 * b, 6}};
        for (const auto& s : sliceShapes) {
            const uint32_t channels = s[0], positions = s[1];
            SCOPED_TRACE(testing::Message() << "bytes " << t.bytes << " reversed positions of [" << channels << ", "
                                            << positions << "]");
            CheckSlice1(t, TensorDesc(t.type, {channels, positions}, {1, channels}),
                        TensorDesc(t.type, {channels, positions}), {0, 0}, {channels, positions}, {1, -1}, rng);
            if (HasFatalFailure()) return;
        }
    }
}

// NCHW -> NHWC through square blocks with shifted input rows (BlockRows::Shifted: planes whose H x W is not a multiple
// of B) on random shapes: 1 to 3 images of 1-, 2- and 4-byte elements, C from B to 12 B channels, H x W from B + 1 to
// 6 B with any remainder, output pitches C to C + 3 B (pitches of an odd and an even count of quads: rows of blocks
// walked singly or in pairs, walkShiftedRowPairs), image pitches with a gap of 0 to 5 elements in the input and 0 to
// 2 quads in the output (pairs that straddle two images, or start at an odd quad of the second), both tensors bound
// at a quad or 0 to 3 elements past one. Compared byte for byte with the CPU reference; the trace names the seed and
// the case.
TEST(StridedRows, TransposeShiftedRowsRandomized) {
    const uint32_t seed = 0x5162u;
    std::mt19937 rng(seed);
    auto pick = [&](uint32_t lo, uint32_t hi) { return PickIn(rng, lo, hi); };
    for (uint32_t k = 0; k < 48; ++k) {
        const Type& t = kTypes[pick(0, 2)];
        const uint32_t b = 16 / t.bytes;
        const uint32_t n = pick(1, 3), c = b * pick(1, 12);
        uint32_t plane = pick(b + 1, 6 * b);
        if (plane % b == 0) ++plane;
        const uint32_t pitch = c + b * pick(0, 3);
        const uint32_t inImage = c * plane + pick(0, 5), outImage = plane * pitch + b * pick(0, 2);
        const uint64_t offset = pick(0, 1) * 16 + pick(0, 3) * t.bytes;
        SCOPED_TRACE(testing::Message() << "seed " << seed << " case " << k << ": bytes " << t.bytes << ", NCHW -> NHWC"
                                        << " of " << n << " images of " << c << " channels x " << plane
                                        << " pixels, pixel pitch " << pitch << ", image pitches " << inImage << " -> "
                                        << outImage << ", binding offset " << offset);
        TensorDesc in(t.type, {n, plane, c}, {inImage, 1, plane});
        TensorDesc out(t.type, {n, plane, c}, {outImage, pitch, 1});
        CheckIdentityOf(t, in, out, rng, BindAt(offset, t.bytes, in, out));
        if (HasFatalFailure()) return;
    }
}

// Transposes around the square blocks with shifted output rows (src/ops/transpose_quads.cpp, BlockRows::ShiftedOutput)
// on random shapes: batches of 1 to 3 matrices of 1-, 2- and 4-byte elements whose sides run from just below the
// blocks' minimum (4 blocks: not taken) to 13 blocks, any remainder along either side, input and output pitches 0 to 3
// elements past the packed ones, batch pitches with a gap of 0 to 5 elements, both tensors bound 0 to 3 elements past a
// quad. Compared byte for byte with the CPU reference; the trace names the seed and the case.
TEST(StridedRows, TransposeShiftedOutputRandomized) {
    const uint32_t seed = 0x515Fu;
    std::mt19937 rng(seed);
    auto pick = [&](uint32_t lo, uint32_t hi) { return PickIn(rng, lo, hi); };
    for (uint32_t k = 0; k < 48; ++k) {
        const Type& t = kTypes[pick(0, 2)];
        const uint32_t b = 16 / t.bytes;
        const uint32_t n = pick(1, 3), rows = pick(4 * b - 1, 13 * b), cols = pick(4 * b - 1, 13 * b);
        const uint32_t inPitch = rows + pick(0, 3), outPitch = cols + pick(0, 3);
        const uint32_t inBatch = inPitch * cols + pick(0, 5), outBatch = outPitch * rows + pick(0, 5);
        const uint64_t offset = pick(0, 3) * t.bytes;
        SCOPED_TRACE(testing::Message() << "seed " << seed << " case " << k << ": bytes " << t.bytes << ", " << n
                                        << " transposes of [" << cols << ", " << rows << "], pitches " << inPitch
                                        << " -> " << outPitch << ", batch pitches " << inBatch << " -> " << outBatch
                                        << ", binding offset " << offset);
        TensorDesc in(t.type, {n, rows, cols}, {inBatch, 1, inPitch});
        TensorDesc out(t.type, {n, rows, cols}, {outBatch, outPitch, 1});
        CheckIdentityOf(t, in, out, rng, BindAt(offset, t.bytes, in, out));
        if (HasFatalFailure()) return;
    }
}

// Shifted output rows long enough to go in segments (ShiftedRowWalk: segments of at least 32 blocks): rows of 64 to 97
// blocks plus a remainder, so 2 or 3 segments of unequal length, with few rows of blocks (one row per invocation) and
// with more than 256 (4 rows per invocation on CPU implementations, the last group short; a group straddling the two
// matrices of a batch; left out with 4 KiB descriptors, where they would need more launches than a plan may have).
// Rows of 64 blocks of 4-byte elements fit a CPU implementation's invocation whole, and go in 2 segments even so.
// Any pitches; bound off a quad (each row's shifts from its offsets), and at a quad with bases guaranteed whole quads
// (single matrices: the shifts constants in the kernel, SetKnownRowShifts). Compared byte for byte with the CPU
// reference.
TEST(StridedRows, TransposeShiftedOutputSegments) {
    std::mt19937 rng(0x5160u);
    for (const Type& t : {kTypes[0], kTypes[1], kTypes[2]}) {   // 1-, 2- and 4-byte elements
        const uint32_t b = 16 / t.bytes;
        const uint32_t shapes[][3] = {// matrices, rows (input-contiguous), columns (output-contiguous)
                                      {1, 5 * b + 1, 65 * b + 3},
                                      {2, 4 * b + 2, 97 * b + b - 1},
                                      {1, 257 * b + 3, 65 * b + 1},
                                      {2, 129 * b + 1, 70 * b + 2},
                                      {1, 257 * b + 2, 64 * b + 2}};
        for (const auto& shape : shapes) {
            const uint32_t n = shape[0], rows = shape[1], cols = shape[2];
            if (SmallDescriptors() && rows > 64 * b) continue;
            const uint32_t inPitch = rows + uint32_t(rng() % 4), outPitch = cols + uint32_t(rng() % 4);
            const uint32_t inBatch = inPitch * cols + 3, outBatch = outPitch * rows + 1;
            std::vector<uint64_t> offsets = {(1 + rng() % 3) * t.bytes};
            if (n == 1) offsets.push_back(0);
            for (uint64_t offset : offsets) {
                SCOPED_TRACE(testing::Message() << "bytes " << t.bytes << ", " << n << " transposes of [" << cols
                                                << ", " << rows << "], pitches " << inPitch << " -> " << outPitch
                                                << ", binding offset " << offset);
                TensorDesc in(t.type, {n, rows, cols}, {inBatch, 1, inPitch});
                TensorDesc out(t.type, {n, rows, cols}, {outBatch, outPitch, 1});
                CheckIdentityOf(t, in, out, rng, BindAt(offset, t.bytes, in, out));
                if (HasFatalFailure()) return;
            }
        }
    }
}

// GATHER of rows (axis 0) and of columns (axis 1): the output rows are quads assembled from gathered elements; along
// axis 1, from quads of indices (four 32-bit or two 64-bit ones) where an output quad's indices start a quad (the
// rows start at every element of a quad), for 4-byte elements and packed 1- and 2-byte ones. UINT32 indices inside
// the axis, INT32 and INT64 ones also from the end and past either end (clamped; INT64 ones also beyond 32 bits).
// Rows of 2500 elements span several 4 KiB descriptors in the split run, whose launches leave the elements of other
// windows of the axis in a quad alone.
TEST(StridedRows, GatheredRows) {
    std::mt19937 rng(0x515Bu);
    for (const Type& t : kTypes)
        for (uint32_t cols : {1u, 4u, 5u, 17u, 64u, 65u, 129u, 2500u})
            for (uint32_t axis : {0u, 1u})
                for (const IndexKind& kind : kIndexKinds) {
                    SCOPED_TRACE(testing::Message() << "bytes " << t.bytes << " cols " << cols << " axis " << axis
                                                    << " index type " << kind.type);
                    const uint32_t rows = 6, axisSize = axis == 0 ? rows : cols, count = axis == 0 ? 9 : cols + 3;
                    const bool isSigned = kind.type != DML_TENSOR_DATA_TYPE_UINT32;
                    const bool wide = kind.type == DML_TENSOR_DATA_TYPE_INT64;
                    TensorDesc in(t.type, {rows, cols});
                    TensorDesc indices(kind.type, {1, count});
                    TensorDesc out(t.type,
                                   axis == 0 ? std::vector<uint32_t>{count, cols} : std::vector<uint32_t>{rows, count});
                    std::vector<int64_t> indexValues(count);
                    for (auto& v : indexValues) {
                        const int64_t lo = isSigned ? -int64_t(axisSize) - 2 : 0;
                        const int64_t span = isSigned ? 2 * int64_t(axisSize) + 4 : axisSize;
                        v = lo + int64_t(rng() % uint32_t(span));
                        // Now and then a 64-bit value whose low word alone would name an element.
                        if (wide && rng() % 8 == 0) v += (rng() % 2 ? 1 : -1) * (int64_t(1) << 32);
                    }
                    DML_GATHER_OPERATOR_DESC d{in.Get(), indices.Get(), out.Get(), axis, 1};
                    auto input = RandomBytes(rng, in.Bytes());
                    auto indexBytes = IndexBytes(indexValues, wide);
                    indexBytes.resize(indices.Bytes());
                    auto initial = RandomBytes(rng, out.Bytes());
                    auto r = RunOperator({DML_OPERATOR_GATHER, &d}, {input, indexBytes}, {initial});
                    ASSERT_EQ(r.status, VKDML_SUCCESS) << r.message;
                    auto expected = initial;
                    vkdml_ref::Gather(Layout(t, in), input, {wide ? 8u : 4u, indices.sizes, {}}, indexBytes, kind.ref,
                                      Layout(t, out), expected, axis, 1);
                    ASSERT_EQ(r.outputs[0], expected);
                }
}

// Gathered rows of 1-, 2- and 8-byte elements contiguous on both sides are copied as rows of 4-byte words where every
// row starts and ends on a word of both tensors (word_runs.h's CountRowsInWords): GATHER along axis 0 and GATHER_ND
// with tuples of 2, rows of an odd and of an even count of elements, input and output pitches of both parities, and
// the tensors bound at whole quads or 4 (8-byte elements: 8) bytes into their buffers.
TEST(StridedRows, GatheredRowsAsWords) {
    std::mt19937 rng(0x5167u);
    for (const Type& t : {kTypes[0], kTypes[1], kTypes[3]})
        for (uint32_t cols : {2u, 3u, 4u, 6u, 12u, 64u, 66u, 130u})
            for (uint32_t inPad : {0u, 1u, 2u})
                for (uint32_t outPad : {0u, 1u, 4u})
                    for (uint64_t offset : {0u, std::max(4u, t.bytes)})
                        for (bool tuples : {false, true}) {
                            SCOPED_TRACE(testing::Message() << "bytes " << t.bytes << " cols " << cols << " pitches "
                                                            << cols + inPad << " -> " << cols + outPad
                                                            << " binding offset " << offset
                                                            << (tuples ? " GATHER_ND, tuples of 2" : " GATHER"));
                            const uint32_t a = 3, b = 4, count = 9, inPitch = cols + inPad, outPitch = cols + outPad;
                            // GATHER: [a * b, cols] by [1, count] row indices; GATHER_ND: [1, a, b, cols] by
                            // [1, 1, count, 2] tuples, into [1, 1, count, cols]. The same rows of memory either way.
                            TensorDesc in = tuples ? TensorDesc(t.type, {1, a, b, cols},
                                                                {a * b * inPitch, b * inPitch, inPitch, 1})
                                                   : TensorDesc(t.type, {a * b, cols}, {inPitch, 1});
                            TensorDesc out = tuples ? TensorDesc(t.type, {1, 1, count, cols},
                                                                 {count * outPitch, count * outPitch, outPitch, 1})
                                                    : TensorDesc(t.type, {count, cols}, {outPitch, 1});
                            TensorDesc indices = tuples ? TensorDesc(DML_TENSOR_DATA_TYPE_UINT32, {1, 1, count, 2})
                                                        : TensorDesc(DML_TENSOR_DATA_TYPE_UINT32, {1, count});
                            std::vector<uint32_t> indexValues;
                            for (uint32_t j = 0; j < count; ++j) {
                                if (tuples) indexValues.push_back(rng() % a);
                                indexValues.push_back(rng() % (tuples ? b : a * b));
                            }
                            RunOptions options = BindEachAt(offset, uint32_t(offset), {&in, &out, &indices});
                            auto input = RandomBytes(rng, in.Bytes());
                            auto indexBytes = IndexBytes(indexValues, false);
                            auto initial = RandomBytes(rng, out.Bytes());
                            DML_GATHER_OPERATOR_DESC gather{in.Get(), indices.Get(), out.Get(), 0, 1};
                            DML_GATHER_ND_OPERATOR_DESC gatherNd{in.Get(), indices.Get(), out.Get(), 3, 2};
                            auto r = tuples ? RunOperator({DML_OPERATOR_GATHER_ND, &gatherNd}, {input, indexBytes},
                                                          {initial}, options)
                                            : RunOperator({DML_OPERATOR_GATHER, &gather}, {input, indexBytes},
                                                          {initial}, options);
                            ASSERT_EQ(r.status, VKDML_SUCCESS) << r.message;
                            auto expected = initial;
                            const vkdml_ref::TensorLayout indexLayout{4, indices.sizes, {}};
                            if (tuples)
                                vkdml_ref::GatherNd(Layout(t, in), input, indexLayout, indexBytes,
                                                    vkdml_ref::IndexType::UInt32, Layout(t, out), expected, 3, 2, 0);
                            else
                                vkdml_ref::Gather(Layout(t, in), input, indexLayout, indexBytes,
                                                  vkdml_ref::IndexType::UInt32, Layout(t, out), expected, 0, 1);
                            ASSERT_EQ(r.outputs[0], expected);
                        }
}

// GATHER of `in` by `indexValues` (the `indices` tensor, of `kind`) into `out` along `axis`, the indices counting
// `indexDimensions` dimensions, from random input and output bytes: the output must be the reference's, byte for byte.
void ExpectGather(const Type& t, const TensorDesc& in, const TensorDesc& indices, const TensorDesc& out,
                  const std::vector<int64_t>& indexValues, const IndexKind& kind, uint32_t axis, uint32_t indexDimensions,
                  const RunOptions& options, std::mt19937& rng) {
    const bool wide = kind.type == DML_TENSOR_DATA_TYPE_INT64;
    DML_GATHER_OPERATOR_DESC d{in.Get(), indices.Get(), out.Get(), axis, indexDimensions};
    auto input = RandomBytes(rng, in.Bytes());
    auto indexBytes = IndexBytes(indexValues, wide);
    indexBytes.resize(indices.Bytes());
    auto initial = RandomBytes(rng, out.Bytes());
    auto r = RunOperator({DML_OPERATOR_GATHER, &d}, {input, indexBytes}, {initial}, options);
    ASSERT_EQ(r.status, VKDML_SUCCESS) << r.message;
    auto expected = initial;
    vkdml_ref::Gather(Layout(t, in), input, {wide ? 8u : 4u, indices.sizes, indices.strides}, indexBytes, kind.ref,
                      Layout(t, out), expected, axis, indexDimensions);
    ASSERT_EQ(r.outputs[0], expected);
}

// The indices of a column gather (CheckColumnGather): their pitch (K + pad) and where they are bound.
struct ColumnIndices {
    uint32_t pad = 0;
    uint64_t offset = 0;   // bytes into their buffer; the data tensors' offset where it is 0
};

// GATHER of [1, rows, C] along its last axis by [1, M, K] indices into [rows, M, K] (output pitch K + pad), the data
// tensors bound `offset` bytes into their buffers. Index values from inside, from the end and past either end of the
// axis (clamped; INT64 ones also beyond 32 bits).
void CheckColumnGather(const Type& t, uint32_t rows, uint32_t c, uint32_t m, uint32_t k, uint32_t pad, uint64_t offset,
                       const IndexKind& kind, std::mt19937& rng, ColumnIndices at = {}) {
    SCOPED_TRACE(testing::Message() << "bytes " << t.bytes << " rows " << rows << " C " << c << " M " << m << " K "
                                    << k << " output pad " << pad << " binding offset " << offset << " index type "
                                    << kind.type << " index pad " << at.pad << " index offset " << at.offset);
    const bool isSigned = kind.type != DML_TENSOR_DATA_TYPE_UINT32;
    const bool wide = kind.type == DML_TENSOR_DATA_TYPE_INT64;
    TensorDesc in(t.type, {1, rows, c});
    TensorDesc indices(kind.type, {1, m, k}, {m * (k + at.pad), k + at.pad, 1});
    TensorDesc out(t.type, {rows, m, k}, {m * (k + pad), k + pad, 1});
    RunOptions options = BindEachAt(offset, uint32_t(offset), {&in, &out, &indices});
    if (at.offset != 0) {
        options.inputBindingOffsets = {offset, at.offset};
        if (at.offset % 16 != 0) {
            indices.buffer.GuaranteedBaseOffsetAlignment = uint32_t(at.offset & (0 - at.offset));
            options.guardBytes = 0;
        }
    }
    std::vector<int64_t> indexValues(m * (k + at.pad));   // the pads' values too, never read
    for (auto& v : indexValues) {
        const int64_t lo = isSigned ? -int64_t(c) - 2 : 0;
        v = lo + int64_t(rng() % uint32_t(isSigned ? 2 * c + 4 : c + 2));
        if (wide && rng() % 8 == 0) v += (rng() % 2 ? 1 : -1) * (int64_t(1) << 32);
    }
    ExpectGather(t, in, indices, out, indexValues, kind, 2, 2, options, rng);
}

// GATHER of whole rows of quads (src/ops/gather_rows.h): each invocation copies up to 64 quads of one row on CPU
// implementations storing 64-bit words (LoweringLimits::quadsPerGatherRowInvocation; the strided_rows_word64_stores
// variant runs it so on any host), halved down to 8 while a launch has fewer than 1024 invocations; 8 with 32-bit
// stores, 1 on GPUs. 300 gathered rows (several workgroups) of 1, 7, 8, 9 and 17 quads end inside, at and past
// an invocation's 8 quads; 1100 rows of 63-65 quads and 400 of 130 inside, at and past 64 quads, 600 of 64 at 32 a
// piece. Output and input pitches of whole quads (padded or not), every index type with values from the end and past
// either end (clamped), and bindings at whole quads (quads) and 8 bytes into their buffers (word by word). FLOAT32,
// and FLOAT16 / INT64 rows counted in words (CountRowsInWords).
TEST(StridedRows, GatheredRowQuads) {
    std::mt19937 rng(0x5170u);
    uint32_t variant = 0;
    const std::pair<uint32_t, uint32_t> shapes[] = {{1, 300},  {7, 300},  {8, 300},  {9, 300},   {17, 300},
                                                    {63, 1100}, {64, 600}, {65, 1100}, {130, 400}};
    for (const Type& t : {kTypes[1], kTypes[2], kTypes[3]})
        for (const auto& [quads, count] : shapes)
            for (uint32_t pad : {0u, 16u / t.bytes})
                for (uint64_t offset : {0u, 16u, 8u}) {
                    if (quads > 17 && offset == 16) continue;   // bindings at whole quads: offset 0 is one
                    const IndexKind& kind = kIndexKinds[variant++ % 3];
                    const bool isSigned = kind.type != DML_TENSOR_DATA_TYPE_UINT32;
                    const bool wide = kind.type == DML_TENSOR_DATA_TYPE_INT64;
                    const uint32_t cols = quads * 16 / t.bytes, axisSize = 23;
                    SCOPED_TRACE(testing::Message() << "bytes " << t.bytes << " quads " << quads << " pad " << pad
                                                    << " binding offset " << offset << " index type " << kind.type);
                    TensorDesc in(t.type, {axisSize, cols}, {cols + pad, 1});
                    TensorDesc indices(kind.type, {1, count});
                    TensorDesc out(t.type, {count, cols}, {cols + pad, 1});
                    std::vector<int64_t> indexValues(count);
                    for (auto& v : indexValues) {
                        const int64_t lo = isSigned ? -int64_t(axisSize) - 2 : 0;
                        v = lo + int64_t(rng() % uint32_t(axisSize + 2 - lo));
                        if (wide && rng() % 8 == 0) v += (rng() % 2 ? 1 : -1) * (int64_t(1) << 32);
                    }
                    RunOptions options = BindEachAt(offset, uint32_t(offset), {&in, &out, &indices});
                    ExpectGather(t, in, indices, out, indexValues, kind, 0, 1, options, rng);
                    if (HasFatalFailure()) return;
                }
}

// GATHER along the last axis where rows share their indices: blocks of rows x a quad of columns
// (src/ops/gather_columns.cpp) where the index count K is a multiple of a quad's elements B (x two quads where K is a
// multiple of 2B), the rows a multiple of 2 and the output pitch whole quads; element by element where the binding
// offset (8 bytes) leaves the output off a quad; the ordinary path otherwise (odd rows, K not a multiple of B, a pitch
// that breaks quads). One row of indices for the whole tensor (M = 1) or M rows of them (the blocks' rows then step
// over M index rows).
TEST(StridedRows, GatheredColumnBlocks) {
    std::mt19937 rng(0x5162u);
    for (const Type& t : kTypes) {
        const uint32_t b = 16 / t.bytes;
        for (uint32_t rows : {8u, 6u, 24u, 5u})
            for (uint32_t k : {b, 2 * b, 3 * b, b + 1})
                for (uint32_t m : {1u, 3u})
                    for (uint32_t pad : {0u, b, 1u})
                        for (uint64_t offset : {0u, 8u}) {
                            const uint32_t c = rows == 24 ? 37 : 5;
                            CheckColumnGather(t, rows, c, m, k, pad, offset, kIndexKinds[rng() % 3], rng);
                            if (HasFatalFailure()) return;
                        }
        // Rows of fewer blocks than the lanes that take turns along them on CPU implementations (KernelArgs::laneGroup:
        // SwiftShader's 4, lavapipe's 8), as many, and more, a multiple of them or not.
        for (uint32_t rowBlocks : {3u, 4u, 7u, 8u, 9u, 17u})
            for (uint64_t offset : {0u, 8u}) {
                CheckColumnGather(t, 16, 37, rowBlocks % 2 ? 3 : 1, rowBlocks * b, 0, offset, kIndexKinds[rng() % 3],
                                  rng);
                if (HasFatalFailure()) return;
            }
        // 2400 blocks: several workgroups, whose invocations each gather several blocks on CPU implementations.
        for (uint32_t pad : {0u, b}) {
            CheckColumnGather(t, 64, 37, 1, 300 * b, pad, 0, kIndexKinds[rng() % 3], rng);
            if (HasFatalFailure()) return;
        }
        // The indices a quad at a time (ColumnIndexLoads::Quads) where every block's start a quad: bound at 0 or 16
        // bytes, rows of them padded by whole quads (4 UINT32 / INT32, 2 INT64); one by one where their binding (8
        // bytes, 4 for 32-bit ones) or their pitch (a pad of 1, 3) is off a quad, with the output in quads. Blocks of
        // one quad (K = 3B); for 8-byte elements of two as well (4B), whose 4 columns read 32-bit indices in quads.
        for (const IndexKind& kind : kIndexKinds) {
            const uint32_t quad = kind.type == DML_TENSOR_DATA_TYPE_INT64 ? 2 : 4;
            const uint64_t elementBytes = kind.type == DML_TENSOR_DATA_TYPE_INT64 ? 8 : 4;
            for (ColumnIndices at : {ColumnIndices{0, 16}, ColumnIndices{quad, 0}, ColumnIndices{quad, 16},
                                     ColumnIndices{0, 8}, ColumnIndices{0, elementBytes}, ColumnIndices{1, 0},
                                     ColumnIndices{3, 16}}) {
                for (uint32_t k : {3 * b, 4 * b}) {
                    if (k == 4 * b && t.bytes != 8) continue;
                    CheckColumnGather(t, 16, 37, 3, k, 0, 0, kind, rng, at);
                    if (HasFatalFailure()) return;
                }
            }
        }
    }
}

// ONE_HOT along the rows: the index stays the same along a row, so the kernel reads it and the two values once per
// row segment and makes the quads without loads (4-byte elements, packed 1- and 2-byte ones). Rows of every length
// around quads, packed and padded outputs, hot positions at every element of the first quads and at the row's end,
// negative indices from the end, and indices outside the axis (no hot element). The values' on value lies a row
// of the values tensor further (its last dimension has one element).
TEST(StridedRows, OneHotRowsByQuads) {
    std::mt19937 rng(0x5160u);
    for (const Type& t : kTypes) {
        const uint32_t quad = 16 / t.bytes;
        for (uint32_t cols : {quad - 1, quad, quad + 1, 2 * quad + 3, 257u})
            for (uint32_t outPad : {0u, 1u})
                for (bool wide : {false, true}) {
                    SCOPED_TRACE(testing::Message() << "bytes " << t.bytes << " cols " << cols << " output pad "
                                                    << outPad << (wide ? " INT64" : " INT32") << " indices");
                    const uint32_t rows = 2 * quad + 6;
                    TensorDesc indices(wide ? DML_TENSOR_DATA_TYPE_INT64 : DML_TENSOR_DATA_TYPE_INT32, {rows, 1});
                    TensorDesc values(t.type, {2, 1});
                    TensorDesc out(t.type, {rows, cols}, {cols + outPad, 1});
                    std::vector<int64_t> hot(rows);
                    for (uint32_t r = 0; r < rows; ++r)   // every element of two quads, then the edges and outside
                        hot[r] = r < 2 * quad ? int64_t(r % cols)
                                 : r == 2 * quad     ? int64_t(cols) - 1
                                 : r == 2 * quad + 1 ? -1
                                 : r == 2 * quad + 2 ? -int64_t(cols)
                                 : r == 2 * quad + 3 ? int64_t(cols)
                                 : r == 2 * quad + 4 ? -int64_t(cols) - 1
                                                     : int64_t(rng() % cols);
                    auto indexBytes = IndexBytes(hot, wide);
                    DML_ONE_HOT_OPERATOR_DESC d{indices.Get(), values.Get(), out.Get(), 1};
                    auto valueBytes = RandomBytes(rng, values.Bytes());
                    auto initial = RandomBytes(rng, out.Bytes());
                    auto r = RunOperator({DML_OPERATOR_ONE_HOT, &d}, {indexBytes, valueBytes}, {initial});
                    ASSERT_EQ(r.status, VKDML_SUCCESS) << r.message;
                    auto expected = initial;
                    vkdml_ref::OneHot({wide ? 8u : 4u, indices.sizes, {}}, indexBytes,
                                      wide ? vkdml_ref::IndexType::Int64 : vkdml_ref::IndexType::Int32,
                                      Layout(t, values), valueBytes, Layout(t, out), expected, 1);
                    ASSERT_EQ(r.outputs[0], expected);
                }
    }
}

// DIAGONAL_MATRIX1's band along rows made a quad at a time (generate.comp's quadRuns: runs of the value outside the
// band and inside it, the quads holding its edges element by element): 9 rows of 203 elements, so that the band's
// edges fall on every element of a quad, with bands of 0 to 61 elements starting before, inside and after the rows,
// complements (End < Begin), the INT32 extremes; row pitches of 203 to 205 (rows starting at every word of a quad), a
// column-major output (element by element), and one column of 203 (x - y stepping by -1 along it: quadValues
// throughout). Every element type (8-byte ones element by element).
TEST(StridedRows, DiagonalBandRuns) {
    std::mt19937 rng(0xD1A6u);
    std::vector<std::pair<int32_t, int32_t>> ranges;
    for (int32_t begin : {-12, 0, 97, 198})
        for (int32_t width : {0, 1, 3, 4, 6, 61}) ranges.push_back({begin, begin + width});
    for (int32_t begin : {0, 97})
        for (int32_t width : {1, 7}) ranges.push_back({begin, begin - width});
    for (auto range : {std::pair{INT32_MIN, 5}, {INT32_MIN, INT32_MAX}, {-3, INT32_MAX}, {INT32_MAX, INT32_MIN},
                       {100, INT32_MIN}})
        ranges.push_back(range);
    for (const Type& t : kTypes)
        for (uint32_t layout : {0u, 1u, 2u, 3u, 4u})
            for (auto [begin, end] : ranges) {
                SCOPED_TRACE(testing::Message() << "bytes " << t.bytes << " layout " << layout << " begin " << begin
                                                << " end " << end);
                // Layouts 0-2: 9 rows of 203, row pitch 203 + layout; 3: the same column-major; 4: one column.
                const uint32_t rows = layout < 4 ? 9 : 203, cols = layout < 4 ? 203 : 1;
                TensorDesc out(t.type, {rows, cols},
                               layout < 3 ? std::vector<uint32_t>{cols + layout, 1} : std::vector<uint32_t>{1, rows});
                const uint64_t mask = t.bytes == 8 ? ~0ull : (1ull << (8 * t.bytes)) - 1;
                const uint64_t bits = (uint64_t(rng()) << 32 | rng() | 1u) & mask;   // never 0
                DML_SCALAR_UNION value{};
                value.UInt64 = bits;
                DML_DIAGONAL_MATRIX1_OPERATOR_DESC d{nullptr, out.Get(), t.type, value, begin, end};
                auto initial = RandomBytes(rng, out.Bytes());
                auto r = RunOperator({DML_OPERATOR_DIAGONAL_MATRIX1, &d}, {{}}, {initial});
                ASSERT_EQ(r.status, VKDML_SUCCESS) << r.message;
                auto expected = initial;
                vkdml_ref::DiagonalMatrix(nullptr, nullptr, Layout(t, out), expected, bits, begin, end);
                ASSERT_EQ(r.outputs[0], expected);
            }
}

// ONE_HOT along the columns (axis 0): the index moves along the row, or, broadcast (index stride 0), it does not but
// the row does not run along the axis: each row is all off values or all on values.
TEST(StridedRows, OneHotAcrossRows) {
    std::mt19937 rng(0x5161u);
    for (const Type& t : kTypes)
        for (uint32_t cols : {3u, 16u, 33u})
            for (bool broadcast : {false, true}) {
                SCOPED_TRACE(testing::Message() << "bytes " << t.bytes << " cols " << cols
                                                << (broadcast ? " broadcast index" : ""));
                const uint32_t rows = 7;
                TensorDesc indices(DML_TENSOR_DATA_TYPE_INT32, {1, cols}, {cols, broadcast ? 0u : 1u});
                TensorDesc values(t.type, {1, 2});
                TensorDesc out(t.type, {rows, cols});
                std::vector<int32_t> hot(broadcast ? 1 : cols);
                for (auto& h : hot) h = int32_t(rng() % (2 * rows + 2)) - int32_t(rows) - 1;
                DML_ONE_HOT_OPERATOR_DESC d{indices.Get(), values.Get(), out.Get(), 0};
                auto indexBytes = vkdml_test::Bytes(hot, indices.Bytes());
                auto valueBytes = RandomBytes(rng, values.Bytes());
                auto initial = RandomBytes(rng, out.Bytes());
                auto r = RunOperator({DML_OPERATOR_ONE_HOT, &d}, {indexBytes, valueBytes}, {initial});
                ASSERT_EQ(r.status, VKDML_SUCCESS) << r.message;
                auto expected = initial;
                vkdml_ref::OneHot({4, indices.sizes, indices.strides}, indexBytes, vkdml_ref::IndexType::Int32,
                                  Layout(t, values), valueBytes, Layout(t, out), expected, 0);
                ASSERT_EQ(r.outputs[0], expected);
            }
}

// REVERSE_SUBSEQUENCES along the rows: the length stays the same along a row, so the kernel reads it once per row
// segment and copies the row's reversed head and its tail from input quads (launch_main.glsl's inputRunsQuads; 4-byte
// and packed sub-word elements), the quad holding the sequence's end element by element, and runs whose last input
// quad would pass the descriptor's end element by element too (the last rows, packed). Lengths 0 and 1, around the
// quads, the whole row, beyond it (clamped) and 64-bit ones; packed and padded rows on either side, so that the runs
// start at every byte of a quad. With 4 KiB descriptors the input splits along the axis: the launches then go element
// by element.
TEST(StridedRows, ReversedSubsequenceRows) {
    std::mt19937 rng(0x5162u);
    for (const Type& t : kTypes) {
        const uint32_t quad = 16 / t.bytes;
        for (uint32_t cols : {quad - 1, quad, quad + 1, 3 * quad + 2, 257u})
            for (uint32_t pad : {0u, 1u})
                for (bool wide : {false, true}) {
                    SCOPED_TRACE(testing::Message() << "bytes " << t.bytes << " cols " << cols << " pad " << pad
                                                    << (wide ? " UINT64" : " UINT32") << " lengths");
                    const std::vector<uint64_t> lengths = {0, 1, quad - 1, quad, quad + 1, 2 * quad + 1, cols - 1, cols,
                                                           cols + 1, uint64_t(wide ? 1ull << 32 : 0xFFFFFFFFull),
                                                           rng() % (cols + 1)};
                    const uint32_t rows = uint32_t(lengths.size());
                    TensorDesc in(t.type, {rows, cols}, {cols + pad, 1});
                    TensorDesc out(t.type, {rows, cols}, {cols + 1 - pad, 1});
                    TensorDesc lengthDesc(wide ? DML_TENSOR_DATA_TYPE_UINT64 : DML_TENSOR_DATA_TYPE_UINT32, {rows, 1});
                    auto lengthBytes = IndexBytes(lengths, wide);
                    DML_REVERSE_SUBSEQUENCES_OPERATOR_DESC d{in.Get(), lengthDesc.Get(), out.Get(), 1};
                    auto input = RandomBytes(rng, in.Bytes());
                    auto initial = RandomBytes(rng, out.Bytes());
                    auto r = RunOperator({DML_OPERATOR_REVERSE_SUBSEQUENCES, &d}, {input, lengthBytes}, {initial});
                    ASSERT_EQ(r.status, VKDML_SUCCESS) << r.message;
                    auto expected = initial;
                    vkdml_ref::ReverseSubsequences(Layout(t, in), input, {wide ? 8u : 4u, lengthDesc.sizes, {}},
                                                   lengthBytes,
                                                   wide ? vkdml_ref::IndexType::UInt64 : vkdml_ref::IndexType::UInt32,
                                                   Layout(t, out), expected, 1);
                    ASSERT_EQ(r.outputs[0], expected);
                }
    }
}

// REVERSE_SUBSEQUENCES along the columns (axis 0): lengths moving along the row, or broadcast (stride 0) so that a
// row reads one input row throughout; and one long row (16 KiB and more), which 4 KiB descriptors split along the
// axis.
TEST(StridedRows, ReversedSubsequencesAcrossRows) {
    std::mt19937 rng(0x5163u);
    auto check = [&](const Type& t, uint32_t rows, uint32_t cols, uint32_t axis, std::vector<uint32_t> lengths,
                     std::vector<uint32_t> lengthStrides) {
        SCOPED_TRACE(testing::Message() << "bytes " << t.bytes << " [" << rows << ", " << cols << "] axis " << axis
                                        << " lengths stride " << lengthStrides[1]);
        TensorDesc in(t.type, {rows, cols}), out(t.type, {rows, cols});
        TensorDesc lengthDesc(DML_TENSOR_DATA_TYPE_UINT32,
                              axis == 0 ? std::vector<uint32_t>{1, cols} : std::vector<uint32_t>{rows, 1},
                              lengthStrides);
        DML_REVERSE_SUBSEQUENCES_OPERATOR_DESC d{in.Get(), lengthDesc.Get(), out.Get(), axis};
        auto lengthBytes = vkdml_test::Bytes(lengths, lengthDesc.Bytes());
        auto input = RandomBytes(rng, in.Bytes());
        auto initial = RandomBytes(rng, out.Bytes());
        auto r = RunOperator({DML_OPERATOR_REVERSE_SUBSEQUENCES, &d}, {input, lengthBytes}, {initial});
        ASSERT_EQ(r.status, VKDML_SUCCESS) << r.message;
        auto expected = initial;
        vkdml_ref::ReverseSubsequences(Layout(t, in), input, {4, lengthDesc.sizes, lengthDesc.strides}, lengthBytes,
                                       vkdml_ref::IndexType::UInt32, Layout(t, out), expected, axis);
        ASSERT_EQ(r.outputs[0], expected);
    };
    for (const Type& t : kTypes) {
        std::vector<uint32_t> lengths(33);
        for (auto& l : lengths) l = rng() % 9;
        check(t, 7, 33, 0, lengths, {33, 1});
        check(t, 7, 33, 0, {5}, {33, 0});
        check(t, 1, 16384 / t.bytes + 5, 1, {16384 / t.bytes - 3}, {1, 1});
        if (HasFatalFailure()) return;
    }
}

// SCATTER_ND of whole rows: the index tuple does not move along a row, so the kernel resolves it once per row segment
// and copies the update row to where it goes as a strided copy does (quads for 4-byte elements where the rows
// allow). Rows of every length around quads, output and update pitches that start rows at every word of a quad,
// indices from the end and outside the axis (those rows write nothing). With 4 KiB descriptors the output splits
// along the indexed axis: each launch writes the rows whose index falls in its part.
TEST(StridedRows, ScatteredWholeRows) {
    std::mt19937 rng(0x5164u);
    for (const Type& t : kTypes)
        for (uint32_t cols : {1u, 3u, 4u, 5u, 8u, 9u, 64u, 257u})
            for (uint32_t outPad : {0u, 1u, 2u, 3u}) {
                const uint32_t updatePad = outPad % 2, rows = 12, count = 9;
                SCOPED_TRACE(testing::Message() << "bytes " << t.bytes << " cols " << cols << " output pad " << outPad
                                                << " updates pad " << updatePad);
                TensorDesc in(t.type, {rows, cols}, {cols + outPad, 1}), out(t.type, {rows, cols}, {cols + outPad, 1});
                TensorDesc indices(DML_TENSOR_DATA_TYPE_INT32, {count, 1});
                TensorDesc updates(t.type, {count, cols}, {cols + updatePad, 1});
                std::vector<int32_t> targets(rows);
                for (uint32_t r = 0; r < rows; ++r) targets[r] = int32_t(r);
                std::shuffle(targets.begin(), targets.end(), rng);
                targets.resize(count);
                targets[1] -= int32_t(rows);     // the same row, counted from the end
                targets[4] = int32_t(rows) + 3;  // outside the axis: skipped
                targets[7] = -int32_t(rows) - 1;
                DML_SCATTER_ND_OPERATOR_DESC d{in.Get(), indices.Get(), updates.Get(), out.Get(), 2, 2};
                auto input = RandomBytes(rng, in.Bytes());
                auto indexBytes = IndexBytes(targets, false);
                auto updateBytes = RandomBytes(rng, updates.Bytes());
                auto initial = RandomBytes(rng, out.Bytes());
                auto r = RunOperator({DML_OPERATOR_SCATTER_ND, &d}, {input, indexBytes, updateBytes}, {initial});
                ASSERT_EQ(r.status, VKDML_SUCCESS) << r.message;
                auto expected = initial;
                vkdml_ref::ScatterNd(Layout(t, in), input, {4, indices.sizes, {}}, indexBytes,
                                     vkdml_ref::IndexType::Int32, Layout(t, updates), updateBytes, Layout(t, out),
                                     expected, 2, 2);
                ASSERT_EQ(r.outputs[0], expected);
            }
}

// SCATTER_ELEMENTS along either axis of [5, cols]: where updates and indices run along the row from the start of a
// quad, the kernel reads four updates at a time and their indices a quad or two at a time (4-byte elements); rows
// of every length around quads, update and index pitches that start rows at every word of a quad (so the two quads
// agree on some rows and not on others), UINT32, INT32 and INT64 indices, each line of the axis a permutation with
// some values from the end (signed) and some outside the axis (those updates are dropped; INT64 ones also beyond 32
// bits). No two updates go to one element (the winner would be unspecified).
TEST(StridedRows, ScatteredElementRows) {
    const uint32_t kPads[][2] = {{0, 0}, {1, 1}, {1, 2}, {3, 0}, {2, 3}};   // {updates, indices} pitch - row length
    std::mt19937 rng(0x5165u);
    uint32_t variant = 0;
    for (const Type& t : kTypes)
        for (uint32_t cols : {1u, 4u, 5u, 7u, 8u, 9u, 17u, 64u, 65u, 257u, 1025u})
            for (uint32_t axis : {0u, 1u})
                for (const auto& pad : kPads) {
                    const IndexKind& kind = kIndexKinds[variant++ % 3];
                    const bool isSigned = kind.type != DML_TENSOR_DATA_TYPE_UINT32;
                    const bool wide = kind.type == DML_TENSOR_DATA_TYPE_INT64;
                    SCOPED_TRACE(testing::Message() << "bytes " << t.bytes << " cols " << cols << " axis " << axis
                                                    << " updates pad " << pad[0] << " indices pad " << pad[1]
                                                    << " index type " << kind.type);
                    const uint32_t rows = 5, axisSize = axis == 0 ? rows : cols;
                    TensorDesc in(t.type, {rows, cols}), out(t.type, {rows, cols});
                    TensorDesc updates(t.type, {rows, cols}, {cols + pad[0], 1});
                    TensorDesc indices(kind.type, {rows, cols}, {cols + pad[1], 1});
                    // Each line along the axis a permutation of it; then values from the end and outside the axis.
                    std::vector<int64_t> values(size_t(rows) * (cols + pad[1]), 0);
                    const uint32_t lines = axis == 0 ? cols : rows;
                    for (uint32_t line = 0; line < lines; ++line) {
                        std::vector<int64_t> targets(axisSize);
                        for (uint32_t i = 0; i < axisSize; ++i) targets[i] = i;
                        std::shuffle(targets.begin(), targets.end(), rng);
                        for (uint32_t i = 0; i < axisSize; ++i) {
                            int64_t v = targets[i];
                            const uint32_t pick = rng() % 8;
                            if (isSigned && pick == 0) v -= axisSize;
                            if (pick == 1) v = axisSize + rng() % 3;
                            if (isSigned && pick == 2) v = -int64_t(axisSize) - 1 - rng() % 3;
                            if (wide && pick == 3) v += (rng() % 2 ? 1 : -1) * (int64_t(1) << 32);
                            const uint32_t r = axis == 0 ? i : line, c = axis == 0 ? line : i;
                            values[size_t(r) * (cols + pad[1]) + c] = v;
                        }
                    }
                    auto indexBytes = IndexBytes(values, wide);
                    indexBytes.resize(indices.Bytes());
                    DML_SCATTER_OPERATOR_DESC d{in.Get(), indices.Get(), updates.Get(), out.Get(), axis};
                    auto input = RandomBytes(rng, in.Bytes());
                    auto updateBytes = RandomBytes(rng, updates.Bytes());
                    auto initial = RandomBytes(rng, out.Bytes());
                    auto r = RunOperator({DML_OPERATOR_SCATTER_ELEMENTS, &d}, {input, indexBytes, updateBytes},
                                         {initial});
                    ASSERT_EQ(r.status, VKDML_SUCCESS) << r.message;
                    auto expected = initial;
                    vkdml_ref::ScatterElements(Layout(t, in), input, {wide ? 8u : 4u, indices.sizes, indices.strides},
                                               indexBytes, kind.ref, Layout(t, updates), updateBytes, Layout(t, out),
                                               expected, axis);
                    ASSERT_EQ(r.outputs[0], expected);
                }
}

// GATHER of whole rows along a middle axis: the index does not move along a row, so the kernel resolves it once per
// row segment and copies the segment as a strided copy does (16-byte loads where the input row has the output row's
// quad alignment). Rows of every length around quads, rows starting at every word of a quad in the output and in
// the input, 1-, 2-, 4- and 8-byte elements, unsigned, signed and 64-bit indices with negative and out-of-range
// values (clamped). With 4 KiB descriptors the larger inputs split along the gathered axis: each launch writes the
// rows whose index falls in its part of the axis and leaves the others alone.
TEST(StridedRows, GatheredWholeRows) {
    const uint32_t kPads[][2] = {{0, 0}, {1, 2}, {3, 1}, {2, 3}};   // {output, input} row pitch - row length
    std::mt19937 rng(0x515Cu);
    uint32_t variant = 0;
    for (const Type& t : kTypes)
        for (uint32_t cols : kRowLengths)
            for (const auto& pad : kPads) {
                const IndexKind& it = kIndexKinds[variant++ % 3];
                const bool is64 = it.type == DML_TENSOR_DATA_TYPE_INT64;
                const bool isSigned = it.type != DML_TENSOR_DATA_TYPE_UINT32;
                SCOPED_TRACE(testing::Message() << "bytes " << t.bytes << " cols " << cols << " output pad " << pad[0]
                                                << " input pad " << pad[1] << " index type " << it.type);
                const uint32_t outer = 2, axisSize = 9, count = 11;
                const uint32_t outPitch = cols + pad[0], inPitch = cols + pad[1];
                TensorDesc in(t.type, {outer, axisSize, cols}, {axisSize * inPitch, inPitch, 1});
                TensorDesc indices(it.type, {1, 1, count});
                TensorDesc out(t.type, {outer, count, cols}, {count * outPitch, outPitch, 1});
                // Every row of the axis, from the end (signed), and past either end.
                std::vector<int64_t> values(count);
                for (auto& v : values) {
                    int64_t lo = isSigned ? -int64_t(axisSize) - 2 : 0;
                    v = lo + int64_t(rng() % uint32_t(axisSize + 3 - lo));
                }
                std::vector<uint8_t> indexBytes;
                if (is64) {
                    indexBytes = vkdml_test::Bytes(values, indices.Bytes());
                } else {
                    std::vector<uint32_t> words(values.begin(), values.end());
                    indexBytes = vkdml_test::Bytes(words, indices.Bytes());
                }
                DML_GATHER_OPERATOR_DESC d{in.Get(), indices.Get(), out.Get(), 1, 1};
                auto input = RandomBytes(rng, in.Bytes());
                auto initial = RandomBytes(rng, out.Bytes());
                auto r = RunOperator({DML_OPERATOR_GATHER, &d}, {input, indexBytes}, {initial});
                ASSERT_EQ(r.status, VKDML_SUCCESS) << r.message;
                auto expected = initial;
                vkdml_ref::Gather(Layout(t, in), input, {is64 ? 8u : 4u, indices.sizes, {}}, indexBytes, it.ref,
                                  Layout(t, out), expected, 1, 1);
                ASSERT_EQ(r.outputs[0], expected);
            }
}

}  // namespace
