// The vkdml extension operators SCATTER_ELEMENTS_REDUCE and SCATTER_ND_REDUCE: SCATTER / SCATTER_ND's rules, plus
// the Reduction field.
#include "validate/operator_rules.h"
#include "validate/tensor_rules.h"

namespace vkdml {
namespace {

const char* ReductionName(uint32_t r) {
    switch (r) {
        case VKDML_SCATTER_REDUCTION_NONE: return "NONE";
        case VKDML_SCATTER_REDUCTION_ADD: return "ADD";
        case VKDML_SCATTER_REDUCTION_MULTIPLY: return "MULTIPLY";
        case VKDML_SCATTER_REDUCTION_MIN: return "MIN";
        case VKDML_SCATTER_REDUCTION_MAX: return "MAX";
        default: return "?";
    }
}

Status CheckReduction(const OperatorDesc& op) {
    const char* n = op.name.c_str();
    if (op.reduction > VKDML_SCATTER_REDUCTION_MAX)
        return InvalidArgument("%s: Reduction is %u; it must be a VKDML_SCATTER_REDUCTION value (0 NONE to 4 MAX)", n,
                               op.reduction);
    // The kernels have no 64-bit floating-point arithmetic (no shaderFloat64 needed anywhere); MIN and MAX compare
    // bit patterns and work on FLOAT64.
    const Tensor& out = op.outputs[0];
    if (out.dataType == DML_TENSOR_DATA_TYPE_FLOAT64 &&
        (op.reduction == VKDML_SCATTER_REDUCTION_ADD || op.reduction == VKDML_SCATTER_REDUCTION_MULTIPLY))
        return Unsupported("%s: Reduction %s on a FLOAT64 %s is not implemented by vkdml (no 64-bit floating-point "
                           "arithmetic); NONE, MIN and MAX are", n, ReductionName(op.reduction), out.name.c_str());
    return Status::Ok();
}

}  // namespace

Status ReadScatterElementsReduce(const void* d, OperatorDesc* op) {
    const auto& desc = *static_cast<const VKDML_SCATTER_ELEMENTS_REDUCE_OPERATOR_DESC*>(d);
    DML_SCATTER_OPERATOR_DESC base{desc.InputTensor, desc.IndicesTensor, desc.UpdatesTensor, desc.OutputTensor,
                                   desc.Axis};
    VKDML_RETURN_IF_ERROR(ReadScatter(&base, op));
    op->reduction = uint32_t(desc.Reduction);
    return Status::Ok();
}

Status ValidateScatterElementsReduce(const OperatorDesc& op, DML_FEATURE_LEVEL level) {
    VKDML_RETURN_IF_ERROR(ValidateScatter(op, level));
    return CheckReduction(op);
}

Status ReadScatterNdReduce(const void* d, OperatorDesc* op) {
    const auto& desc = *static_cast<const VKDML_SCATTER_ND_REDUCE_OPERATOR_DESC*>(d);
    DML_SCATTER_ND_OPERATOR_DESC base{desc.InputTensor,   desc.IndicesTensor,       desc.UpdatesTensor,
                                      desc.OutputTensor, desc.InputDimensionCount, desc.IndicesDimensionCount};
    VKDML_RETURN_IF_ERROR(ReadScatterNd(&base, op));
    op->reduction = uint32_t(desc.Reduction);
    return Status::Ok();
}

Status ValidateScatterNdReduce(const OperatorDesc& op, DML_FEATURE_LEVEL level) {
    VKDML_RETURN_IF_ERROR(ValidateScatterNd(op, level));
    return CheckReduction(op);
}

}  // namespace vkdml
