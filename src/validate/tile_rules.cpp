#include "validate/operator_rules.h"
#include "validate/tensor_rules.h"

namespace vkdml {

Status ReadTile(const void* d, OperatorDesc* op) {
    const auto& desc = *static_cast<const DML_TILE_OPERATOR_DESC*>(d);
    const char* n = op->name.c_str();
    VKDML_RETURN_IF_ERROR(ReadTensors(op, {{"InputTensor", desc.InputTensor}}, {{"OutputTensor", desc.OutputTensor}}));
    // RepeatsCount is checked before Repeats is read: it says how many values the array holds.
    VKDML_RETURN_IF_ERROR(CheckDimensionCountField(*op, "RepeatsCount", desc.RepeatsCount, op->inputs[0]));
    if (!desc.Repeats) return InvalidArgument("%s: Repeats is NULL; it must hold RepeatsCount values", n);
    op->dimensionCount = desc.RepeatsCount;
    for (uint32_t i = 0; i < desc.RepeatsCount; ++i) op->repeats[i] = desc.Repeats[i];
    return Status::Ok();
}

// TILE: OutputTensor.Sizes[i] = InputTensor.Sizes[i] * Repeats[i], every repeat at least 1.
Status ValidateTile(const OperatorDesc& op, DML_FEATURE_LEVEL) {
    const Tensor& in = op.inputs[0];
    const Tensor& out = op.outputs[0];
    const char* n = op.name.c_str();
    VKDML_RETURN_IF_ERROR(CheckSameDataType(op, in, out));
    VKDML_RETURN_IF_ERROR(CheckSameRank(op, in, out));
    for (uint32_t i = 0; i < in.rank; ++i) {
        if (op.repeats[i] == 0) return InvalidArgument("%s: Repeats[%u] is 0; every repeat must be at least 1", n, i);
        uint64_t expected = uint64_t(in.sizes[i]) * op.repeats[i];
        if (out.sizes[i] != expected)
            return InvalidArgument("%s: OutputTensor.Sizes[%u] is %u; it must be InputTensor.Sizes[%u] * Repeats[%u] "
                                   "= %u * %u = %llu", n, i, out.sizes[i], i, i, in.sizes[i], op.repeats[i],
                                   (unsigned long long)expected);
    }
    return Status::Ok();
}

}  // namespace vkdml
