// GATHER_ELEMENTS: the Gather kernel over the output; the indices move with every dimension, the input with every
// dimension but Axis, along which the index value moves it.
#include "ops/index_nest.h"
#include "ops/lowerings.h"

namespace vkdml {

Status LowerGatherElements(const OperatorDesc& op, const LoweringLimits& limits, Plan* plan) {
    const Tensor& in = op.inputs[0];
    const Tensor& indices = op.inputs[1];
    const Tensor& out = op.outputs[0];
    LoopNest n = AxisGatherNest(op);
    for (uint32_t d = 0; d < out.rank; ++d)
        n.AddDimension(out.sizes[d], out.strides[d], d == op.axis ? 0 : in.strides[d], indices.strides[d]);
    return EmitLaunches(n, limits, plan);
}

}  // namespace vkdml
