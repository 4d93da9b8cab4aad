// Compress -> NONZERO_COORDINATES over the condition, then GATHER of the selected slices. ONNX keeps the slices of
// `input` along `axis` whose BOOL condition is true (no axis: of the flattened input, giving a 1-D output); a
// condition shorter than the axis drops the slices past its end. The output's shape depends on the data: the
// number of true elements comes from the condition on the host, as the shape inference of an engine with static
// shapes does (as for NonZero); the indices are the device's. NONZERO_COORDINATES reads the first L = min(len,
// axis size) condition elements as UINT8 {L} (BOOL moves as UINT8) and writes their positions as the rows of a
// scratch {L, 1} UINT32, in order; GATHER then takes the first `count` rows as UINT32 indices {1, 1, count}
// (IndexDimensions 1) along axis 1 of the input viewed as {outer, axis size, inner}, so any rank runs. A true
// element at or past the axis's size selects a slice that does not exist (ONNX leaves that undefined): SKIP.
#include "lowering.h"

#include <algorithm>

namespace conformance {
namespace {

using onnx::TensorProto;

// The condition: a 1-D BOOL tensor.
LowerStatus CheckCondition(const HostTensor& condition) {
    if (condition.onnxType != TensorProto::BOOL)
        return LowerStatus::Fail(std::string("condition has type ") + OnnxTypeName(condition.onnxType) +
                                 "; ONNX requires BOOL");
    if (condition.shape.size() != 1)
        return LowerStatus::Fail("condition has shape " + FormatShape(condition.shape) + "; ONNX requires 1-D");
    return LowerStatus::Ok();
}

// The number of true elements among the first `length`, or a SKIP if one past them is true too.
LowerStatus CountSelected(const HostTensor& condition, uint64_t length, uint32_t* count) {
    *count = 0;
    for (uint64_t i = 0; i < condition.bytes.size(); ++i) {
        if (!condition.bytes[i]) continue;
        if (i >= length)
            return LowerStatus::Skip("condition element " + std::to_string(i) + " is true but the axis has only " +
                                     std::to_string(length) + " slices; ONNX leaves that undefined");
        ++*count;
    }
    return LowerStatus::Ok();
}

// GATHER of the input ({outer, axis, inner}) along axis 1 with the first `count` rows of `rows` as indices.
void AddGather(Plan* plan, DML_TENSOR_DATA_TYPE type, const std::vector<uint32_t>& inSizes, uint32_t count,
               TensorRef rows) {
    const std::vector<uint32_t> idxSizes = {1, 1, count}, outSizes = {inSizes[0], count, inSizes[2]};
    Dispatch* d = plan->Add(DML_OPERATOR_GATHER, "GATHER");
    const DML_TENSOR_DESC* in = d->Tensor(type, inSizes);
    const DML_TENSOR_DESC* idx = d->Tensor(DML_TENSOR_DATA_TYPE_UINT32, idxSizes);
    const DML_TENSOR_DESC* out = d->Tensor(type, outSizes);
    *d->SetDesc<DML_GATHER_OPERATOR_DESC>() = {in, idx, out, 1, 1};
    d->BindInput({false, 0, 0}, in);
    d->BindInput(rows, idx);
    d->BindOutput({true, 0, 0}, out);
    d->text = std::string("GATHER ") + DmlTypeName(type) + " in " + FormatDims(inSizes) + " indices UINT32" +
              FormatDims(idxSizes) + " (the first " + std::to_string(count) + " rows) out " + FormatDims(outSizes) +
              " Axis 1 IndexDimensions 1";
}

}  // namespace

LowerStatus LowerCompress(const NodeContext& c, Plan* plan) {
    const HostTensor* x = c.Input(0);
    const HostTensor* condition = c.Input(1);
    if (!x || !condition) return LowerStatus::Fail("Compress needs inputs 0 (input) and 1 (condition)");
    CONFORMANCE_RETURN_IF_NOT_OK(CheckCondition(*condition));
    DML_TENSOR_DATA_TYPE type;
    CONFORMANCE_RETURN_IF_NOT_OK(ToDmlType(*x, "input", &type));

    // The {outer, axis, inner} view, and the output's shape with the axis (or the flattened input) cut to `count`.
    const bool flatten = c.Attribute("axis") == nullptr;
    size_t axis = 0;
    std::vector<int64_t> view = {1, int64_t(x->ElementCount()), 1};
    if (!flatten) {
        if (x->shape.empty()) return LowerStatus::Fail("Compress with an axis needs an input of rank >= 1");
        CONFORMANCE_RETURN_IF_NOT_OK(NormalizeAxis(c.IntAttribute("axis", 0), x->shape.size(), "axis", &axis));
        view = ThreeDimView(x->shape, axis);
    }
    const uint64_t length = std::min<uint64_t>(condition->ElementCount(), uint64_t(view[1]));
    uint32_t count = 0;
    CONFORMANCE_RETURN_IF_NOT_OK(CountSelected(*condition, length, &count));
    std::vector<int64_t> shape = flatten ? std::vector<int64_t>{count} : x->shape;
    shape[axis] = count;
    SetOutput(plan, 0, shape, x->onnxType);
    if (ElementCount(shape) == 0) {
        plan->notes.push_back("output 0 " + FormatShape(shape) + " is empty: no dispatch");
        return LowerStatus::Ok();
    }

    std::vector<uint32_t> inSizes;
    CONFORMANCE_RETURN_IF_NOT_OK(ToDmlSizes(view, &inSizes));   // the output and the condition's part are smaller
    const TensorRef rows = plan->AddScratch(length * 4);
    const std::string part = length == condition->ElementCount()
                                 ? ""
                                 : " (the first " + std::to_string(length) + " of the condition's " +
                                       std::to_string(condition->ElementCount()) + ")";
    AddNonzeroCoordinates(plan, DML_TENSOR_DATA_TYPE_UINT8, {uint32_t(length)}, 1, rows, part);
    AddGather(plan, type, inSizes, count, rows);
    return LowerStatus::Ok();
}

}  // namespace conformance
