#include "dml_plan.h"

namespace conformance {

const DML_TENSOR_DESC* Dispatch::Tensor(DML_TENSOR_DATA_TYPE type, std::vector<uint32_t> sizes,
                                        std::vector<uint32_t> strides) {
    TensorStorage& t = tensors_.emplace_back();
    t.sizes = std::move(sizes);
    t.strides = std::move(strides);
    t.buffer.DataType = type;
    t.buffer.Flags = DML_TENSOR_FLAG_NONE;
    t.buffer.DimensionCount = uint32_t(t.sizes.size());
    t.buffer.Sizes = t.sizes.data();
    t.buffer.Strides = t.strides.empty() ? nullptr : t.strides.data();
    t.buffer.TotalTensorSizeInBytes =
        vkdmlCalcBufferTensorSize(type, t.buffer.DimensionCount, t.buffer.Sizes, t.buffer.Strides);
    t.buffer.GuaranteedBaseOffsetAlignment = 0;
    t.desc.Type = DML_TENSOR_TYPE_BUFFER;
    t.desc.Desc = &t.buffer;
    return &t.desc;
}

const DML_TENSOR_DESC* Dispatch::TensorArray(const std::vector<const DML_TENSOR_DESC*>& tensors) {
    std::vector<DML_TENSOR_DESC>& array = tensorArrays_.emplace_back();
    for (const DML_TENSOR_DESC* t : tensors) array.push_back(*t);
    return array.data();
}

const UINT* Dispatch::Uints(std::vector<uint32_t> values) { return uints_.emplace_back(std::move(values)).data(); }
const INT* Dispatch::Ints(std::vector<int32_t> values) { return ints_.emplace_back(std::move(values)).data(); }

static uint64_t TotalBytes(const DML_TENSOR_DESC* t) {
    return static_cast<const DML_BUFFER_TENSOR_DESC*>(t->Desc)->TotalTensorSizeInBytes;
}

void Dispatch::BindInput(TensorRef ref, const DML_TENSOR_DESC* tensor) {
    ref.output = false;
    inputs_.push_back({ref, TotalBytes(tensor)});
}

void Dispatch::BindOutput(TensorRef ref, const DML_TENSOR_DESC* tensor) {
    ref.output = true;
    outputs_.push_back({ref, TotalBytes(tensor)});
}

std::string FormatDims(const std::vector<uint32_t>& values) {
    std::string text = "{";
    for (size_t i = 0; i < values.size(); ++i) text += (i ? "," : "") + std::to_string(values[i]);
    return text + "}";
}

std::string FormatInts(const std::vector<int32_t>& values) {
    std::string text = "{";
    for (size_t i = 0; i < values.size(); ++i) text += (i ? "," : "") + std::to_string(values[i]);
    return text + "}";
}

}  // namespace conformance
