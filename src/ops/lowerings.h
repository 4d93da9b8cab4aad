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
Status LowerTile(const OperatorDesc& op, const LoweringLimits& limits, Plan* plan);
Status LowerDepthToSpace(const OperatorDesc& op, const LoweringLimits& limits, Plan* plan);   // and DEPTH_TO_SPACE1
Status LowerSpaceToDepth(const OperatorDesc& op, const LoweringLimits& limits, Plan* plan);   // and SPACE_TO_DEPTH1
Status LowerPadding(const OperatorDesc& op, const LoweringLimits& limits, Plan* plan);        // and PADDING1
Status LowerSliceGrad(const OperatorDesc& op, const LoweringLimits& limits, Plan* plan);
Status LowerReverseSubsequences(const OperatorDesc& op, const LoweringLimits& limits, Plan* plan);
Status LowerGatherElements(const OperatorDesc& op, const LoweringLimits& limits, Plan* plan);
Status LowerGatherNd(const OperatorDesc& op, const LoweringLimits& limits, Plan* plan);       // and GATHER_ND1
Status LowerScatter(const OperatorDesc& op, const LoweringLimits& limits, Plan* plan);        // SCATTER_ELEMENTS
Status LowerScatterNd(const OperatorDesc& op, const LoweringLimits& limits, Plan* plan);
Status LowerMaxUnpooling(const OperatorDesc& op, const LoweringLimits& limits, Plan* plan);
Status LowerNonzeroCoordinates(const OperatorDesc& op, const LoweringLimits& limits, Plan* plan);
Status LowerUnfold(const OperatorDesc& op, const LoweringLimits& limits, Plan* plan);
Status LowerFold(const OperatorDesc& op, const LoweringLimits& limits, Plan* plan);
Status LowerOneHot(const OperatorDesc& op, const LoweringLimits& limits, Plan* plan);
Status LowerFillValueConstant(const OperatorDesc& op, const LoweringLimits& limits, Plan* plan);
Status LowerFillValueSequence(const OperatorDesc& op, const LoweringLimits& limits, Plan* plan);
Status LowerDiagonalMatrix(const OperatorDesc& op, const LoweringLimits& limits, Plan* plan);   // and *1
Status LowerCast(const OperatorDesc& op, const LoweringLimits& limits, Plan* plan);

}  // namespace vkdml
