#include "ops/word_runs.h"

namespace vkdml {

bool IsWordRun(const LoopNest& n) {
    if (n.args.kernel != Kernel::StridedCopy || n.args.mode != uint32_t(InputMap::Linear)) return false;
    const uint32_t bytes = n.slots[kSlotOutput].elementBytes;
    if (n.slotCount != 2 || n.slots[kSlotInput].elementBytes != bytes || bytes == 0 || n.rank > 1) return false;
    // copy_words reads and writes whole words: a sub-word tensor's words must be the buffer's.
    if (bytes < 4 && (n.slots[kSlotOutput].baseAlignment % 4 != 0 || n.slots[kSlotInput].baseAlignment % 4 != 0))
        return false;
    return n.rank == 0 || (n.strides[kSlotOutput][0] == 1 && n.strides[kSlotInput][0] == 1 &&
                           n.windowLo[0] == 0 && n.windowHi[0] == n.extents[0]);
}

void CopySubWordRunAsWords(LoopNest& n) {
    const uint32_t bytes = n.slots[kSlotOutput].elementBytes;
    if (bytes >= 4 || n.rank != 1 || !IsWordRun(n)) return;
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
