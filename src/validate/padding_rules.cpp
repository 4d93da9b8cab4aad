#include "core/data_type.h"
#include "core/feature_level.h"
#include "core/scalar_bits.h"
#include "validate/operator_rules.h"
#include "validate/tensor_rules.h"

namespace vkdml {
namespace {

template <typename Desc>
Status ReadPaddingCommon(const Desc& desc, OperatorDesc* op) {
    const char* n = op->name.c_str();
    VKDML_RETURN_IF_ERROR(ReadTensors(op, {{"InputTensor", desc.InputTensor}}, {{"OutputTensor", desc.OutputTensor}}));
    VKDML_RETURN_IF_ERROR(CheckDimensionCountField(*op, "DimensionCount", desc.DimensionCount, op->inputs[0]));
    if (!desc.StartPadding) return InvalidArgument("%s: StartPadding is NULL; it must hold DimensionCount values", n);
    if (!desc.EndPadding) return InvalidArgument("%s: EndPadding is NULL; it must hold DimensionCount values", n);
    op->dimensionCount = desc.DimensionCount;
    for (uint32_t i = 0; i < desc.DimensionCount; ++i) {
        op->startPadding[i] = desc.StartPadding[i];
        op->endPadding[i] = desc.EndPadding[i];
    }
    op->paddingMode = desc.PaddingMode;
    return Status::Ok();
}

struct ModeInfo {
    DML_PADDING_MODE mode;
    const char* name;
    DML_FEATURE_LEVEL introduced;
};
constexpr ModeInfo kModes[] = {
    {DML_PADDING_MODE_CONSTANT, "DML_PADDING_MODE_CONSTANT", DML_FEATURE_LEVEL_1_0},
    {DML_PADDING_MODE_EDGE, "DML_PADDING_MODE_EDGE", DML_FEATURE_LEVEL_1_0},
    {DML_PADDING_MODE_REFLECTION, "DML_PADDING_MODE_REFLECTION", DML_FEATURE_LEVEL_1_0},
    {DML_PADDING_MODE_SYMMETRIC, "DML_PADDING_MODE_SYMMETRIC", DML_FEATURE_LEVEL_3_0},
    {DML_PADDING_MODE_WRAP, "DML_PADDING_MODE_WRAP", DML_FEATURE_LEVEL_6_4},
};

}  // namespace

Status ReadPadding(const void* d, OperatorDesc* op) {
    const auto& desc = *static_cast<const DML_PADDING_OPERATOR_DESC*>(d);
    VKDML_RETURN_IF_ERROR(ReadPaddingCommon(desc, op));
    op->value = FloatToElementBits(desc.PaddingValue, op->outputs[0].dataType);
    return Status::Ok();
}

Status ReadPadding1(const void* d, OperatorDesc* op) {
    const auto& desc = *static_cast<const DML_PADDING1_OPERATOR_DESC*>(d);
    VKDML_RETURN_IF_ERROR(ReadPaddingCommon(desc, op));
    if (desc.PaddingValueDataType != op->outputs[0].dataType)
        return InvalidArgument("%s: PaddingValueDataType is %s but OutputTensor.DataType is %s; they must be the same",
                               op->name.c_str(), DataTypeName(desc.PaddingValueDataType),
                               DataTypeName(op->outputs[0].dataType));
    op->value = ScalarUnionBits(desc.PaddingValue, desc.PaddingValueDataType);
    return Status::Ok();
}

// PADDING and PADDING1: OutputTensor.Sizes[i] = InputTensor.Sizes[i] + StartPadding[i] + EndPadding[i]; the mode
// must exist at the device's feature level (SYMMETRIC from 3_0, WRAP from 6_4). Padding may exceed the input's size
// in every mode (REFLECTION and SYMMETRIC then fold repeatedly, as the page says).
Status ValidatePadding(const OperatorDesc& op, DML_FEATURE_LEVEL level) {
    const Tensor& in = op.inputs[0];
    const Tensor& out = op.outputs[0];
    const char* n = op.name.c_str();
    VKDML_RETURN_IF_ERROR(CheckSameDataType(op, in, out));
    VKDML_RETURN_IF_ERROR(CheckSameRank(op, in, out));
    const ModeInfo* mode = nullptr;
    for (const ModeInfo& m : kModes)
        if (m.mode == op.paddingMode) mode = &m;
    if (!mode) return InvalidArgument("%s: PaddingMode is %d, which is not a DML_PADDING_MODE", n, int(op.paddingMode));
    if (mode->introduced > level)
        return Unsupported("%s: PaddingMode %s needs DML_FEATURE_LEVEL_%s; this device runs DML_FEATURE_LEVEL_%s", n,
                           mode->name, FeatureLevelName(mode->introduced), FeatureLevelName(level));
    for (uint32_t i = 0; i < in.rank; ++i) {
        uint64_t expected = uint64_t(in.sizes[i]) + op.startPadding[i] + op.endPadding[i];
        if (out.sizes[i] != expected)
            return InvalidArgument("%s: OutputTensor.Sizes[%u] is %u; it must be InputTensor.Sizes[%u] + StartPadding[%u] "
                                   "+ EndPadding[%u] = %u + %u + %u = %llu", n, i, out.sizes[i], i, i, i, in.sizes[i],
                                   op.startPadding[i], op.endPadding[i], (unsigned long long)expected);
        // The kernels shift coordinates as 32-bit signed values.
        if (out.sizes[i] > uint32_t(INT32_MAX) && (op.startPadding[i] || op.endPadding[i]))
            return Unsupported("%s: OutputTensor.Sizes[%u] is %u; vkdml pads dimensions of at most 2^31-1 elements", n,
                               i, out.sizes[i]);
    }
    return Status::Ok();
}

}  // namespace vkdml
