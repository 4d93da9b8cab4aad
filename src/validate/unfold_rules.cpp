// UNFOLD (im2col): InputTensor {N, C, spatial...} with DimensionCount spatial dimensions, OutputTensor
// {N, C x prod(WindowSizes), BlockCount} - one row per channel and window position, one column per block (the
// DirectML page's examples: a 4-D input unfolds to a 3-D output). The page also asks both tensors to have the same
// DimensionCount, which its own examples do not; vkdml accepts both readings: either tensor may carry leading
// dimensions of size 1 before those it names.
#include "core/checked_math.h"
#include "core/sliding_window.h"
#include "validate/operator_rules.h"
#include "validate/tensor_rules.h"

namespace vkdml {
namespace {

constexpr uint32_t kMaxSpatialDimensions = 6;

// Every size before the last `named` ones must be 1.
Status CheckLeadingOnes(const OperatorDesc& op, const Tensor& t, uint32_t named, const char* what) {
    for (uint32_t i = 0; i + named < t.rank; ++i)
        if (t.sizes[i] != 1)
            return InvalidArgument("%s: %s.Sizes[%u] is %u; the sizes before %s must be 1", op.name.c_str(),
                                   t.name.c_str(), i, t.sizes[i], what);
    return Status::Ok();
}

template <typename T>
Status CheckAtLeastOne(const OperatorDesc& op, const char* field, const std::array<T, kMaxRank>& values) {
    for (uint32_t i = 0; i < op.dimensionCount; ++i)
        if (values[i] == 0) return InvalidArgument("%s: %s[%u] is 0; it must be at least 1", op.name.c_str(), field, i);
    return Status::Ok();
}

}  // namespace

Status ReadUnfold(const void* d, OperatorDesc* op) {
    const auto& desc = *static_cast<const DML_UNFOLD_OPERATOR_DESC*>(d);
    const char* n = op->name.c_str();
    VKDML_RETURN_IF_ERROR(ReadTensors(op, {{"InputTensor", desc.InputTensor}}, {{"OutputTensor", desc.OutputTensor}}));
    // DimensionCount is checked before the arrays are read: it says how many values each holds.
    if (desc.DimensionCount < 1 || desc.DimensionCount > kMaxSpatialDimensions)
        return InvalidArgument("%s: DimensionCount is %u; it must be in [1, %u] (the input's spatial dimensions)", n,
                               desc.DimensionCount, kMaxSpatialDimensions);
    const struct {
        const char* name;
        const UINT* values;
    } arrays[] = {{"WindowSizes", desc.WindowSizes}, {"Strides", desc.Strides}, {"Dilations", desc.Dilations},
                  {"StartPadding", desc.StartPadding}, {"EndPadding", desc.EndPadding}};
    for (const auto& a : arrays)
        if (!a.values) return InvalidArgument("%s: %s is NULL; it must hold DimensionCount values", n, a.name);
    op->dimensionCount = desc.DimensionCount;
    for (uint32_t i = 0; i < desc.DimensionCount; ++i) {
        op->windowSizes[i] = desc.WindowSizes[i];
        op->windowStrides[i] = desc.Strides[i];
        op->dilations[i] = desc.Dilations[i];
        op->startPadding[i] = desc.StartPadding[i];
        op->endPadding[i] = desc.EndPadding[i];
    }
    return Status::Ok();
}

// The window must fit the padded input along every spatial dimension (at least one block), and the output's sizes
// are {N, C x prod(WindowSizes), prod(BlocksPerDimension)}.
Status ValidateUnfold(const OperatorDesc& op, DML_FEATURE_LEVEL) {
    const Tensor& in = op.inputs[0];
    const Tensor& out = op.outputs[0];
    const char* n = op.name.c_str();
    const uint32_t spatial = op.dimensionCount;
    VKDML_RETURN_IF_ERROR(CheckSameDataType(op, in, out));
    if (in.rank < spatial + 2)
        return InvalidArgument("%s: InputTensor has %u dimensions; it needs DimensionCount + 2 = %u ({N, C} and the "
                               "spatial dimensions)", n, in.rank, spatial + 2);
    VKDML_RETURN_IF_ERROR(CheckLeadingOnes(op, in, spatial + 2, "{N, C, spatial dimensions}"));
    VKDML_RETURN_IF_ERROR(CheckLeadingOnes(op, out, 3, "{N, C x prod(WindowSizes), BlockCount}"));
    VKDML_RETURN_IF_ERROR(CheckAtLeastOne(op, "WindowSizes", op.windowSizes));
    VKDML_RETURN_IF_ERROR(CheckAtLeastOne(op, "Strides", op.windowStrides));
    VKDML_RETURN_IF_ERROR(CheckAtLeastOne(op, "Dilations", op.dilations));

    const uint32_t first = in.rank - spatial;   // the input's first spatial dimension
    uint64_t windowElements = 1, blocks = 1;
    for (uint32_t i = 0; i < spatial; ++i) {
        const uint32_t size = in.sizes[first + i];
        const uint64_t along = BlocksAlong(size, op, i);
        if (along == 0)
            return InvalidArgument("%s: along spatial dimension %u the window spans Dilations[%u] x (WindowSizes[%u] "
                                   "- 1) + 1 = %llu elements, more than the padded input's InputTensor.Sizes[%u] + "
                                   "StartPadding[%u] + EndPadding[%u] = %llu", n, i, i, i,
                                   (unsigned long long)WindowSpan(op, i), first + i, i, i,
                                   (unsigned long long)PaddedSize(size, op, i));
        // Saturated rather than wrapped: an overflowing product matches no output size.
        windowElements = CheckedMul(windowElements, op.windowSizes[i]).value_or(UINT64_MAX);
        blocks = CheckedMul(blocks, along).value_or(UINT64_MAX);
    }
    const uint64_t expected[3] = {in.sizes[first - 2],
                                  CheckedMul(in.sizes[first - 1], windowElements).value_or(UINT64_MAX), blocks};
    const char* rule[3] = {"InputTensor's N", "C x prod(WindowSizes)", "BlockCount = prod(BlocksPerDimension)"};
    for (uint32_t j = 0; j < 3; ++j) {
        const uint32_t d = out.rank - 3 + j;
        if (out.sizes[d] != expected[j])
            return InvalidArgument("%s: OutputTensor.Sizes[%u] is %u; it must be %s = %llu", n, d, out.sizes[d],
                                   rule[j], (unsigned long long)expected[j]);
    }
    return Status::Ok();
}

}  // namespace vkdml
