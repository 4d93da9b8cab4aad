#include "ops/copy_nest.h"

namespace vkdml {

std::array<int64_t, kMaxRank> StridesOf(const Tensor& t) {
    std::array<int64_t, kMaxRank> strides{};
    for (uint32_t d = 0; d < t.rank; ++d) strides[d] = t.strides[d];
    return strides;
}

namespace {

bool WordAlignedBase(const Tensor& t) { return t.baseAlignment == 0 || t.baseAlignment % 4 == 0; }

}  // namespace

LoopNest CopyNest(const Tensor& output, TensorRef outputRef, const Tensor& input, TensorRef inputRef,
                  int64_t outputOrigin, int64_t inputOrigin, const std::array<int64_t, kMaxRank>& inputStrides) {
    LoopNest n;
    n.slotCount = 2;
    n.slots[kSlotOutput] = {outputRef, output.elementBytes};
    n.slots[kSlotInput] = {inputRef, input.elementBytes};
    n.slots[kSlotOutput].wordAlignedBase = WordAlignedBase(output);
    n.slots[kSlotInput].wordAlignedBase = WordAlignedBase(input);
    n.origin[kSlotOutput] = outputOrigin;
    n.origin[kSlotInput] = inputOrigin;
    for (uint32_t d = 0; d < output.rank; ++d) n.AddDimension(output.sizes[d], output.strides[d], inputStrides[d]);
    return n;
}

}  // namespace vkdml
