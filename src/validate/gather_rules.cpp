#include "core/data_type.h"
#include "validate/operator_rules.h"
#include "validate/tensor_rules.h"

namespace vkdml {

Status ReadGather(const void* d, OperatorDesc* op) {
    const auto& desc = *static_cast<const DML_GATHER_OPERATOR_DESC*>(d);
    VKDML_RETURN_IF_ERROR(ReadTensors(op, {{"InputTensor", desc.InputTensor}, {"IndicesTensor", desc.IndicesTensor}},
                                      {{"OutputTensor", desc.OutputTensor}}));
    op->axis = desc.Axis;
    op->indexDimensions = desc.IndexDimensions;
    return Status::Ok();
}

std::vector<uint32_t> GatherConcatenatedSizes(const OperatorDesc& op) {
    const Tensor& in = op.inputs[0];
    const Tensor& indices = op.inputs[1];
    std::vector<uint32_t> sizes(in.sizes.begin(), in.sizes.begin() + op.axis);
    sizes.insert(sizes.end(), indices.sizes.begin() + (indices.rank - op.indexDimensions),
                 indices.sizes.begin() + indices.rank);
    sizes.insert(sizes.end(), in.sizes.begin() + op.axis + 1, in.sizes.begin() + in.rank);
    return sizes;
}

namespace {

std::vector<uint32_t> WithoutOnes(const uint32_t* sizes, size_t count) {
    std::vector<uint32_t> kept;
    for (size_t i = 0; i < count; ++i)
        if (sizes[i] != 1) kept.push_back(sizes[i]);
    return kept;
}

}  // namespace

// GATHER (seed 001). The output is the input with the Axis dimension replaced by the last IndexDimensions sizes of
// the indices, right-aligned into DimensionCount dimensions by dropping or adding leading 1s. Size-1 dimensions
// place no element anywhere, so the rule vkdml checks is that the sizes other than 1 agree in order; this accepts
// every right-aligned form and the seed's example 3 (IndexDimensions 2 with Indices {1, 2}, Output {3, 2}).
Status ValidateGather(const OperatorDesc& op, DML_FEATURE_LEVEL) {
    const Tensor& in = op.inputs[0];
    const Tensor& indices = op.inputs[1];
    const Tensor& out = op.outputs[0];
    const char* n = op.name.c_str();
    VKDML_RETURN_IF_ERROR(CheckSameDataType(op, in, out));
    VKDML_RETURN_IF_ERROR(CheckSameRank(op, in, indices));
    VKDML_RETURN_IF_ERROR(CheckSameRank(op, in, out));
    if (op.axis >= in.rank)
        return InvalidArgument("%s: Axis is %u; it must be less than InputTensor.DimensionCount (%u)", n, op.axis,
                               in.rank);
    if (op.indexDimensions > indices.rank)
        return InvalidArgument("%s: IndexDimensions is %u; it must be at most IndicesTensor.DimensionCount (%u)", n,
                               op.indexDimensions, indices.rank);
    for (uint32_t d = 0; d + op.indexDimensions < indices.rank; ++d)
        if (indices.sizes[d] != 1)
            return InvalidArgument("%s: IndicesTensor.Sizes[%u] is %u; with IndexDimensions %u only the last %u "
                                   "dimensions of IndicesTensor may exceed 1", n, d, indices.sizes[d],
                                   op.indexDimensions, op.indexDimensions);
    std::vector<uint32_t> expected = GatherConcatenatedSizes(op);
    if (WithoutOnes(expected.data(), expected.size()) != WithoutOnes(out.sizes.data(), out.rank)) {
        // Show the right-aligned form DirectML documents.
        std::vector<uint32_t> aligned(out.rank, 1);
        for (size_t i = 0; i < expected.size() && i < out.rank; ++i)
            aligned[out.rank - 1 - i] = expected[expected.size() - 1 - i];
        return InvalidArgument("%s: OutputTensor.Sizes is %s; InputTensor.Sizes %s with Axis %u replaced by the last %u "
                               "IndicesTensor sizes gives %s", n, FormatDims(out.sizes.data(), out.rank).c_str(),
                               FormatDims(in.sizes.data(), in.rank).c_str(), op.axis, op.indexDimensions,
                               FormatDims(aligned.data(), out.rank).c_str());
    }
    return Status::Ok();
}

}  // namespace vkdml
