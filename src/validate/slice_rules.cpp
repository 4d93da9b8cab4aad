#include "validate/operator_rules.h"
#include "validate/tensor_rules.h"

#include <cstdlib>

namespace vkdml {
namespace {

// Reads DimensionCount and the three window arrays (the tensors are read by the caller).
template <typename Desc, typename StrideType>
Status ReadWindow(const Desc& desc, const char* offsetsField, const UINT* offsets, const char* sizesField,
                  const UINT* sizes, const char* stridesField, const StrideType* strides, OperatorDesc* op) {
    if (desc.DimensionCount < 1 || desc.DimensionCount > kMaxRank)
        return InvalidArgument("%s: DimensionCount is %u; it must be 1 to %u", op->name.c_str(), desc.DimensionCount,
                               kMaxRank);
    VKDML_RETURN_IF_ERROR(CheckArrayField(*op, offsetsField, offsets));
    VKDML_RETURN_IF_ERROR(CheckArrayField(*op, sizesField, sizes));
    VKDML_RETURN_IF_ERROR(CheckArrayField(*op, stridesField, strides));
    op->dimensionCount = desc.DimensionCount;
    for (uint32_t d = 0; d < desc.DimensionCount; ++d) {
        op->windowOffsets[d] = offsets[d];
        op->windowSizes[d] = sizes[d];
        op->windowStrides[d] = strides[d];
    }
    return Status::Ok();
}

Status ReadInputOutput(const DML_TENSOR_DESC* input, const char* inputName, const DML_TENSOR_DESC* output,
                       const char* outputName, OperatorDesc* op) {
    op->inputs.resize(1);
    op->outputs.resize(1);
    VKDML_RETURN_IF_ERROR(ReadOperatorTensor(*op, inputName, false, input, &op->inputs[0]));
    return ReadOperatorTensor(*op, outputName, true, output, &op->outputs[0]);
}

Status CheckCommon(const OperatorDesc& op) {
    VKDML_RETURN_IF_ERROR(CheckSameDataType(op, op.inputs[0], op.outputs[0]));
    VKDML_RETURN_IF_ERROR(CheckSameRank(op, op.inputs[0], op.outputs[0]));
    return CheckDimensionCountField(op, "DimensionCount", op.dimensionCount, op.inputs[0]);
}

}  // namespace

Status ReadSlice(const void* d, OperatorDesc* op) {
    const auto& desc = *static_cast<const DML_SLICE_OPERATOR_DESC*>(d);
    VKDML_RETURN_IF_ERROR(ReadInputOutput(desc.InputTensor, "InputTensor", desc.OutputTensor, "OutputTensor", op));
    return ReadWindow(desc, "Offsets", desc.Offsets, "Sizes", desc.Sizes, "Strides", desc.Strides, op);
}

// SLICE: Output[c] = Input[Offsets + Strides * c]; Sizes are the output sizes.
Status ValidateSlice(const OperatorDesc& op, DML_FEATURE_LEVEL) {
    VKDML_RETURN_IF_ERROR(CheckCommon(op));
    const Tensor& in = op.inputs[0];
    const Tensor& out = op.outputs[0];
    const char* n = op.name.c_str();
    for (uint32_t i = 0; i < op.dimensionCount; ++i) {
        if (op.windowSizes[i] != out.sizes[i])
            return InvalidArgument("%s: Sizes[%u] is %u but OutputTensor.Sizes[%u] is %u; they must be equal", n, i,
                                   op.windowSizes[i], i, out.sizes[i]);
        if (op.windowStrides[i] < 1)
            return InvalidArgument("%s: Strides[%u] is 0; strides must be at least 1", n, i);
        if (op.windowSizes[i] == 0) continue;   // a zero-volume output (allowed by the device) reads nothing
        uint64_t last = uint64_t(op.windowOffsets[i]) + uint64_t(op.windowSizes[i] - 1) * uint64_t(op.windowStrides[i]);
        if (last >= in.sizes[i])
            return InvalidArgument("%s: Offsets[%u] + (Sizes[%u] - 1) * Strides[%u] = %llu reaches past "
                                   "InputTensor.Sizes[%u] = %u; the slice must stay inside the input", n, i, i, i,
                                   (unsigned long long)last, i, in.sizes[i]);
    }
    return Status::Ok();
}

Status ReadSlice1(const void* d, OperatorDesc* op) {
    const auto& desc = *static_cast<const DML_SLICE1_OPERATOR_DESC*>(d);
    VKDML_RETURN_IF_ERROR(ReadInputOutput(desc.InputTensor, "InputTensor", desc.OutputTensor, "OutputTensor", op));
    return ReadWindow(desc, "InputWindowOffsets", desc.InputWindowOffsets, "InputWindowSizes", desc.InputWindowSizes,
                      "InputWindowStrides", desc.InputWindowStrides, op);
}

namespace {

// The window rules of SLICE1 and SLICE_GRAD: a non-empty window inside `windowed` (SLICE1's input, SLICE_GRAD's
// output gradient), non-zero strides, and 1 <= sliced.Sizes[i] <= MaxCopiedElements[i] for the tensor holding the
// sliced elements (SLICE1's output, SLICE_GRAD's input gradient).
Status CheckWindow(const OperatorDesc& op, const Tensor& windowed, const Tensor& sliced) {
    const char* n = op.name.c_str();
    const char* w = windowed.name.c_str();
    for (uint32_t i = 0; i < op.dimensionCount; ++i) {
        if (op.windowStrides[i] == 0)
            return InvalidArgument("%s: InputWindowStrides[%u] is 0; strides may not be 0", n, i);
        // An empty window can only give a zero-volume result, on devices that allow those.
        if (op.windowSizes[i] == 0 && !(op.allowZeroVolume && sliced.sizes[i] == 0))
            return InvalidArgument("%s: InputWindowSizes[%u] is 0; the input window must not be empty%s", n, i,
                                   op.allowZeroVolume ? " unless the sliced tensor is zero-volume along it" : "");
        uint64_t end = uint64_t(op.windowOffsets[i]) + op.windowSizes[i];
        if (end > windowed.sizes[i])
            return InvalidArgument("%s: InputWindowOffsets[%u] + InputWindowSizes[%u] = %llu exceeds %s.Sizes[%u] "
                                   "= %u; the window must stay inside %s", n, i, i, (unsigned long long)end, w, i,
                                   windowed.sizes[i], windowed.isOutput ? "the output" : "the input");
        uint64_t maxCopied =
            op.windowSizes[i] == 0 ? 0 : 1 + (uint64_t(op.windowSizes[i]) - 1) / uint64_t(std::llabs(op.windowStrides[i]));
        if (sliced.sizes[i] > maxCopied)
            return InvalidArgument("%s: %s.Sizes[%u] is %u; the window (size %u, stride %lld) yields at most "
                                   "%llu elements (1 <= OutputSizes[i] <= MaxCopiedElements[i])", n,
                                   sliced.name.c_str(), i, sliced.sizes[i], op.windowSizes[i],
                                   (long long)op.windowStrides[i], (unsigned long long)maxCopied);
    }
    return Status::Ok();
}

}  // namespace

// SLICE1 (seed 000): a non-empty window inside the input, non-zero strides, 1 <= OutputSizes[i] <= MaxCopiedElements.
Status ValidateSlice1(const OperatorDesc& op, DML_FEATURE_LEVEL) {
    VKDML_RETURN_IF_ERROR(CheckCommon(op));
    return CheckWindow(op, op.inputs[0], op.outputs[0]);
}

Status ReadSliceGrad(const void* d, OperatorDesc* op) {
    const auto& desc = *static_cast<const DML_SLICE_GRAD_OPERATOR_DESC*>(d);
    VKDML_RETURN_IF_ERROR(ReadInputOutput(desc.InputGradientTensor, "InputGradientTensor", desc.OutputGradientTensor,
                                          "OutputGradientTensor", op));
    return ReadWindow(desc, "InputWindowOffsets", desc.InputWindowOffsets, "InputWindowSizes", desc.InputWindowSizes,
                      "InputWindowStrides", desc.InputWindowStrides, op);
}

// SLICE_GRAD: SLICE1's window, applied to the output gradient (the forward input's shape); the input gradient has
// the forward output's shape.
Status ValidateSliceGrad(const OperatorDesc& op, DML_FEATURE_LEVEL) {
    VKDML_RETURN_IF_ERROR(CheckCommon(op));
    return CheckWindow(op, op.outputs[0], op.inputs[0]);
}

}  // namespace vkdml
