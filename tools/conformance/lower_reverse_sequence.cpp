// ReverseSequence -> REVERSE_SUBSEQUENCES with Axis = time_axis. ONNX gives one length per batch entry
// (sequence_lens, INT64, shape {batch}); DML wants a lengths tensor of the input's rank with 1 at Axis. The engine
// binds sequence_lens itself as that tensor: stride 1 along batch_axis, 0 elsewhere, and as UINT64 (DML's type for
// lengths; the values are non-negative, so the bits are the same).
#include "lowering.h"

namespace conformance {

LowerStatus LowerReverseSequence(const NodeContext& c, Plan* plan) {
    const HostTensor* x = c.Input(0);
    const HostTensor* lengths = c.Input(1);
    if (!x || !lengths) return LowerStatus::Fail("ReverseSequence needs inputs 0 (input) and 1 (sequence_lens)");
    DML_TENSOR_DATA_TYPE type;
    CONFORMANCE_RETURN_IF_NOT_OK(ToDmlType(*x, "input", &type));
    const size_t rank = x->shape.size();
    if (rank < 2) return LowerStatus::Fail("input rank is " + std::to_string(rank) + "; at least 2 expected");
    size_t timeAxis, batchAxis;
    CONFORMANCE_RETURN_IF_NOT_OK(NormalizeAxis(c.IntAttribute("time_axis", 0), 2, "time_axis", &timeAxis));
    CONFORMANCE_RETURN_IF_NOT_OK(NormalizeAxis(c.IntAttribute("batch_axis", 1), 2, "batch_axis", &batchAxis));
    if (timeAxis == batchAxis) return LowerStatus::Fail("time_axis and batch_axis are both " + std::to_string(timeAxis));
    if (lengths->onnxType != onnx::TensorProto::INT64 || lengths->shape.size() != 1 ||
        lengths->shape[0] != x->shape[batchAxis])
        return LowerStatus::Fail(std::string("sequence_lens is ") + OnnxTypeName(lengths->onnxType) +
                                 FormatShape(lengths->shape) + "; INT64{" + std::to_string(x->shape[batchAxis]) +
                                 "} expected");
    std::vector<int64_t> values;
    lengths->ToInt64(&values);
    for (int64_t v : values)
        if (v < 0 || v > x->shape[timeAxis])
            return LowerStatus::Fail("sequence_lens " + FormatShape(values) + " has an entry outside [0, " +
                                     std::to_string(x->shape[timeAxis]) + "]");
    SetOutput(plan, 0, x->shape, x->onnxType);
    if (x->ElementCount() == 0) {
        plan->notes.push_back("output 0 " + FormatShape(x->shape) + " is empty: no dispatch");
        return LowerStatus::Ok();
    }
    if (rank > DML_TENSOR_DIMENSION_COUNT_MAX1)
        return LowerStatus::Skip("rank " + std::to_string(rank) + "; DML takes at most 8 dimensions");
    std::vector<uint32_t> sizes, lengthSizes, lengthStrides(rank, 0);
    CONFORMANCE_RETURN_IF_NOT_OK(ToDmlSizes(x->shape, &sizes));
    lengthSizes = sizes;
    lengthSizes[timeAxis] = 1;
    lengthStrides[batchAxis] = 1;
    Dispatch* d = plan->Add(DML_OPERATOR_REVERSE_SUBSEQUENCES, "REVERSE_SUBSEQUENCES");
    const DML_TENSOR_DESC* in = d->Tensor(type, sizes);
    const DML_TENSOR_DESC* lens = d->Tensor(DML_TENSOR_DATA_TYPE_UINT64, lengthSizes, lengthStrides);
    const DML_TENSOR_DESC* out = d->Tensor(type, sizes);
    auto* desc = d->SetDesc<DML_REVERSE_SUBSEQUENCES_OPERATOR_DESC>();
    *desc = {in, lens, out, uint32_t(timeAxis)};
    d->BindInput({false, 0, 0}, in);
    d->BindInput({false, 1, 0}, lens);
    d->BindOutput({true, 0, 0}, out);
    d->text = std::string("REVERSE_SUBSEQUENCES ") + DmlTypeName(type) + FormatDims(sizes) + " lengths UINT64" +
              FormatDims(lengthSizes) + " strides " + FormatDims(lengthStrides) + " Axis " + std::to_string(timeAxis);
    return LowerStatus::Ok();
}

}  // namespace conformance
