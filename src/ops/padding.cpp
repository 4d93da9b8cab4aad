// PADDING and PADDING1. The output is the input, shifted by StartPadding, inside a border. The interior is a plain
// strided copy (the copy paths: word copies, dense quads, transfer commands); the border is cut into slabs, one per
// side of each padded dimension - slab (d, low) spans dimensions before d over the interior only, d over its
// StartPadding, and the dimensions after d whole - so the slabs and the interior write disjoint elements and need no
// barrier between them. A slab is a strided copy over the output whose input coordinate is the output coordinate
// minus StartPadding, folded back into the input by the padding mode (the input maps of
// shaders/launch_params.glsl); CONSTANT writes the padding value where the coordinate falls outside. Unpadded
// dimensions map to themselves and merge as usual. One launch per slab, against a walk of every element through the
// input map (10-20x slower than a copy on lavapipe).
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

    // The slabs of the border: the box [lo, hi) of output coordinates for side `high` of dimension d.
    for (uint32_t d = 0; d < out.rank; ++d)
        for (bool high : {false, true}) {
            std::array<uint32_t, kMaxRank> lo{}, hi{};
            for (uint32_t e = 0; e < out.rank; ++e) {
                const uint32_t begin = op.startPadding[e], end = begin + in.sizes[e];
                lo[e] = e < d ? begin : e > d || !high ? 0 : end;
                hi[e] = e < d ? end : e > d || high ? out.sizes[e] : begin;
            }
            if (lo[d] == hi[d]) continue;
            LoopNest slab;
            slab.args.kernel = Kernel::StridedCopy;
            slab.args.mode = uint32_t(MapOf(op.paddingMode));
            slab.args.value = op.value;
            slab.SetSlot(kSlotOutput, {true, 0}, out);
            slab.SetSlot(kSlotInput, {false, 0}, in);
            for (uint32_t e = 0; e < out.rank; ++e) {
                slab.origin[kSlotOutput] += int64_t(lo[e]) * out.strides[e];
                slab.AddMappedDimension(hi[e] - lo[e], out.strides[e], in.strides[e], in.sizes[e],
                                        int64_t(lo[e]) - int64_t(op.startPadding[e]));
            }
            VKDML_RETURN_IF_ERROR(EmitLaunches(slab, limits, plan));
        }
    return Status::Ok();
}

}  // namespace vkdml
