#include "ops/operator_registry.h"

#include "core/feature_level.h"
#include "ops/lowerings.h"
#include "validate/operator_rules.h"
#include "validate/tensor_rules.h"

namespace vkdml {
namespace {

constexpr OperatorImplementation kImplementations[] = {
    {DML_OPERATOR_ELEMENT_WISE_IDENTITY, ReadIdentity, ValidateIdentity, LowerIdentity, true},
    {DML_OPERATOR_SLICE, ReadSlice, ValidateSlice, LowerSlice, false},
    {DML_OPERATOR_SLICE1, ReadSlice1, ValidateSlice1, LowerSlice, false},
    {DML_OPERATOR_GATHER, ReadGather, ValidateGather, LowerGather, false},
    {DML_OPERATOR_SPLIT, ReadSplit, ValidateSplit, LowerSplit, false},
    {DML_OPERATOR_JOIN, ReadJoin, ValidateJoin, LowerJoin, false},
    {DML_OPERATOR_TILE, ReadTile, ValidateTile, LowerTile, false},
    {DML_OPERATOR_DEPTH_TO_SPACE, ReadDepthToSpace, ValidateDepthToSpace, LowerDepthToSpace, false},
    {DML_OPERATOR_DEPTH_TO_SPACE1, ReadDepthToSpace1, ValidateDepthToSpace, LowerDepthToSpace, false},
    {DML_OPERATOR_SPACE_TO_DEPTH, ReadSpaceToDepth, ValidateSpaceToDepth, LowerSpaceToDepth, false},
    {DML_OPERATOR_SPACE_TO_DEPTH1, ReadSpaceToDepth1, ValidateSpaceToDepth, LowerSpaceToDepth, false},
    {DML_OPERATOR_PADDING, ReadPadding, ValidatePadding, LowerPadding, false},
    {DML_OPERATOR_PADDING1, ReadPadding1, ValidatePadding, LowerPadding, false},
    {DML_OPERATOR_SLICE_GRAD, ReadSliceGrad, ValidateSliceGrad, LowerSliceGrad, false},
    {DML_OPERATOR_REVERSE_SUBSEQUENCES, ReadReverseSubsequences, ValidateReverseSubsequences,
     LowerReverseSubsequences, false},
    {DML_OPERATOR_GATHER_ELEMENTS, ReadGatherElements, ValidateGatherElements, LowerGatherElements, false},
    {DML_OPERATOR_GATHER_ND, ReadGatherNd, ValidateGatherNd, LowerGatherNd, false},
    {DML_OPERATOR_GATHER_ND1, ReadGatherNd1, ValidateGatherNd, LowerGatherNd, false},
    {DML_OPERATOR_SCATTER_ELEMENTS, ReadScatter, ValidateScatter, LowerScatter, false},
    {DML_OPERATOR_SCATTER_ND, ReadScatterNd, ValidateScatterNd, LowerScatterNd, false},
    {DML_OPERATOR_MAX_UNPOOLING, ReadMaxUnpooling, ValidateMaxUnpooling, LowerMaxUnpooling, false},
    {DML_OPERATOR_NONZERO_COORDINATES, ReadNonzeroCoordinates, ValidateNonzeroCoordinates, LowerNonzeroCoordinates,
     false},
    {DML_OPERATOR_UNFOLD, ReadUnfold, ValidateUnfold, LowerUnfold, false},
    {DML_OPERATOR_FOLD, ReadFold, ValidateFold, LowerFold, false},
    {DML_OPERATOR_ONE_HOT, ReadOneHot, ValidateOneHot, LowerOneHot, false},
    {DML_OPERATOR_FILL_VALUE_CONSTANT, ReadFillValueConstant, ValidateFillValue, LowerFillValueConstant, false},
    {DML_OPERATOR_FILL_VALUE_SEQUENCE, ReadFillValueSequence, ValidateFillValue, LowerFillValueSequence, false},
    {DML_OPERATOR_DIAGONAL_MATRIX, ReadDiagonalMatrix, ValidateDiagonalMatrix, LowerDiagonalMatrix, false},
    {DML_OPERATOR_DIAGONAL_MATRIX1, ReadDiagonalMatrix1, ValidateDiagonalMatrix1, LowerDiagonalMatrix, false},
    {DML_OPERATOR_CAST, ReadCast, ValidateCast, LowerCast, false},
    {VKDML_OPERATOR_SCATTER_ELEMENTS_REDUCE, ReadScatterElementsReduce, ValidateScatterElementsReduce, LowerScatter,
     false},
    {VKDML_OPERATOR_SCATTER_ND_REDUCE, ReadScatterNdReduce, ValidateScatterNdReduce, LowerScatterNd, false},
};

}  // namespace

std::span<const OperatorImplementation> AllImplementations() { return kImplementations; }

const OperatorImplementation* FindImplementation(DML_OPERATOR_TYPE type) {
    for (const OperatorImplementation& impl : kImplementations)
        if (impl.type == type) return &impl;
    return nullptr;
}

bool MayRunInPlace(const OperatorImplementation& impl, const OperatorDesc& op, size_t output) {
    if (!impl.runsInPlace || op.inputs.empty() || output >= op.outputs.size()) return false;
    const Tensor &in = op.inputs[0], &out = op.outputs[output];
    return in.SameLayout(out) && in.totalBytes == out.totalBytes;
}

Status ReadOperator(const DML_OPERATOR_DESC* desc, DML_FEATURE_LEVEL level, bool allowZeroVolume, OperatorDesc* out) {
    if (!desc) return InvalidArgument("vkdmlCreateOperator: desc is NULL");
    const schema::OperatorSchema* schema = schema::FindOperatorSchema(desc->Type);
    if (!schema || desc->Type == DML_OPERATOR_INVALID)
        return InvalidArgument("vkdmlCreateOperator: desc->Type is %d, which is not a DML_OPERATOR_TYPE",
                               int(desc->Type));
    OperatorDesc op;
    op.type = desc->Type;
    op.schema = schema;
    op.name = std::string(schema::OperatorPrefix(*schema)) + schema->name;
    op.allowZeroVolume = allowZeroVolume;
    if (schema->introduced > level)
        return Unsupported("%s: introduced in DML_FEATURE_LEVEL_%s; this device runs DML_FEATURE_LEVEL_%s",
                           op.name.c_str(), FeatureLevelName(schema->introduced), FeatureLevelName(level));
    const OperatorImplementation* impl = FindImplementation(desc->Type);
    if (!impl) return Unsupported("%s: not implemented by vkdml yet (see the README's operator table)", op.name.c_str());
    if (!desc->Desc) return InvalidArgument("%s: desc->Desc is NULL; it must point at the operator's desc struct",
                                            op.name.c_str());
    VKDML_RETURN_IF_ERROR(impl->read(desc->Desc, &op));
    VKDML_RETURN_IF_ERROR(CheckTensorSupport(op, level));
    VKDML_RETURN_IF_ERROR(impl->validate(op, level));
    VKDML_RETURN_IF_ERROR(CheckZeroVolumeInputs(op));
    *out = std::move(op);
    return Status::Ok();
}

}  // namespace vkdml
