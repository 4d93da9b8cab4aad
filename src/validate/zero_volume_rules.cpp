// Zero-volume tensors (VKDML_CREATE_DEVICE_FLAG_ZERO_VOLUME_TENSORS): which operators may have a zero-volume input
// while an output is not empty. Everywhere else an empty input beside a non-empty output would mean reading elements
// that do not exist (a GATHER from an empty axis, an EDGE padding of nothing), so it is refused here rather than
// left to a kernel.
#include "validate/operator_rules.h"

#include <algorithm>

namespace vkdml {
namespace {

bool IsEmpty(const Tensor& t) { return t.present && t.IsEmpty(); }

// True when op produces its outputs without reading input `i` if that input has no element.
bool MayBeEmpty(const OperatorDesc& op, uint32_t i) {
    switch (uint32_t(op.type)) {   // as an integer: the vkdml extensions lie outside DML_OPERATOR_TYPE
        case DML_OPERATOR_JOIN: return true;                          // an empty part adds nothing
        case DML_OPERATOR_SCATTER:                                    // no update: the output is the input
        case DML_OPERATOR_SCATTER_ND:
        case VKDML_OPERATOR_SCATTER_ELEMENTS_REDUCE:
        case VKDML_OPERATOR_SCATTER_ND_REDUCE: return i >= 1;         // Indices, Updates
        case DML_OPERATOR_SLICE_GRAD:                                 // no gradient: the output is all zeros
        case DML_OPERATOR_MAX_UNPOOLING: return true;                 // nothing to unpool: likewise
        case DML_OPERATOR_NONZERO_COORDINATES: return true;           // no element: the count is 0
        case DML_OPERATOR_UNFOLD: return true;                        // the windows see only padding
        case DML_OPERATOR_PADDING:
        case DML_OPERATOR_PADDING1: return op.paddingMode == DML_PADDING_MODE_CONSTANT;   // all padding
        default: return false;
    }
}

}  // namespace

Status CheckZeroVolumeInputs(const OperatorDesc& op) {
    auto nonEmpty = std::find_if(op.outputs.begin(), op.outputs.end(), [](const Tensor& t) { return !IsEmpty(t); });
    if (nonEmpty == op.outputs.end()) return Status::Ok();   // nothing to compute: the operator records nothing
    for (uint32_t i = 0; i < op.inputs.size(); ++i) {
        const Tensor& in = op.inputs[i];
        if (!IsEmpty(in) || MayBeEmpty(op, i)) continue;
        return InvalidArgument("%s: %s is zero-volume (Sizes %s) but %s is not (Sizes %s); the operator would read "
                               "elements of %s that do not exist", op.name.c_str(), in.name.c_str(),
                               FormatDims(in.sizes.data(), in.rank).c_str(), nonEmpty->name.c_str(),
                               FormatDims(nonEmpty->sizes.data(), nonEmpty->rank).c_str(), in.name.c_str());
    }
    return Status::Ok();
}

}  // namespace vkdml
