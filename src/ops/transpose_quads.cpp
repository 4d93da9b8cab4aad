#include "ops/transpose_quads.h"

#include "core/checked_math.h"
#include "ops/nest_blocks.h"

#include <algorithm>

namespace vkdml {
namespace {

// The dimension contiguous in the input (`across`) that the blocks pair with the innermost one, or -1, and the
// blocks' side along it (`acrossBlock`). Square blocks: B or more elements along `across`, whole output quads apart
// (forward). Narrow blocks (an innermost dimension of K elements, 2 <= K < B): B or more elements along `across`,
// output stride K. Either with an innermost dimension stepping whole quads in the input, or any number of elements
// (shifted rows, TransposeInQuads). Split blocks (side K), where they apply: K elements along `across`, whole output
// quads apart, and an innermost dimension stepping by as many in the input.
int FindAcross(const LoopNest& n, bool narrow, uint32_t block, uint32_t* acrossBlock) {
    const uint32_t inner = n.rank - 1;
    const auto& out = n.strides[kSlotOutput];
    const auto& in = n.strides[kSlotInput];
    const int64_t b = block;
    const bool splitRows = !narrow && in[inner] >= 2 && in[inner] < b;
    auto quadSteps = [&](uint32_t d) { return out[d] != 0 && out[d] % b == 0; };
    auto squareSide = [&](uint32_t d) { return n.sizes[d] >= block && out[d] > 0 && quadSteps(d); };
    *acrossBlock = splitRows ? uint32_t(in[inner]) : block;
    for (uint32_t d = 0; d < inner; ++d) {
        if (in[d] != 1) continue;
        if (narrow ? n.sizes[d] >= block && out[d] == n.sizes[inner]
                   : splitRows ? n.sizes[d] == in[inner] && quadSteps(d) : squareSide(d))
            return int(d);
    }
    if (!splitRows) return -1;
    *acrossBlock = block;   // no split blocks: square ones with shifted rows
    for (uint32_t d = 0; d < inner; ++d)
        if (in[d] == 1 && squareSide(d)) return int(d);
    return -1;
}

// A row of `across` blocks reads 16 bytes of each of B input rows per block: rows of up to this many blocks read 4
// KiB of each (a page: the CPU's prefetchers follow a stream within a page). On lavapipe, NCHW -> NHWC ran at 1.22 /
// 1.05 / 0.89 x the compute copy (FLOAT32 / FLOAT16 / UINT8) with rows of 256 blocks, 1.06 / 0.96 / 0.74 with rows
// of 64 (docs/performance-sessions.md, Session 29).
constexpr uint32_t kMaxAcrossRowBlocks = 256;
// Blocks each lane of a group at least takes from a row: the offsets of a row cost a division per dimension.
constexpr uint32_t kMinRowBlocksPerLane = 4;
// Blocks a lane takes at each turn along a row of blocks with shifted input rows (SHIFTED_TURN_BLOCKS in
// shaders/transpose_quads.comp), and the turns each lane of a group at least gets from its segment.
constexpr uint32_t kShiftedTurnBlocks = 4;
constexpr uint32_t kMinShiftedTurnsPerLane = 4;
// Lanes an instruction at least has for them to take turns along shifted rows (below, ShiftedRowWalk).
constexpr uint32_t kMinShiftedGroupLanes = 8;
// The same for rows of split blocks (K x B), which gain from it only where rows are long. lavapipe (8 lanes), x the
// texel-loads copy without / with lanes taking turns: NHWC -> NCHW of 3 channels (rows of 699040 blocks) 0.65-0.67 /
// 1.17-1.31; SPACE_TO_DEPTH by 2 of FLOAT32 (rows of 64 blocks) 0.81-0.84 / 0.64-0.69. Narrow blocks (B x K) gained
// with rows of 64: DEPTH_TO_SPACE by 2, 0.62-0.79 / 1.00-1.31.
constexpr uint32_t kMinSplitRowBlocksPerLane = 64;
// 16-byte quads per cache line of a CPU (64 bytes on x86-64 and most ARM cores).
constexpr uint32_t kQuadsPerCacheLine = 4;
// Whole rows of blocks with shifted input rows (ShiftedRowWalk), on CPU implementations: the most cache lines of each
// output row one lane writes, so that the lanes of an instruction write neighbouring lines rather than lines far
// apart. NCHW -> NHWC of 7 x 7 FLOAT32 planes on lavapipe (8 lanes), Zen 5, 64 MiB: 6.1-6.4 / 9.0-9.1 / 8.3-8.6 GB/s
// with 4 / 2 / 1 lines (16 / 8 / 4 rows of blocks) per lane; FLOAT16 (8 rows, 2 lines) and UINT8 (4 rows, 1 line) do
// not reach the cap; Zen 3: 1-4 lines the same (docs/performance-sessions.md, Session 48).
constexpr uint32_t kMaxShiftedRowLinesPerLane = 2;

// The longest row of `across` blocks for a CPU implementation's lanes (LoweringLimits::simdLanes) to take turns
// along: the largest divisor of the `acrossBlocks` blocks along `across` up to kMaxAcrossRowBlocks, or 0 where that
// leaves a lane fewer than kMinRowBlocksPerLane blocks per row (and on GPUs, simdLanes 1).
uint32_t AcrossRowBlocks(uint32_t acrossBlocks, uint32_t simdLanes) {
    if (simdLanes <= 1) return 0;
    uint32_t row = std::min(acrossBlocks, kMaxAcrossRowBlocks);
    while (acrossBlocks % row != 0) --row;
    return row >= kMinRowBlocksPerLane * simdLanes ? row : 0;
}

// Blocks whose output rows start on quads (BlockRows::Aligned and Shifted): see TransposeInQuads. Returns false, the
// nest unchanged, where they do not apply.
bool TransposeIntoWholeQuads(LoopNest& n, const LoweringLimits& limits, uint32_t block) {
    const int64_t b = block;
    const uint32_t inner = n.rank - 1;
    const auto& out = n.strides[kSlotOutput];
    const auto& in = n.strides[kSlotInput];
    // Rows per block: B, or K where the innermost dimension has K elements, 2 <= K < B (DEPTH_TO_SPACE by 2: pairs;
    // NCHW -> NHWC of an image's K channels, its planes interleaved): such a block's output, B steps along `across`
    // of K elements each, is K whole quads where `across` has output stride K.
    const bool narrow = n.sizes[inner] >= 2 && n.sizes[inner] < block;
    const uint32_t rows = narrow ? n.sizes[inner] : block;
    if (n.sizes[inner] % rows != 0) return false;
    // Split blocks (SPACE_TO_DEPTH by 2: pairs): `across` has K < B elements, the innermost dimension steps by K in
    // the input, so a block of K x B is KB consecutive input elements (K quads) going to K output quads, one per step
    // along `across` (NHWC -> NCHW of an image's K channels: its interleaved pixels into planes).
    uint32_t acrossBlock;
    const int across = FindAcross(n, narrow, block, &acrossBlock);
    if (across < 0) return false;
    const bool split = acrossBlock != block;
    if (!ScalesTo32Bits(in[inner], rows) || !ScalesTo32Bits(out[across], acrossBlock)) return false;
    // Every block starts at the first element of a quad in both tensors (given quad-aligned bases): the origins and
    // every other step are whole quads. (The steps of the two blocked dimensions are whole blocks.) Square and narrow
    // blocks may have their input rows start anywhere (shifted rows: NCHW -> NHWC of 7 x 7 planes, or of one image of
    // odd size, each plane at another element of a quad) and `across` end inside a block: each row of blocks is
    // walked along `across`, reading each input row's quads once, the last block storing only the output elements
    // that exist. (A batch of images of odd size has each image's pixels start off a quad: the index walk.)
    // (Split blocks: the innermost dimension steps by K < B in the input, and K input quads are whole.)
    bool shiftedRows = n.origin[kSlotInput] % b != 0 || (!split && in[inner] % b != 0) ||
                       n.sizes[across] % acrossBlock != 0;
    for (uint32_t d = 0; d < inner; ++d) {
        if (int(d) == across) continue;
        if (out[d] % b != 0) return false;
        shiftedRows = shiftedRows || in[d] % b != 0;
    }
    if (n.origin[kSlotOutput] % b != 0 || (shiftedRows && split)) return false;
    if (shiftedRows) {
        // Left out of the box, but not of the slots' spans (both move forward along `across`).
        n.args.acrossRemainder = n.sizes[across] % block;
        n.extraReach[kSlotOutput] += int64_t(n.args.acrossRemainder) * out[across];
        n.extraReach[kSlotInput] += n.args.acrossRemainder;
        n.sizes[across] -= n.args.acrossRemainder;
    }
    // [.., across, .., inner] -> [.., .., across / B, inner / rows | B of across, rows of inner]: the launch walks
    // the blocks (all but the last two dimensions); the kernel walks the inside of each, stepping from block to
    // block along the launch's innermost dimension. (Narrow blocks have no inner / rows, split ones no across / K:
    // it would be 1.)
    std::vector<NestDimension> dims;
    for (uint32_t d = 0; d < inner; ++d)
        if (int(d) != across) dims.push_back(DimensionOf(n, d));
    const NestDimension acrossBlocks = Outer(DimensionOf(n, across), block);
    // On a CPU implementation, square blocks walk rows along `across` instead, R blocks long: [.., across / BR,
    // inner / B, R of across / B | B, B]. An instruction's lanes (LANE_GROUP: they take turns along the row) then
    // read neighbouring quads of the same B input rows, and each lane goes on along those rows, where a row along
    // the innermost dimension has them read B new input rows at every block, far apart (NCHW: a channel plane apart).
    // The output rows they write in turn are completed by the next rows of blocks, while still in the cache.
    // Where the rows give a lane fewer than LoweringLimits::transposeTurnBlocksPerLane blocks (an Intel host's 64),
    // each invocation walks consecutive blocks of a row instead, and the lanes of an instruction the same positions
    // of neighbouring channel blocks: on an Intel Xeon host's lavapipe NCHW -> NHWC (rows of 256 blocks) ran at
    // 0.85 / 0.75 / 0.66 x the compute copy (FLOAT32 / FLOAT16 / UINT8) with turns, 1.11-1.16 / 0.94-0.97 /
    // 0.90-0.91 without (0.65 -> 0.77-0.80 for FLOAT32 with 64-bit stores forced), against 0.87-0.94 / 0.79-0.83 /
    // 0.69-0.70 for no rows along `across` at all; AMD hosts measured turns against no rows only
    // (docs/performance-sessions.md, Sessions 29 and 57).
    uint32_t acrossRow = split || narrow || shiftedRows || n.rank + 1 > kMaxLaunchRank
                             ? 0 : AcrossRowBlocks(acrossBlocks.size, limits.simdLanes);
    if (!ScalesTo32Bits(out[across], block * acrossRow)) acrossRow = 0;
    if (acrossRow != 0) {
        dims.push_back(Outer(acrossBlocks, acrossRow));
        dims.push_back(Outer(DimensionOf(n, inner), rows));
        dims.push_back(Inner(acrossBlocks, acrossRow));
        if (acrossRow >= limits.transposeTurnBlocksPerLane * limits.simdLanes) n.args.laneGroup = limits.simdLanes;
    } else if (shiftedRows) {   // rows of blocks along `across`
        if (!narrow) dims.push_back(Outer(DimensionOf(n, inner), rows));
        dims.push_back(acrossBlocks);
    } else {
        if (!split) dims.push_back(acrossBlocks);
        if (!narrow) dims.push_back(Outer(DimensionOf(n, inner), rows));
        // Narrow and split blocks (NCHW <-> NHWC of K channels) get lanes taking turns along the launch's rows of
        // blocks (its innermost dimension) too, where long enough: one instruction's lanes then read neighbouring
        // input quads and write neighbouring quads of each output row. (On the Intel host, x the compute copy with /
        // without turns: DEPTH_TO_SPACE by 2, rows of 64 blocks, 1.06-1.07 / 1.26-1.28; NCHW -> NHWC of 3 channels,
        // rows of about 700 000, 1.24 / 0.93-0.94.)
        const uint32_t perLane = split ? std::max(kMinSplitRowBlocksPerLane, limits.transposeTurnBlocksPerLane)
                                       : limits.transposeTurnBlocksPerLane;
        if (limits.simdLanes > 1 && (narrow || split) && !dims.empty() &&
            dims.back().size >= perLane * limits.simdLanes)
            n.args.laneGroup = limits.simdLanes;
    }
    dims.push_back(Inner(DimensionOf(n, across), acrossBlock));
    dims.push_back(Inner(DimensionOf(n, inner), rows));
    SetDimensions(n, dims);
    n.args.kernel = Kernel::TransposeQuads;
    n.args.mode = uint32_t(shiftedRows ? BlockRows::Shifted : BlockRows::Aligned);
    n.args.narrowSide = split ? acrossBlock : narrow ? rows : 0;
    return true;
}

// Rows of blocks with shifted output rows (BlockRows::ShiftedOutput) at least this many blocks long and wide: each
// invocation stores the first and last output quads of its part of a row in parts, and the elements along `across`
// past its last whole block go to an edge launch of the plain strided copy.
constexpr uint32_t kMinShiftedOutputBlocks = 4;
// Blocks of a segment of a row with shifted output rows, at least: the segment's first and last output quads of each
// of its rows go in parts (the words they share with others by two atomics each), a row of B elements per output row.
constexpr uint32_t kMinShiftedSegmentBlocks = 32;
// Blocks of a segment of a long row of 4-byte blocks with shifted output rows on a CPU implementation (ShiftedRowWalk),
// about: each lane walks its rows of blocks one after the other, each reading a line or two of every input row its
// segment spans, so a segment of whole rows made every lane walk 1001 input rows again for each of its 4 rows of blocks
// (the odd-sided [1001, H] transpose, FLOAT32), a segment of 32 blocks 128 of them. Intel Xeon host of
// docs/performance-sessions.md, Session 54, x the compute copy, 64 MiB / 16 MiB / 1 MiB: whole rows 0.41-0.43 /
// 0.59-0.64 / 0.90-0.95; segments of 16 / 32 / 48 / 64 / 84 blocks 0.46 / 0.54-0.59 / 0.50-0.53 / 0.55-0.56 / 0.49 at
// 64 MiB, 32 blocks 0.51-0.58 at 16 MiB and 0.98-1.06 at 1 MiB. FLOAT16 and UINT8 gained nothing (0.44 / 0.43 ->
// 0.43-0.44 / 0.32-0.42): they stay in whole rows.
constexpr uint32_t kCpuShiftedOutputSegmentBlocks = 32;

// Square blocks whose output rows start anywhere (BlockRows::ShiftedOutput): see TransposeInQuads. The elements past
// the last whole block along `across` are cut off into `edges`, those along the innermost dimension left to the
// kernel (KernelArgs::innerRemainder). Leaves the nest as it is where the blocks do not apply.
void TransposeWithShiftedOutput(LoopNest& n, uint32_t block, std::vector<LoopNest>* edges) {
    const uint32_t inner = n.rank - 1;
    const auto& out = n.strides[kSlotOutput];
    const auto& in = n.strides[kSlotInput];
    const uint32_t minSide = kMinShiftedOutputBlocks * block;
    if (in[inner] < 2 || n.sizes[inner] < minSide || !ScalesTo32Bits(in[inner], block)) return;
    int across = -1;
    for (uint32_t d = 0; d < inner && across < 0; ++d)
        if (in[d] == 1 && out[d] > 0 && n.sizes[d] >= minSide && ScalesTo32Bits(out[d], block)) across = int(d);
    if (across < 0) return;
    // The elements past the last whole block along `across`: a nest of their own, cut off before the dimensions
    // change. Those along the innermost dimension go with each row's last output quads (left out of the box, but
    // not of the slots' spans).
    if (const uint32_t remainder = n.sizes[across] % block; remainder != 0) {
        LoopNest blocks, edge;
        SplitBox(n, uint32_t(across), n.sizes[across] - remainder, &blocks, &edge);
        n = blocks;
        edges->push_back(edge);
    }
    n.args.innerRemainder = n.sizes[inner] % block;
    n.extraReach[kSlotOutput] += int64_t(n.args.innerRemainder) * out[inner];
    n.extraReach[kSlotInput] += int64_t(n.args.innerRemainder) * in[inner];
    n.sizes[inner] -= n.args.innerRemainder;
    // [.., across, .., inner] -> [.., .., across / B, inner / B | B of across, B of inner]: rows of blocks along the
    // innermost dimension, as the output rows go.
    SetBlocks(n, uint32_t(across), block, block);
    n.args.kernel = Kernel::TransposeQuads;
    n.args.mode = uint32_t(BlockRows::ShiftedOutput);
    n.args.narrowSide = 0;
}

}  // namespace

void TransposeInQuads(LoopNest& n, const LoweringLimits& limits, std::vector<LoopNest>* edges) {
    const bool plainCopy = n.args.kernel == Kernel::StridedCopy && n.args.mode == uint32_t(InputMap::Linear);
    const uint32_t bytes = n.slots[kSlotOutput].elementBytes;
    if (!plainCopy || n.slotCount != 2 || n.rank < 2 || bytes > 4 || n.slots[kSlotInput].elementBytes != bytes) return;
    const uint32_t inner = n.rank - 1;
    // (An innermost dimension contiguous on both sides is a copy of rows, not a transpose.)
    const int64_t inputStep = n.strides[kSlotInput][inner];
    if (n.strides[kSlotOutput][inner] != 1 || inputStep == 0 || inputStep == 1) return;
    const uint32_t block = QuadBlockSide(bytes);   // elements per quad
    if (!TransposeIntoWholeQuads(n, limits, block)) TransposeWithShiftedOutput(n, block, edges);
}

ShiftedRowSplit ShiftedRowWalk(uint64_t blocks, uint32_t rowBlocks, BlockRows mode, uint32_t elementBytes,
                               uint32_t minInvocations, const LoweringLimits& limits, uint32_t blocksPerInvocation) {
    const uint64_t rows = blocks / rowBlocks;
    const uint32_t lineRows = limits.simdLanes > 1 ? kQuadsPerCacheLine : 1;
    auto ceilDiv = [](uint64_t a, uint64_t b) { return (a + b - 1) / b; };
    uint32_t rowsPerInvocation = 1, segmentBlocks = rowBlocks, laneGroup = 1;
    if (blocksPerInvocation >= rowBlocks) {
        rowsPerInvocation = blocksPerInvocation / rowBlocks;
        // On a CPU implementation an instruction's lanes are neighbouring invocations: with a multiple of
        // kQuadsPerCacheLine rows each, every lane writes whole cache lines of each output row (NCHW -> NHWC: its own
        // 64 bytes of channels at each pixel). NCHW -> NHWC of 7 x 7 FLOAT32 planes on lavapipe: 0.30-0.38 / 0.62 /
        // 0.56 / 0.71 / 0.66 x the compute copy with 1 / 2 / 5 / 4 / 8 rows per invocation
        // (docs/performance-sessions.md, Session 31). (Shifted output rows, the odd-sided FLOAT32 transpose: 0.29-0.33
        // / 0.44-0.46 with 1 / 4 rows.)
        rowsPerInvocation = std::max(rowsPerInvocation - rowsPerInvocation % lineRows, lineRows);
        if (limits.simdLanes > 1)
            rowsPerInvocation = std::min(rowsPerInvocation, kMaxShiftedRowLinesPerLane * lineRows);
        // On a CPU implementation long rows of 4-byte blocks with shifted output rows go in segments of about
        // kCpuShiftedOutputSegmentBlocks, nearly equal, all invocations of a segment first.
        if (mode == BlockRows::ShiftedOutput && limits.simdLanes > 1 && elementBytes == 4 &&
            rowBlocks >= 2 * kCpuShiftedOutputSegmentBlocks)
            segmentBlocks = uint32_t(ceilDiv(rowBlocks, ceilDiv(rowBlocks, kCpuShiftedOutputSegmentBlocks)));
    } else if (mode == BlockRows::ShiftedOutput) {
        // Whole rows wherever that leaves minInvocations, else segments of rows, as few as leave minInvocations, each
        // at least kMinShiftedSegmentBlocks long (where a row has them): a segment stores the first and last output
        // quads of each of its rows element by element. Odd-sided [1001, H] transposes on lavapipe, 64 MiB: FLOAT16 /
        // UINT8 0.29-0.35 / 0.24-0.29 x the compute copy in segments of 63 / 16 blocks, 0.41-0.45 / 0.34-0.35 in 4
        // whole rows of 125 / 62 (docs/performance-sessions.md, Session 32). On CPU implementations kQuadsPerCacheLine
        // rows per invocation wherever that leaves a workgroup's worth of groups of rows, and neighbouring invocations
        // walk the same segment of neighbouring rows (shiftedRowsOf), so that an instruction's lanes read neighbouring
        // quads of the same input rows. The odd-sided transposes at 16 / 1 MiB, FLOAT32 / FLOAT16 / UINT8: 0.25 / 0.22
        // / 0.24 and 0.54 / 0.38 / 0.15 x in one row per invocation, segments of up to blocksPerInvocation blocks,
        // neighbouring invocations on neighbouring segments; 0.56 / 0.41 / 0.32 and 0.58 / 0.41 / 0.24 so
        // (docs/performance-sessions.md, Session 33).
        rowsPerInvocation = rows / lineRows >= kWorkgroupSize ? lineRows : 1;
        const uint64_t neededSegments = ceilDiv(minInvocations, ceilDiv(rows, rowsPerInvocation));
        const uint64_t longestSegments = std::max<uint64_t>(rowBlocks / kMinShiftedSegmentBlocks, 1);
        segmentBlocks = uint32_t(ceilDiv(rowBlocks, std::min(neededSegments, longestSegments)));
    } else {   // shifted input rows: one row at a time, in segments of nearly equal length
        // On a CPU implementation, where the rows are fewer than an instruction's lanes, those would walk neighbouring
        // segments of one row, a segment apart: instead a group of simdLanes invocations walks a segment of simdLanes
        // times the blocks, its lanes taking turns along it (shiftedRowsOf, walkShiftedRows). NCHW -> NHWC of one RGB
        // image of odd side (narrow blocks, one row), FLOAT32: lavapipe (8 lanes), 64 MiB, 0.31-0.37 -> 0.61-0.88 x
        // the texel-loads copy; SwiftShader (4 lanes), 16 MiB, 1.1-1.3 -> 0.7-0.9 GB/s (docs/performance-sessions.md,
        // Session 42).
        if (limits.simdLanes >= kMinShiftedGroupLanes && rows < limits.simdLanes &&
            blocksPerInvocation >= kMinShiftedTurnsPerLane * kShiftedTurnBlocks) {
            laneGroup = limits.simdLanes;
            blocksPerInvocation *= laneGroup;
        }
        segmentBlocks = uint32_t(ceilDiv(rowBlocks, ceilDiv(rowBlocks, blocksPerInvocation)));
    }
    const uint64_t segments = ceilDiv(rowBlocks, segmentBlocks);
    return {rowsPerInvocation, rowsPerInvocation * segmentBlocks,
            uint32_t(ceilDiv(rows, rowsPerInvocation) * segments * laneGroup), laneGroup};
}

void SetKnownRowShifts(Launch& l) {
    const uint32_t block = QuadBlockSide(l.elementBytes);
    // Where row j of every block of `slot` starts: (*origin + j x *step) % B elements into a quad, if that is known.
    auto knownShifts = [&](Slot slot, uint32_t* origin, uint32_t* step) {
        const SlotView& view = l.slots[slot];
        if (view.baseAlignment % (block * view.elementBytes) != 0) return;
        for (uint32_t d = 0; d < l.rank; ++d)
            if (l.strides[slot][d] % int32_t(block) != 0) return;
        *origin = uint32_t(FloorMod(view.origin, block));
        *step = uint32_t(FloorMod(l.blockRowStrides[slot], block));
    };
    knownShifts(kSlotInput, &l.args.rowShiftOrigin, &l.args.rowShiftStep);
    if (l.args.mode == uint32_t(BlockRows::ShiftedOutput))
        knownShifts(kSlotOutput, &l.args.outputShiftOrigin, &l.args.outputShiftStep);
}

}  // namespace vkdml
