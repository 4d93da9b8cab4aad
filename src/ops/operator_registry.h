// The operators vkdml implements: for each, how to read and validate its desc and how to lower it. An operator
// type not listed here is reported as unsupported (and as "not implemented" by vkdml-info).
#pragma once

#include "core/operator_desc.h"
#include "ops/plan.h"

#include <span>

namespace vkdml {

struct OperatorImplementation {
    DML_OPERATOR_TYPE type;
    Status (*read)(const void* desc, OperatorDesc* op);
    Status (*validate)(const OperatorDesc& op, DML_FEATURE_LEVEL level);
    Status (*lower)(const OperatorDesc& op, const LoweringLimits& limits, Plan* plan);
    bool runsInPlace;   // an output may be bound to exactly the range of input 0 (DirectML's in-place rule)
};

std::span<const OperatorImplementation> AllImplementations();
const OperatorImplementation* FindImplementation(DML_OPERATOR_TYPE type);

// Whether output `output` of `op` may be bound to exactly the range of input 0: the operator runs in place and the
// two tensors have the same layout and size. Any other overlap of an output with an input is refused at binding.
bool MayRunInPlace(const OperatorImplementation& impl, const OperatorDesc& op, size_t output);

// Reads, checks against the schema at `level`, and validates an application's operator desc. allowZeroVolume:
// tensors may have zero sizes (a device created with VKDML_CREATE_DEVICE_FLAG_ZERO_VOLUME_TENSORS).
Status ReadOperator(const DML_OPERATOR_DESC* desc, DML_FEATURE_LEVEL level, bool allowZeroVolume, OperatorDesc* out);

}  // namespace vkdml
