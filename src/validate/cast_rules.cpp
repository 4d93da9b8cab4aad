#include "validate/operator_rules.h"
#include "validate/tensor_rules.h"

namespace vkdml {

Status ReadCast(const void* d, OperatorDesc* op) {
    const auto& desc = *static_cast<const DML_CAST_OPERATOR_DESC*>(d);
    return ReadTensors(op, {{"InputTensor", desc.InputTensor}}, {{"OutputTensor", desc.OutputTensor}});
}

// CAST: any pair of the table's types; the same sizes.
Status ValidateCast(const OperatorDesc& op, DML_FEATURE_LEVEL) { return CheckSameSizes(op, op.inputs[0], op.outputs[0]); }

}  // namespace vkdml
