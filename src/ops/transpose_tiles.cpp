#include "ops/transpose_tiles.h"

#include "ops/nest_blocks.h"

#include <cstdlib>

namespace vkdml {

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
    dims.push_back(Outer(DimensionOf(n, inner), tile));
    dims.push_back(Inner(DimensionOf(n, uint32_t(across)), tile));
    dims.push_back(Inner(DimensionOf(n, inner), tile));
    SetDimensions(n, dims);
}

}  // namespace vkdml
