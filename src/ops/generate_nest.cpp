#include "ops/generate_nest.h"

namespace vkdml {

LoopNest GenerateNest(const Tensor& output, TensorRef outputRef, GenerateMode mode, DML_TENSOR_DATA_TYPE type) {
    return GenerateBoxNest(output, outputRef, mode, type, {}, output.sizes);
}

LoopNest GenerateBoxNest(const Tensor& output, TensorRef outputRef, GenerateMode mode, DML_TENSOR_DATA_TYPE type,
                         const std::array<uint32_t, kMaxRank>& lo, const std::array<uint32_t, kMaxRank>& hi) {
    LoopNest n;
    n.args.kernel = Kernel::Generate;
    n.args.mode = uint32_t(mode);
    n.args.dataType = uint32_t(type);
    n.slotCount = 2;
    n.SetSlot(kSlotOutput, outputRef, output);
    n.SetSlot(kSlotInput, outputRef, output);
    for (uint32_t d = 0; d < output.rank; ++d) {
        n.origin[kSlotOutput] += int64_t(lo[d]) * output.strides[d];
        n.origin[kSlotInput] += int64_t(lo[d]) * output.strides[d];
        n.AddDimension(hi[d] - lo[d], output.strides[d], output.strides[d]);
    }
    return n;
}

}  // namespace vkdml
