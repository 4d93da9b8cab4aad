#include "validate/operator_rules.h"
#include "validate/tensor_rules.h"

namespace vkdml {

Status ReadCast(const void* d, OperatorDesc* op) {
    const auto& desc = *static_cast<const DML_CAST_OPERATOR_DESC*>(d);
    op->inputs.resize(1);
    op->outputs.resize(1);
    VKDML_RETURN_IF_ERROR(ReadTensor(op->name.c_str(), "InputTensor", false, desc.InputTensor, &op->inputs[0]));
    return ReadTensor(op->name.c_str(), "OutputTensor", true, desc.OutputTensor, &op->outputs[0]);
}

// CAST: any pair of the table's types; the same sizes.
Status ValidateCast(const OperatorDesc& op, DML_FEATURE_LEVEL) { return CheckSameSizes(op, op.inputs[0], op.outputs[0]); }

}  // namespace vkdml
