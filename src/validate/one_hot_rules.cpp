#include "validate/operator_rules.h"
#include "validate/tensor_rules.h"

namespace vkdml {

Status ReadOneHot(const void* d, OperatorDesc* op) {
    const auto& desc = *static_cast<const DML_ONE_HOT_OPERATOR_DESC*>(d);
    VKDML_RETURN_IF_ERROR(ReadTensors(op, {{"IndicesTensor", desc.IndicesTensor}, {"ValuesTensor", desc.ValuesTensor}},
                                      {{"OutputTensor", desc.OutputTensor}}));
    op->axis = desc.Axis;
    return Status::Ok();
}

// ONE_HOT: IndicesTensor has the output's sizes with 1 at Axis; ValuesTensor (the output's type) holds at least two
// elements: the off value first, the on value next along its last dimension larger than 1.
Status ValidateOneHot(const OperatorDesc& op, DML_FEATURE_LEVEL) {
    const Tensor& indices = op.inputs[0];
    const Tensor& values = op.inputs[1];
    const Tensor& out = op.outputs[0];
    const char* n = op.name.c_str();
    VKDML_RETURN_IF_ERROR(CheckSameDataType(op, values, out));
    VKDML_RETURN_IF_ERROR(CheckSameRank(op, indices, values));
    VKDML_RETURN_IF_ERROR(CheckSameRank(op, indices, out));
    if (op.axis >= indices.rank)
        return InvalidArgument("%s: Axis is %u; it must be less than IndicesTensor.DimensionCount (%u)", n, op.axis,
                               indices.rank);
    for (uint32_t d = 0; d < out.rank; ++d) {
        uint32_t expected = d == op.axis ? 1 : out.sizes[d];
        if (indices.sizes[d] != expected)
            return InvalidArgument("%s: IndicesTensor.Sizes[%u] is %u; it must be %u (OutputTensor.Sizes with 1 at "
                                   "Axis %u)", n, d, indices.sizes[d], expected, op.axis);
    }
    if (values.ElementCount() < 2)
        return InvalidArgument("%s: ValuesTensor has %llu element; it must hold at least 2 (off value, on value)", n,
                               (unsigned long long)values.ElementCount());
    return Status::Ok();
}

}  // namespace vkdml
