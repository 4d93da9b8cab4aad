// Per operator: Read* copies the application's desc into an OperatorDesc (with the generic tensor checks), and
// Validate* applies the operator's own rules from its documentation. The tensor-support table is checked between
// the two (validate/tensor_rules.h), by validate_operator.cpp.
#pragma once

#include "core/operator_desc.h"

namespace vkdml {

Status ReadIdentity(const void* desc, OperatorDesc* op);
Status ValidateIdentity(const OperatorDesc& op, DML_FEATURE_LEVEL level);

Status ReadSlice(const void* desc, OperatorDesc* op);
Status ValidateSlice(const OperatorDesc& op, DML_FEATURE_LEVEL level);
Status ReadSlice1(const void* desc, OperatorDesc* op);
Status ValidateSlice1(const OperatorDesc& op, DML_FEATURE_LEVEL level);

Status ReadGather(const void* desc, OperatorDesc* op);
Status ValidateGather(const OperatorDesc& op, DML_FEATURE_LEVEL level);

Status ReadSplit(const void* desc, OperatorDesc* op);
Status ValidateSplit(const OperatorDesc& op, DML_FEATURE_LEVEL level);
Status ReadJoin(const void* desc, OperatorDesc* op);
Status ValidateJoin(const OperatorDesc& op, DML_FEATURE_LEVEL level);

// GATHER's output sizes: InputTensor.Sizes with the Axis entry replaced by the last IndexDimensions sizes of
// IndicesTensor. Returned unaligned (length rank + IndexDimensions - 1); shared with the lowering.
std::vector<uint32_t> GatherConcatenatedSizes(const OperatorDesc& op);

}  // namespace vkdml
