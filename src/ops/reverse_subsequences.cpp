// REVERSE_SUBSEQUENCES: the Gather kernel in its Reverse mode. The walk covers the output; along Axis the input does
// not move with the walk (stride 0) but by the reversed coordinate the kernel computes from the sequence length
// (read through the indices slot, stride 0 along Axis) and the coordinate channel (stride 1 along Axis).
#include "ops/index_nest.h"
#include "ops/lowerings.h"
#include "ops/loop_nest.h"

namespace vkdml {

Status LowerReverseSubsequences(const OperatorDesc& op, const LoweringLimits& limits, Plan* plan) {
    const Tensor& in = op.inputs[0];
    const Tensor& lengths = op.inputs[1];
    const Tensor& out = op.outputs[0];
    LoopNest n;
    n.args.kernel = Kernel::Gather;
    n.args.mode = uint32_t(GatherMode::Reverse);
    n.args.indexKind = IndexKind(lengths.dataType);
    n.slotCount = 3;
    n.SetSlot(kSlotOutput, {true, 0}, out);
    n.SetSlot(kSlotInput, {false, 0}, in);
    n.SetSlot(kSlotIndices, {false, 1}, lengths);
    const uint32_t axisSize = in.sizes[op.axis];
    const int64_t axisStride = in.strides[op.axis];
    n.SetIndexAxes(kSlotInput, 1, &axisSize, &axisStride, 0);
    for (uint32_t d = 0; d < out.rank; ++d) {
        bool axis = d == op.axis;
        n.AddDimension(out.sizes[d], out.strides[d], axis ? 0 : in.strides[d], axis ? 0 : lengths.strides[d],
                       axis ? 1 : 0);
    }
    return EmitLaunches(n, limits, plan);
}

}  // namespace vkdml
