#include "core/data_type.h"
#include "validate/operator_rules.h"
#include "validate/tensor_rules.h"

namespace vkdml {

Status ReadIdentity(const void* d, OperatorDesc* op) {
    const auto& desc = *static_cast<const DML_ELEMENT_WISE_IDENTITY_OPERATOR_DESC*>(d);
    VKDML_RETURN_IF_ERROR(ReadTensors(op, {{"InputTensor", desc.InputTensor}}, {{"OutputTensor", desc.OutputTensor}}));
    if (desc.ScaleBias) {
        op->hasScaleBias = true;
        op->scale = desc.ScaleBias->Scale;
        op->bias = desc.ScaleBias->Bias;
    }
    return Status::Ok();
}

// IDENTITY: same type and sizes. ScaleBias (out = in * Scale + Bias) is arithmetic on FLOAT values: vkdml applies it
// to FLOAT32 and FLOAT16 tensors (FLOAT64 would need 64-bit float arithmetic, which it does not emulate).
Status ValidateIdentity(const OperatorDesc& op, DML_FEATURE_LEVEL) {
    VKDML_RETURN_IF_ERROR(CheckSameDataType(op, op.inputs[0], op.outputs[0]));
    VKDML_RETURN_IF_ERROR(CheckSameSizes(op, op.inputs[0], op.outputs[0]));
    DML_TENSOR_DATA_TYPE type = op.inputs[0].dataType;
    if (op.hasScaleBias && type != DML_TENSOR_DATA_TYPE_FLOAT32 && type != DML_TENSOR_DATA_TYPE_FLOAT16)
        return Unsupported("%s: ScaleBias is not NULL and InputTensor.DataType is %s; vkdml applies ScaleBias to "
                           "FLOAT32 and FLOAT16 tensors only", op.name.c_str(), DataTypeName(type));
    return Status::Ok();
}

}  // namespace vkdml
