// Helpers shared by the lowering functions: node attributes, host-read constants, DML sizes and dimension folding.
#include "lowering.h"

#include <algorithm>

namespace conformance {

const onnx::AttributeProto* NodeContext::Attribute(const char* name) const {
    for (const auto& a : node->attribute())
        if (a.name() == name) return &a;
    return nullptr;
}

int64_t NodeContext::IntAttribute(const char* name, int64_t fallback) const {
    const onnx::AttributeProto* a = Attribute(name);
    return a ? a->i() : fallback;
}

bool NodeContext::IntsAttribute(const char* name, std::vector<int64_t>* values) const {
    const onnx::AttributeProto* a = Attribute(name);
    if (!a) return false;
    values->assign(a->ints().begin(), a->ints().end());
    return true;
}

LowerStatus ToDmlSizes(const std::vector<int64_t>& shape, std::vector<uint32_t>* sizes) {
    sizes->clear();
    uint64_t count = 1;
    for (int64_t d : shape) {
        if (d < 0) return LowerStatus::Fail("internal: a negative dimension reached a DML tensor desc");
        if (uint64_t(d) > UINT32_MAX) return LowerStatus::Skip("a dimension of " + std::to_string(d) + " exceeds UINT32");
        count *= uint64_t(std::max<int64_t>(d, 1));   // zero sizes: the runner's device allows zero-volume tensors
        if (count > UINT32_MAX) return LowerStatus::Skip("the tensor exceeds DirectML's 2^32-1 elements");
        sizes->push_back(uint32_t(d));
    }
    if (sizes->empty()) sizes->push_back(1);   // rank 0: a scalar is a 1-element rank-1 tensor to DML
    return LowerStatus::Ok();
}

LowerStatus ToDmlType(const HostTensor& tensor, const char* what, DML_TENSOR_DATA_TYPE* type) {
    *type = DmlTypeOf(tensor.onnxType);
    if (*type == DML_TENSOR_DATA_TYPE_UNKNOWN)
        return LowerStatus::Skip(std::string(what) + " has ONNX type " + OnnxTypeName(tensor.onnxType) +
                                 ", which has no DML data type");
    return LowerStatus::Ok();
}

std::vector<uint32_t> PackedStrides(const std::vector<uint32_t>& sizes) {
    std::vector<uint32_t> strides(sizes.size());
    uint64_t stride = 1;
    for (size_t d = sizes.size(); d-- > 0;) {
        strides[d] = uint32_t(stride);
        stride *= sizes[d];
    }
    return strides;
}

LowerStatus NormalizeAxis(int64_t axis, size_t rank, const char* what, size_t* out) {
    int64_t r = int64_t(rank);
    if (axis < -r || axis >= r)
        return LowerStatus::Fail(std::string(what) + " " + std::to_string(axis) + " is outside [-" +
                                 std::to_string(r) + ", " + std::to_string(r) + ")");
    *out = size_t(axis < 0 ? axis + r : axis);
    return LowerStatus::Ok();
}

LowerStatus ReadConstantInts(const NodeContext& c, size_t input, const char* what, std::vector<int64_t>* values) {
    const HostTensor* t = c.Input(input);
    if (!t) return LowerStatus::Fail(std::string(what) + " (input " + std::to_string(input) + ") is missing");
    if (t->onnxType != onnx::TensorProto::INT64 && t->onnxType != onnx::TensorProto::INT32)
        return LowerStatus::Fail(std::string(what) + " has type " + OnnxTypeName(t->onnxType) + "; INT32 or INT64 expected");
    if (t->shape.size() > 1)
        return LowerStatus::Fail(std::string(what) + " has rank " + std::to_string(t->shape.size()) + "; a 1-D tensor expected");
    t->ToInt64(values);
    return LowerStatus::Ok();
}

std::string MoveFloat64AsUint64(DML_TENSOR_DATA_TYPE* type) {
    if (*type != DML_TENSOR_DATA_TYPE_FLOAT64) return "";
    *type = DML_TENSOR_DATA_TYPE_UINT64;
    return " (FLOAT64 moved as UINT64)";
}

void FoldDims(std::vector<uint32_t>* sizes, std::vector<std::vector<uint32_t>*> strides) {
    std::vector<uint32_t> s;
    std::vector<std::vector<uint32_t>> st(strides.size());
    for (size_t d = 0; d < sizes->size(); ++d) {
        if ((*sizes)[d] == 1) continue;
        bool merge = !s.empty();
        for (size_t k = 0; merge && k < strides.size(); ++k)
            merge = uint64_t(st[k].back()) == uint64_t((*strides[k])[d]) * (*sizes)[d];
        if (merge) {
            s.back() *= (*sizes)[d];
            for (size_t k = 0; k < strides.size(); ++k) st[k].back() = (*strides[k])[d];
        } else {
            s.push_back((*sizes)[d]);
            for (size_t k = 0; k < strides.size(); ++k) st[k].push_back((*strides[k])[d]);
        }
    }
    if (s.empty()) {
        s.push_back(1);
        for (auto& v : st) v.push_back(1);
    }
    *sizes = std::move(s);
    for (size_t k = 0; k < strides.size(); ++k) *strides[k] = std::move(st[k]);
}

std::vector<int64_t> ThreeDimView(const std::vector<int64_t>& shape, size_t axis) {
    int64_t outer = 1, inner = 1;
    for (size_t d = 0; d < axis; ++d) outer *= shape[d];
    for (size_t d = axis + 1; d < shape.size(); ++d) inner *= shape[d];
    return {outer, shape[axis], inner};
}

void SetOutput(Plan* plan, size_t index, std::vector<int64_t> shape, int32_t onnxType) {
    if (plan->outputShapes.size() <= index) {
        plan->outputShapes.resize(index + 1);
        plan->outputTypes.resize(index + 1, 0);
    }
    plan->outputShapes[index] = std::move(shape);
    plan->outputTypes[index] = onnxType;
}

LowerStatus AddIdentity(Plan* plan, DML_TENSOR_DATA_TYPE type, std::vector<uint32_t> sizes,
                        std::vector<uint32_t> inputStrides, uint32_t input, uint32_t output, const std::string& why) {
    std::vector<uint32_t> outputStrides = PackedStrides(sizes);
    if (inputStrides.empty()) inputStrides = outputStrides;
    std::string folded;
    if (sizes.size() > DML_TENSOR_DIMENSION_COUNT_MAX1) {
        size_t before = sizes.size();
        FoldDims(&sizes, {&inputStrides, &outputStrides});
        if (sizes.size() > DML_TENSOR_DIMENSION_COUNT_MAX1)
            return LowerStatus::Skip("rank " + std::to_string(before) + " folds only to rank " +
                                     std::to_string(sizes.size()) + "; DML takes at most 8 dimensions");
        folded = " (rank " + std::to_string(before) + " folded)";
    }
    Dispatch* d = plan->Add(DML_OPERATOR_ELEMENT_WISE_IDENTITY, "ELEMENT_WISE_IDENTITY");
    // The output is packed: pass its strides as NULL, as an engine does for a plain tensor.
    const bool outputPacked = outputStrides == PackedStrides(sizes);
    const bool inputPacked = inputStrides == PackedStrides(sizes);
    const DML_TENSOR_DESC* in = d->Tensor(type, sizes, inputPacked ? std::vector<uint32_t>{} : inputStrides);
    const DML_TENSOR_DESC* out = d->Tensor(type, sizes, outputPacked ? std::vector<uint32_t>{} : outputStrides);
    auto* desc = d->SetDesc<DML_ELEMENT_WISE_IDENTITY_OPERATOR_DESC>();
    desc->InputTensor = in;
    desc->OutputTensor = out;
    desc->ScaleBias = nullptr;
    d->BindInput({false, input, 0}, in);
    d->BindOutput({true, output, 0}, out);
    d->text = std::string("ELEMENT_WISE_IDENTITY ") + DmlTypeName(type) + FormatDims(sizes) +
              (inputPacked ? "" : " input strides " + FormatDims(inputStrides)) +
              (outputPacked ? "" : " output strides " + FormatDims(outputStrides)) + folded +
              (why.empty() ? "" : " [" + why + "]");
    return LowerStatus::Ok();
}

}  // namespace conformance
