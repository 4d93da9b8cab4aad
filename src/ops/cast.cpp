// CAST: a strided copy through the Cast kernel, which converts each element between the two data types.
#include "ops/copy_nest.h"
#include "ops/lowerings.h"

namespace vkdml {

Status LowerCast(const OperatorDesc& op, const LoweringLimits& limits, Plan* plan) {
    const Tensor& in = op.inputs[0];
    const Tensor& out = op.outputs[0];
    LoopNest n = CopyNest(out, {true, 0}, in, {false, 0}, 0, 0, StridesOf(in));
    n.args.kernel = Kernel::Cast;
    n.args.dataType = uint32_t(out.dataType);
    n.args.inputType = uint32_t(in.dataType);
    return EmitLaunches(n, limits, plan);
}

}  // namespace vkdml
