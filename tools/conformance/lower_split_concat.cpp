// Split -> SPLIT, Concat -> JOIN. Parts that are empty along the axis go to the DML operator as zero-volume tensors
// (the runner's device allows them): vkdml skips them, they stay unbound, and an operator whose outputs are all
// empty records nothing.
// Split sizes come from the 'split' input (opset 1 and >= 13, read on the host), the 'split' attribute
// (opset 1-12), 'num_outputs' (opset >= 18: ceil(dim / n) each, the last one smaller) or an equal division by the
// number of outputs. Ranks above 8 use the {outer, axis, inner} view.
#include "lowering.h"

namespace conformance {
namespace {

std::vector<int64_t> WithAxis(std::vector<int64_t> shape, size_t axis, int64_t size) {
    shape[axis] = size;
    return shape;
}

}  // namespace

LowerStatus LowerSplit(const NodeContext& c, Plan* plan) {
    const HostTensor* x = c.Input(0);
    if (!x) return LowerStatus::Fail("input 0 is missing");
    DML_TENSOR_DATA_TYPE type;
    CONFORMANCE_RETURN_IF_NOT_OK(ToDmlType(*x, "input 0", &type));
    const size_t rank = x->shape.size();
    if (rank == 0) return LowerStatus::Fail("Split of a rank-0 tensor");
    size_t axis;
    CONFORMANCE_RETURN_IF_NOT_OK(NormalizeAxis(c.IntAttribute("axis", 0), rank, "axis", &axis));
    const int64_t dim = x->shape[axis];
    const size_t n = c.outputCount;
    if (n == 0) return LowerStatus::Fail("Split has no outputs");

    std::vector<int64_t> sizes;
    std::string source;
    const bool splitIsInput = c.opset == 1 || c.opset >= 13;
    if (splitIsInput && c.Input(1)) {
        CONFORMANCE_RETURN_IF_NOT_OK(ReadConstantInts(c, 1, "split", &sizes));
        source = "split input";
    } else if (c.opset < 13 && c.IntsAttribute("split", &sizes)) {
        source = "split attribute";
    } else if (c.opset >= 18 && c.Attribute("num_outputs")) {
        int64_t parts = c.IntAttribute("num_outputs", 0);
        if (parts < 1 || size_t(parts) != n)
            return LowerStatus::Fail("num_outputs is " + std::to_string(parts) + " but the node has " +
                                     std::to_string(n) + " outputs");
        int64_t chunk = (dim + parts - 1) / parts;
        int64_t last = dim - chunk * (parts - 1);
        if (last < 0)
            return LowerStatus::Fail("num_outputs " + std::to_string(parts) + " does not divide dimension " +
                                     std::to_string(dim) + " into ceil-sized chunks");
        sizes.assign(size_t(parts - 1), chunk);
        sizes.push_back(last);
        source = "num_outputs";
    } else {
        if (dim % int64_t(n) != 0)
            return LowerStatus::Fail("dimension " + std::to_string(dim) + " does not split into " + std::to_string(n) +
                                     " equal parts");
        sizes.assign(n, dim / int64_t(n));
        source = "equal parts";
    }
    if (sizes.size() != n)
        return LowerStatus::Fail("split has " + std::to_string(sizes.size()) + " entries for " + std::to_string(n) +
                                 " outputs");
    int64_t sum = 0;
    for (int64_t s : sizes) {
        if (s < 0) return LowerStatus::Fail("split " + FormatShape(sizes) + " has a negative entry");
        if (__builtin_add_overflow(sum, s, &sum))
            return LowerStatus::Fail("split " + FormatShape(sizes) + " sums past 64 bits");
    }
    if (sum != dim)
        return LowerStatus::Fail("split " + FormatShape(sizes) + " sums to " + std::to_string(sum) + ", not " +
                                 std::to_string(dim));
    for (size_t j = 0; j < n; ++j) SetOutput(plan, j, WithAxis(x->shape, axis, sizes[j]), x->onnxType);

    std::vector<int64_t> inShape = x->shape;
    size_t dmlAxis = axis;
    std::string folded;
    if (rank > DML_TENSOR_DIMENSION_COUNT_MAX1) {
        inShape = ThreeDimView(x->shape, axis);
        dmlAxis = 1;
        folded = " (rank " + std::to_string(rank) + " folded)";
    }
    Dispatch* d = plan->Add(DML_OPERATOR_SPLIT, "SPLIT");
    std::vector<uint32_t> inSizes;
    CONFORMANCE_RETURN_IF_NOT_OK(ToDmlSizes(inShape, &inSizes));
    const DML_TENSOR_DESC* in = d->Tensor(type, inSizes);
    std::vector<const DML_TENSOR_DESC*> parts;
    std::string partText;
    for (size_t j = 0; j < n; ++j) {
        if (sizes[j] == 0) plan->notes.push_back("output " + std::to_string(j) + " is empty: a zero-volume SPLIT part");
        std::vector<uint32_t> partSizes;
        CONFORMANCE_RETURN_IF_NOT_OK(ToDmlSizes(WithAxis(inShape, dmlAxis, sizes[j]), &partSizes));
        parts.push_back(d->Tensor(type, partSizes));
        partText += (partText.empty() ? "" : ",") + FormatDims(partSizes);
    }
    auto* desc = d->SetDesc<DML_SPLIT_OPERATOR_DESC>();
    desc->InputTensor = in;
    desc->OutputCount = uint32_t(parts.size());
    desc->OutputTensors = d->TensorArray(parts);
    desc->Axis = uint32_t(dmlAxis);
    d->BindInput({false, 0, 0}, in);
    for (size_t j = 0; j < n; ++j) d->BindOutput({true, uint32_t(j), 0}, parts[j]);
    d->text = std::string("SPLIT ") + DmlTypeName(type) + " in " + FormatDims(inSizes) + " outputs " + partText +
              " Axis " + std::to_string(dmlAxis) + " (" + source + ")" + folded;
    return LowerStatus::Ok();
}

LowerStatus LowerConcat(const NodeContext& c, Plan* plan) {
    if (c.inputs.empty()) return LowerStatus::Fail("Concat has no inputs");
    for (size_t i = 0; i < c.inputs.size(); ++i)
        if (!c.inputs[i]) return LowerStatus::Fail("input " + std::to_string(i) + " is missing");
    const HostTensor& first = *c.inputs[0];
    DML_TENSOR_DATA_TYPE type;
    CONFORMANCE_RETURN_IF_NOT_OK(ToDmlType(first, "input 0", &type));
    const size_t rank = first.shape.size();
    if (rank == 0) return LowerStatus::Fail("Concat of rank-0 tensors");
    if (c.opset >= 4 && !c.Attribute("axis")) return LowerStatus::Fail("Concat-" + std::to_string(c.opset) + " without 'axis'");
    size_t axis;
    CONFORMANCE_RETURN_IF_NOT_OK(NormalizeAxis(c.IntAttribute("axis", 1), rank, "axis", &axis));
    std::vector<int64_t> shape = first.shape;
    shape[axis] = 0;
    for (size_t i = 0; i < c.inputs.size(); ++i) {
        const HostTensor& t = *c.inputs[i];
        if (t.onnxType != first.onnxType || t.shape.size() != rank)
            return LowerStatus::Fail("input " + std::to_string(i) + " is " + OnnxTypeName(t.onnxType) +
                                     FormatShape(t.shape) + ", input 0 is " + OnnxTypeName(first.onnxType) +
                                     FormatShape(first.shape));
        for (size_t d = 0; d < rank; ++d)
            if (d != axis && t.shape[d] != first.shape[d])
                return LowerStatus::Fail("input " + std::to_string(i) + " shape " + FormatShape(t.shape) +
                                         " differs from input 0 " + FormatShape(first.shape) + " off the axis");
        shape[axis] += t.shape[axis];
    }
    SetOutput(plan, 0, shape, first.onnxType);

    size_t dmlAxis = axis;
    std::string folded;
    auto view = [&](const std::vector<int64_t>& s) { return rank > DML_TENSOR_DIMENSION_COUNT_MAX1 ? ThreeDimView(s, axis) : s; };
    if (rank > DML_TENSOR_DIMENSION_COUNT_MAX1) {
        dmlAxis = 1;
        folded = " (rank " + std::to_string(rank) + " folded)";
    }
    Dispatch* d = plan->Add(DML_OPERATOR_JOIN, "JOIN");
    std::vector<const DML_TENSOR_DESC*> parts;
    std::vector<uint32_t> partInputs;
    std::string partText;
    for (size_t i = 0; i < c.inputs.size(); ++i) {
        if (c.inputs[i]->ElementCount() == 0)
            plan->notes.push_back("input " + std::to_string(i) + " is empty: a zero-volume JOIN part");
        std::vector<uint32_t> partSizes;
        CONFORMANCE_RETURN_IF_NOT_OK(ToDmlSizes(view(c.inputs[i]->shape), &partSizes));
        parts.push_back(d->Tensor(type, partSizes));
        partInputs.push_back(uint32_t(i));
        partText += (partText.empty() ? "" : ",") + FormatDims(partSizes);
    }
    std::vector<uint32_t> outSizes;
    CONFORMANCE_RETURN_IF_NOT_OK(ToDmlSizes(view(shape), &outSizes));
    const DML_TENSOR_DESC* out = d->Tensor(type, outSizes);
    auto* desc = d->SetDesc<DML_JOIN_OPERATOR_DESC>();
    desc->InputCount = uint32_t(parts.size());
    desc->InputTensors = d->TensorArray(parts);
    desc->OutputTensor = out;
    desc->Axis = uint32_t(dmlAxis);
    for (size_t k = 0; k < parts.size(); ++k) d->BindInput({false, partInputs[k], 0}, parts[k]);
    d->BindOutput({true, 0, 0}, out);
    d->text = std::string("JOIN ") + DmlTypeName(type) + " inputs " + partText + " out " + FormatDims(outSizes) +
              " Axis " + std::to_string(dmlAxis) + folded;
    return LowerStatus::Ok();
}

}  // namespace conformance
