// Checks shared by every operator: the tensor-support table of the schema at the device's feature level, and the
// common "same data type / same dimension count / same sizes" constraints.
#pragma once

#include "core/operator_desc.h"

#include <initializer_list>

namespace vkdml {

// Each tensor against its row of the operator's table in force at `level`. A data type or dimension count that a
// newer feature level allows is VKDML_ERROR_UNSUPPORTED (valid DirectML, not at this level); one no level allows
// is VKDML_ERROR_INVALID_ARGUMENT.
Status CheckTensorSupport(const OperatorDesc& op, DML_FEATURE_LEVEL level);

Status CheckSameDataType(const OperatorDesc& op, const Tensor& a, const Tensor& b);
Status CheckSameRank(const OperatorDesc& op, const Tensor& a, const Tensor& b);
Status CheckSameSizes(const OperatorDesc& op, const Tensor& a, const Tensor& b);
// A tensor member of an operator desc: its field name (used in messages) and its value.
struct TensorField {
    const char* name;
    const DML_TENSOR_DESC* desc;
};
// Reads and checks one of op's tensors (ReadTensor); a zero-volume tensor is an error unless op.allowZeroVolume.
Status ReadOperatorTensor(const OperatorDesc& op, std::string name, bool isOutput, const DML_TENSOR_DESC* desc,
                          Tensor* out);
// Reads and checks (ReadOperatorTensor) an operator's tensors in binding order into op->inputs and op->outputs.
Status ReadTensors(OperatorDesc* op, std::initializer_list<TensorField> inputs,
                   std::initializer_list<TensorField> outputs);

// An operator's own DimensionCount field must equal the tensors' rank.
Status CheckDimensionCountField(const OperatorDesc& op, const char* field, uint32_t value, const Tensor& tensor);
// A pointer field of the desc that must hold `count` values.
Status CheckArrayField(const OperatorDesc& op, const char* field, const void* pointer);

}  // namespace vkdml
