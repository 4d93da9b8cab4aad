#include "ops/word_runs.h"

#include <cstdint>

namespace vkdml {
namespace {

constexpr uint64_t kMinSubWordRowBytes = 64;   // QUADS_PER_INVOCATION quads of shaders/copy_words.comp

}  // namespace

bool IsWordRun(const LoopNest& n) {
    if (n.args.kernel != Kernel::StridedCopy || n.args.mode != uint32_t(InputMap::Linear)) return false;
    const uint32_t bytes = n.slots[kSlotOutput].elementBytes;
    if (n.slotCount != 2 || n.slots[kSlotInput].elementBytes != bytes || bytes == 0 || n.rank > 2) return false;
    // copy_words reads and writes whole words: a sub-word tensor's words must be the buffer's.
    if (bytes < 4 && (n.slots[kSlotOutput].baseAlignment % 4 != 0 || n.slots[kSlotInput].baseAlignment % 4 != 0))
        return false;
    if (n.rank == 0) return true;
    const uint32_t run = n.rank - 1;
    // Rows of runs: only sub-word ones (rows of 4-byte elements have launch_main.glsl's row quads, 8-byte ones too
    // through CountEightByteRowsInWords), and only runs long enough to give each row one invocation's full quads
    // (shorter ones are mostly partial words).
    if (n.rank == 2 && (bytes >= 4 || uint64_t(n.sizes[run]) * bytes < kMinSubWordRowBytes)) return false;
    for (uint32_t d = 0; d < n.rank; ++d)
        if (n.windowLo[d] != 0 || n.windowHi[d] != n.extents[d]) return false;
    return n.strides[kSlotOutput][run] == 1 && n.strides[kSlotInput][run] == 1;
}

void CountWordRunInWords(LoopNest& n) {
    const uint32_t bytes = n.slots[kSlotOutput].elementBytes;
    if (bytes >= 4 || n.rank != 1) return;
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

void CountEightByteRowsInWords(LoopNest& n) {
    if (n.args.kernel != Kernel::StridedCopy || n.args.mode != uint32_t(InputMap::Linear) || n.slotCount != 2 ||
        n.rank == 0)
        return;
    if (n.slots[kSlotOutput].elementBytes != 8 || n.slots[kSlotInput].elementBytes != 8) return;
    const uint32_t row = n.rank - 1;
    if (n.strides[kSlotOutput][row] != 1 || n.strides[kSlotInput][row] != 1) return;
    // Launches count elements in 32 bits and step by 32-bit strides: twice each must still fit.
    uint64_t count = 2;
    for (uint32_t d = 0; d < n.rank; ++d) count *= n.sizes[d];
    if (count > UINT32_MAX) return;
    for (uint32_t s : {kSlotOutput, kSlotInput})
        for (uint32_t d = 0; d < n.rank; ++d)
            if (n.strides[s][d] > INT32_MAX / 2 || n.strides[s][d] < INT32_MIN / 2) return;
    n.sizes[row] *= 2;
    n.extents[row] = n.windowHi[row] = n.sizes[row];
    for (uint32_t s : {kSlotOutput, kSlotInput}) {
        for (uint32_t d = 0; d < row; ++d) n.strides[s][d] *= 2;
        n.origin[s] *= 2;
        n.slots[s].elementBytes = 4;
    }
}

}  // namespace vkdml
