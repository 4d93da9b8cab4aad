// GATHER: walk the output; each non-1 output dimension is one of the input's dimensions before Axis, one of the
// indices' last IndexDimensions dimensions, or one of the input's dimensions after Axis (in that order; see
// validate/gather_rules.cpp). The gathered axis itself is not walked: the kernel adds index * axis stride.
#include "ops/lowerings.h"
#include "ops/index_nest.h"
#include "ops/loop_nest.h"
#include "validate/operator_rules.h"

namespace vkdml {

Status LowerGather(const OperatorDesc& op, const LoweringLimits& limits, Plan* plan) {
    const Tensor& in = op.inputs[0];
    const Tensor& indices = op.inputs[1];
    const Tensor& out = op.outputs[0];

    // The concatenated dimensions, each with its input and indices stride.
    std::vector<IndexSource> sources;
    for (uint32_t d = 0; d < op.axis; ++d) sources.push_back({in.sizes[d], in.strides[d], 0});
    for (uint32_t d = indices.rank - op.indexDimensions; d < indices.rank; ++d)
        sources.push_back({indices.sizes[d], 0, indices.strides[d]});
    for (uint32_t d = op.axis + 1; d < in.rank; ++d) sources.push_back({in.sizes[d], in.strides[d], 0});

    LoopNest n = AxisGatherNest(op);
    AddPairedDimensions(n, out, kSlotOutput, kSlotInput, sources);
    return EmitLaunches(n, limits, plan);
}

}  // namespace vkdml
