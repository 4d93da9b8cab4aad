#include "ops/copy_nest.h"

namespace vkdml {

std::array<int64_t, kMaxRank> StridesOf(const Tensor& t) {
    std::array<int64_t, kMaxRank> strides{};
    for (uint32_t d = 0; d < t.rank; ++d) strides[d] = t.strides[d];
    return strides;
}

LoopNest CopyNest(const Tensor& output, TensorRef outputRef, const Tensor& input, TensorRef inputRef,
                  int64_t outputOrigin, int64_t inputOrigin, const std::array<int64_t, kMaxRank>& inputStrides) {
    LoopNest n;
    n.slotCount = 2;
    n.SetSlot(kSlotOutput, outputRef, output);
    n.SetSlot(kSlotInput, inputRef, input);
    n.origin[kSlotOutput] = outputOrigin;
    n.origin[kSlotInput] = inputOrigin;
    for (uint32_t d = 0; d < output.rank; ++d) n.AddDimension(output.sizes[d], output.strides[d], inputStrides[d]);
    return n;
}

}  // namespace vkdml
