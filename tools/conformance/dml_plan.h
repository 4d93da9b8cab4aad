// What a lowering produces: the DML operators to run for one ONNX node (each a DML_OPERATOR_DESC with the storage
// its pointers need) and which node input/output each binding refers to, plus the node's output shapes as the
// lowering inferred them (the runner checks them against the expected tensors).
#pragma once

#include <vkdml/vkdml.h>

#include <cstdint>
#include <deque>
#include <memory>
#include <string>
#include <vector>

namespace conformance {

// A binding: node input or output `index` (or, with `scratch`, the plan's intermediate tensor `index`), at
// `offset` bytes into that tensor's buffer region. `output` is set by BindInput/BindOutput.
struct TensorRef {
    bool output = false;
    uint32_t index = 0;
    uint64_t offset = 0;
    bool scratch = false;
};

struct Binding {
    TensorRef ref;
    uint64_t bytes = 0;   // the bound tensor desc's TotalTensorSizeInBytes
};

// One DML operator. Descs and arrays made through it live as long as it does (their addresses never move).
class Dispatch {
public:
    Dispatch(DML_OPERATOR_TYPE type, const char* name) : name_(name) { op_.Type = type; }
    Dispatch(const Dispatch&) = delete;
    Dispatch& operator=(const Dispatch&) = delete;

    // A buffer tensor desc; strides empty = packed (Strides NULL). TotalTensorSizeInBytes from
    // vkdmlCalcBufferTensorSize.
    const DML_TENSOR_DESC* Tensor(DML_TENSOR_DATA_TYPE type, std::vector<uint32_t> sizes,
                                  std::vector<uint32_t> strides = {});
    // A contiguous array of tensor descs (JOIN InputTensors, SPLIT OutputTensors).
    const DML_TENSOR_DESC* TensorArray(const std::vector<const DML_TENSOR_DESC*>& tensors);
    const UINT* Uints(std::vector<uint32_t> values);
    const INT* Ints(std::vector<int32_t> values);
    template <typename Desc>
    Desc* SetDesc() {
        auto desc = std::make_shared<Desc>();
        op_.Desc = desc.get();
        desc_ = desc;
        return desc.get();
    }

    // Bindings in the operator's order (arrays flattened).
    void BindInput(TensorRef ref, const DML_TENSOR_DESC* tensor);
    void BindOutput(TensorRef ref, const DML_TENSOR_DESC* tensor);

    const DML_OPERATOR_DESC* Desc() const { return &op_; }
    const std::string& Name() const { return name_; }
    const std::vector<Binding>& Inputs() const { return inputs_; }
    const std::vector<Binding>& Outputs() const { return outputs_; }
    // One line: the operator, its tensors and fields ("SLICE1 in FLOAT32{20,10,5} out{3,10,5} offsets{...}...").
    std::string text;

private:
    struct TensorStorage {
        std::vector<uint32_t> sizes, strides;
        DML_BUFFER_TENSOR_DESC buffer{};
        DML_TENSOR_DESC desc{};
    };
    std::string name_;
    DML_OPERATOR_DESC op_{};
    std::shared_ptr<void> desc_;
    std::deque<TensorStorage> tensors_;
    std::deque<std::vector<DML_TENSOR_DESC>> tensorArrays_;
    std::deque<std::vector<uint32_t>> uints_;
    std::deque<std::vector<int32_t>> ints_;
    std::vector<Binding> inputs_, outputs_;
};

struct Plan {
    std::vector<std::unique_ptr<Dispatch>> dispatches;
    // Per node output: the inferred shape and ONNX type.
    std::vector<std::vector<int64_t>> outputShapes;
    std::vector<int32_t> outputTypes;
    // Remarks for --verbose ("output 0 is empty: no dispatch").
    std::vector<std::string> notes;
    // Conversions (CAST, FILL_VALUE_SEQUENCE) compare values (NaN equals NaN); data movement compares bits.
    bool compareValues = false;
    // Intermediate tensors between dispatches (bytes each), bound through TensorRef::scratch. Dispatches run in
    // order, each finished before the next.
    std::vector<uint64_t> scratchBytes;

    TensorRef AddScratch(uint64_t bytes) {
        scratchBytes.push_back(bytes);
        return {false, uint32_t(scratchBytes.size() - 1), 0, true};
    }

    Dispatch* Add(DML_OPERATOR_TYPE type, const char* name) {
        dispatches.push_back(std::make_unique<Dispatch>(type, name));
        return dispatches.back().get();
    }
};

// "{a,b,c}"
std::string FormatDims(const std::vector<uint32_t>& values);
std::string FormatInts(const std::vector<int32_t>& values);

}  // namespace conformance
