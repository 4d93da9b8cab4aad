// EyeLike -> DIAGONAL_MATRIX1: a 2-D output of the input's shape (the input's data is not read), one on diagonal k
// (output[i, i + k]) and zero elsewhere, of type `dtype` or else the input's. DIAGONAL_MATRIX1 fills the elements
// whose column - row lies in [DiagonalFillBegin, DiagonalFillEnd) with Value and, without an InputTensor, the rest
// with zero: [k, k + 1).
#include "lowering.h"

#include <algorithm>
#include <climits>

namespace conformance {
namespace {

// One in `type`, as DML_SCALAR_UNION holds it.
DML_SCALAR_UNION OneOf(DML_TENSOR_DATA_TYPE type) {
    DML_SCALAR_UNION one{};
    switch (type) {
        case DML_TENSOR_DATA_TYPE_FLOAT32: one.Float32 = 1.0f; break;
        case DML_TENSOR_DATA_TYPE_FLOAT64: one.Float64 = 1.0; break;
        case DML_TENSOR_DATA_TYPE_FLOAT16: one.UInt16 = 0x3C00; break;
        default: one.Bytes[0] = 1; break;   // integers (and BOOL, bound as UINT8): little-endian 1
    }
    return one;
}

}  // namespace

LowerStatus LowerEyeLike(const NodeContext& c, Plan* plan) {
    const HostTensor* x = c.Input(0);
    if (!x) return LowerStatus::Fail("input 0 is missing");
    if (x->shape.size() != 2) return LowerStatus::Fail("EyeLike's input has rank " + std::to_string(x->shape.size()) +
                                                       ", not 2");
    HostTensor typeOnly;
    typeOnly.onnxType = c.Attribute("dtype") ? int32_t(c.IntAttribute("dtype", 0)) : x->onnxType;
    DML_TENSOR_DATA_TYPE type;
    CONFORMANCE_RETURN_IF_NOT_OK(ToDmlType(typeOnly, "the output", &type));
    SetOutput(plan, 0, x->shape, typeOnly.onnxType);
    if (x->ElementCount() == 0) {
        plan->notes.push_back("output 0 " + FormatShape(x->shape) + " is empty: no dispatch");
        return LowerStatus::Ok();
    }
    std::vector<uint32_t> sizes;
    CONFORMANCE_RETURN_IF_NOT_OK(ToDmlSizes(x->shape, &sizes));
    // A k beyond the matrix names no element; clamped there, it still names none.
    const int64_t k = std::clamp<int64_t>(c.IntAttribute("k", 0), -x->shape[0], x->shape[1]);
    if (k <= INT_MIN || k >= INT_MAX) return LowerStatus::Skip("k = " + std::to_string(k) + " is beyond DML's INT");
    Dispatch* d = plan->Add(DML_OPERATOR_DIAGONAL_MATRIX1, "DIAGONAL_MATRIX1");
    const DML_TENSOR_DESC* out = d->Tensor(type, sizes);
    auto* desc = d->SetDesc<DML_DIAGONAL_MATRIX1_OPERATOR_DESC>();
    *desc = {nullptr, out, type, OneOf(type), INT(k), INT(k + 1)};
    d->BindOutput({true, 0, 0}, out);
    d->text = std::string("DIAGONAL_MATRIX1 ") + DmlTypeName(type) + FormatDims(sizes) + " diagonals [" +
              std::to_string(k) + ", " + std::to_string(k + 1) + ")";
    return LowerStatus::Ok();
}

}  // namespace conformance
