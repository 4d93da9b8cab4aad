// Per operator: Read* copies the application's desc into an OperatorDesc (with the generic tensor checks), and
// Validate* applies the operator's own rules from its documentation. The tensor-support table is checked between
// the two (validate/tensor_rules.h), by validate_operator.cpp.
#pragma once

#include "core/operator_desc.h"

namespace vkdml {

// Zero-volume tensors: an empty input beside a non-empty output only where the operator needs no element of it
// (validate/zero_volume_rules.cpp). Applies to every operator, after its own rules.
Status CheckZeroVolumeInputs(const OperatorDesc& op);

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

Status ReadTile(const void* desc, OperatorDesc* op);
Status ValidateTile(const OperatorDesc& op, DML_FEATURE_LEVEL level);

Status ReadDepthToSpace(const void* desc, OperatorDesc* op);
Status ReadDepthToSpace1(const void* desc, OperatorDesc* op);
Status ValidateDepthToSpace(const OperatorDesc& op, DML_FEATURE_LEVEL level);
Status ReadSpaceToDepth(const void* desc, OperatorDesc* op);
Status ReadSpaceToDepth1(const void* desc, OperatorDesc* op);
Status ValidateSpaceToDepth(const OperatorDesc& op, DML_FEATURE_LEVEL level);

Status ReadPadding(const void* desc, OperatorDesc* op);
Status ReadPadding1(const void* desc, OperatorDesc* op);
Status ValidatePadding(const OperatorDesc& op, DML_FEATURE_LEVEL level);

Status ReadSliceGrad(const void* desc, OperatorDesc* op);
Status ValidateSliceGrad(const OperatorDesc& op, DML_FEATURE_LEVEL level);

Status ReadReverseSubsequences(const void* desc, OperatorDesc* op);
Status ValidateReverseSubsequences(const OperatorDesc& op, DML_FEATURE_LEVEL level);

Status ReadGatherElements(const void* desc, OperatorDesc* op);
Status ValidateGatherElements(const OperatorDesc& op, DML_FEATURE_LEVEL level);
Status ReadScatter(const void* desc, OperatorDesc* op);
Status ValidateScatter(const OperatorDesc& op, DML_FEATURE_LEVEL level);

Status ReadGatherNd(const void* desc, OperatorDesc* op);
Status ReadGatherNd1(const void* desc, OperatorDesc* op);
Status ValidateGatherNd(const OperatorDesc& op, DML_FEATURE_LEVEL level);
Status ReadScatterNd(const void* desc, OperatorDesc* op);
Status ValidateScatterNd(const OperatorDesc& op, DML_FEATURE_LEVEL level);
// vkdml extensions: SCATTER / SCATTER_ND with a Reduction
Status ReadScatterElementsReduce(const void* desc, OperatorDesc* op);
Status ValidateScatterElementsReduce(const OperatorDesc& op, DML_FEATURE_LEVEL level);
Status ReadScatterNdReduce(const void* desc, OperatorDesc* op);
Status ValidateScatterNdReduce(const OperatorDesc& op, DML_FEATURE_LEVEL level);

Status ReadMaxUnpooling(const void* desc, OperatorDesc* op);
Status ValidateMaxUnpooling(const OperatorDesc& op, DML_FEATURE_LEVEL level);

Status ReadUnfold(const void* desc, OperatorDesc* op);
Status ValidateUnfold(const OperatorDesc& op, DML_FEATURE_LEVEL level);

Status ReadFold(const void* desc, OperatorDesc* op);
Status ValidateFold(const OperatorDesc& op, DML_FEATURE_LEVEL level);

Status ReadNonzeroCoordinates(const void* desc, OperatorDesc* op);
Status ValidateNonzeroCoordinates(const OperatorDesc& op, DML_FEATURE_LEVEL level);

Status ReadOneHot(const void* desc, OperatorDesc* op);
Status ValidateOneHot(const OperatorDesc& op, DML_FEATURE_LEVEL level);

Status ReadFillValueConstant(const void* desc, OperatorDesc* op);
Status ReadFillValueSequence(const void* desc, OperatorDesc* op);
Status ValidateFillValue(const OperatorDesc& op, DML_FEATURE_LEVEL level);
Status ReadDiagonalMatrix(const void* desc, OperatorDesc* op);
Status ValidateDiagonalMatrix(const OperatorDesc& op, DML_FEATURE_LEVEL level);
Status ReadDiagonalMatrix1(const void* desc, OperatorDesc* op);
Status ValidateDiagonalMatrix1(const OperatorDesc& op, DML_FEATURE_LEVEL level);

Status ReadCast(const void* desc, OperatorDesc* op);
Status ValidateCast(const OperatorDesc& op, DML_FEATURE_LEVEL level);

// GATHER_ND(1)'s output sizes and SCATTER_ND's updates sizes, unaligned: {batch sizes, the indices' meaningful sizes
// without the tuple dimension, the input's meaningful sizes after batch and tuple}. Shared with the lowering.
std::vector<uint32_t> NdGatheredSizes(const OperatorDesc& op);

// GATHER's output sizes: InputTensor.Sizes with the Axis entry replaced by the last IndexDimensions sizes of
// IndicesTensor. Returned unaligned (length rank + IndexDimensions - 1); shared with the lowering.
std::vector<uint32_t> GatherConcatenatedSizes(const OperatorDesc& op);

}  // namespace vkdml
