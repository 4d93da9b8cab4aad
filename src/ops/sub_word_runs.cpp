#include "ops/sub_word_runs.h"

namespace vkdml {

void CopySubWordRunAsWords(LoopNest& n) {
    const bool plainCopy = n.args.kernel == Kernel::StridedCopy && n.args.mode == uint32_t(InputMap::Linear);
    const uint32_t bytes = n.slots[kSlotOutput].elementBytes;
    if (!plainCopy || n.slotCount != 2 || n.rank != 1 || bytes >= 4 || n.slots[kSlotInput].elementBytes != bytes)
        return;
    if (!n.slots[kSlotOutput].wordAlignedBase || !n.slots[kSlotInput].wordAlignedBase) return;
    if (n.strides[kSlotOutput][0] != 1 || n.strides[kSlotInput][0] != 1) return;
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

}  // namespace vkdml
