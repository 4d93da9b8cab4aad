// PADDING and PADDING1. The output is the input, shifted by StartPadding, inside a border. The interior is a plain
// strided copy (the copy paths: word copies, dense quads, transfer commands); the border is cut into slabs, one per
// side of each padded dimension (src/ops/border_slabs.h), which write elements disjoint from the interior's and each
// other's, so no barrier is needed between them.
// - CONSTANT: every element of a slab lies outside the input along the slab's own dimension, so the slab is a fill
//   (Generate, constant).
// - The other modes: along each dimension, a slab's coordinates fold onto one or more straight runs of the input
//   (ascending, descending or one coordinate repeated: src/ops/fold_run.h). A slab of the last dimension is one run
//   in each (where the border is no wider than the input): one plain strided copy, stepping from row to row. Other
//   slabs span the padded dimensions after their own whole, three runs each for a border on both sides: a copy per
//   combination of runs where they are few and the slab large, else one launch through the input map (the kernel
//   folds every element's coordinates, shaders/launch_params.glsl's mapCoordinate).
// The whole output walked through the input map was 10-20x slower than a copy on lavapipe; a slab through the map
// costs a multi-dimensional offset computation per element, a plain copy a step.
#include "ops/border_slabs.h"
#include "ops/fold_run.h"
#include "ops/generate_nest.h"
#include "ops/lowerings.h"

#include <array>
#include <cstdint>
#include <vector>

namespace vkdml {
namespace {

// A slab is cut into at most this many straight pieces, each a launch...
constexpr uint64_t kMaxSlabPieces = 9;
// ... of this many elements on average at least: on lavapipe a launch costs about as much as mapping a thousand
// elements through the input map.
constexpr uint64_t kMinPieceElements = 4096;

InputMap MapOf(DML_PADDING_MODE mode) {
    switch (mode) {
        case DML_PADDING_MODE_EDGE: return InputMap::Edge;
        case DML_PADDING_MODE_REFLECTION: return InputMap::Reflection;
        case DML_PADDING_MODE_SYMMETRIC: return InputMap::Symmetric;
        case DML_PADDING_MODE_WRAP: return InputMap::Wrap;
        default: return InputMap::Constant;
    }
}

// A strided copy from `in` to `out` without dimensions yet, for boxes of the output (src/ops/copy_nest.h's CopyNest
// walks the whole output).
LoopNest BoxCopyNest(const Tensor& in, const Tensor& out) {
    LoopNest n;
    n.args.kernel = Kernel::StridedCopy;
    n.SetSlot(kSlotOutput, {true, 0}, out);
    n.SetSlot(kSlotInput, {false, 0}, in);
    return n;
}

// A border slab of a mode that reads the input: cut along each dimension into the straight runs its coordinates fold
// onto (src/ops/fold_run.h), one plain strided copy per combination of runs, where they are few and the slab large
// enough to pay for the extra launches; else one launch through the input map.
Status EmitSlab(const OperatorDesc& op, InputMap map, const Slab& s, const LoweringLimits& limits, Plan* plan) {
    const Tensor& in = op.inputs[0];
    const Tensor& out = op.outputs[0];
    std::array<std::vector<FoldRun>, kMaxRank> runs;
    std::array<int64_t, kMaxRank> shifts{};   // the input coordinate of each dimension's first slab coordinate
    for (uint32_t d = 0; d < out.rank; ++d) shifts[d] = int64_t(s.lo[d]) - int64_t(op.startPadding[d]);
    uint64_t pieces = 1, elements = 1;
    bool straight = true;
    for (uint32_t d = 0; d < out.rank && straight; ++d) {
        const uint32_t size = s.hi[d] - s.lo[d];
        straight = FoldRuns(map, shifts[d], in.sizes[d], size, kMaxSlabPieces, &runs[d]);
        pieces *= runs[d].size();
        elements *= size;
    }
    if (straight && pieces <= kMaxSlabPieces && (pieces == 1 || elements >= pieces * kMinPieceElements)) {
        std::array<uint32_t, kMaxRank> which{};   // the run of each dimension, counted like digits
        for (uint64_t piece = 0; piece < pieces; ++piece) {
            LoopNest copy = BoxCopyNest(in, out);
            for (uint32_t d = 0; d < out.rank; ++d) {
                const FoldRun& r = runs[d][which[d]];
                copy.origin[kSlotOutput] += int64_t(s.lo[d] + r.offset) * out.strides[d];
                copy.origin[kSlotInput] += r.first * in.strides[d];
                copy.AddDimension(r.size, out.strides[d], r.step * in.strides[d]);
            }
            VKDML_RETURN_IF_ERROR(EmitLaunches(copy, limits, plan));
            for (uint32_t d = out.rank; d-- > 0 && ++which[d] == runs[d].size();) which[d] = 0;
        }
        return Status::Ok();
    }
    LoopNest slab = BoxCopyNest(in, out);
    slab.args.mode = uint32_t(map);
    for (uint32_t d = 0; d < out.rank; ++d) {
        slab.origin[kSlotOutput] += int64_t(s.lo[d]) * out.strides[d];
        slab.AddMappedDimension(s.hi[d] - s.lo[d], out.strides[d], in.strides[d], in.sizes[d], shifts[d]);
    }
    return EmitLaunches(slab, limits, plan);
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
    LoopNest interior = BoxCopyNest(in, out);
    interior.origin[kSlotOutput] = interiorOrigin;
    for (uint32_t d = 0; d < out.rank; ++d) interior.AddDimension(in.sizes[d], out.strides[d], in.strides[d]);
    VKDML_RETURN_IF_ERROR(EmitLaunches(interior, limits, plan));

    const InputMap map = MapOf(op.paddingMode);
    for (const Slab& s : BorderSlabs(out.rank, out.sizes, op.startPadding, in.sizes)) {
        if (map != InputMap::Constant) {
            VKDML_RETURN_IF_ERROR(EmitSlab(op, map, s, limits, plan));
            continue;
        }
        LoopNest fill = GenerateBoxNest(out, {true, 0}, GenerateMode::Constant, out.dataType, s.lo, s.hi);
        fill.args.value = op.value;
        VKDML_RETURN_IF_ERROR(EmitLaunches(fill, limits, plan));
    }
    return Status::Ok();
}

}  // namespace vkdml
