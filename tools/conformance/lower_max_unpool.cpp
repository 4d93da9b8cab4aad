// MaxUnpool -> MAX_UNPOOLING. ONNX's indices (INT64, as MaxPool gives them) count the elements of the whole tensor,
// N and C included, in the shape the attributes infer: spatial size (X - 1) * stride + kernel - pad_begin - pad_end.
// With `output_shape` (at least that large), ONNX's reference infers the shape without the pads and places that
// tensor at the origin of the output (the node test: index 5 of a 4 x 4 plane lands on (1, 1) of a 5 x 5 one), so
// the output is filled with zeros first and MAX_UNPOOLING writes a strided view of its corner. The indices are bound
// as UINT64 (non-negative: the same bits); FLOAT64 data moves as UINT64 (MAX_UNPOOLING has no FLOAT64 row). DML takes
// 4 dimensions: 1-D pooling gets a size-1 height, 3-D and more fold their leading spatial dimensions into one.
#include "lowering.h"

#include <cstring>
#include <map>

namespace conformance {
namespace {

// {N, C, spatial dimensions but the last folded into one, the last}.
std::vector<int64_t> FourDimView(const std::vector<int64_t>& shape) {
    if (shape.size() == 3) return {shape[0], shape[1], 1, shape[2]};
    int64_t middle = 1;
    for (size_t d = 2; d + 1 < shape.size(); ++d) middle *= shape[d];
    return {shape[0], shape[1], middle, shape.back()};
}

// Reads kernel_shape, strides and pads and infers the unpooled shape of `x`; `output_shape` disambiguates the output
// size, and ONNX's reference then leaves the pads out.
LowerStatus InferredShape(const NodeContext& c, const std::vector<int64_t>& x, bool withPads,
                          std::vector<int64_t>* shape) {
    const size_t spatial = x.size() - 2;
    std::vector<int64_t> kernel, strides(spatial, 1), pads(2 * spatial, 0);
    if (!c.IntsAttribute("kernel_shape", &kernel) || kernel.size() != spatial)
        return LowerStatus::Fail("kernel_shape must hold " + std::to_string(spatial) + " values");
    if (c.IntsAttribute("strides", &strides) && strides.size() != spatial)
        return LowerStatus::Fail("strides must hold " + std::to_string(spatial) + " values");
    if (c.IntsAttribute("pads", &pads) && pads.size() != 2 * spatial)
        return LowerStatus::Fail("pads must hold " + std::to_string(2 * spatial) + " values");
    if (!withPads) pads.assign(2 * spatial, 0);
    *shape = {x[0], x[1]};
    for (size_t d = 0; d < spatial; ++d) {
        const int64_t size = (x[d + 2] - 1) * strides[d] + kernel[d] - pads[d] - pads[spatial + d];
        if (size < 0) return LowerStatus::Fail("the attributes infer a negative output size");
        shape->push_back(size);
    }
    return LowerStatus::Ok();
}

// ONNX leaves an index outside the inferred tensor undefined, and which of two updates of one element wins.
LowerStatus CheckIndices(const HostTensor& x, const HostTensor& indices, uint64_t elements) {
    std::vector<int64_t> values;
    indices.ToInt64(&values);
    const uint32_t bytes = x.ElementBytes();
    std::map<int64_t, size_t> writer;   // index -> the element of x written there
    for (size_t e = 0; e < values.size(); ++e) {
        if (values[e] < 0 || uint64_t(values[e]) >= elements)
            return LowerStatus::Skip("index " + std::to_string(values[e]) + " lies outside the " +
                                     std::to_string(elements) + " elements the attributes infer (undefined in ONNX)");
        auto [it, first] = writer.emplace(values[e], e);
        if (!first && std::memcmp(&x.bytes[it->second * bytes], &x.bytes[e * bytes], bytes) != 0)
            return LowerStatus::Skip("index " + std::to_string(values[e]) +
                                     " gets two different values (ONNX leaves the winner undefined)");
    }
    return LowerStatus::Ok();
}

}  // namespace

LowerStatus LowerMaxUnpool(const NodeContext& c, Plan* plan) {
    const HostTensor* x = c.Input(0);
    const HostTensor* indices = c.Input(1);
    if (!x || !indices) return LowerStatus::Fail("MaxUnpool needs inputs 0 (X) and 1 (I)");
    if (x->shape.size() < 3)
        return LowerStatus::Fail("X has rank " + std::to_string(x->shape.size()) + "; 3 or more expected");
    if (indices->onnxType != onnx::TensorProto::INT64 || indices->shape != x->shape)
        return LowerStatus::Fail("I must be INT64 of X's shape " + FormatShape(x->shape));
    std::vector<int64_t> inferred, shape;
    CONFORMANCE_RETURN_IF_NOT_OK(InferredShape(c, x->shape, !c.Input(2), &inferred));
    shape = inferred;
    if (c.Input(2)) {
        CONFORMANCE_RETURN_IF_NOT_OK(ReadConstantInts(c, 2, "output_shape", &shape));
        if (shape.size() != inferred.size() || shape[0] != inferred[0] || shape[1] != inferred[1])
            return LowerStatus::Fail("output_shape " + FormatShape(shape) + " does not match N, C and the rank of " +
                                     FormatShape(inferred));
        for (size_t d = 2; d < shape.size(); ++d)
            if (shape[d] < inferred[d])
                return LowerStatus::Fail("output_shape " + FormatShape(shape) + " is smaller than the inferred " +
                                         FormatShape(inferred));
    }
    CONFORMANCE_RETURN_IF_NOT_OK(CheckIndices(*x, *indices, ElementCount(inferred)));
    DML_TENSOR_DATA_TYPE type;
    CONFORMANCE_RETURN_IF_NOT_OK(ToDmlType(*x, "X", &type));
    const std::string note = MoveFloat64AsUint64(&type);
    SetOutput(plan, 0, shape, x->onnxType);
    if (ElementCount(shape) == 0) {
        plan->notes.push_back("output 0 " + FormatShape(shape) + " is empty: no dispatch");
        return LowerStatus::Ok();
    }
    // The spatial dimensions DML's view folds must be whole in it: checked before the plan gets a dispatch.
    for (size_t d = 3; d + 1 < shape.size() && x->ElementCount() > 0; ++d)
        if (shape[d] != inferred[d])
            return LowerStatus::Skip("output_shape " + FormatShape(shape) + " pads a spatial dimension that DML's 4 "
                                     "dimensions fold");
    const bool corner = shape != inferred;
    if (corner || x->ElementCount() == 0)
        CONFORMANCE_RETURN_IF_NOT_OK(AddFillConstant(plan, type, DML_SCALAR_UNION{}, shape, {true, 0, 0},
                                                     corner ? "the output outside the unpooled corner" : "no input"));
    if (x->ElementCount() == 0) return LowerStatus::Ok();
    // The view MAX_UNPOOLING writes: the inferred sizes with the output's strides (the same when not a corner).
    std::vector<uint32_t> inSizes, outSizes, viewSizes, viewStrides;
    CONFORMANCE_RETURN_IF_NOT_OK(ToDmlSizes(FourDimView(x->shape), &inSizes));
    CONFORMANCE_RETURN_IF_NOT_OK(ToDmlSizes(FourDimView(shape), &outSizes));
    CONFORMANCE_RETURN_IF_NOT_OK(ToDmlSizes(FourDimView(inferred), &viewSizes));
    viewStrides = PackedStrides(outSizes);
    Dispatch* d = plan->Add(DML_OPERATOR_MAX_UNPOOLING, "MAX_UNPOOLING");
    const DML_TENSOR_DESC* in = d->Tensor(type, inSizes);
    const DML_TENSOR_DESC* idx = d->Tensor(DML_TENSOR_DATA_TYPE_UINT64, inSizes);
    const DML_TENSOR_DESC* out = d->Tensor(type, viewSizes, corner ? viewStrides : std::vector<uint32_t>{});
    auto* desc = d->SetDesc<DML_MAX_UNPOOLING_OPERATOR_DESC>();
    *desc = {in, idx, out};
    d->BindInput({false, 0, 0}, in);
    d->BindInput({false, 1, 0}, idx);
    d->BindOutput({true, 0, 0}, out);
    d->text = std::string("MAX_UNPOOLING ") + DmlTypeName(type) + FormatDims(inSizes) + " indices UINT64 out" +
              FormatDims(viewSizes) + (corner ? " strides " + FormatDims(viewStrides) : "") + note;
    return LowerStatus::Ok();
}

}  // namespace conformance
