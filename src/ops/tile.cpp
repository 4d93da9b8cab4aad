// TILE: output[c] = input[c mod InputTensor.Sizes] - a strided copy whose input coordinates wrap (the WRAP input
// map with no shift). Dimensions with Repeats 1 map to themselves and merge with their neighbours as usual.
#include "ops/lowerings.h"
#include "ops/loop_nest.h"

namespace vkdml {

Status LowerTile(const OperatorDesc& op, const LoweringLimits& limits, Plan* plan) {
    const Tensor& in = op.inputs[0];
    const Tensor& out = op.outputs[0];
    LoopNest n;
    n.args.kernel = Kernel::StridedCopy;
    n.args.mode = uint32_t(InputMap::Wrap);
    n.SetSlot(kSlotOutput, {true, 0}, out);
    n.SetSlot(kSlotInput, {false, 0}, in);
    for (uint32_t d = 0; d < out.rank; ++d)
        n.AddMappedDimension(out.sizes[d], out.strides[d], in.strides[d], in.sizes[d], 0);
    return EmitLaunches(n, limits, plan);
}

}  // namespace vkdml
