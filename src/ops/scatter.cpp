// SCATTER (= SCATTER_ELEMENTS) and SCATTER_ND: copy the input to the output, then - after a barrier - the Scatter
// kernel walks the updates and writes each to the output element its index (tuple) names. Indices outside the
// output are skipped (shaders/scatter.comp), so nothing outside the output is ever written.
// The vkdml extensions SCATTER_ELEMENTS_REDUCE / SCATTER_ND_REDUCE walk the same nest with the ScatterReduce kernel
// (shaders/scatter_reduce.comp), which combines every output element with its updates in order.
#include "ops/copy_nest.h"
#include "ops/index_nest.h"
#include "ops/lowerings.h"

namespace vkdml {
namespace {

// UpdatesTensor is input 2, IndicesTensor input 1.
LoopNest UpdatesNest(const OperatorDesc& op) {
    LoopNest n = ScatterNest(op, 2, 1);
    if (op.schema->extension) {
        n.args.kernel = Kernel::ScatterReduce;
        n.args.mode = op.reduction;
        n.args.dataType = uint32_t(op.outputs[0].dataType);
    }
    return n;
}

Status CopyInput(const OperatorDesc& op, const LoweringLimits& limits, Plan* plan) {
    const Tensor& in = op.inputs[0];
    const Tensor& out = op.outputs[0];
    return EmitLaunches(CopyNest(out, {true, 0}, in, {false, 0}, 0, 0, StridesOf(in)), limits, plan);
}

}  // namespace

Status LowerScatter(const OperatorDesc& op, const LoweringLimits& limits, Plan* plan) {
    const Tensor& indices = op.inputs[1];
    const Tensor& updates = op.inputs[2];
    const Tensor& out = op.outputs[0];
    VKDML_RETURN_IF_ERROR(CopyInput(op, limits, plan));
    LoopNest n = UpdatesNest(op);
    const uint32_t axisSize = out.sizes[op.axis];
    const int64_t axisStride = out.strides[op.axis];
    n.SetIndexAxes(kSlotOutput, 1, &axisSize, &axisStride, 0);
    for (uint32_t d = 0; d < updates.rank; ++d)
        n.AddDimension(updates.sizes[d], d == op.axis ? 0 : out.strides[d], updates.strides[d], indices.strides[d]);
    return EmitLaunchesAfter(n, limits, plan);
}

Status LowerScatterNd(const OperatorDesc& op, const LoweringLimits& limits, Plan* plan) {
    const Tensor& updates = op.inputs[2];
    const Tensor& out = op.outputs[0];
    VKDML_RETURN_IF_ERROR(CopyInput(op, limits, plan));
    LoopNest n = UpdatesNest(op);
    SetNdIndexAxes(n, op, out, kSlotOutput);
    AddPairedDimensions(n, updates, kSlotInput, kSlotOutput, NdSources(op, out));
    return EmitLaunchesAfter(n, limits, plan);
}

}  // namespace vkdml
