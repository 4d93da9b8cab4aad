// ELEMENT_WISE_IDENTITY: a strided copy, the reorder/transpose/broadcast of the layout family.
#include "ops/copy_nest.h"
#include "ops/lowerings.h"

namespace vkdml {

Status LowerIdentity(const OperatorDesc& op, const LoweringLimits& limits, Plan* plan) {
    const Tensor& in = op.inputs[0];
    const Tensor& out = op.outputs[0];
    return EmitLaunches(CopyNest(out, {true, 0}, in, {false, 0}, 0, 0, StridesOf(in)), limits, plan);
}

}  // namespace vkdml
