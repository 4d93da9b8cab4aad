// SPLIT and JOIN: one strided copy per part, offset along Axis in the whole tensor.
#include "ops/copy_nest.h"
#include "ops/lowerings.h"

namespace vkdml {

Status LowerSplit(const OperatorDesc& op, const LoweringLimits& limits, Plan* plan) {
    const Tensor& in = op.inputs[0];
    int64_t axisOffset = 0;
    for (uint32_t j = 0; j < op.outputs.size(); ++j) {
        const Tensor& part = op.outputs[j];
        int64_t origin = axisOffset * int64_t(in.strides[op.axis]);
        VKDML_RETURN_IF_ERROR(
            EmitLaunches(CopyNest(part, {true, j}, in, {false, 0}, 0, origin, StridesOf(in)), limits, plan));
        axisOffset += part.sizes[op.axis];
    }
    return Status::Ok();
}

Status LowerJoin(const OperatorDesc& op, const LoweringLimits& limits, Plan* plan) {
    const Tensor& out = op.outputs[0];
    int64_t axisOffset = 0;
    for (uint32_t j = 0; j < op.inputs.size(); ++j) {
        const Tensor& part = op.inputs[j];
        // Walk the part's box inside the output: output sizes = the part's, strides = the output's.
        Tensor box = out;
        box.sizes = part.sizes;
        int64_t origin = axisOffset * int64_t(out.strides[op.axis]);
        VKDML_RETURN_IF_ERROR(
            EmitLaunches(CopyNest(box, {true, 0}, part, {false, j}, origin, 0, StridesOf(part)), limits, plan));
        axisOffset += part.sizes[op.axis];
    }
    return Status::Ok();
}

}  // namespace vkdml
