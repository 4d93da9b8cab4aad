#include "ops/word_runs.h"

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
    // Rows of runs: only sub-word ones (rows of 4- and 8-byte elements have launch_main.glsl's row quads), and only
    // runs long enough to give each row one invocation's full quads (shorter ones are mostly partial words).
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

}  // namespace vkdml
