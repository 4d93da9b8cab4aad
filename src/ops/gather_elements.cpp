// GATHER_ELEMENTS: the Gather kernel over the output; the indices move with every dimension, the input with every
// dimension but Axis, along which the index value moves it.
#include "ops/index_nest.h"
#include "ops/lowerings.h"

namespace vkdml {

Status LowerGatherElements(const OperatorDesc& op, const LoweringLimits& limits, Plan* plan) {
    const Tensor& in = op.inputs[0];
    const Tensor& indices = op.inputs[1];
    const Tensor& out = op.outputs[0];
    LoopNest n;
    n.args.kernel = Kernel::Gather;
    n.args.mode = uint32_t(GatherMode::Gather);
    n.args.indexKind = IndexKind(indices.dataType);
    n.slotCount = 3;
    n.slots[kSlotOutput] = {{true, 0}, out.elementBytes};
    n.slots[kSlotInput] = {{false, 0}, in.elementBytes};
    n.slots[kSlotIndices] = {{false, 1}, indices.elementBytes};
    const uint32_t axisSize = in.sizes[op.axis];
    const int64_t axisStride = in.strides[op.axis];
    n.SetIndexAxes(kSlotInput, 1, &axisSize, &axisStride, 0);
    for (uint32_t d = 0; d < out.rank; ++d)
        n.AddDimension(out.sizes[d], out.strides[d], d == op.axis ? 0 : in.strides[d], indices.strides[d]);
    return EmitLaunches(n, limits, plan);
}

}  // namespace vkdml
