// ConstantOfShape -> FILL_VALUE_CONSTANT, Range -> FILL_VALUE_SEQUENCE (the shape and the scalars read on the host),
// Cast / CastLike -> CAST (compared by value: NaN equals NaN).
//
// Cast: STRING and BFLOAT16 have no DML type (SKIP); a cast to BOOL is "x != 0" in ONNX while CAST converts the
// value (SKIP); float -> integer casts of NaN, infinities or values out of the target's range are undefined in ONNX
// (SKIP when the data holds one).
#include "lowering.h"

#include <cmath>
#include <cstring>
#include <limits>

namespace conformance {
namespace {

using onnx::TensorProto;

bool IsFloat(int32_t t) { return t == TensorProto::FLOAT || t == TensorProto::DOUBLE || t == TensorProto::FLOAT16; }

double HalfToDouble(uint16_t h) {
    int exponent = (h >> 10) & 0x1F, mantissa = h & 0x3FF;
    double sign = (h & 0x8000) ? -1.0 : 1.0;
    if (exponent == 0) return sign * std::ldexp(mantissa, -24);
    if (exponent == 31) return mantissa ? NAN : sign * INFINITY;
    return sign * std::ldexp(mantissa + 1024, exponent - 25);
}

// Element i of a float tensor as a double.
double FloatAt(const HostTensor& t, uint64_t i) {
    const uint8_t* p = t.bytes.data() + i * t.ElementBytes();
    if (t.onnxType == TensorProto::FLOAT) { float f; std::memcpy(&f, p, 4); return f; }
    if (t.onnxType == TensorProto::DOUBLE) { double f; std::memcpy(&f, p, 8); return f; }
    uint16_t h;
    std::memcpy(&h, p, 2);
    return HalfToDouble(h);
}

// The range of an integer type as doubles (exact at the ends that matter for a truncated value).
void IntegerRange(int32_t t, double* lo, double* hi) {
    switch (t) {
        case TensorProto::INT8: *lo = -128.0, *hi = 127.0; break;
        case TensorProto::UINT8: *lo = 0.0, *hi = 255.0; break;
        case TensorProto::INT16: *lo = -32768.0, *hi = 32767.0; break;
        case TensorProto::UINT16: *lo = 0.0, *hi = 65535.0; break;
        case TensorProto::INT32: *lo = -2147483648.0, *hi = 2147483647.0; break;
        case TensorProto::UINT32: *lo = 0.0, *hi = 4294967295.0; break;
        case TensorProto::INT64: *lo = -9223372036854775808.0, *hi = 9223372036854774784.0; break;
        default: *lo = 0.0, *hi = 18446744073709549568.0; break;   // UINT64
    }
}

// A one-element tensor's bytes as a DML scalar union.
DML_SCALAR_UNION ScalarOf(const HostTensor& t) {
    DML_SCALAR_UNION value{};
    std::memcpy(value.Bytes, t.bytes.data(), std::min<size_t>(t.bytes.size(), sizeof(value.Bytes)));
    return value;
}

LowerStatus FillSizes(const std::vector<int64_t>& shape, std::vector<uint32_t>* sizes, std::string* folded) {
    std::vector<int64_t> s = shape;
    if (s.size() > DML_TENSOR_DIMENSION_COUNT_MAX1) {   // a fill has no layout: one dimension will do
        *folded = " (rank " + std::to_string(s.size()) + " folded)";
        s = {int64_t(ElementCount(shape))};
    }
    return ToDmlSizes(s, sizes);
}

}  // namespace

LowerStatus AddFillConstant(Plan* plan, DML_TENSOR_DATA_TYPE type, DML_SCALAR_UNION value,
                            const std::vector<int64_t>& shape, TensorRef target, const std::string& why) {
    std::vector<uint32_t> sizes;
    std::string folded;
    CONFORMANCE_RETURN_IF_NOT_OK(FillSizes(shape, &sizes, &folded));
    Dispatch* d = plan->Add(DML_OPERATOR_FILL_VALUE_CONSTANT, "FILL_VALUE_CONSTANT");
    const DML_TENSOR_DESC* out = d->Tensor(type, sizes);
    auto* desc = d->SetDesc<DML_FILL_VALUE_CONSTANT_OPERATOR_DESC>();
    *desc = {out, type, value};
    d->BindOutput(target, out);
    d->text = std::string("FILL_VALUE_CONSTANT ") + DmlTypeName(type) + FormatDims(sizes) + folded +
              (why.empty() ? "" : " [" + why + "]");
    return LowerStatus::Ok();
}

LowerStatus LowerConstantOfShape(const NodeContext& c, Plan* plan) {
    std::vector<int64_t> shape;
    CONFORMANCE_RETURN_IF_NOT_OK(ReadConstantInts(c, 0, "shape", &shape));
    HostTensor value;
    value.onnxType = TensorProto::FLOAT;
    value.bytes.assign(4, 0);   // default: one FLOAT 0
    value.shape = {1};
    if (const onnx::AttributeProto* a = c.Attribute("value")) {
        std::string error = TensorFromProto(a->t(), &value);
        if (!error.empty()) return LowerStatus::Fail("'value': " + error);
        if (value.ElementCount() != 1) return LowerStatus::Fail("'value' holds " + std::to_string(value.ElementCount()) + " elements");
    }
    DML_TENSOR_DATA_TYPE type;
    CONFORMANCE_RETURN_IF_NOT_OK(ToDmlType(value, "'value'", &type));
    for (int64_t d : shape)
        if (d < 0) return LowerStatus::Fail("shape " + FormatShape(shape) + " has a negative entry");
    SetOutput(plan, 0, shape, value.onnxType);
    if (ElementCount(shape) == 0) {
        plan->notes.push_back("output 0 " + FormatShape(shape) + " is empty: no dispatch");
        return LowerStatus::Ok();
    }
    return AddFillConstant(plan, type, ScalarOf(value), shape, {true, 0, 0}, "");
}

LowerStatus LowerRange(const NodeContext& c, Plan* plan) {
    const HostTensor* start = c.Input(0);
    const HostTensor* limit = c.Input(1);
    const HostTensor* delta = c.Input(2);
    if (!start || !limit || !delta) return LowerStatus::Fail("Range needs start, limit and delta");
    if (start->ElementCount() != 1 || limit->ElementCount() != 1 || delta->ElementCount() != 1 ||
        limit->onnxType != start->onnxType || delta->onnxType != start->onnxType)
        return LowerStatus::Fail("start, limit and delta must be scalars of one type");
    DML_TENSOR_DATA_TYPE type;
    CONFORMANCE_RETURN_IF_NOT_OK(ToDmlType(*start, "start", &type));
    if (type == DML_TENSOR_DATA_TYPE_FLOAT64)
        return LowerStatus::Skip("DOUBLE Range: FILL_VALUE_SEQUENCE has no FLOAT64 row");
    int64_t count;
    if (IsFloat(start->onnxType)) {
        const double s = FloatAt(*start, 0), l = FloatAt(*limit, 0), dl = FloatAt(*delta, 0);
        if (dl == 0 || !std::isfinite(s) || !std::isfinite(l) || !std::isfinite(dl))
            return LowerStatus::Fail("start/limit/delta must be finite, delta not 0");
        count = int64_t(std::max(std::ceil((l - s) / dl), 0.0));
    } else {
        std::vector<int64_t> s, l, dl;
        start->ToInt64(&s), limit->ToInt64(&l), delta->ToInt64(&dl);
        if (dl[0] == 0) return LowerStatus::Fail("delta is 0");
        const int64_t span = l[0] - s[0];
        count = span == 0 || (span > 0) != (dl[0] > 0) ? 0 : (span + dl[0] + (dl[0] > 0 ? -1 : 1)) / dl[0];
    }
    const std::vector<int64_t> shape = {count};
    SetOutput(plan, 0, shape, start->onnxType);
    if (count == 0) {
        plan->notes.push_back("output 0 {0} is empty: no dispatch");
        return LowerStatus::Ok();
    }
    std::vector<uint32_t> sizes;
    CONFORMANCE_RETURN_IF_NOT_OK(ToDmlSizes(shape, &sizes));
    Dispatch* d = plan->Add(DML_OPERATOR_FILL_VALUE_SEQUENCE, "FILL_VALUE_SEQUENCE");
    const DML_TENSOR_DESC* out = d->Tensor(type, sizes);
    auto* desc = d->SetDesc<DML_FILL_VALUE_SEQUENCE_OPERATOR_DESC>();
    *desc = {out, type, ScalarOf(*start), ScalarOf(*delta)};
    d->BindOutput({true, 0, 0}, out);
    plan->compareValues = true;
    d->text = std::string("FILL_VALUE_SEQUENCE ") + DmlTypeName(type) + FormatDims(sizes);
    return LowerStatus::Ok();
}

// Cast ('to'; opset 1's string form is not read) and CastLike (the target type is input 1's).
LowerStatus LowerCast(const NodeContext& c, Plan* plan) {
    const HostTensor* x = c.Input(0);
    if (!x) return LowerStatus::Fail("input 0 is missing");
    int32_t to;
    if (c.node->op_type() == "CastLike") {
        const HostTensor* like = c.Input(1);
        if (!like) return LowerStatus::Fail("CastLike needs input 1");
        to = like->onnxType;
    } else {
        const onnx::AttributeProto* a = c.Attribute("to");
        if (!a) return LowerStatus::Fail("Cast without 'to'");
        if (a->type() != onnx::AttributeProto::INT) return LowerStatus::Skip("Cast-1 with a string 'to' is not lowered");
        to = int32_t(a->i());
    }
    SetOutput(plan, 0, x->shape, to);
    DML_TENSOR_DATA_TYPE from, target;
    CONFORMANCE_RETURN_IF_NOT_OK(ToDmlType(*x, "input 0", &from));
    HostTensor typeOnly;
    typeOnly.onnxType = to;
    CONFORMANCE_RETURN_IF_NOT_OK(ToDmlType(typeOnly, "the target", &target));
    if (to == TensorProto::BOOL && x->onnxType != TensorProto::BOOL)
        return LowerStatus::Skip(std::string("a cast to BOOL is 'x != 0' in ONNX; DML CAST converts the value (") +
                                 OnnxTypeName(x->onnxType) + " -> BOOL would need a comparison)");
    if (IsFloat(x->onnxType) && !IsFloat(to)) {
        double lo, hi;
        IntegerRange(to, &lo, &hi);
        for (uint64_t i = 0; i < x->ElementCount(); ++i) {
            double v = FloatAt(*x, i);
            if (!std::isfinite(v) || std::trunc(v) < lo || std::trunc(v) > hi)
                return LowerStatus::Skip("element " + std::to_string(i) + " (" + std::to_string(v) + ") has no " +
                                         OnnxTypeName(to) + " value; ONNX leaves that cast undefined");
        }
    }
    if (x->ElementCount() == 0) {
        plan->notes.push_back("output 0 " + FormatShape(x->shape) + " is empty: no dispatch");
        return LowerStatus::Ok();
    }
    std::vector<uint32_t> sizes;
    std::string folded;
    CONFORMANCE_RETURN_IF_NOT_OK(FillSizes(x->shape, &sizes, &folded));   // element-wise: any packed shape
    Dispatch* d = plan->Add(DML_OPERATOR_CAST, "CAST");
    const DML_TENSOR_DESC* in = d->Tensor(from, sizes);
    const DML_TENSOR_DESC* out = d->Tensor(target, sizes);
    auto* desc = d->SetDesc<DML_CAST_OPERATOR_DESC>();
    *desc = {in, out};
    d->BindInput({false, 0, 0}, in);
    d->BindOutput({true, 0, 0}, out);
    plan->compareValues = true;
    d->text = std::string("CAST ") + DmlTypeName(from) + " -> " + DmlTypeName(target) + FormatDims(sizes) + folded;
    return LowerStatus::Ok();
}

}  // namespace conformance
