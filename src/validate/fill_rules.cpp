// The generators: FILL_VALUE_CONSTANT, FILL_VALUE_SEQUENCE, DIAGONAL_MATRIX and DIAGONAL_MATRIX1. Their scalars
// become the output element's bits here (core/scalar_bits.h), so the kernels never see a DML_SCALAR_UNION.
#include "core/data_type.h"
#include "core/scalar_bits.h"
#include "validate/operator_rules.h"
#include "validate/tensor_rules.h"

#include <climits>

namespace vkdml {
namespace {

// DML_SCALAR_UNION fields are read as ValueDataType, which must be the output's type.
Status CheckValueDataType(const OperatorDesc& op, DML_TENSOR_DATA_TYPE valueType) {
    const Tensor& out = op.outputs[0];
    if (valueType == out.dataType) return Status::Ok();
    return InvalidArgument("%s: ValueDataType is %s but OutputTensor.DataType is %s; they must be the same",
                           op.name.c_str(), DataTypeName(valueType), DataTypeName(out.dataType));
}

Status ReadOutput(const DML_TENSOR_DESC* output, OperatorDesc* op) {
    op->outputs.resize(1);
    return ReadOperatorTensor(*op, "OutputTensor", true, output, &op->outputs[0]);
}

}  // namespace

Status ReadFillValueConstant(const void* d, OperatorDesc* op) {
    const auto& desc = *static_cast<const DML_FILL_VALUE_CONSTANT_OPERATOR_DESC*>(d);
    VKDML_RETURN_IF_ERROR(ReadOutput(desc.OutputTensor, op));
    VKDML_RETURN_IF_ERROR(CheckValueDataType(*op, desc.ValueDataType));
    op->value = ScalarUnionBits(desc.Value, desc.ValueDataType);
    return Status::Ok();
}

Status ReadFillValueSequence(const void* d, OperatorDesc* op) {
    const auto& desc = *static_cast<const DML_FILL_VALUE_SEQUENCE_OPERATOR_DESC*>(d);
    VKDML_RETURN_IF_ERROR(ReadOutput(desc.OutputTensor, op));
    VKDML_RETURN_IF_ERROR(CheckValueDataType(*op, desc.ValueDataType));
    op->value = ScalarUnionBits(desc.ValueStart, desc.ValueDataType);
    op->delta = ScalarUnionBits(desc.ValueDelta, desc.ValueDataType);
    return Status::Ok();
}

// FILL_VALUE_CONSTANT and FILL_VALUE_SEQUENCE: any output size; the table says which types.
Status ValidateFillValue(const OperatorDesc&, DML_FEATURE_LEVEL) { return Status::Ok(); }

Status ReadDiagonalMatrix(const void* d, OperatorDesc* op) {
    const auto& desc = *static_cast<const DML_DIAGONAL_MATRIX_OPERATOR_DESC*>(d);
    VKDML_RETURN_IF_ERROR(ReadOutput(desc.OutputTensor, op));
    op->value = FloatToElementBits(desc.Value, op->outputs[0].dataType);
    // Output[i, i + Offset] = Value: the range [Offset, Offset + 1) of x - y (empty for INT_MAX, which no x - y
    // reaches).
    op->diagonalBegin = desc.Offset;
    op->diagonalEnd = desc.Offset == INT_MAX ? INT_MAX : desc.Offset + 1;
    return Status::Ok();
}

Status ReadDiagonalMatrix1(const void* d, OperatorDesc* op) {
    const auto& desc = *static_cast<const DML_DIAGONAL_MATRIX1_OPERATOR_DESC*>(d);
    op->inputs.resize(1);
    if (desc.InputTensor) {
        VKDML_RETURN_IF_ERROR(ReadOperatorTensor(*op, "InputTensor", false, desc.InputTensor, &op->inputs[0]));
    } else {
        op->inputs[0].name = "InputTensor";
        op->inputs[0].present = false;
    }
    VKDML_RETURN_IF_ERROR(ReadOutput(desc.OutputTensor, op));
    VKDML_RETURN_IF_ERROR(CheckValueDataType(*op, desc.ValueDataType));
    op->value = ScalarUnionBits(desc.Value, desc.ValueDataType);
    op->diagonalBegin = desc.DiagonalFillBegin;
    op->diagonalEnd = desc.DiagonalFillEnd;
    return Status::Ok();
}

// DIAGONAL_MATRIX: the output's rank and type come from the table only.
Status ValidateDiagonalMatrix(const OperatorDesc&, DML_FEATURE_LEVEL) { return Status::Ok(); }

// DIAGONAL_MATRIX1: an InputTensor, when given, has the output's sizes and type.
Status ValidateDiagonalMatrix1(const OperatorDesc& op, DML_FEATURE_LEVEL) {
    if (!op.inputs[0].present) return Status::Ok();
    VKDML_RETURN_IF_ERROR(CheckSameDataType(op, op.inputs[0], op.outputs[0]));
    return CheckSameSizes(op, op.inputs[0], op.outputs[0]);
}

}  // namespace vkdml
