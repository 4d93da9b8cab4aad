// UNFOLD (im2col) and FOLD (col2im), one the other's inverse. Both relate an image {N, C, spatial...} with
// DimensionCount spatial dimensions to its columns {N, C x prod(WindowSizes), BlockCount} - one row per channel and
// window position, one column per block: UNFOLD reads the image (InputTensor) and writes the columns (OutputTensor),
// FOLD the other way round. The DirectML pages' examples give a 4-D image and 3-D columns; the pages also ask both
// tensors to have the same DimensionCount, which those examples do not. vkdml accepts both readings: either tensor
// may carry leading dimensions of size 1 before those it names.
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

// DML_UNFOLD_OPERATOR_DESC and DML_FOLD_OPERATOR_DESC have the same fields.
template <typename Desc>
Status ReadWindows(const Desc& desc, OperatorDesc* op) {
    const char* n = op->name.c_str();
    VKDML_RETURN_IF_ERROR(ReadTensors(op, {{"InputTensor", desc.InputTensor}}, {{"OutputTensor", desc.OutputTensor}}));
    // DimensionCount is checked before the arrays are read: it says how many values each holds.
    if (desc.DimensionCount < 1 || desc.DimensionCount > kMaxSpatialDimensions)
        return InvalidArgument("%s: DimensionCount is %u; it must be in [1, %u] (the image's spatial dimensions)", n,
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

// The window must fit the padded image along every spatial dimension (at least one block), and the columns' sizes
// are {N, C x prod(WindowSizes), prod(BlocksPerDimension)}.
Status ValidateWindows(const OperatorDesc& op, const Tensor& image, const Tensor& columns) {
    const char* n = op.name.c_str();
    const uint32_t spatial = op.dimensionCount;
    VKDML_RETURN_IF_ERROR(CheckSameDataType(op, op.inputs[0], op.outputs[0]));
    if (image.rank < spatial + 2)
        return InvalidArgument("%s: %s has %u dimensions; it needs DimensionCount + 2 = %u ({N, C} and the "
                               "spatial dimensions)", n, image.name.c_str(), image.rank, spatial + 2);
    VKDML_RETURN_IF_ERROR(CheckLeadingOnes(op, image, spatial + 2, "{N, C, spatial dimensions}"));
    VKDML_RETURN_IF_ERROR(CheckLeadingOnes(op, columns, 3, "{N, C x prod(WindowSizes), BlockCount}"));
    VKDML_RETURN_IF_ERROR(CheckAtLeastOne(op, "WindowSizes", op.windowSizes));
    VKDML_RETURN_IF_ERROR(CheckAtLeastOne(op, "Strides", op.windowStrides));
    VKDML_RETURN_IF_ERROR(CheckAtLeastOne(op, "Dilations", op.dilations));

    const uint32_t first = image.rank - spatial;   // the image's first spatial dimension
    uint64_t windowElements = 1, blocks = 1;
    for (uint32_t i = 0; i < spatial; ++i) {
        const uint32_t size = image.sizes[first + i];
        const uint64_t along = BlocksAlong(size, op, i);
        if (along == 0)
            return InvalidArgument("%s: along spatial dimension %u the window spans Dilations[%u] x (WindowSizes[%u] "
                                   "- 1) + 1 = %llu elements, more than the padded image's %s.Sizes[%u] + "
                                   "StartPadding[%u] + EndPadding[%u] = %llu", n, i, i, i,
                                   (unsigned long long)WindowSpan(op, i), image.name.c_str(), first + i, i, i,
                                   (unsigned long long)PaddedSize(size, op, i));
        // Saturated rather than wrapped: an overflowing product matches no size.
        windowElements = CheckedMul(windowElements, op.windowSizes[i]).value_or(UINT64_MAX);
        blocks = CheckedMul(blocks, along).value_or(UINT64_MAX);
    }
    const uint64_t expected[3] = {image.sizes[first - 2],
                                  CheckedMul(image.sizes[first - 1], windowElements).value_or(UINT64_MAX), blocks};
    const std::string imageN = image.name + "'s N";
    const char* rule[3] = {imageN.c_str(), "C x prod(WindowSizes)", "BlockCount = prod(BlocksPerDimension)"};
    for (uint32_t j = 0; j < 3; ++j) {
        const uint32_t d = columns.rank - 3 + j;
        if (columns.sizes[d] != expected[j])
            return InvalidArgument("%s: %s.Sizes[%u] is %u; it must be %s = %llu", n, columns.name.c_str(), d,
                                   columns.sizes[d], rule[j], (unsigned long long)expected[j]);
    }
    return Status::Ok();
}

}  // namespace

Status ReadUnfold(const void* d, OperatorDesc* op) {
    return ReadWindows(*static_cast<const DML_UNFOLD_OPERATOR_DESC*>(d), op);
}

Status ValidateUnfold(const OperatorDesc& op, DML_FEATURE_LEVEL) {
    return ValidateWindows(op, op.inputs[0], op.outputs[0]);
}

Status ReadFold(const void* d, OperatorDesc* op) {
    return ReadWindows(*static_cast<const DML_FOLD_OPERATOR_DESC*>(d), op);
}

// FOLD sums the values landing on each element (src/ops/fold.cpp) in the data type's own arithmetic, which vkdml's
// kernels compute exactly in integers; there is none for FLOAT64 yet. And it takes a pass per window position.
Status ValidateFold(const OperatorDesc& op, DML_FEATURE_LEVEL) {
    VKDML_RETURN_IF_ERROR(ValidateWindows(op, op.outputs[0], op.inputs[0]));
    if (op.outputs[0].dataType == DML_TENSOR_DATA_TYPE_FLOAT64)
        return Unsupported("%s: FOLD of FLOAT64 tensors is not implemented by vkdml (no exact 64-bit floating-point "
                           "add in its kernels)", op.name.c_str());
    uint64_t positions = 1;   // saturated: with C = 0 the columns' sizes do not bound it
    for (uint32_t i = 0; i < op.dimensionCount; ++i)
        positions = CheckedMul(positions, op.windowSizes[i]).value_or(UINT64_MAX);
    if (positions > kMaxFoldWindowPositions)
        return Unsupported("%s: the window has %llu positions; vkdml folds windows of at most %llu (a pass each)",
                           op.name.c_str(), (unsigned long long)positions,
                           (unsigned long long)kMaxFoldWindowPositions);
    return Status::Ok();
}

}  // namespace vkdml
