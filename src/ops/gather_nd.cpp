// GATHER_ND and GATHER_ND1: the Gather kernel over the output with a tuple of indices per element. Output
// dimensions pair with {batch, the indices' leading dimensions, the input's trailing dimensions} (validate/nd_rules);
// the tuple's components move the input along the dimensions after the batch ones.
#include "ops/index_nest.h"
#include "ops/lowerings.h"

namespace vkdml {

Status LowerGatherNd(const OperatorDesc& op, const LoweringLimits& limits, Plan* plan) {
    const Tensor& in = op.inputs[0];
    const Tensor& indices = op.inputs[1];
    const Tensor& out = op.outputs[0];
    LoopNest n;
    n.args.kernel = Kernel::Gather;
    n.args.mode = uint32_t(GatherMode::Gather);
    n.slotCount = 3;
    n.SetSlot(kSlotOutput, {true, 0}, out);
    n.SetSlot(kSlotInput, {false, 0}, in);
    n.SetSlot(kSlotIndices, {false, 1}, indices);
    SetNdIndexAxes(n, op, in, kSlotInput);
    // The single-axis kernel has no loop over the tuple.
    if (n.args.axisCount > 1) n.args.mode = uint32_t(GatherMode::GatherTuple);
    AddPairedDimensions(n, out, kSlotOutput, kSlotInput, NdSources(op, in));
    return EmitLaunches(n, limits, plan);
}

}  // namespace vkdml
