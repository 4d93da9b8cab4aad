#include "ops/word_runs.h"

namespace vkdml {
namespace {

// A plain copy along at most one dimension with stride 1 in both tensors (rank 0: a single element), between
// tensors of the same element size.
bool IsRun(const LoopNest& n) {
    if (n.args.kernel != Kernel::StridedCopy || n.args.mode != uint32_t(InputMap::Linear)) return false;
    if (n.slotCount != 2 || n.slots[kSlotInput].elementBytes != n.slots[kSlotOutput].elementBytes || n.rank > 1)
        return false;
    return n.rank == 0 || (n.strides[kSlotOutput][0] == 1 && n.strides[kSlotInput][0] == 1 &&
                           n.windowLo[0] == 0 && n.windowHi[0] == n.extents[0]);
}

}  // namespace

void CopySubWordRunAsWords(LoopNest& n) {
    const uint32_t bytes = n.slots[kSlotOutput].elementBytes;
    if (!IsRun(n) || n.rank != 1 || bytes == 0 || bytes >= 4) return;
    if (n.slots[kSlotOutput].baseAlignment % 4 != 0 || n.slots[kSlotInput].baseAlignment % 4 != 0) return;
    const uint32_t perWord = 4 / bytes;
    if (n.sizes[0] % perWord != 0 || n.origin[kSlotOutput] % perWord != 0 || n.origin[kSlotInput] % perWord != 0)
        return;
    n.sizes[0] /= perWord;
    n.extents[0] = n.windowHi[0] = n.sizes[0];
    for (uint32_t s : {kSlotOutput, kSlotInput}) {
        n.origin[s] /= perWord;
        n.slots[s].elementBytes = 4;
    }
}

bool IsWordRun(const LoopNest& n) { return IsRun(n) && n.slots[kSlotOutput].elementBytes >= 4; }

}  // namespace vkdml
