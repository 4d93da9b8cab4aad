#include "ops/word_runs.h"

#include <cstdint>
#include <vector>

namespace vkdml {
namespace {

constexpr uint64_t kMinSubWordRowBytes = 64;   // four quads: half of a copy_words invocation's

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
    // through CountRowsInWords), and only runs of a few whole quads (shorter ones are mostly partial words).
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

void CountRowsInWords(LoopNest& n) {
    const bool copy = n.args.kernel == Kernel::StridedCopy && n.args.mode == uint32_t(InputMap::Linear) &&
                      n.slotCount == 2;
    const bool gatherMode =
        n.args.mode == uint32_t(GatherMode::Gather) || n.args.mode == uint32_t(GatherMode::GatherTuple);
    const bool gather =
        n.args.kernel == Kernel::Gather && gatherMode && n.slotCount == 3 && n.args.indexedSlot == kSlotInput;
    if (!(copy || gather) || n.rank == 0) return;
    const uint32_t bytes = n.slots[kSlotOutput].elementBytes;
    if (n.slots[kSlotInput].elementBytes != bytes || bytes == 0 || bytes == 4) return;
    const uint32_t row = n.rank - 1;
    // Rows contiguous in both tensors (neither kernel maps its input: no windows); a gather's row is one gathered run
    // (its indices stay along it), and no coordinate is counted in elements.
    if (n.strides[kSlotOutput][row] != 1 || n.strides[kSlotInput][row] != 1) return;
    if (gather && n.strides[kSlotIndices][row] != 0) return;
    for (uint32_t d = 0; d < n.rank; ++d)
        if (n.strides[kChannelCoordinate][d] != 0) return;
    // Every step in elements of the two tensors: their strides, origins and the gathered axes' strides.
    std::vector<int64_t*> steps;
    for (uint32_t s : {kSlotOutput, kSlotInput}) {
        for (uint32_t d = 0; d < row; ++d) steps.push_back(&n.strides[s][d]);
        steps.push_back(&n.origin[s]);
    }
    for (uint32_t j = 0; gather && j < n.args.axisCount; ++j) steps.push_back(&n.args.axisStrides[j]);
    if (bytes == 8) {
        // Launches count elements in 32 bits and step by 32-bit strides: twice each must still fit.
        uint64_t count = 2;
        for (uint32_t d = 0; d < n.rank; ++d) count *= n.sizes[d];
        if (count > UINT32_MAX) return;
        for (const int64_t* step : steps)
            if (*step > INT32_MAX / 2 || *step < INT32_MIN / 2) return;
        n.sizes[row] *= 2;
        for (int64_t* step : steps) *step *= 2;
    } else {
        // Sub-word elements: each row starts and ends on a word of both tensors, which are bound at whole words.
        const uint32_t perWord = 4 / bytes;
        if (n.sizes[row] % perWord != 0) return;
        for (uint32_t s : {kSlotOutput, kSlotInput})
            if (n.slots[s].baseAlignment % 4 != 0) return;
        for (const int64_t* step : steps)
            if (*step % perWord != 0) return;
        n.sizes[row] /= perWord;
        for (int64_t* step : steps) *step /= perWord;
    }
    n.extents[row] = n.windowHi[row] = n.sizes[row];
    for (uint32_t s : {kSlotOutput, kSlotInput}) n.slots[s].elementBytes = 4;
}

}  // namespace vkdml
