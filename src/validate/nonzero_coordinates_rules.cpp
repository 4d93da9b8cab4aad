// NONZERO_COORDINATES: the count of the input's non-zero elements (±0 count as zero for the float types), and the
// coordinates of each, in row-major order of the input, as rows of an M x N matrix: M is the input's element count
// (room for every element), N at least the input's effective rank and at most its dimension count. A row holds the
// input coordinates of the last N dimensions (the leading ones beyond N all have size 1).
#include "validate/operator_rules.h"
#include "validate/tensor_rules.h"

namespace vkdml {

Status ReadNonzeroCoordinates(const void* d, OperatorDesc* op) {
    const auto& desc = *static_cast<const DML_NONZERO_COORDINATES_OPERATOR_DESC*>(d);
    return ReadTensors(op, {{"InputTensor", desc.InputTensor}},
                       {{"OutputCountTensor", desc.OutputCountTensor},
                        {"OutputCoordinatesTensor", desc.OutputCoordinatesTensor}});
}

namespace {

// The dimension count without the leading sizes of 1 ({1, 2, 3}: 2; {1, 1}: 0).
uint32_t EffectiveRank(const Tensor& t) {
    uint32_t leadingOnes = 0;
    while (leadingOnes < t.rank && t.sizes[leadingOnes] == 1) ++leadingOnes;
    return t.rank - leadingOnes;
}

}  // namespace

Status ValidateNonzeroCoordinates(const OperatorDesc& op, DML_FEATURE_LEVEL) {
    const Tensor& in = op.inputs[0];
    const Tensor& count = op.outputs[0];
    const Tensor& coords = op.outputs[1];
    const char* n = op.name.c_str();
    for (uint32_t d = 0; d < count.rank; ++d)
        if (count.sizes[d] != 1)
            return InvalidArgument("%s: OutputCountTensor.Sizes is %s; it must be a scalar (every size 1)", n,
                                   FormatDims(count.sizes.data(), count.rank).c_str());
    if (coords.rank < 2)   // the tensor-support rows already ask for 2 or more
        return InvalidArgument("%s: OutputCoordinatesTensor.DimensionCount is %u; it must be at least 2 (M, N)", n,
                               coords.rank);
    const uint32_t rows = coords.rank - 2, columns = coords.rank - 1;
    for (uint32_t d = 0; d < rows; ++d)
        if (coords.sizes[d] != 1)
            return InvalidArgument("%s: OutputCoordinatesTensor.Sizes is %s; it must be {1, ..., 1, M, N} (Sizes[%u] "
                                   "must be 1)", n, FormatDims(coords.sizes.data(), coords.rank).c_str(), d);
    if (coords.sizes[rows] != in.ElementCount())
        return InvalidArgument("%s: OutputCoordinatesTensor.Sizes[%u] (M) is %u; it must be InputTensor's element "
                               "count, %llu (room for every element being non-zero)", n, rows, coords.sizes[rows],
                               (unsigned long long)in.ElementCount());
    const uint32_t width = coords.sizes[columns];
    if (width < EffectiveRank(in) || width > in.rank)
        return InvalidArgument("%s: OutputCoordinatesTensor.Sizes[%u] (N) is %u; it must be at least InputTensor's "
                               "effective rank (%u: its DimensionCount without leading sizes of 1) and at most its "
                               "DimensionCount (%u)", n, columns, width, EffectiveRank(in), in.rank);
    return Status::Ok();
}

}  // namespace vkdml
