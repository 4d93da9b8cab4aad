// SLICE_GRAD: the input gradient is copied onto the window's lattice of the output gradient (SLICE1's copy with the
// roles of the two tensors swapped) and every other element is zero. Where the window steps by 1 (or -1) along every
// dimension it is a dense box: the copy and the zero slabs around it (src/ops/border_slabs.h) write disjoint elements,
// so they are independent launches, each element written once (as PADDING). Otherwise the whole output is zeroed
// first (Generate, constant 0) and, after a barrier, the copy writes the lattice.
#include "ops/border_slabs.h"
#include "ops/generate_nest.h"
#include "ops/lowerings.h"

#include <cstdlib>

namespace vkdml {

Status LowerSliceGrad(const OperatorDesc& op, const LoweringLimits& limits, Plan* plan) {
    const Tensor& in = op.inputs[0];
    const Tensor& out = op.outputs[0];
    LoopNest copy;
    copy.SetSlot(kSlotOutput, {true, 0}, out);
    copy.SetSlot(kSlotInput, {false, 0}, in);
    bool dense = true;
    std::array<uint32_t, kMaxRank> low{};   // the lowest coordinate the copy writes along each dimension
    for (uint32_t d = 0; d < out.rank; ++d) {
        int64_t stride = op.windowStrides[d];
        int64_t start = op.windowOffsets[d] + (stride < 0 ? int64_t(op.windowSizes[d]) - 1 : 0);
        copy.origin[kSlotOutput] += start * int64_t(out.strides[d]);
        copy.AddDimension(in.sizes[d], stride * int64_t(out.strides[d]), in.strides[d]);
        dense = dense && std::llabs(stride) == 1;
        low[d] = stride < 0 ? uint32_t(start) + 1 - in.sizes[d] : uint32_t(start);
    }
    if (!dense) {
        LoopNest zero = GenerateNest(out, {true, 0}, GenerateMode::Constant, out.dataType);
        VKDML_RETURN_IF_ERROR(EmitLaunches(zero, limits, plan));
        return EmitLaunchesAfter(copy, limits, plan);
    }
    VKDML_RETURN_IF_ERROR(EmitLaunches(copy, limits, plan));
    for (const Slab& s : BorderSlabs(out.rank, out.sizes, low, in.sizes)) {
        LoopNest zero = GenerateBoxNest(out, {true, 0}, GenerateMode::Constant, out.dataType, s.lo, s.hi);
        VKDML_RETURN_IF_ERROR(EmitLaunches(zero, limits, plan));
    }
    return Status::Ok();
}

}  // namespace vkdml
