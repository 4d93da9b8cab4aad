#include "ops/transpose_tiles.h"

#include "ops/nest_blocks.h"

#include <algorithm>
#include <cstdlib>
#include <vector>

namespace vkdml {
namespace {

// Where the dimensions outside the tiles nearest them in the input and in the output differ, at most this many steps
// of the outer one are walked inside the other: see InterleaveNeighbours. Measured on lavapipe (Zen 5, 4-D full
// reversals of 64 MiB, x the compute copy, docs/performance-sessions.md, Session 45): [64, 64, 64, 64] 0.61-0.80 ->
// 0.89-1.01 (16: 0.72-0.89); [256, 16, 16, 256], [128, 32, 32, 128], [32, 128, 128, 32] 0.66-0.79 -> 0.92-1.04 (4: no
// better, or worse).
constexpr uint32_t kNeighbourSplit = 8;
// Steps of more bytes than a page share no page with their neighbours: there is nothing to interleave.
constexpr int64_t kPageBytes = 4096;

// Among `dims` (the walk over the tiles, `across` the tiled one), the dimension whose step moves least in `channel`
// (and at all, and is more than one step), or -1.
int Nearest(const std::vector<NestDimension>& dims, int across, uint32_t channel) {
    int best = -1;
    for (int d = 0; d < int(dims.size()); ++d) {
        const int64_t step = std::llabs(dims[d].strides[channel]);
        if (d != across && dims[d].size > 1 && step != 0 &&
            (best < 0 || step < std::llabs(dims[best].strides[channel])))
            best = d;
    }
    return best;
}

// The tiles' walk goes through the outer dimensions in the output's order. The one nearest the tiles in the input
// (a full reversal [a, b, c, d]: b, whose steps are 64 elements apart there) then has each of its input pages
// revisited only after the whole walk along the one nearest in the output (c), which reads a new page for each tile
// row; with 1 MiB between the tile rows, those are TLB misses. Where the two differ, the outer of them is split:
// at most kNeighbourSplit of its steps are walked right inside the other, so that both tensors' pages are used again
// while still in the TLB ([a, b / 8, c, b % 8]).
void InterleaveNeighbours(std::vector<NestDimension>& dims, int across, uint32_t elementBytes) {
    const int nearIn = Nearest(dims, across, kSlotInput), nearOut = Nearest(dims, across, kSlotOutput);
    if (nearIn < 0 || nearOut < 0 || nearIn == nearOut) return;
    const int outer = std::min(nearIn, nearOut), inner = std::max(nearIn, nearOut);
    const uint32_t channel = outer == nearIn ? kSlotInput : kSlotOutput;
    if (std::llabs(dims[outer].strides[channel]) * elementBytes >= kPageBytes) return;
    uint32_t split = std::min(kNeighbourSplit, dims[outer].size);
    while (dims[outer].size % split != 0) --split;
    if (split == 1) return;
    const NestDimension whole = dims[outer];
    dims[outer] = Outer(whole, split);
    dims.insert(dims.begin() + inner + 1, Inner(whole, split));
}

}  // namespace

void TileTranspose(LoopNest& n) {
    const bool plainCopy = n.args.kernel == Kernel::StridedCopy && n.args.mode == uint32_t(InputMap::Linear);
    const uint32_t bytes = n.slots[kSlotOutput].elementBytes;
    if (!(plainCopy || n.args.kernel == Kernel::Cast) || bytes < 4 || n.rank < 2 || n.rank + 2 > kMaxLaunchRank) return;
    // A tile row is 128 bytes of output elements: two 64-byte CPU cache lines, one GPU memory transaction (on
    // lavapipe 10-15% faster than 64 bytes; both are 3-4x faster than no tiles for the full reversal).
    const uint32_t tile = 128 / bytes, inner = n.rank - 1;
    if (n.strides[kSlotOutput][inner] != 1 || std::llabs(n.strides[kSlotInput][inner]) <= 1 || n.sizes[inner] % tile)
        return;
    int across = -1;   // the dimension contiguous in the input
    for (uint32_t d = 0; d < inner && across < 0; ++d)
        if (std::llabs(n.strides[kSlotInput][d]) == 1 && n.strides[kSlotOutput][d] != 1 && n.sizes[d] % tile == 0)
            across = int(d);
    // Next to the innermost one, it already has consecutive rows read consecutive input elements (NCHW -> NHWC):
    // tiles would only shorten the rows.
    if (across < 0 || uint32_t(across) + 1 == inner) return;
    // [.., across, .., inner] -> [.., across / tile, .., inner / tile, tile of across, tile of inner]
    std::vector<NestDimension> dims;
    for (uint32_t d = 0; d < inner; ++d)
        dims.push_back(int(d) == across ? Outer(DimensionOf(n, d), tile) : DimensionOf(n, d));
    if (n.rank + 3 <= kMaxLaunchRank) InterleaveNeighbours(dims, across, bytes);   // one more dimension: room for it
    dims.push_back(Outer(DimensionOf(n, inner), tile));
    dims.push_back(Inner(DimensionOf(n, uint32_t(across)), tile));
    dims.push_back(Inner(DimensionOf(n, inner), tile));
    SetDimensions(n, dims);
}

}  // namespace vkdml
