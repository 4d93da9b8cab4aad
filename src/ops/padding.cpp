// PADDING and PADDING1: a strided copy over the output whose input coordinate is the output coordinate minus
// StartPadding, folded back into the input by the padding mode (the input maps of shaders/launch_params.glsl);
// CONSTANT writes the padding value where the coordinate falls outside. Unpadded dimensions map to themselves and
// merge as usual.
#include "ops/generate_nest.h"
#include "ops/lowerings.h"

namespace vkdml {
namespace {

InputMap MapOf(DML_PADDING_MODE mode) {
    switch (mode) {
        case DML_PADDING_MODE_EDGE: return InputMap::Edge;
        case DML_PADDING_MODE_REFLECTION: return InputMap::Reflection;
        case DML_PADDING_MODE_SYMMETRIC: return InputMap::Symmetric;
        case DML_PADDING_MODE_WRAP: return InputMap::Wrap;
        default: return InputMap::Constant;
    }
}

}  // namespace

Status LowerPadding(const OperatorDesc& op, const LoweringLimits& limits, Plan* plan) {
    const Tensor& in = op.inputs[0];
    const Tensor& out = op.outputs[0];
    if (in.IsEmpty()) {   // a zero-volume input (CONSTANT mode only, see zero_volume_rules.cpp): all padding
        LoopNest fill = GenerateNest(out, {true, 0}, GenerateMode::Constant, out.dataType);
        fill.args.value = op.value;
        return EmitLaunches(fill, limits, plan);
    }
    LoopNest n;
    n.args.kernel = Kernel::StridedCopy;
    n.args.mode = uint32_t(MapOf(op.paddingMode));
    n.args.value = op.value;
    n.SetSlot(kSlotOutput, {true, 0}, out);
    n.SetSlot(kSlotInput, {false, 0}, in);
    for (uint32_t d = 0; d < out.rank; ++d)
        n.AddMappedDimension(out.sizes[d], out.strides[d], in.strides[d], in.sizes[d], -int64_t(op.startPadding[d]));
    return EmitLaunches(n, limits, plan);
}

}  // namespace vkdml
