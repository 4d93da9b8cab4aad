// ScatterElements / Scatter -> SCATTER_ELEMENTS, ScatterND -> SCATTER_ND, OneHot -> ONE_HOT: the index-driven
// writes.
//
// Scatter*: without a reduction -> DML's SCATTER_ELEMENTS / SCATTER_ND; duplicate target positions leave ONNX's
// result undefined then (SKIP). 'reduction' add/mul (opset 16) and min/max (18) -> the vkdml extensions
// SCATTER_ELEMENTS_REDUCE / SCATTER_ND_REDUCE, which apply the updates in order, duplicates included. An empty update
// set is a plain copy (IDENTITY).
// OneHot: DML takes 32/64-bit integer indices; others go through a CAST to INT64 into an intermediate tensor first
// (ONNX casts non-integer indices to INT64); depth is read on the host (any numeric type); values {off, on} are bound as a {1, ..., 1, 2} tensor of the output's rank; the
// indices as the output's shape with 1 at the axis.
#include "lowering.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <set>

namespace conformance {
namespace {

// ONNX's `reduction` attribute (default "none") as a VKDML_SCATTER_REDUCTION.
LowerStatus ReadReduction(const NodeContext& c, VKDML_SCATTER_REDUCTION* reduction) {
    *reduction = VKDML_SCATTER_REDUCTION_NONE;
    const onnx::AttributeProto* r = c.Attribute("reduction");
    if (!r || r->s() == "none") return LowerStatus::Ok();
    if (r->s() == "add") *reduction = VKDML_SCATTER_REDUCTION_ADD;
    else if (r->s() == "mul") *reduction = VKDML_SCATTER_REDUCTION_MULTIPLY;
    else if (r->s() == "min") *reduction = VKDML_SCATTER_REDUCTION_MIN;
    else if (r->s() == "max") *reduction = VKDML_SCATTER_REDUCTION_MAX;
    else return LowerStatus::Fail("reduction '" + r->s() + "' is not one of none, add, mul, min, max");
    return LowerStatus::Ok();
}

const char* ReductionText(VKDML_SCATTER_REDUCTION r) {
    static const char* const names[] = {"NONE", "ADD", "MULTIPLY", "MIN", "MAX"};
    return names[r];
}

// The tensors of a scatter dispatch, bound to the node's data, indices and updates and to its output.
struct ScatterTensors {
    const DML_TENSOR_DESC *in, *indices, *updates, *out;
};

ScatterTensors AddScatterTensors(Dispatch* d, DML_TENSOR_DATA_TYPE type, const std::vector<uint32_t>& sizes,
                                 DML_TENSOR_DATA_TYPE indexType, const std::vector<uint32_t>& indexSizes,
                                 const std::vector<uint32_t>& updateSizes) {
    ScatterTensors t{d->Tensor(type, sizes), d->Tensor(indexType, indexSizes), d->Tensor(type, updateSizes),
                     d->Tensor(type, sizes)};
    d->BindInput({false, 0, 0}, t.in);
    d->BindInput({false, 1, 0}, t.indices);
    d->BindInput({false, 2, 0}, t.updates);
    d->BindOutput({true, 0, 0}, t.out);
    return t;
}

LowerStatus IndexType(const HostTensor& indices) {
    if (indices.onnxType == onnx::TensorProto::INT32 || indices.onnxType == onnx::TensorProto::INT64)
        return LowerStatus::Ok();
    return LowerStatus::Fail(std::string("indices have type ") + OnnxTypeName(indices.onnxType));
}

std::vector<int64_t> LeadingOnes(const std::vector<int64_t>& shape, size_t rank) {
    std::vector<int64_t> padded(rank - shape.size(), 1);
    padded.insert(padded.end(), shape.begin(), shape.end());
    return padded;
}

// Output 0 = input 0 when there is nothing to scatter.
LowerStatus CopyData(const HostTensor& x, DML_TENSOR_DATA_TYPE type, Plan* plan) {
    std::vector<uint32_t> sizes;
    CONFORMANCE_RETURN_IF_NOT_OK(ToDmlSizes(x.shape, &sizes));
    plan->notes.push_back("no updates: the output is a copy of the data");
    return AddIdentity(plan, type, sizes, {}, 0, 0, "no updates");
}

// A numeric scalar (any type) read on the host, truncated to an integer.
bool ScalarToInt(const HostTensor& t, int64_t* value) {
    if (t.ElementCount() != 1) return false;
    const uint8_t* p = t.bytes.data();
    switch (t.onnxType) {
        case onnx::TensorProto::FLOAT: { float f; std::memcpy(&f, p, 4); *value = int64_t(std::trunc(f)); return true; }
        case onnx::TensorProto::DOUBLE: { double f; std::memcpy(&f, p, 8); *value = int64_t(std::trunc(f)); return true; }
        default: {
            std::vector<int64_t> v;
            if (!t.ToInt64(&v)) return false;
            *value = v[0];
            return true;
        }
    }
}

}  // namespace

LowerStatus LowerScatterElements(const NodeContext& c, Plan* plan) {
    const HostTensor* x = c.Input(0);
    const HostTensor* indices = c.Input(1);
    const HostTensor* updates = c.Input(2);
    if (!x || !indices || !updates) return LowerStatus::Fail("needs inputs data, indices and updates");
    DML_TENSOR_DATA_TYPE type;
    CONFORMANCE_RETURN_IF_NOT_OK(ToDmlType(*x, "data", &type));
    CONFORMANCE_RETURN_IF_NOT_OK(IndexType(*indices));
    const size_t rank = x->shape.size();
    if (rank == 0 || indices->shape.size() != rank || updates->shape != indices->shape ||
        updates->onnxType != x->onnxType)
        return LowerStatus::Fail("data " + FormatShape(x->shape) + ", indices " + FormatShape(indices->shape) +
                                 " and updates " + FormatShape(updates->shape) + " do not fit together");
    size_t axis;
    CONFORMANCE_RETURN_IF_NOT_OK(NormalizeAxis(c.IntAttribute("axis", 0), rank, "axis", &axis));
    VKDML_SCATTER_REDUCTION reduction;
    CONFORMANCE_RETURN_IF_NOT_OK(ReadReduction(c, &reduction));
    SetOutput(plan, 0, x->shape, x->onnxType);
    if (x->ElementCount() == 0) {
        plan->notes.push_back("output 0 " + FormatShape(x->shape) + " is empty: no dispatch");
        return LowerStatus::Ok();
    }
    if (indices->ElementCount() == 0) return CopyData(*x, type, plan);
    for (size_t d = 0; d < rank; ++d)
        if (d != axis && indices->shape[d] != x->shape[d])
            return LowerStatus::Skip("indices " + FormatShape(indices->shape) + " are smaller than data " +
                                     FormatShape(x->shape) + " off the axis; SCATTER_ELEMENTS wants them equal");
    // Range and duplicates, on the host.
    std::vector<int64_t> values;
    indices->ToInt64(&values);
    const int64_t dim = x->shape[axis];
    uint64_t inner = 1;
    for (size_t d = axis + 1; d < rank; ++d) inner *= uint64_t(x->shape[d]);
    std::set<uint64_t> targets;
    for (size_t i = 0; i < values.size(); ++i) {
        int64_t v = values[i];
        if (v < -dim || v >= dim)
            return LowerStatus::Skip("index " + std::to_string(v) + " is outside [-" + std::to_string(dim) + ", " +
                                     std::to_string(dim) + "); ONNX leaves that undefined");
        if (v < 0) v += dim;
        // Same off-axis coordinate as element i; along the axis, v.
        const uint64_t outer = i / (uint64_t(indices->shape[axis]) * inner), rest = i % inner;
        if (!targets.insert((outer * uint64_t(dim) + uint64_t(v)) * inner + rest).second &&
            reduction == VKDML_SCATTER_REDUCTION_NONE)
            return LowerStatus::Skip("two updates target one element; without a reduction ONNX leaves that undefined");
    }
    if (rank > DML_TENSOR_DIMENSION_COUNT_MAX1)
        return LowerStatus::Skip("rank " + std::to_string(rank) + "; DML takes at most 8 dimensions");
    std::vector<uint32_t> sizes, idxSizes;
    CONFORMANCE_RETURN_IF_NOT_OK(ToDmlSizes(x->shape, &sizes));
    CONFORMANCE_RETURN_IF_NOT_OK(ToDmlSizes(indices->shape, &idxSizes));
    const bool reduces = reduction != VKDML_SCATTER_REDUCTION_NONE;
    Dispatch* d = reduces ? plan->Add(VKDML_OPERATOR_SCATTER_ELEMENTS_REDUCE, "SCATTER_ELEMENTS_REDUCE")
                          : plan->Add(DML_OPERATOR_SCATTER_ELEMENTS, "SCATTER_ELEMENTS");
    const ScatterTensors t = AddScatterTensors(d, type, sizes, DmlTypeOf(indices->onnxType), idxSizes, idxSizes);
    if (reduces)
        *d->SetDesc<VKDML_SCATTER_ELEMENTS_REDUCE_OPERATOR_DESC>() = {t.in, t.indices, t.updates, t.out,
                                                                      uint32_t(axis), reduction};
    else
        *d->SetDesc<DML_SCATTER_ELEMENTS_OPERATOR_DESC>() = {t.in, t.indices, t.updates, t.out, uint32_t(axis)};
    d->text = d->Name() + " " + DmlTypeName(type) + " in " + FormatDims(sizes) + " indices " +
              DmlTypeName(DmlTypeOf(indices->onnxType)) + FormatDims(idxSizes) + " Axis " + std::to_string(axis);
    if (reduces) d->text += std::string(" Reduction ") + ReductionText(reduction);
    return LowerStatus::Ok();
}

LowerStatus LowerScatterNd(const NodeContext& c, Plan* plan) {
    const HostTensor* x = c.Input(0);
    const HostTensor* indices = c.Input(1);
    const HostTensor* updates = c.Input(2);
    if (!x || !indices || !updates) return LowerStatus::Fail("needs inputs data, indices and updates");
    DML_TENSOR_DATA_TYPE type;
    CONFORMANCE_RETURN_IF_NOT_OK(ToDmlType(*x, "data", &type));
    CONFORMANCE_RETURN_IF_NOT_OK(IndexType(*indices));
    const size_t r = x->shape.size(), q = indices->shape.size();
    if (r == 0 || q == 0) return LowerStatus::Fail("data and indices need rank >= 1");
    const int64_t k = indices->shape[q - 1];
    if (k < 1 || size_t(k) > r) return LowerStatus::Fail("index tuples of " + std::to_string(k) + " for data rank " + std::to_string(r));
    std::vector<int64_t> updShape(indices->shape.begin(), indices->shape.end() - 1);
    updShape.insert(updShape.end(), x->shape.begin() + k, x->shape.end());
    if (updates->shape != updShape || updates->onnxType != x->onnxType)
        return LowerStatus::Fail("updates are " + std::string(OnnxTypeName(updates->onnxType)) +
                                 FormatShape(updates->shape) + "; " + OnnxTypeName(x->onnxType) + FormatShape(updShape) +
                                 " expected");
    VKDML_SCATTER_REDUCTION reduction;
    CONFORMANCE_RETURN_IF_NOT_OK(ReadReduction(c, &reduction));
    SetOutput(plan, 0, x->shape, x->onnxType);
    if (x->ElementCount() == 0) {
        plan->notes.push_back("output 0 " + FormatShape(x->shape) + " is empty: no dispatch");
        return LowerStatus::Ok();
    }
    if (updates->ElementCount() == 0) return CopyData(*x, type, plan);
    std::vector<int64_t> values;
    indices->ToInt64(&values);
    std::set<std::vector<int64_t>> targets;
    for (size_t t = 0; t + size_t(k) <= values.size(); t += size_t(k)) {
        std::vector<int64_t> tuple(values.begin() + t, values.begin() + t + k);
        for (size_t j = 0; j < tuple.size(); ++j) {
            const int64_t dim = x->shape[j];
            if (tuple[j] < -dim || tuple[j] >= dim)
                return LowerStatus::Skip("index " + std::to_string(tuple[j]) + " is outside [-" + std::to_string(dim) +
                                         ", " + std::to_string(dim) + "); ONNX leaves that undefined");
            if (tuple[j] < 0) tuple[j] += dim;
        }
        if (!targets.insert(tuple).second && reduction == VKDML_SCATTER_REDUCTION_NONE)
            return LowerStatus::Skip("two index tuples are equal; without a reduction ONNX leaves that undefined");
    }
    const size_t R = std::max({r, q, updShape.size()});
    if (R > DML_TENSOR_DIMENSION_COUNT_MAX1)
        return LowerStatus::Skip("rank " + std::to_string(R) + "; DML takes at most 8 dimensions");
    std::vector<uint32_t> sizes, idxSizes, updSizes;
    CONFORMANCE_RETURN_IF_NOT_OK(ToDmlSizes(LeadingOnes(x->shape, R), &sizes));
    CONFORMANCE_RETURN_IF_NOT_OK(ToDmlSizes(LeadingOnes(indices->shape, R), &idxSizes));
    CONFORMANCE_RETURN_IF_NOT_OK(ToDmlSizes(LeadingOnes(updShape, R), &updSizes));
    const bool reduces = reduction != VKDML_SCATTER_REDUCTION_NONE;
    Dispatch* d = reduces ? plan->Add(VKDML_OPERATOR_SCATTER_ND_REDUCE, "SCATTER_ND_REDUCE")
                          : plan->Add(DML_OPERATOR_SCATTER_ND, "SCATTER_ND");
    const ScatterTensors t = AddScatterTensors(d, type, sizes, DmlTypeOf(indices->onnxType), idxSizes, updSizes);
    if (reduces)
        *d->SetDesc<VKDML_SCATTER_ND_REDUCE_OPERATOR_DESC>() = {t.in, t.indices, t.updates, t.out, uint32_t(r),
                                                                uint32_t(q), reduction};
    else
        *d->SetDesc<DML_SCATTER_ND_OPERATOR_DESC>() = {t.in, t.indices, t.updates, t.out, uint32_t(r), uint32_t(q)};
    d->text = d->Name() + " " + DmlTypeName(type) + " in " + FormatDims(sizes) + " indices " +
              DmlTypeName(DmlTypeOf(indices->onnxType)) + FormatDims(idxSizes) + " updates " + FormatDims(updSizes) +
              " InputDimensionCount " + std::to_string(r) + " IndicesDimensionCount " + std::to_string(q);
    if (reduces) d->text += std::string(" Reduction ") + ReductionText(reduction);
    return LowerStatus::Ok();
}

LowerStatus LowerOneHot(const NodeContext& c, Plan* plan) {
    const HostTensor* indices = c.Input(0);
    const HostTensor* depthTensor = c.Input(1);
    const HostTensor* values = c.Input(2);
    if (!indices || !depthTensor || !values) return LowerStatus::Fail("needs inputs indices, depth and values");
    DML_TENSOR_DATA_TYPE type;
    CONFORMANCE_RETURN_IF_NOT_OK(ToDmlType(*values, "values", &type));
    if (values->ElementCount() != 2) return LowerStatus::Fail("values has " + std::to_string(values->ElementCount()) + " elements; 2 expected");
    int64_t depth = 0;
    if (!ScalarToInt(*depthTensor, &depth) || depth < 1)
        return LowerStatus::Fail("depth must be one positive number");
    const size_t q = indices->shape.size(), rank = q + 1;
    size_t axis;
    CONFORMANCE_RETURN_IF_NOT_OK(NormalizeAxis(c.IntAttribute("axis", -1), rank, "axis", &axis));
    std::vector<int64_t> shape = indices->shape;
    shape.insert(shape.begin() + axis, depth);
    SetOutput(plan, 0, shape, values->onnxType);
    if (ElementCount(shape) == 0) {
        plan->notes.push_back("output 0 " + FormatShape(shape) + " is empty: no dispatch");
        return LowerStatus::Ok();
    }
    if (rank > DML_TENSOR_DIMENSION_COUNT_MAX1)
        return LowerStatus::Skip("rank " + std::to_string(rank) + "; DML takes at most 8 dimensions");
    std::vector<int64_t> idxShape = indices->shape;
    idxShape.insert(idxShape.begin() + axis, 1);
    std::vector<int64_t> valShape(rank, 1);
    valShape.back() = 2;
    std::vector<uint32_t> outSizes, idxSizes, valSizes;
    CONFORMANCE_RETURN_IF_NOT_OK(ToDmlSizes(shape, &outSizes));
    CONFORMANCE_RETURN_IF_NOT_OK(ToDmlSizes(idxShape, &idxSizes));
    CONFORMANCE_RETURN_IF_NOT_OK(ToDmlSizes(valShape, &valSizes));

    // ONE_HOT takes 32/64-bit integer indices; ONNX casts any other type to INT64 first: a CAST into an
    // intermediate tensor.
    int32_t t = indices->onnxType;
    TensorRef source{false, 0, 0};
    if (t != onnx::TensorProto::INT32 && t != onnx::TensorProto::INT64 && t != onnx::TensorProto::UINT32 &&
        t != onnx::TensorProto::UINT64) {
        DML_TENSOR_DATA_TYPE from;
        CONFORMANCE_RETURN_IF_NOT_OK(ToDmlType(*indices, "indices", &from));
        if (t == onnx::TensorProto::FLOAT || t == onnx::TensorProto::DOUBLE || t == onnx::TensorProto::FLOAT16)
            for (uint64_t i = 0; i < indices->ElementCount(); ++i) {
                double v = 0;
                const uint8_t* p = indices->bytes.data() + i * indices->ElementBytes();
                if (t == onnx::TensorProto::FLOAT) { float f; std::memcpy(&f, p, 4); v = f; }
                else if (t == onnx::TensorProto::DOUBLE) std::memcpy(&v, p, 8);
                else v = 0;   // FLOAT16 is always finite-or-inf below 2^16: in range unless infinite
                if (t == onnx::TensorProto::FLOAT16) {
                    uint16_t h; std::memcpy(&h, p, 2);
                    if ((h & 0x7C00) == 0x7C00)
                        return LowerStatus::Skip("index element " + std::to_string(i) + " is not finite");
                } else if (!std::isfinite(v) || std::fabs(v) >= 9.2e18) {
                    return LowerStatus::Skip("index element " + std::to_string(i) + " has no INT64 value");
                }
            }
        source = plan->AddScratch(indices->ElementCount() * 8);
        Dispatch* cast = plan->Add(DML_OPERATOR_CAST, "CAST");
        const DML_TENSOR_DESC* in = cast->Tensor(from, idxSizes);
        const DML_TENSOR_DESC* out = cast->Tensor(DML_TENSOR_DATA_TYPE_INT64, idxSizes);
        auto* desc = cast->SetDesc<DML_CAST_OPERATOR_DESC>();
        *desc = {in, out};
        cast->BindInput({false, 0, 0}, in);
        cast->BindOutput(source, out);
        cast->text = std::string("CAST ") + DmlTypeName(from) + " -> INT64" + FormatDims(idxSizes) +
                     " (the indices) -> intermediate";
        t = onnx::TensorProto::INT64;
    }
    Dispatch* d = plan->Add(DML_OPERATOR_ONE_HOT, "ONE_HOT");
    const DML_TENSOR_DESC* idx = d->Tensor(DmlTypeOf(t), idxSizes);
    const DML_TENSOR_DESC* val = d->Tensor(type, valSizes);
    const DML_TENSOR_DESC* out = d->Tensor(type, outSizes);
    auto* desc = d->SetDesc<DML_ONE_HOT_OPERATOR_DESC>();
    *desc = {idx, val, out, uint32_t(axis)};
    d->BindInput(source, idx);
    d->BindInput({false, 2, 0}, val);
    d->BindOutput({true, 0, 0}, out);
    d->text = std::string("ONE_HOT ") + DmlTypeName(type) + " indices " + DmlTypeName(DmlTypeOf(t)) +
              FormatDims(idxSizes) + " values " + FormatDims(valSizes) + " out " + FormatDims(outSizes) + " Axis " +
              std::to_string(axis);
    return LowerStatus::Ok();
}

}  // namespace conformance
