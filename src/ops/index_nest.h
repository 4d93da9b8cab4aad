// Shared by the lowerings that read index tensors (gathers, scatters, ONE_HOT, REVERSE_SUBSEQUENCES).
#pragma once

#include "core/operator_desc.h"
#include "ops/loop_nest.h"

#include <vector>

namespace vkdml {

// The kernels' INDEX_KIND for an index tensor's data type: 0 UINT32, 1 INT32, 2 UINT64, 3 INT64.
constexpr uint32_t IndexKind(DML_TENSOR_DATA_TYPE type) {
    switch (type) {
        case DML_TENSOR_DATA_TYPE_INT32: return 1;
        case DML_TENSOR_DATA_TYPE_UINT64: return 2;
        case DML_TENSOR_DATA_TYPE_INT64: return 3;
        default: return 0;
    }
}

// One dimension of a gathered shape: its size and how it moves the data tensor and the index tensor.
struct IndexSource {
    uint32_t size;
    int64_t dataStride, indicesStride;
};

// The nest of a gather along one input axis (GATHER, GATHER_ELEMENTS): the Gather kernel over the output, with
// InputTensor (input 0), IndicesTensor (input 1) and the index value moving the input along op.axis. The caller
// adds the walked dimensions.
LoopNest AxisGatherNest(const OperatorDesc& op);

// The nest of a scatter (SCATTER, SCATTER_ND, MAX_UNPOOLING): the Scatter kernel writing op's OutputTensor from the
// updates in input `updatesInput` at the places the index tensor in input `indicesInput` names. The caller sets the
// index axes and adds the walked dimensions.
LoopNest ScatterNest(const OperatorDesc& op, uint32_t updatesInput, uint32_t indicesInput);

// Adds a dimension for each size other than 1 of `walked` (a gather's output, a scatter's updates), paired in order
// with the sources other than 1 (the validator checked that they agree). `walked` moves `walkedSlot`, the sources'
// data stride moves `dataSlot`.
void AddPairedDimensions(LoopNest& n, const Tensor& walked, Slot walkedSlot, Slot dataSlot,
                         const std::vector<IndexSource>& sources);

// The index axes of GATHER_ND(1) and SCATTER_ND: the tuple components address the input's meaningful dimensions
// after the batch ones; `data` is the tensor they index (the input of a gather, the output of a scatter).
void SetNdIndexAxes(LoopNest& n, const OperatorDesc& op, const Tensor& data, Slot dataSlot);

// {batch dims, the indices' leading dims, the data's trailing dims} with their strides (NdGatheredSizes' order).
std::vector<IndexSource> NdSources(const OperatorDesc& op, const Tensor& data);

}  // namespace vkdml
