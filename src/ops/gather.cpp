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
    struct Source {
        uint32_t size;
        int64_t inputStride, indicesStride;
    };
    std::vector<Source> sources;
    for (uint32_t d = 0; d < op.axis; ++d) sources.push_back({in.sizes[d], in.strides[d], 0});
    for (uint32_t d = indices.rank - op.indexDimensions; d < indices.rank; ++d)
        sources.push_back({indices.sizes[d], 0, indices.strides[d]});
    for (uint32_t d = op.axis + 1; d < in.rank; ++d) sources.push_back({in.sizes[d], in.strides[d], 0});

    LoopNest n;
    n.args.kernel = Kernel::Gather;
    n.args.mode = uint32_t(GatherMode::Gather);
    n.args.indexKind = IndexKind(indices.dataType);
    n.slotCount = 3;
    n.slots[kSlotOutput] = {{true, 0}, out.elementBytes};
    n.slots[kSlotInput] = {{false, 0}, in.elementBytes};
    n.slots[kSlotIndices] = {{false, 1}, indices.elementBytes};
    const uint32_t axisSize = in.sizes[op.axis];
    const int64_t axisStride = in.strides[op.axis];
    n.SetIndexAxes(kSlotInput, 1, &axisSize, &axisStride, 0);
    // Pair the non-1 output dimensions with the non-1 sources, in order (validated to agree).
    size_t next = 0;
    for (uint32_t d = 0; d < out.rank; ++d) {
        if (out.sizes[d] == 1) continue;
        while (sources[next].size == 1) ++next;
        const Source& s = sources[next++];
        n.AddDimension(out.sizes[d], out.strides[d], s.inputStride, s.indicesStride);
    }
    return EmitLaunches(n, limits, plan);
}

}  // namespace vkdml
