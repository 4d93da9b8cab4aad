#include "validate/operator_rules.h"
#include "validate/tensor_rules.h"

namespace vkdml {
namespace {

template <typename Desc>
Status ReadDepthSpace(const Desc& desc, uint32_t order, OperatorDesc* op) {
    const char* n = op->name.c_str();
    VKDML_RETURN_IF_ERROR(ReadTensors(op, {{"InputTensor", desc.InputTensor}}, {{"OutputTensor", desc.OutputTensor}}));
    op->blockSize = desc.BlockSize;
    if (order > DML_DEPTH_SPACE_ORDER_COLUMN_ROW_DEPTH)
        return InvalidArgument("%s: Order is %u; it must be DML_DEPTH_SPACE_ORDER_DEPTH_COLUMN_ROW (0) or "
                               "DML_DEPTH_SPACE_ORDER_COLUMN_ROW_DEPTH (1)", n, order);
    op->order = DML_DEPTH_SPACE_ORDER(order);
    return Status::Ok();
}

// {N, C, H, W} (space) <-> {N, C * BlockSize^2, H / BlockSize, W / BlockSize} (depth); toSpace: the input is the
// depth form (DEPTH_TO_SPACE), else the space form (SPACE_TO_DEPTH).
Status CheckDepthSpace(const OperatorDesc& op, bool toSpace) {
    const Tensor& in = op.inputs[0];
    const Tensor& out = op.outputs[0];
    const char* n = op.name.c_str();
    VKDML_RETURN_IF_ERROR(CheckSameDataType(op, in, out));
    VKDML_RETURN_IF_ERROR(CheckSameRank(op, in, out));
    const uint64_t b = op.blockSize;
    if (b == 0) return InvalidArgument("%s: BlockSize is 0; it must be at least 1", n);
    uint64_t expected[4];
    if (toSpace) {
        if (in.sizes[1] % (b * b) != 0)
            return InvalidArgument("%s: InputTensor.Sizes[1] (channels) is %u; it must be a multiple of BlockSize * "
                                   "BlockSize = %llu", n, in.sizes[1], (unsigned long long)(b * b));
        expected[0] = in.sizes[0], expected[1] = in.sizes[1] / (b * b);
        expected[2] = in.sizes[2] * b, expected[3] = in.sizes[3] * b;
    } else {
        for (uint32_t d = 2; d < 4; ++d)
            if (in.sizes[d] % b != 0)
                return InvalidArgument("%s: InputTensor.Sizes[%u] is %u; it must be a multiple of BlockSize (%u)", n, d,
                                       in.sizes[d], op.blockSize);
        expected[0] = in.sizes[0], expected[1] = in.sizes[1] * b * b;
        expected[2] = in.sizes[2] / b, expected[3] = in.sizes[3] / b;
    }
    for (uint32_t d = 0; d < 4; ++d)
        if (out.sizes[d] != expected[d]) {
            uint32_t shown[4];
            for (uint32_t k = 0; k < 4; ++k) shown[k] = uint32_t(expected[k]);
            bool fits = expected[1] <= UINT32_MAX && expected[2] <= UINT32_MAX && expected[3] <= UINT32_MAX;
            return InvalidArgument("%s: OutputTensor.Sizes is %s; InputTensor.Sizes %s with BlockSize %u gives %s", n,
                                   FormatDims(out.sizes.data(), 4).c_str(), FormatDims(in.sizes.data(), 4).c_str(),
                                   op.blockSize, fits ? FormatDims(shown, 4).c_str() : "sizes beyond 2^32");
        }
    return Status::Ok();
}

}  // namespace

Status ReadDepthToSpace(const void* d, OperatorDesc* op) {
    return ReadDepthSpace(*static_cast<const DML_DEPTH_TO_SPACE_OPERATOR_DESC*>(d), 0, op);
}
Status ReadDepthToSpace1(const void* d, OperatorDesc* op) {
    const auto& desc = *static_cast<const DML_DEPTH_TO_SPACE1_OPERATOR_DESC*>(d);
    return ReadDepthSpace(desc, uint32_t(desc.Order), op);
}
Status ReadSpaceToDepth(const void* d, OperatorDesc* op) {
    return ReadDepthSpace(*static_cast<const DML_SPACE_TO_DEPTH_OPERATOR_DESC*>(d), 0, op);
}
Status ReadSpaceToDepth1(const void* d, OperatorDesc* op) {
    const auto& desc = *static_cast<const DML_SPACE_TO_DEPTH1_OPERATOR_DESC*>(d);
    return ReadDepthSpace(desc, uint32_t(desc.Order), op);
}

// DEPTH_TO_SPACE(1): output {N, C / B^2, H * B, W * B}.
Status ValidateDepthToSpace(const OperatorDesc& op, DML_FEATURE_LEVEL) { return CheckDepthSpace(op, true); }
// SPACE_TO_DEPTH(1): output {N, C * B^2, H / B, W / B} (the page's example; its member text swaps the two forms).
Status ValidateSpaceToDepth(const OperatorDesc& op, DML_FEATURE_LEVEL) { return CheckDepthSpace(op, false); }

}  // namespace vkdml
