#include "ops/gather_columns.h"

#include "ops/nest_blocks.h"

namespace vkdml {
namespace {

// Rows per block, the most first: each more row shares the block's index loads once more (FLOAT32: an index load per
// output quad without blocks, a sixteenth of one with 16 rows). With the indices read in quads, gather.scalars_last x
// the compute copy, AMD Zen 5 host's lavapipe, 64 MiB, four alternating rounds, 8 / 16 rows: FLOAT32 0.73-0.78 /
// 0.79-0.84, FLOAT16 0.53-0.60 / 0.56-0.67 (before the quads an Intel host measured 16 no faster than 8; 32 measured
// slower here).
constexpr uint32_t kBlockRows[] = {16, 8, 4, 2};

// Output quads per block where the columns allow: a block of two quads' columns halves the blocks, and with them the
// work per block (its offsets, the loops' control) for the same fetches and stores. gather.scalars_last x the
// texel-loads copy, AMD Zen 3 host's lavapipe, 64 MiB, 13 alternating runs of one / two quads: FLOAT32 0.37-0.45 /
// 0.44-0.52, FLOAT16 0.26-0.32 / 0.37-0.44; four quads no faster than two, one u64vec4 store per row for the two
// quads no faster than two u64vec2 ones (docs/performance-sessions.md, Session 61).
constexpr uint32_t kMaxBlockQuads = 2;

}  // namespace

void GatherInColumnBlocks(LoopNest& n, const LoweringLimits& limits) {
    const bool oneAxis = n.args.kernel == Kernel::Gather && n.args.mode == uint32_t(GatherMode::Gather) &&
                         n.args.axisCount == 1 && n.slotCount == 3;
    const uint32_t bytes = n.slots[kSlotOutput].elementBytes;
    if (!oneAxis || n.rank < 2 || n.slots[kSlotInput].elementBytes != bytes) return;
    // The whole axis in this nest: every element of a block is written (a nest split along the axis leaves some to
    // another launch).
    if (n.axisLo != 0 || n.axisHi < n.args.axisSizes[0]) return;
    const uint32_t quad = QuadBlockSide(bytes);   // elements per quad
    const int64_t b = quad;
    const uint32_t inner = n.rank - 1;
    const auto& out = n.strides[kSlotOutput];
    const auto& in = n.strides[kSlotInput];
    const auto& idx = n.strides[kSlotIndices];
    if (out[inner] != 1 || idx[inner] != 1 || in[inner] != 0 || n.sizes[inner] % quad != 0) return;
    // Every block's output starts at the first element of a quad (given a quad-aligned base).
    for (uint32_t d = 0; d < inner; ++d)
        if (out[d] % b != 0) return;
    if (n.origin[kSlotOutput] % b != 0) return;
    // The rows: the innermost other dimension along which the indices do not move, a multiple of a block's rows.
    int rowsDim = -1;
    uint32_t rows = 0;
    for (int d = int(inner) - 1; d >= 0 && rowsDim < 0; --d) {
        if (idx[d] != 0) continue;
        for (uint32_t r : kBlockRows)
            if (rowsDim < 0 && n.sizes[d] % r == 0 && ScalesTo32Bits(out[d], r) && ScalesTo32Bits(in[d], r)) {
                rowsDim = d;
                rows = r;
            }
    }
    if (rowsDim < 0) return;
    const uint32_t blockQuads = n.sizes[inner] % (kMaxBlockQuads * quad) == 0 ? kMaxBlockQuads : 1;
    const uint32_t block = blockQuads * quad;   // columns per block
    // The indices a quad at a time where each block's start at one (relative to the base): its columns fill whole
    // quads of indices, and every other dimension steps by whole quads of them. On lavapipe each load instruction is
    // a loop over the SIMD lanes, so a quad of indices costs about as much as one index (gather.scalars_last x the
    // compute copy, AMD Zen 5 host, 64 MiB, 8 rows, word by word / quads: FLOAT32 0.70-0.76 / 0.73-0.78, FLOAT16
    // 0.50-0.54 / 0.53-0.60).
    const uint32_t indicesPerQuad = n.args.indexKind <= 1 ? 4 : 2;
    bool indexQuads = block % indicesPerQuad == 0;
    for (uint32_t d = 0; d < inner; ++d)
        if (n.sizes[d] > 1 && idx[d] % int64_t(indicesPerQuad) != 0) indexQuads = false;
    // [.., rows, .., columns] -> [.., .., rows / R, columns / B | R rows, B columns]: the launch walks the blocks,
    // stepping from block to block along the columns; the kernel walks the inside of each.
    const uint64_t rowBlocks = n.sizes[inner] / block;
    SetBlocks(n, uint32_t(rowsDim), rows, block);
    n.args.kernel = Kernel::GatherColumns;
    n.args.blockQuads = blockQuads;
    n.args.mode = uint32_t(indexQuads ? ColumnIndexLoads::Quads : ColumnIndexLoads::Words);
    // A CPU implementation's lanes take turns along rows of blocks that give each of them one (shorter rows are walked
    // block by block either way); on GPUs simdLanes is 1.
    if (rowBlocks >= limits.simdLanes) n.args.laneGroup = limits.simdLanes;
}

}  // namespace vkdml
