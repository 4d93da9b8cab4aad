// Gather -> GATHER. ONNX: output = data[:axis] + indices.shape + data[axis+1:], indices INT32/INT64, negative =
// from the end (the runtime handles negatives). DML wants one rank R for data, indices and output: R = rank(data) +
// max(rank(indices), 1) - 1; data and indices get leading 1s, IndexDimensions = max(rank(indices), 1) (a scalar
// index is a 1-element index tensor whose dimension the ONNX output drops; the memory is the same). Ranks above 8
// use the {outer, axis, inner} view of data with the indices flattened.
// Also GatherElements -> GATHER_ELEMENTS and GatherND -> GATHER_ND1 (below): the index-driven gathers.
#include "lowering.h"

#include <algorithm>

namespace conformance {

LowerStatus LowerGather(const NodeContext& c, Plan* plan) {
    const HostTensor* x = c.Input(0);
    const HostTensor* indices = c.Input(1);
    if (!x || !indices) return LowerStatus::Fail("Gather needs inputs 0 (data) and 1 (indices)");
    DML_TENSOR_DATA_TYPE type, indexType;
    CONFORMANCE_RETURN_IF_NOT_OK(ToDmlType(*x, "data", &type));
    if (indices->onnxType != onnx::TensorProto::INT32 && indices->onnxType != onnx::TensorProto::INT64)
        return LowerStatus::Fail(std::string("indices have type ") + OnnxTypeName(indices->onnxType) +
                                 "; ONNX allows INT32 and INT64");
    indexType = DmlTypeOf(indices->onnxType);
    const size_t r = x->shape.size(), q = indices->shape.size();
    if (r == 0) return LowerStatus::Fail("Gather from a rank-0 tensor");
    size_t axis;
    CONFORMANCE_RETURN_IF_NOT_OK(NormalizeAxis(c.IntAttribute("axis", 0), r, "axis", &axis));

    std::vector<int64_t> shape(x->shape.begin(), x->shape.begin() + axis);
    shape.insert(shape.end(), indices->shape.begin(), indices->shape.end());
    shape.insert(shape.end(), x->shape.begin() + axis + 1, x->shape.end());
    SetOutput(plan, 0, shape, x->onnxType);
    if (ElementCount(shape) == 0) {
        plan->notes.push_back("output 0 " + FormatShape(shape) + " is empty: no dispatch");
        return LowerStatus::Ok();
    }
    // ONNX leaves out-of-range indices undefined (an error); the expected output would mean nothing.
    std::vector<int64_t> values;
    indices->ToInt64(&values);
    const int64_t dim = x->shape[axis];
    for (size_t i = 0; i < values.size(); ++i)
        if (values[i] < -dim || values[i] >= dim)
            return LowerStatus::Skip("index " + std::to_string(values[i]) + " (element " + std::to_string(i) +
                                     ") is outside [-" + std::to_string(dim) + ", " + std::to_string(dim) +
                                     "); ONNX leaves that undefined");

    const size_t indexDims = q == 0 ? 1 : q;
    const size_t R = r + indexDims - 1;
    std::vector<int64_t> indexShape = q == 0 ? std::vector<int64_t>{1} : indices->shape;
    std::vector<int64_t> inShape(R - r, 1), idxShape(R - indexDims, 1), outShape;
    inShape.insert(inShape.end(), x->shape.begin(), x->shape.end());
    idxShape.insert(idxShape.end(), indexShape.begin(), indexShape.end());
    outShape.assign(x->shape.begin(), x->shape.begin() + axis);
    outShape.insert(outShape.end(), indexShape.begin(), indexShape.end());
    outShape.insert(outShape.end(), x->shape.begin() + axis + 1, x->shape.end());
    uint32_t dmlAxis = uint32_t(axis + (R - r)), dmlIndexDims = uint32_t(indexDims);
    std::string folded;
    if (R > DML_TENSOR_DIMENSION_COUNT_MAX1) {
        std::vector<int64_t> view = ThreeDimView(x->shape, axis);
        int64_t n = int64_t(indices->ElementCount());
        inShape = view;
        idxShape = {1, 1, n};
        outShape = {view[0], n, view[2]};
        dmlAxis = 1;
        dmlIndexDims = 1;
        folded = " (rank " + std::to_string(R) + " folded)";
    }
    std::vector<uint32_t> inSizes, idxSizes, outSizes;
    CONFORMANCE_RETURN_IF_NOT_OK(ToDmlSizes(inShape, &inSizes));
    CONFORMANCE_RETURN_IF_NOT_OK(ToDmlSizes(idxShape, &idxSizes));
    CONFORMANCE_RETURN_IF_NOT_OK(ToDmlSizes(outShape, &outSizes));

    Dispatch* d = plan->Add(DML_OPERATOR_GATHER, "GATHER");
    const DML_TENSOR_DESC* in = d->Tensor(type, inSizes);
    const DML_TENSOR_DESC* idx = d->Tensor(indexType, idxSizes);
    const DML_TENSOR_DESC* out = d->Tensor(type, outSizes);
    auto* desc = d->SetDesc<DML_GATHER_OPERATOR_DESC>();
    desc->InputTensor = in;
    desc->IndicesTensor = idx;
    desc->OutputTensor = out;
    desc->Axis = dmlAxis;
    desc->IndexDimensions = dmlIndexDims;
    d->BindInput({false, 0, 0}, in);
    d->BindInput({false, 1, 0}, idx);
    d->BindOutput({true, 0, 0}, out);
    d->text = std::string("GATHER ") + DmlTypeName(type) + " in " + FormatDims(inSizes) + " indices " +
              DmlTypeName(indexType) + FormatDims(idxSizes) + " out " + FormatDims(outSizes) + " Axis " +
              std::to_string(dmlAxis) + " IndexDimensions " + std::to_string(dmlIndexDims) + folded;
    return LowerStatus::Ok();
}

}  // namespace conformance

namespace conformance {
namespace {

// Every index in [-dim, dim), else a SKIP: ONNX leaves other values undefined.
LowerStatus CheckIndices(const std::vector<int64_t>& values, size_t period, const std::vector<int64_t>& dims) {
    for (size_t i = 0; i < values.size(); ++i) {
        const int64_t dim = dims[i % period];
        if (values[i] < -dim || values[i] >= dim)
            return LowerStatus::Skip("index " + std::to_string(values[i]) + " (element " + std::to_string(i) +
                                     ") is outside [-" + std::to_string(dim) + ", " + std::to_string(dim) +
                                     "); ONNX leaves that undefined");
    }
    return LowerStatus::Ok();
}

std::vector<int64_t> LeadingOnes(const std::vector<int64_t>& shape, size_t rank) {
    std::vector<int64_t> padded(rank - shape.size(), 1);
    padded.insert(padded.end(), shape.begin(), shape.end());
    return padded;
}

}  // namespace

// GatherElements -> GATHER_ELEMENTS: indices and output share a shape, the data's rank; negative indices count
// from the end (the runtime resolves them).
LowerStatus LowerGatherElements(const NodeContext& c, Plan* plan) {
    const HostTensor* x = c.Input(0);
    const HostTensor* indices = c.Input(1);
    if (!x || !indices) return LowerStatus::Fail("GatherElements needs inputs 0 (data) and 1 (indices)");
    DML_TENSOR_DATA_TYPE type;
    CONFORMANCE_RETURN_IF_NOT_OK(ToDmlType(*x, "data", &type));
    if (indices->onnxType != onnx::TensorProto::INT32 && indices->onnxType != onnx::TensorProto::INT64)
        return LowerStatus::Fail(std::string("indices have type ") + OnnxTypeName(indices->onnxType));
    const size_t rank = x->shape.size();
    if (rank == 0 || indices->shape.size() != rank)
        return LowerStatus::Fail("data " + FormatShape(x->shape) + " and indices " + FormatShape(indices->shape) +
                                 " must have the same rank, at least 1");
    size_t axis;
    CONFORMANCE_RETURN_IF_NOT_OK(NormalizeAxis(c.IntAttribute("axis", 0), rank, "axis", &axis));
    for (size_t d = 0; d < rank; ++d)
        if (d != axis && indices->shape[d] > x->shape[d])
            return LowerStatus::Fail("indices " + FormatShape(indices->shape) + " exceed data " + FormatShape(x->shape) +
                                     " off the axis");
    SetOutput(plan, 0, indices->shape, x->onnxType);
    if (indices->ElementCount() == 0) {
        plan->notes.push_back("output 0 " + FormatShape(indices->shape) + " is empty: no dispatch");
        return LowerStatus::Ok();
    }
    std::vector<int64_t> values;
    indices->ToInt64(&values);
    CONFORMANCE_RETURN_IF_NOT_OK(CheckIndices(values, 1, {x->shape[axis]}));
    if (rank > DML_TENSOR_DIMENSION_COUNT_MAX1)
        return LowerStatus::Skip("rank " + std::to_string(rank) + "; DML takes at most 8 dimensions");
    // DML: IndicesTensor matches InputTensor off the axis. ONNX lets indices be smaller there: read the data through
    // a window of the indices' sizes with the data's strides (an engine's strided view).
    std::vector<uint32_t> inSizes, idxSizes;
    CONFORMANCE_RETURN_IF_NOT_OK(ToDmlSizes(x->shape, &inSizes));
    CONFORMANCE_RETURN_IF_NOT_OK(ToDmlSizes(indices->shape, &idxSizes));
    std::vector<uint32_t> viewSizes = idxSizes, viewStrides = PackedStrides(inSizes);
    viewSizes[axis] = inSizes[axis];
    const bool view = viewSizes != inSizes;
    Dispatch* d = plan->Add(DML_OPERATOR_GATHER_ELEMENTS, "GATHER_ELEMENTS");
    const DML_TENSOR_DESC* in = d->Tensor(type, viewSizes, view ? viewStrides : std::vector<uint32_t>{});
    const DML_TENSOR_DESC* idx = d->Tensor(DmlTypeOf(indices->onnxType), idxSizes);
    const DML_TENSOR_DESC* out = d->Tensor(type, idxSizes);
    auto* desc = d->SetDesc<DML_GATHER_ELEMENTS_OPERATOR_DESC>();
    *desc = {in, idx, out, uint32_t(axis)};
    d->BindInput({false, 0, 0}, in);
    d->BindInput({false, 1, 0}, idx);
    d->BindOutput({true, 0, 0}, out);
    d->text = std::string("GATHER_ELEMENTS ") + DmlTypeName(type) + " in " + FormatDims(viewSizes) +
              (view ? " strides " + FormatDims(viewStrides) : "") + " indices " +
              DmlTypeName(DmlTypeOf(indices->onnxType)) + FormatDims(idxSizes) + " Axis " + std::to_string(axis);
    return LowerStatus::Ok();
}

// GatherND -> GATHER_ND1: output = indices.shape[:-1] + data.shape[batch_dims + k:], k = indices.shape[-1].
// DML takes one rank R for all three tensors (leading 1s) and the real ranks as Input/IndicesDimensionCount.
LowerStatus LowerGatherNd(const NodeContext& c, Plan* plan) {
    const HostTensor* x = c.Input(0);
    const HostTensor* indices = c.Input(1);
    if (!x || !indices) return LowerStatus::Fail("GatherND needs inputs 0 (data) and 1 (indices)");
    DML_TENSOR_DATA_TYPE type;
    CONFORMANCE_RETURN_IF_NOT_OK(ToDmlType(*x, "data", &type));
    if (indices->onnxType != onnx::TensorProto::INT64 && indices->onnxType != onnx::TensorProto::INT32)
        return LowerStatus::Fail(std::string("indices have type ") + OnnxTypeName(indices->onnxType));
    const size_t r = x->shape.size(), q = indices->shape.size();
    const int64_t b = c.opset >= 12 ? c.IntAttribute("batch_dims", 0) : 0;
    if (r == 0 || q == 0) return LowerStatus::Fail("data and indices need rank >= 1");
    const int64_t k = indices->shape[q - 1];
    if (b < 0 || size_t(b) >= std::min(r, q) || k < 1 || size_t(b + k) > r)
        return LowerStatus::Fail("batch_dims " + std::to_string(b) + " and index tuples of " + std::to_string(k) +
                                 " do not fit data " + FormatShape(x->shape) + " and indices " +
                                 FormatShape(indices->shape));
    for (int64_t d = 0; d < b; ++d)
        if (x->shape[size_t(d)] != indices->shape[size_t(d)])
            return LowerStatus::Fail("the batch dimensions of data " + FormatShape(x->shape) + " and indices " +
                                     FormatShape(indices->shape) + " differ");
    std::vector<int64_t> shape(indices->shape.begin(), indices->shape.end() - 1);
    shape.insert(shape.end(), x->shape.begin() + (b + k), x->shape.end());
    SetOutput(plan, 0, shape, x->onnxType);
    if (ElementCount(shape) == 0) {
        plan->notes.push_back("output 0 " + FormatShape(shape) + " is empty: no dispatch");
        return LowerStatus::Ok();
    }
    std::vector<int64_t> values;
    indices->ToInt64(&values);
    CONFORMANCE_RETURN_IF_NOT_OK(CheckIndices(values, size_t(k), {x->shape.begin() + b, x->shape.begin() + (b + k)}));
    const size_t R = std::max({r, q, shape.size()});
    if (R > DML_TENSOR_DIMENSION_COUNT_MAX1)
        return LowerStatus::Skip("rank " + std::to_string(R) + "; DML takes at most 8 dimensions");
    std::vector<uint32_t> inSizes, idxSizes, outSizes;
    CONFORMANCE_RETURN_IF_NOT_OK(ToDmlSizes(LeadingOnes(x->shape, R), &inSizes));
    CONFORMANCE_RETURN_IF_NOT_OK(ToDmlSizes(LeadingOnes(indices->shape, R), &idxSizes));
    CONFORMANCE_RETURN_IF_NOT_OK(ToDmlSizes(LeadingOnes(shape, R), &outSizes));
    Dispatch* d = plan->Add(DML_OPERATOR_GATHER_ND1, "GATHER_ND1");
    const DML_TENSOR_DESC* in = d->Tensor(type, inSizes);
    const DML_TENSOR_DESC* idx = d->Tensor(DmlTypeOf(indices->onnxType), idxSizes);
    const DML_TENSOR_DESC* out = d->Tensor(type, outSizes);
    auto* desc = d->SetDesc<DML_GATHER_ND1_OPERATOR_DESC>();
    *desc = {in, idx, out, uint32_t(r), uint32_t(q), uint32_t(b)};
    d->BindInput({false, 0, 0}, in);
    d->BindInput({false, 1, 0}, idx);
    d->BindOutput({true, 0, 0}, out);
    d->text = std::string("GATHER_ND1 ") + DmlTypeName(type) + " in " + FormatDims(inSizes) + " indices " +
              DmlTypeName(DmlTypeOf(indices->onnxType)) + FormatDims(idxSizes) + " out " + FormatDims(outSizes) +
              " InputDimensionCount " + std::to_string(r) + " IndicesDimensionCount " + std::to_string(q) +
              " BatchDimensionCount " + std::to_string(b);
    return LowerStatus::Ok();
}

}  // namespace conformance
