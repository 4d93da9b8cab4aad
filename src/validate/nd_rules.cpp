// GATHER_ND, GATHER_ND1 and SCATTER_ND: the last dimension of IndicesTensor holds coordinate tuples into the input's
// meaningful dimensions (its last InputDimensionCount; the leading ones must be 1, as the pages' "irrelevant leading
// ones" say), after BatchDimensionCount batch dimensions shared by input and indices. The gathered (or updates)
// tensor is {batch sizes, the indices' meaningful sizes without the tuple dimension, the input's meaningful sizes
// after the batch and the tuple}, right-aligned; as for GATHER, vkdml checks the sizes other than 1 in order.
#include "validate/operator_rules.h"
#include "validate/tensor_rules.h"

namespace vkdml {
namespace {

Status CheckMeaningfulCount(const OperatorDesc& op, const char* field, uint32_t count, const Tensor& t) {
    const char* n = op.name.c_str();
    if (count < 1 || count > t.rank)
        return InvalidArgument("%s: %s is %u; it must be 1 to %s.DimensionCount (%u)", n, field, count, t.name.c_str(),
                               t.rank);
    for (uint32_t d = 0; d + count < t.rank; ++d)
        if (t.sizes[d] != 1)
            return InvalidArgument("%s: %s.Sizes[%u] is %u; with %s %u only the last %u dimensions of %s may exceed 1",
                                   n, t.name.c_str(), d, t.sizes[d], field, count, count, t.name.c_str());
    return Status::Ok();
}

std::vector<uint32_t> WithoutOnes(const std::vector<uint32_t>& sizes) {
    std::vector<uint32_t> kept;
    for (uint32_t s : sizes)
        if (s != 1) kept.push_back(s);
    return kept;
}

// `result` (GATHER_ND's output, SCATTER_ND's updates) against the gathered sizes.
Status CheckGatheredSizes(const OperatorDesc& op, const Tensor& result) {
    const Tensor& in = op.inputs[0];
    const std::vector<uint32_t> expected = NdGatheredSizes(op);
    if (WithoutOnes(expected) == WithoutOnes(std::vector<uint32_t>(result.sizes.begin(), result.sizes.begin() + result.rank)))
        return Status::Ok();
    std::vector<uint32_t> aligned(result.rank, 1);
    for (size_t i = 0; i < expected.size() && i < result.rank; ++i)
        aligned[result.rank - 1 - i] = expected[expected.size() - 1 - i];
    return InvalidArgument("%s: %s.Sizes is %s; InputTensor.Sizes %s and IndicesTensor.Sizes %s give %s", op.name.c_str(),
                           result.name.c_str(), FormatDims(result.sizes.data(), result.rank).c_str(),
                           FormatDims(in.sizes.data(), in.rank).c_str(),
                           FormatDims(op.inputs[1].sizes.data(), op.inputs[1].rank).c_str(),
                           FormatDims(aligned.data(), result.rank).c_str());
}

Status CheckNd(const OperatorDesc& op, const Tensor& result) {
    const Tensor& in = op.inputs[0];
    const Tensor& indices = op.inputs[1];
    const char* n = op.name.c_str();
    VKDML_RETURN_IF_ERROR(CheckSameRank(op, in, indices));
    VKDML_RETURN_IF_ERROR(CheckSameRank(op, in, result));
    VKDML_RETURN_IF_ERROR(CheckMeaningfulCount(op, "InputDimensionCount", op.inputDimensionCount, in));
    VKDML_RETURN_IF_ERROR(CheckMeaningfulCount(op, "IndicesDimensionCount", op.indicesDimensionCount, indices));
    const uint32_t batch = op.batchDimensionCount;
    if (batch >= op.inputDimensionCount || batch >= op.indicesDimensionCount)
        return InvalidArgument("%s: BatchDimensionCount is %u; it must be less than InputDimensionCount (%u) and "
                               "IndicesDimensionCount (%u)", n, batch, op.inputDimensionCount,
                               op.indicesDimensionCount);
    const uint32_t inLead = in.rank - op.inputDimensionCount, idxLead = indices.rank - op.indicesDimensionCount;
    for (uint32_t k = 0; k < batch; ++k)
        if (in.sizes[inLead + k] != indices.sizes[idxLead + k])
            return InvalidArgument("%s: IndicesTensor.Sizes[%u] is %u but InputTensor.Sizes[%u] is %u; the %u batch "
                                   "dimensions must match", n, idxLead + k, indices.sizes[idxLead + k], inLead + k,
                                   in.sizes[inLead + k], batch);
    const uint32_t tuple = indices.sizes[indices.rank - 1];
    if (tuple > op.inputDimensionCount - batch)
        return InvalidArgument("%s: IndicesTensor.Sizes[%u] (the index tuple length) is %u; it must be at most "
                               "InputDimensionCount - BatchDimensionCount = %u", n, indices.rank - 1, tuple,
                               op.inputDimensionCount - batch);
    return CheckGatheredSizes(op, result);
}

template <typename Desc>
Status ReadGatherNdCommon(const Desc& desc, OperatorDesc* op) {
    VKDML_RETURN_IF_ERROR(ReadTensors(op, {{"InputTensor", desc.InputTensor}, {"IndicesTensor", desc.IndicesTensor}},
                                      {{"OutputTensor", desc.OutputTensor}}));
    op->inputDimensionCount = desc.InputDimensionCount;
    op->indicesDimensionCount = desc.IndicesDimensionCount;
    return Status::Ok();
}

}  // namespace

std::vector<uint32_t> NdGatheredSizes(const OperatorDesc& op) {
    const Tensor& in = op.inputs[0];
    const Tensor& indices = op.inputs[1];
    const uint32_t batch = op.batchDimensionCount;
    const uint32_t inFirst = in.rank - op.inputDimensionCount, idxFirst = indices.rank - op.indicesDimensionCount;
    const uint32_t tuple = indices.sizes[indices.rank - 1];
    std::vector<uint32_t> sizes(in.sizes.begin() + inFirst, in.sizes.begin() + inFirst + batch);
    sizes.insert(sizes.end(), indices.sizes.begin() + idxFirst + batch, indices.sizes.begin() + indices.rank - 1);
    sizes.insert(sizes.end(), in.sizes.begin() + inFirst + batch + tuple, in.sizes.begin() + in.rank);
    return sizes;
}

Status ReadGatherNd(const void* d, OperatorDesc* op) {
    return ReadGatherNdCommon(*static_cast<const DML_GATHER_ND_OPERATOR_DESC*>(d), op);
}

Status ReadGatherNd1(const void* d, OperatorDesc* op) {
    const auto& desc = *static_cast<const DML_GATHER_ND1_OPERATOR_DESC*>(d);
    VKDML_RETURN_IF_ERROR(ReadGatherNdCommon(desc, op));
    op->batchDimensionCount = desc.BatchDimensionCount;
    return Status::Ok();
}

// GATHER_ND, GATHER_ND1: output[batch, i, rest] = input[batch, indices[batch, i, :], rest].
Status ValidateGatherNd(const OperatorDesc& op, DML_FEATURE_LEVEL) {
    VKDML_RETURN_IF_ERROR(CheckSameDataType(op, op.inputs[0], op.outputs[0]));
    return CheckNd(op, op.outputs[0]);
}

Status ReadScatterNd(const void* d, OperatorDesc* op) {
    const auto& desc = *static_cast<const DML_SCATTER_ND_OPERATOR_DESC*>(d);
    VKDML_RETURN_IF_ERROR(ReadTensors(op,
                                      {{"InputTensor", desc.InputTensor},
                                       {"IndicesTensor", desc.IndicesTensor},
                                       {"UpdatesTensor", desc.UpdatesTensor}},
                                      {{"OutputTensor", desc.OutputTensor}}));
    op->inputDimensionCount = desc.InputDimensionCount;
    op->indicesDimensionCount = desc.IndicesDimensionCount;
    return Status::Ok();
}

// SCATTER_ND: output = input, then output[indices[i, :], rest] = updates[i, rest]. InputDimensionCount and
// IndicesDimensionCount range over [1, DimensionCount] as for GATHER_ND (the SCATTER_ND page's "[1, DimensionCount)"
// would forbid the page's own example).
Status ValidateScatterNd(const OperatorDesc& op, DML_FEATURE_LEVEL) {
    const Tensor& in = op.inputs[0];
    VKDML_RETURN_IF_ERROR(CheckSameDataType(op, in, op.inputs[2]));
    VKDML_RETURN_IF_ERROR(CheckSameDataType(op, in, op.outputs[0]));
    VKDML_RETURN_IF_ERROR(CheckSameSizes(op, in, op.outputs[0]));
    return CheckNd(op, op.inputs[2]);
}

}  // namespace vkdml
