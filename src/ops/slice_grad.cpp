// SLICE_GRAD: zero the whole output gradient (Generate, constant 0), then - after a barrier - copy the input gradient
// onto the window's lattice of the output gradient: SLICE1's copy with the roles of the two tensors swapped.
#include "ops/generate_nest.h"
#include "ops/lowerings.h"

namespace vkdml {

Status LowerSliceGrad(const OperatorDesc& op, const LoweringLimits& limits, Plan* plan) {
    const Tensor& in = op.inputs[0];
    const Tensor& out = op.outputs[0];
    LoopNest zero = GenerateNest(out, {true, 0}, GenerateMode::Constant, out.dataType);
    VKDML_RETURN_IF_ERROR(EmitLaunches(zero, limits, plan));

    LoopNest scatter;
    scatter.SetSlot(kSlotOutput, {true, 0}, out);
    scatter.SetSlot(kSlotInput, {false, 0}, in);
    for (uint32_t d = 0; d < out.rank; ++d) {
        int64_t stride = op.windowStrides[d];
        int64_t start = op.windowOffsets[d] + (stride < 0 ? int64_t(op.windowSizes[d]) - 1 : 0);
        scatter.origin[kSlotOutput] += start * int64_t(out.strides[d]);
        scatter.AddDimension(in.sizes[d], stride * int64_t(out.strides[d]), in.strides[d]);
    }
    return EmitLaunchesAfter(scatter, limits, plan);
}

}  // namespace vkdml
