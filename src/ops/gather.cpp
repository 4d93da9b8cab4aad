// GATHER: walk the output; each non-1 output dimension is one of the input's dimensions before Axis, one of the
// indices' last IndexDimensions dimensions, or one of the input's dimensions after Axis (in that order; see
// validate/gather_rules.cpp). The gathered axis itself is not walked: the kernel adds index * axis stride.
#include "ops/lowerings.h"
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
    n.slotCount = 3;
    n.gather = true;
    n.slots[kSlotOutput] = {{true, 0}, out.elementBytes};
    n.slots[kSlotInput] = {{false, 0}, in.elementBytes};
    n.slots[kSlotIndices] = {{false, 1}, indices.elementBytes};
    n.axisSize = in.sizes[op.axis];
    n.axisLo = 0;
    n.axisHi = n.axisSize;
    n.axisStride = in.strides[op.axis];
    switch (indices.dataType) {
        case DML_TENSOR_DATA_TYPE_INT32: n.indexKind = 1; break;
        case DML_TENSOR_DATA_TYPE_UINT64: n.indexKind = 2; break;
        case DML_TENSOR_DATA_TYPE_INT64: n.indexKind = 3; break;
        default: n.indexKind = 0; break;
    }
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
