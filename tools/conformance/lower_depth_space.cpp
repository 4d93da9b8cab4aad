// DepthToSpace -> DEPTH_TO_SPACE1, SpaceToDepth -> SPACE_TO_DEPTH1 (rank 4, NCHW). ONNX's DepthToSpace modes map to
// DML's orders: DCR (the default) -> DML_DEPTH_SPACE_ORDER_DEPTH_COLUMN_ROW, CRD -> COLUMN_ROW_DEPTH; SpaceToDepth
// is the inverse of DCR.
#include "lowering.h"

namespace conformance {
namespace {

LowerStatus LowerDepthSpace(const NodeContext& c, Plan* plan, bool toSpace) {
    const HostTensor* x = c.Input(0);
    if (!x) return LowerStatus::Fail("input 0 is missing");
    DML_TENSOR_DATA_TYPE type;
    CONFORMANCE_RETURN_IF_NOT_OK(ToDmlType(*x, "input 0", &type));
    if (x->shape.size() != 4) return LowerStatus::Fail("input rank is " + std::to_string(x->shape.size()) + "; 4 expected");
    const int64_t b = c.IntAttribute("blocksize", 0);
    if (b < 1) return LowerStatus::Fail("blocksize is " + std::to_string(b));
    DML_DEPTH_SPACE_ORDER order = DML_DEPTH_SPACE_ORDER_DEPTH_COLUMN_ROW;
    if (toSpace && c.opset >= 11) {
        std::string mode = "DCR";
        if (const onnx::AttributeProto* m = c.Attribute("mode")) mode = m->s();
        if (mode == "CRD") order = DML_DEPTH_SPACE_ORDER_COLUMN_ROW_DEPTH;
        else if (mode != "DCR") return LowerStatus::Fail("mode '" + mode + "' is neither DCR nor CRD");
    }
    const std::vector<int64_t>& s = x->shape;
    std::vector<int64_t> shape;
    if (toSpace) {
        if (s[1] % (b * b) != 0)
            return LowerStatus::Fail("channels " + std::to_string(s[1]) + " are not a multiple of blocksize^2");
        shape = {s[0], s[1] / (b * b), s[2] * b, s[3] * b};
    } else {
        if (s[2] % b != 0 || s[3] % b != 0)
            return LowerStatus::Fail("height/width " + FormatShape(s) + " are not multiples of blocksize " + std::to_string(b));
        shape = {s[0], s[1] * b * b, s[2] / b, s[3] / b};
    }
    SetOutput(plan, 0, shape, x->onnxType);
    if (ElementCount(shape) == 0) {
        plan->notes.push_back("output 0 " + FormatShape(shape) + " is empty: no dispatch");
        return LowerStatus::Ok();
    }
    std::vector<uint32_t> inSizes, outSizes;
    CONFORMANCE_RETURN_IF_NOT_OK(ToDmlSizes(s, &inSizes));
    CONFORMANCE_RETURN_IF_NOT_OK(ToDmlSizes(shape, &outSizes));
    const char* name = toSpace ? "DEPTH_TO_SPACE1" : "SPACE_TO_DEPTH1";
    Dispatch* d = plan->Add(toSpace ? DML_OPERATOR_DEPTH_TO_SPACE1 : DML_OPERATOR_SPACE_TO_DEPTH1, name);
    const DML_TENSOR_DESC* in = d->Tensor(type, inSizes);
    const DML_TENSOR_DESC* out = d->Tensor(type, outSizes);
    if (toSpace) {
        auto* desc = d->SetDesc<DML_DEPTH_TO_SPACE1_OPERATOR_DESC>();
        *desc = {in, out, uint32_t(b), order};
    } else {
        auto* desc = d->SetDesc<DML_SPACE_TO_DEPTH1_OPERATOR_DESC>();
        *desc = {in, out, uint32_t(b), order};
    }
    d->BindInput({false, 0, 0}, in);
    d->BindOutput({true, 0, 0}, out);
    d->text = std::string(name) + " " + DmlTypeName(type) + " in " + FormatDims(inSizes) + " out " +
              FormatDims(outSizes) + " BlockSize " + std::to_string(b) + " Order " +
              (order == DML_DEPTH_SPACE_ORDER_DEPTH_COLUMN_ROW ? "DEPTH_COLUMN_ROW" : "COLUMN_ROW_DEPTH");
    return LowerStatus::Ok();
}

}  // namespace

LowerStatus LowerDepthToSpace(const NodeContext& c, Plan* plan) { return LowerDepthSpace(c, plan, true); }
LowerStatus LowerSpaceToDepth(const NodeContext& c, Plan* plan) { return LowerDepthSpace(c, plan, false); }

}  // namespace conformance
