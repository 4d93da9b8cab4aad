#include "validate/operator_rules.h"
#include "validate/tensor_rules.h"

namespace vkdml {

Status ReadReverseSubsequences(const void* d, OperatorDesc* op) {
    const auto& desc = *static_cast<const DML_REVERSE_SUBSEQUENCES_OPERATOR_DESC*>(d);
    VKDML_RETURN_IF_ERROR(ReadTensors(op,
                                      {{"InputTensor", desc.InputTensor},
                                       {"SequenceLengthsTensor", desc.SequenceLengthsTensor}},
                                      {{"OutputTensor", desc.OutputTensor}}));
    op->axis = desc.Axis;
    return Status::Ok();
}

// REVERSE_SUBSEQUENCES: output = input's sizes and type; SequenceLengthsTensor has the input's sizes with 1 at Axis.
// Lengths beyond the axis are clamped to it (a rule of the operator, not of the desc).
Status ValidateReverseSubsequences(const OperatorDesc& op, DML_FEATURE_LEVEL) {
    const Tensor& in = op.inputs[0];
    const Tensor& lengths = op.inputs[1];
    const Tensor& out = op.outputs[0];
    const char* n = op.name.c_str();
    VKDML_RETURN_IF_ERROR(CheckSameDataType(op, in, out));
    VKDML_RETURN_IF_ERROR(CheckSameRank(op, in, lengths));
    VKDML_RETURN_IF_ERROR(CheckSameSizes(op, in, out));
    if (op.axis >= in.rank)
        return InvalidArgument("%s: Axis is %u; it must be less than InputTensor.DimensionCount (%u)", n, op.axis,
                               in.rank);
    for (uint32_t d = 0; d < in.rank; ++d) {
        uint32_t expected = d == op.axis ? 1 : in.sizes[d];
        if (lengths.sizes[d] != expected)
            return InvalidArgument("%s: SequenceLengthsTensor.Sizes[%u] is %u; it must be %u (InputTensor.Sizes with 1 "
                                   "at Axis %u)", n, d, lengths.sizes[d], expected, op.axis);
    }
    return Status::Ok();
}

}  // namespace vkdml
