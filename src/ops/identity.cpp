// ELEMENT_WISE_IDENTITY: a strided copy, the reorder/transpose/broadcast of the layout family. With ScaleBias the
// same walk goes through the Cast kernel in its affine mode (out = in * scale + bias, in FLOAT32).
#include "ops/copy_nest.h"
#include "ops/lowerings.h"

#include <cstring>

namespace vkdml {

Status LowerIdentity(const OperatorDesc& op, const LoweringLimits& limits, Plan* plan) {
    const Tensor& in = op.inputs[0];
    const Tensor& out = op.outputs[0];
    LoopNest n = CopyNest(out, {true, 0}, in, {false, 0}, 0, 0, StridesOf(in));
    if (op.hasScaleBias) {
        uint32_t scale, bias;
        std::memcpy(&scale, &op.scale, 4);
        std::memcpy(&bias, &op.bias, 4);
        n.args.kernel = Kernel::Cast;
        n.args.mode = uint32_t(CastMode::ScaleBias);
        n.args.dataType = n.args.inputType = uint32_t(in.dataType);
        n.args.value = uint64_t(bias) << 32 | scale;
    }
    return EmitLaunches(n, limits, plan);
}

}  // namespace vkdml
