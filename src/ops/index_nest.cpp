#include "ops/index_nest.h"

namespace vkdml {

LoopNest AxisGatherNest(const OperatorDesc& op) {
    const Tensor& in = op.inputs[0];
    const Tensor& indices = op.inputs[1];
    LoopNest n;
    n.args.kernel = Kernel::Gather;
    n.args.mode = uint32_t(GatherMode::Gather);
    n.args.indexKind = IndexKind(indices.dataType);
    n.slotCount = 3;
    n.SetSlot(kSlotOutput, {true, 0}, op.outputs[0]);
    n.SetSlot(kSlotInput, {false, 0}, in);
    n.SetSlot(kSlotIndices, {false, 1}, indices);
    const uint32_t axisSize = in.sizes[op.axis];
    const int64_t axisStride = in.strides[op.axis];
    n.SetIndexAxes(kSlotInput, 1, &axisSize, &axisStride, 0);
    return n;
}

LoopNest ScatterNest(const OperatorDesc& op, uint32_t updatesInput, uint32_t indicesInput) {
    const Tensor& indices = op.inputs[indicesInput];
    LoopNest n;
    n.args.kernel = Kernel::Scatter;
    n.args.indexKind = IndexKind(indices.dataType);
    n.slotCount = 3;
    n.SetSlot(kSlotOutput, {true, 0}, op.outputs[0]);
    n.SetSlot(kSlotInput, {false, updatesInput}, op.inputs[updatesInput]);
    n.SetSlot(kSlotIndices, {false, indicesInput}, indices);
    return n;
}

void AddPairedDimensions(LoopNest& n, const Tensor& walked, Slot walkedSlot, Slot dataSlot,
                         const std::vector<IndexSource>& sources) {
    size_t next = 0;
    for (uint32_t d = 0; d < walked.rank; ++d) {
        if (walked.sizes[d] == 1) continue;
        while (sources[next].size == 1) ++next;
        const IndexSource& s = sources[next++];
        n.AddDimension(walked.sizes[d], 0, 0, s.indicesStride);
        n.strides[walkedSlot][n.rank - 1] = walked.strides[d];
        n.strides[dataSlot][n.rank - 1] = s.dataStride;
    }
}

std::vector<IndexSource> NdSources(const OperatorDesc& op, const Tensor& data) {
    const Tensor& indices = op.inputs[1];
    const uint32_t batch = op.batchDimensionCount;
    const uint32_t dataFirst = data.rank - op.inputDimensionCount, idxFirst = indices.rank - op.indicesDimensionCount;
    const uint32_t tuple = indices.sizes[indices.rank - 1];
    std::vector<IndexSource> sources;
    for (uint32_t k = 0; k < batch; ++k)
        sources.push_back({data.sizes[dataFirst + k], data.strides[dataFirst + k], indices.strides[idxFirst + k]});
    for (uint32_t d = idxFirst + batch; d + 1 < indices.rank; ++d) sources.push_back({indices.sizes[d], 0, indices.strides[d]});
    for (uint32_t d = dataFirst + batch + tuple; d < data.rank; ++d) sources.push_back({data.sizes[d], data.strides[d], 0});
    return sources;
}

void SetNdIndexAxes(LoopNest& n, const OperatorDesc& op, const Tensor& data, Slot dataSlot) {
    const Tensor& indices = op.inputs[1];
    const uint32_t first = data.rank - op.inputDimensionCount + op.batchDimensionCount;
    const uint32_t tuple = indices.sizes[indices.rank - 1];
    uint32_t sizes[kMaxIndexAxes];
    int64_t strides[kMaxIndexAxes];
    for (uint32_t j = 0; j < tuple; ++j) {
        sizes[j] = data.sizes[first + j];
        strides[j] = data.strides[first + j];
    }
    n.SetIndexAxes(dataSlot, tuple, sizes, strides, indices.strides[indices.rank - 1]);
    n.args.indexKind = IndexKind(indices.dataType);
}

}  // namespace vkdml
