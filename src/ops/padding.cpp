// PADDING and PADDING1. The output is the input, shifted by StartPadding, inside a border. The interior is a plain
// strided copy (the copy paths: word copies, dense quads, transfer commands); the border is cut into slabs, one per
// side of each padded dimension (src/ops/border_slabs.h), which write elements disjoint from the interior's and each
// other's, so no barrier is needed between them. A slab is a strided copy over the output whose input coordinate is
// the output coordinate minus StartPadding, folded back into the input by the padding mode (the input maps of
// shaders/launch_params.glsl); CONSTANT writes the padding value where the coordinate falls outside. Unpadded
// dimensions map to themselves and merge as usual. One launch per slab, against a walk of every element through the
// input map (10-20x slower than a copy on lavapipe).
#include "ops/border_slabs.h"
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
    // The interior.
    int64_t interiorOrigin = 0;
    for (uint32_t d = 0; d < out.rank; ++d) interiorOrigin += int64_t(op.startPadding[d]) * out.strides[d];
    LoopNest interior;
    interior.args.kernel = Kernel::StridedCopy;
    interior.SetSlot(kSlotOutput, {true, 0}, out);
    interior.SetSlot(kSlotInput, {false, 0}, in);
    interior.origin[kSlotOutput] = interiorOrigin;
    for (uint32_t d = 0; d < out.rank; ++d) interior.AddDimension(in.sizes[d], out.strides[d], in.strides[d]);
    VKDML_RETURN_IF_ERROR(EmitLaunches(interior, limits, plan));

    for (const Slab& s : BorderSlabs(out.rank, out.sizes, op.startPadding, in.sizes)) {
        LoopNest slab;
        slab.args.kernel = Kernel::StridedCopy;
        slab.args.mode = uint32_t(MapOf(op.paddingMode));
        slab.args.value = op.value;
        slab.SetSlot(kSlotOutput, {true, 0}, out);
        slab.SetSlot(kSlotInput, {false, 0}, in);
        for (uint32_t e = 0; e < out.rank; ++e) {
            slab.origin[kSlotOutput] += int64_t(s.lo[e]) * out.strides[e];
            slab.AddMappedDimension(s.hi[e] - s.lo[e], out.strides[e], in.strides[e], in.sizes[e],
                                    int64_t(s.lo[e]) - int64_t(op.startPadding[e]));
        }
        VKDML_RETURN_IF_ERROR(EmitLaunches(slab, limits, plan));
    }
    return Status::Ok();
}

}  // namespace vkdml
