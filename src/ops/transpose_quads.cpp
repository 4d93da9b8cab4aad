#include "ops/transpose_quads.h"

#include <algorithm>

namespace vkdml {
namespace {

constexpr uint32_t kBlock = 4;   // elements per quad, and rows per block

// Moves box dimension `from` to position `to` (to > from), shifting the dimensions between one place outwards.
void MoveDimension(Launch& l, uint32_t from, uint32_t to) {
    for (uint32_t d = from; d < to; ++d) {
        std::swap(l.sizes[d], l.sizes[d + 1]);
        std::swap(l.extents[d], l.extents[d + 1]);
        std::swap(l.shifts[d], l.shifts[d + 1]);
        std::swap(l.windowLo[d], l.windowLo[d + 1]);
        std::swap(l.windowHi[d], l.windowHi[d + 1]);
        for (auto& channel : l.strides) std::swap(channel[d], channel[d + 1]);
    }
}

// Dimension d now steps over whole blocks. (No overflow: a slot's span is under 2^30 4-byte elements, and the
// dimension has at least 4 steps, so 4 x its stride stays under 2^31.)
void StepOverBlocks(Launch& l, uint32_t d) {
    l.sizes[d] /= kBlock;
    l.extents[d] = l.windowHi[d] = l.sizes[d];
    for (uint32_t s : {kSlotOutput, kSlotInput}) l.strides[s][d] *= int32_t(kBlock);
}

}  // namespace

void TransposeInQuads(Launch& l, uint32_t elementsPerInvocation) {
    const bool plainCopy = l.args.kernel == Kernel::StridedCopy && l.args.mode == uint32_t(InputMap::Linear);
    if (!plainCopy || l.slotCount != 2 || l.rank < 2 || l.elementBytes != 4 || l.slots[kSlotInput].elementBytes != 4)
        return;
    const uint32_t inner = l.rank - 1;
    const auto& out = l.strides[kSlotOutput];
    const auto& in = l.strides[kSlotInput];
    if (out[inner] != 1 || in[inner] == 0 || in[inner] % 4 != 0 || l.sizes[inner] % kBlock != 0) return;
    int across = -1;   // the dimension contiguous in the input
    for (uint32_t d = 0; d < inner && across < 0; ++d)
        if (in[d] == 1 && out[d] != 0 && out[d] % 4 == 0 && l.sizes[d] % kBlock == 0) across = int(d);
    if (across < 0) return;
    // Every block starts at a word of a quad in both tensors (given quad-aligned bases): the origins and every other
    // step are whole quads. (The strides of the two block dimensions become whole quads by stepping over blocks.)
    for (uint32_t d = 0; d < inner; ++d)
        if (int(d) != across && (out[d] % 4 != 0 || in[d] % 4 != 0)) return;
    if (l.slots[kSlotOutput].origin % 4 != 0 || l.slots[kSlotInput].origin % 4 != 0) return;
    // The kernel reads the output and input channels only.
    l.strides[kSlotIndices] = l.strides[kChannelCoordinate] = {};
    MoveDimension(l, uint32_t(across), inner - 1);
    StepOverBlocks(l, inner - 1);
    StepOverBlocks(l, inner);
    l.args.kernel = Kernel::TransposeQuads;
    l.elementCount /= kBlock * kBlock;   // the box's elements are now blocks (slot spans stay those of the elements)
    l.elementsPerInvocation = std::max<uint32_t>(elementsPerInvocation / (kBlock * kBlock), 1);
    l.invocationCount = (l.elementCount + l.elementsPerInvocation - 1) / l.elementsPerInvocation;
}

}  // namespace vkdml
