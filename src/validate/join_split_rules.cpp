#include "validate/operator_rules.h"
#include "validate/tensor_rules.h"

namespace vkdml {
namespace {

// More parts than this is almost surely a corrupt count; refusing it avoids reading a huge array.
constexpr uint32_t kMaxParts = 65536;

Status ReadParts(OperatorDesc* op, const char* countField, uint32_t count, const char* arrayField,
                 const DML_TENSOR_DESC* tensors, bool partsAreOutputs, std::vector<Tensor>* parts) {
    const char* n = op->name.c_str();
    if (count == 0) return InvalidArgument("%s: %s is 0; it must be greater than 0", n, countField);
    if (count > kMaxParts) return Unsupported("%s: %s is %u; vkdml supports at most %u", n, countField, count, kMaxParts);
    if (!tensors) return InvalidArgument("%s: %s is NULL; it must hold %s (%u) tensor descs", n, arrayField, countField, count);
    parts->resize(count);
    for (uint32_t i = 0; i < count; ++i)
        VKDML_RETURN_IF_ERROR(
            ReadOperatorTensor(*op, Format("%s[%u]", arrayField, i), partsAreOutputs, &tensors[i], &(*parts)[i]));
    return Status::Ok();
}

// All parts equal `whole` except along Axis, where they sum to whole's size.
Status CheckParts(const OperatorDesc& op, const Tensor& whole, const std::vector<Tensor>& parts) {
    const char* n = op.name.c_str();
    if (op.axis >= whole.rank)
        return InvalidArgument("%s: Axis is %u; it must be less than %s.DimensionCount (%u)", n, op.axis,
                               whole.name.c_str(), whole.rank);
    uint64_t sum = 0;
    for (const Tensor& part : parts) {
        VKDML_RETURN_IF_ERROR(CheckSameDataType(op, whole, part));
        VKDML_RETURN_IF_ERROR(CheckSameRank(op, whole, part));
        for (uint32_t d = 0; d < whole.rank; ++d)
            if (d != op.axis && part.sizes[d] != whole.sizes[d])
                return InvalidArgument("%s: %s.Sizes[%u] is %u but %s.Sizes[%u] is %u; sizes must match except along "
                                       "Axis (%u)", n, part.name.c_str(), d, part.sizes[d], whole.name.c_str(), d,
                                       whole.sizes[d], op.axis);
        sum += part.sizes[op.axis];
    }
    if (sum != whole.sizes[op.axis])
        return InvalidArgument("%s: the Sizes[%u] of the %zu parts sum to %llu but %s.Sizes[%u] is %u; they must be equal",
                               n, op.axis, parts.size(), (unsigned long long)sum, whole.name.c_str(), op.axis,
                               whole.sizes[op.axis]);
    return Status::Ok();
}

}  // namespace

Status ReadSplit(const void* d, OperatorDesc* op) {
    const auto& desc = *static_cast<const DML_SPLIT_OPERATOR_DESC*>(d);
    op->inputs.resize(1);
    VKDML_RETURN_IF_ERROR(ReadOperatorTensor(*op, "InputTensor", false, desc.InputTensor, &op->inputs[0]));
    VKDML_RETURN_IF_ERROR(
        ReadParts(op, "OutputCount", desc.OutputCount, "OutputTensors", desc.OutputTensors, true, &op->outputs));
    op->axis = desc.Axis;
    return Status::Ok();
}

Status ValidateSplit(const OperatorDesc& op, DML_FEATURE_LEVEL) { return CheckParts(op, op.inputs[0], op.outputs); }

Status ReadJoin(const void* d, OperatorDesc* op) {
    const auto& desc = *static_cast<const DML_JOIN_OPERATOR_DESC*>(d);
    VKDML_RETURN_IF_ERROR(
        ReadParts(op, "InputCount", desc.InputCount, "InputTensors", desc.InputTensors, false, &op->inputs));
    op->outputs.resize(1);
    VKDML_RETURN_IF_ERROR(ReadOperatorTensor(*op, "OutputTensor", true, desc.OutputTensor, &op->outputs[0]));
    op->axis = desc.Axis;
    return Status::Ok();
}

Status ValidateJoin(const OperatorDesc& op, DML_FEATURE_LEVEL) { return CheckParts(op, op.outputs[0], op.inputs); }

}  // namespace vkdml
