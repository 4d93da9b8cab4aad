#include "validate/operator_rules.h"
#include "validate/tensor_rules.h"

namespace vkdml {

Status ReadIdentity(const void* d, OperatorDesc* op) {
    const auto& desc = *static_cast<const DML_ELEMENT_WISE_IDENTITY_OPERATOR_DESC*>(d);
    op->inputs.resize(1);
    op->outputs.resize(1);
    VKDML_RETURN_IF_ERROR(ReadTensor(op->name.c_str(), "InputTensor", false, desc.InputTensor, &op->inputs[0]));
    VKDML_RETURN_IF_ERROR(ReadTensor(op->name.c_str(), "OutputTensor", true, desc.OutputTensor, &op->outputs[0]));
    if (desc.ScaleBias)
        return Unsupported("%s: ScaleBias is not NULL; vkdml implements IDENTITY as a pure copy and does not "
                           "support ScaleBias yet", op->name.c_str());
    return Status::Ok();
}

Status ValidateIdentity(const OperatorDesc& op, DML_FEATURE_LEVEL) {
    VKDML_RETURN_IF_ERROR(CheckSameDataType(op, op.inputs[0], op.outputs[0]));
    return CheckSameSizes(op, op.inputs[0], op.outputs[0]);
}

}  // namespace vkdml
