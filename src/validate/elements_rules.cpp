// GATHER_ELEMENTS and SCATTER (= SCATTER_ELEMENTS): an index tensor of the data's rank, one index per element along
// Axis; the two operators are each other's inverse and share their size rules.
#include "validate/operator_rules.h"
#include "validate/tensor_rules.h"

namespace vkdml {
namespace {

// `indices` has `data`'s sizes in every dimension except Axis.
Status CheckIndicesAlongAxis(const OperatorDesc& op, const Tensor& data, const Tensor& indices) {
    const char* n = op.name.c_str();
    if (op.axis >= data.rank)
        return InvalidArgument("%s: Axis is %u; it must be less than %s.DimensionCount (%u)", n, op.axis,
                               data.name.c_str(), data.rank);
    for (uint32_t d = 0; d < data.rank; ++d)
        if (d != op.axis && indices.sizes[d] != data.sizes[d])
            return InvalidArgument("%s: %s.Sizes[%u] is %u but %s.Sizes[%u] is %u; they must match in every dimension "
                                   "except Axis (%u)", n, indices.name.c_str(), d, indices.sizes[d], data.name.c_str(),
                                   d, data.sizes[d], op.axis);
    return Status::Ok();
}

}  // namespace

Status ReadGatherElements(const void* d, OperatorDesc* op) {
    const auto& desc = *static_cast<const DML_GATHER_ELEMENTS_OPERATOR_DESC*>(d);
    VKDML_RETURN_IF_ERROR(ReadTensors(op, {{"InputTensor", desc.InputTensor}, {"IndicesTensor", desc.IndicesTensor}},
                                      {{"OutputTensor", desc.OutputTensor}}));
    op->axis = desc.Axis;
    return Status::Ok();
}

// GATHER_ELEMENTS: output[c] = input[c with c[Axis] = indices[c]]; OutputTensor.Sizes = IndicesTensor.Sizes.
Status ValidateGatherElements(const OperatorDesc& op, DML_FEATURE_LEVEL) {
    const Tensor& in = op.inputs[0];
    const Tensor& indices = op.inputs[1];
    const Tensor& out = op.outputs[0];
    VKDML_RETURN_IF_ERROR(CheckSameDataType(op, in, out));
    VKDML_RETURN_IF_ERROR(CheckSameRank(op, in, indices));
    VKDML_RETURN_IF_ERROR(CheckSameRank(op, in, out));
    VKDML_RETURN_IF_ERROR(CheckIndicesAlongAxis(op, in, indices));
    return CheckSameSizes(op, indices, out);
}

Status ReadScatter(const void* d, OperatorDesc* op) {
    const auto& desc = *static_cast<const DML_SCATTER_OPERATOR_DESC*>(d);
    VKDML_RETURN_IF_ERROR(ReadTensors(op,
                                      {{"InputTensor", desc.InputTensor},
                                       {"IndicesTensor", desc.IndicesTensor},
                                       {"UpdatesTensor", desc.UpdatesTensor}},
                                      {{"OutputTensor", desc.OutputTensor}}));
    op->axis = desc.Axis;
    return Status::Ok();
}

// SCATTER: output = input, then output[c with c[Axis] = indices[c]] = updates[c]. IndicesTensor matches the input
// except along Axis; UpdatesTensor has IndicesTensor's sizes; OutputTensor the input's sizes and type.
Status ValidateScatter(const OperatorDesc& op, DML_FEATURE_LEVEL) {
    const Tensor& in = op.inputs[0];
    const Tensor& indices = op.inputs[1];
    const Tensor& updates = op.inputs[2];
    const Tensor& out = op.outputs[0];
    VKDML_RETURN_IF_ERROR(CheckSameDataType(op, in, updates));
    VKDML_RETURN_IF_ERROR(CheckSameDataType(op, in, out));
    VKDML_RETURN_IF_ERROR(CheckSameRank(op, in, indices));
    VKDML_RETURN_IF_ERROR(CheckSameRank(op, in, updates));
    VKDML_RETURN_IF_ERROR(CheckSameSizes(op, in, out));
    VKDML_RETURN_IF_ERROR(CheckIndicesAlongAxis(op, in, indices));
    return CheckSameSizes(op, indices, updates);
}

}  // namespace vkdml
