// The ops that lower to DIAGONAL_MATRIX1, which gives the elements whose column - row lies in [DiagonalFillBegin,
// DiagonalFillEnd) the Value and the others the InputTensor's element (zero without one):
//   EyeLike: a 2-D output of the input's shape (the input's data is not read), one on diagonal k (output[i, i + k])
//     and zero elsewhere, of type `dtype` or else the input's: [k, k + 1), no InputTensor.
//   Trilu: the input with the elements below diagonal k (upper, column - row < k: [INT_MIN, k)) or above it (lower,
//     column - row > k: [k + 1, INT_MAX)) set to zero. Dimensions before the last two are batches: beyond
//     DIAGONAL_MATRIX1's rank 4 they are folded into one.
// A k beyond the matrix is clamped to its edge, where it still names the same elements, so it fits DML's INT.
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

// k clamped into [-rows, columns] of the matrix `shape` ends with: the same elements lie on either side of it.
LowerStatus DiagonalIndex(int64_t k, const std::vector<int64_t>& shape, int64_t* clamped) {
    *clamped = std::clamp<int64_t>(k, -shape[shape.size() - 2], shape.back());
    if (*clamped <= INT_MIN + 1 || *clamped >= INT_MAX - 1)
        return LowerStatus::Skip("k = " + std::to_string(*clamped) + " is beyond DML's INT");
    return LowerStatus::Ok();
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
    int64_t k;
    CONFORMANCE_RETURN_IF_NOT_OK(DiagonalIndex(c.IntAttribute("k", 0), x->shape, &k));
    Dispatch* d = plan->Add(DML_OPERATOR_DIAGONAL_MATRIX1, "DIAGONAL_MATRIX1");
    const DML_TENSOR_DESC* out = d->Tensor(type, sizes);
    auto* desc = d->SetDesc<DML_DIAGONAL_MATRIX1_OPERATOR_DESC>();
    *desc = {nullptr, out, type, OneOf(type), INT(k), INT(k + 1)};
    d->BindOutput({true, 0, 0}, out);
    d->text = std::string("DIAGONAL_MATRIX1 ") + DmlTypeName(type) + FormatDims(sizes) + " diagonals [" +
              std::to_string(k) + ", " + std::to_string(k + 1) + ")";
    return LowerStatus::Ok();
}

LowerStatus LowerTrilu(const NodeContext& c, Plan* plan) {
    const HostTensor* x = c.Input(0);
    if (!x) return LowerStatus::Fail("input 0 is missing");
    if (x->shape.size() < 2) return LowerStatus::Fail("Trilu's input has rank " + std::to_string(x->shape.size()) +
                                                      ", not 2 or more");
    int64_t k = 0;
    if (c.Input(1)) {
        std::vector<int64_t> values;
        CONFORMANCE_RETURN_IF_NOT_OK(ReadConstantInts(c, 1, "k", &values));
        if (values.size() != 1) return LowerStatus::Fail("k holds " + std::to_string(values.size()) + " values");
        k = values[0];
    }
    const bool upper = c.IntAttribute("upper", 1) != 0;
    DML_TENSOR_DATA_TYPE type;
    CONFORMANCE_RETURN_IF_NOT_OK(ToDmlType(*x, "input 0", &type));
    SetOutput(plan, 0, x->shape, x->onnxType);
    if (x->ElementCount() == 0) {
        plan->notes.push_back("output 0 " + FormatShape(x->shape) + " is empty: no dispatch");
        return LowerStatus::Ok();
    }
    CONFORMANCE_RETURN_IF_NOT_OK(DiagonalIndex(k, x->shape, &k));
    std::vector<int64_t> shape = x->shape;
    std::string folded;
    if (shape.size() > 4) {
        folded = " (batches folded)";
        int64_t batches = 1;
        for (size_t d = 0; d + 2 < shape.size(); ++d) batches *= shape[d];
        shape = {batches, shape[shape.size() - 2], shape.back()};
    }
    std::vector<uint32_t> sizes;
    CONFORMANCE_RETURN_IF_NOT_OK(ToDmlSizes(shape, &sizes));
    const INT begin = upper ? INT_MIN : INT(k + 1), end = upper ? INT(k) : INT_MAX;
    Dispatch* d = plan->Add(DML_OPERATOR_DIAGONAL_MATRIX1, "DIAGONAL_MATRIX1");
    const DML_TENSOR_DESC* in = d->Tensor(type, sizes);
    const DML_TENSOR_DESC* out = d->Tensor(type, sizes);
    auto* desc = d->SetDesc<DML_DIAGONAL_MATRIX1_OPERATOR_DESC>();
    *desc = {in, out, type, DML_SCALAR_UNION{}, begin, end};
    d->BindInput({false, 0, 0}, in);
    d->BindOutput({true, 0, 0}, out);
    d->text = std::string("DIAGONAL_MATRIX1 ") + DmlTypeName(type) + FormatDims(sizes) + folded +
              " zero on diagonals [" + std::to_string(begin) + ", " + std::to_string(end) + ")";
    return LowerStatus::Ok();
}

}  // namespace conformance
