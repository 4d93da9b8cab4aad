#include "ops/transpose_quads.h"

#include <algorithm>
#include <cstdlib>

namespace vkdml {
namespace {

constexpr uint32_t kQuadBytes = 16;

// Moves box dimension `from` to position `to` (to >= from), shifting the dimensions between one place outwards.
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

// Dimension d now steps over whole blocks.
void StepOverBlocks(Launch& l, uint32_t d, uint32_t block) {
    l.sizes[d] /= block;
    l.extents[d] = l.windowHi[d] = l.sizes[d];
    for (uint32_t s : {kSlotOutput, kSlotInput}) l.strides[s][d] *= int32_t(block);
}

// Whether `stride` x `block` still fits the launch's 32-bit strides.
bool ScalesTo32Bits(int32_t stride, uint32_t block) {
    return std::llabs(int64_t(stride)) * block <= INT32_MAX;
}

}  // namespace

void TransposeInQuads(Launch& l, uint32_t elementsPerInvocation) {
    const bool plainCopy = l.args.kernel == Kernel::StridedCopy && l.args.mode == uint32_t(InputMap::Linear);
    const uint32_t bytes = l.elementBytes;
    if (!plainCopy || l.slotCount != 2 || l.rank < 2 || bytes > 4 || l.slots[kSlotInput].elementBytes != bytes) return;
    const uint32_t block = kQuadBytes / bytes;   // elements per quad, and rows per block
    const int32_t b = int32_t(block);
    const uint32_t inner = l.rank - 1;
    const auto& out = l.strides[kSlotOutput];
    const auto& in = l.strides[kSlotInput];
    if (out[inner] != 1 || in[inner] == 0 || in[inner] % b != 0 || l.sizes[inner] % block != 0) return;
    int across = -1;   // the dimension contiguous in the input
    for (uint32_t d = 0; d < inner && across < 0; ++d)
        if (in[d] == 1 && out[d] != 0 && out[d] % b == 0 && l.sizes[d] % block == 0) across = int(d);
    if (across < 0 || !ScalesTo32Bits(in[inner], block) || !ScalesTo32Bits(out[across], block)) return;
    // Every block starts at the first element of a quad in both tensors (given quad-aligned bases): the origins and
    // every other step are whole quads. (The strides of the two block dimensions become whole quads by stepping over
    // blocks.)
    for (uint32_t d = 0; d < inner; ++d)
        if (int(d) != across && (out[d] % b != 0 || in[d] % b != 0)) return;
    if (l.slots[kSlotOutput].origin % block != 0 || l.slots[kSlotInput].origin % block != 0) return;
    // The kernel reads the output and input channels only.
    l.strides[kSlotIndices] = l.strides[kChannelCoordinate] = {};
    MoveDimension(l, uint32_t(across), inner - 1);
    StepOverBlocks(l, inner - 1, block);
    StepOverBlocks(l, inner, block);
    l.args.kernel = Kernel::TransposeQuads;
    l.denseOutput = false;   // whole quads, or element by element
    l.elementCount /= block * block;   // the box's elements are now blocks (slot spans stay those of the elements)
    l.elementsPerInvocation = std::max<uint32_t>(elementsPerInvocation / (block * block), 1);
    l.invocationCount = (l.elementCount + l.elementsPerInvocation - 1) / l.elementsPerInvocation;
}

}  // namespace vkdml
