// One lowering per operator family: OperatorDesc -> loop nests -> Plan. Each runs after validation.
#pragma once

#include "core/operator_desc.h"
#include "ops/plan.h"

namespace vkdml {

Status LowerIdentity(const OperatorDesc& op, const LoweringLimits& limits, Plan* plan);
Status LowerSlice(const OperatorDesc& op, const LoweringLimits& limits, Plan* plan);    // SLICE and SLICE1
Status LowerGather(const OperatorDesc& op, const LoweringLimits& limits, Plan* plan);
Status LowerSplit(const OperatorDesc& op, const LoweringLimits& limits, Plan* plan);
Status LowerJoin(const OperatorDesc& op, const LoweringLimits& limits, Plan* plan);

}  // namespace vkdml
