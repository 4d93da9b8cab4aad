// TILE: output[c] = input[c mod InputTensor.Sizes]. A dimension repeated r times (output size = r x input size, the
// rule) is walked as two: the repeat, along which the input does not move (stride 0), then the input's own extent.
// So a TILE is a plain strided copy: its runs of whole input rows take the copy paths (transfer commands, word
// copies) as an IDENTITY's would, instead of a modulo per element. Dimensions with Repeats 1 map to themselves and
// merge with their neighbours as usual.
#include "ops/lowerings.h"
#include "ops/loop_nest.h"

namespace vkdml {

Status LowerTile(const OperatorDesc& op, const LoweringLimits& limits, Plan* plan) {
    const Tensor& in = op.inputs[0];
    const Tensor& out = op.outputs[0];
    LoopNest n;
    n.args.kernel = Kernel::StridedCopy;
    n.SetSlot(kSlotOutput, {true, 0}, out);
    n.SetSlot(kSlotInput, {false, 0}, in);
    for (uint32_t d = 0; d < out.rank; ++d) {
        const uint32_t repeats = op.repeats[d];
        if (repeats > 1) n.AddDimension(repeats, int64_t(in.sizes[d]) * out.strides[d], 0);
        n.AddDimension(in.sizes[d], out.strides[d], in.strides[d]);
    }
    return EmitLaunches(n, limits, plan);
}

}  // namespace vkdml
