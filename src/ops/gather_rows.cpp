#include "ops/gather_rows.h"

namespace vkdml {
namespace {

constexpr int64_t kQuadWords = 4;

bool WholeQuads(int64_t words) { return words % kQuadWords == 0; }

}  // namespace

void GatherInRowQuads(LoopNest& n) {
    const bool oneAxis = n.args.kernel == Kernel::Gather && n.args.mode == uint32_t(GatherMode::Gather) &&
                         n.args.axisCount == 1 && n.slotCount == 3 && n.args.indexedSlot == kSlotInput;
    if (!oneAxis || n.rank != 2) return;
    if (n.slots[kSlotOutput].elementBytes != 4 || n.slots[kSlotInput].elementBytes != 4) return;
    // The whole axis in this nest: every row is written (a nest split along the axis leaves some to another launch).
    if (n.axisLo != 0 || n.axisHi < n.args.axisSizes[0]) return;
    const auto& out = n.strides[kSlotOutput];
    const auto& in = n.strides[kSlotInput];
    const auto& idx = n.strides[kSlotIndices];
    if (out[1] != 1 || in[1] != 1 || idx[1] != 0 || !WholeQuads(n.sizes[1])) return;
    for (uint32_t d = 0; d < 2; ++d)
        if (n.strides[kChannelCoordinate][d] != 0 || n.windowLo[d] != 0 || n.windowHi[d] != n.extents[d]) return;
    if (!WholeQuads(out[0]) || !WholeQuads(in[0]) || !WholeQuads(n.args.axisStrides[0]) ||
        !WholeQuads(n.origin[kSlotOutput]) || !WholeQuads(n.origin[kSlotInput]))
        return;
    n.args.kernel = Kernel::GatherRows;
}

}  // namespace vkdml
