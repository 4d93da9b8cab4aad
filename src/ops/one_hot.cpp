// ONE_HOT: the Gather kernel in its OneHot mode over the output. The indices slot does not move along Axis, the
// coordinate channel counts along it, and the input slot stays on the values tensor's first element (the off value);
// the on value lies onValueOffset elements further: one step along the values' last dimension larger than 1.
#include "ops/index_nest.h"
#include "ops/lowerings.h"

namespace vkdml {

Status LowerOneHot(const OperatorDesc& op, const LoweringLimits& limits, Plan* plan) {
    const Tensor& indices = op.inputs[0];
    const Tensor& values = op.inputs[1];
    const Tensor& out = op.outputs[0];
    int64_t onOffset = 0;
    for (uint32_t d = values.rank; d-- > 0;)
        if (values.sizes[d] > 1) {
            onOffset = values.strides[d];
            break;
        }
    LoopNest n;
    n.args.kernel = Kernel::Gather;
    n.args.mode = uint32_t(GatherMode::OneHot);
    n.args.indexKind = IndexKind(indices.dataType);
    n.args.onValueOffset = onOffset;
    n.extraReach[kSlotInput] = onOffset;
    n.slotCount = 3;
    n.SetSlot(kSlotOutput, {true, 0}, out);
    n.SetSlot(kSlotInput, {false, 1}, values);
    n.SetSlot(kSlotIndices, {false, 0}, indices);
    // The axis size resolves negative indices; the values slot never moves with it (stride 0).
    const uint32_t axisSize = out.sizes[op.axis];
    const int64_t noStride = 0;
    n.SetIndexAxes(kSlotInput, 1, &axisSize, &noStride, 0);
    for (uint32_t d = 0; d < out.rank; ++d) {
        bool axis = d == op.axis;
        n.AddDimension(out.sizes[d], out.strides[d], 0, axis ? 0 : indices.strides[d], axis ? 1 : 0);
    }
    return EmitLaunches(n, limits, plan);
}

}  // namespace vkdml
