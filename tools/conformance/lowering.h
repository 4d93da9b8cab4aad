// Lowering one ONNX node to DML operators, the way an inference engine's DirectML backend does: one function per
// ONNX op, in a table (lowering_table.cpp). Inputs that the lowering needs as constants (Slice starts/ends, Split
// sizes, Reshape/Expand shapes, Squeeze/Unsqueeze axes) are read on the host, as an engine with static shapes does.
#pragma once

#include "dml_plan.h"
#include "onnx_data.h"

#include <span>
#include <string>
#include <vector>

namespace conformance {

// Ok, or why not: Skip = a valid node the lowering cannot express in DML (or an op not mapped yet);
// Fail = the node or its data breaks ONNX's rules (the case itself is wrong, or the loader is).
struct LowerStatus {
    enum Kind { kOk, kSkip, kFail } kind = kOk;
    std::string message;

    static LowerStatus Ok() { return {}; }
    static LowerStatus Skip(std::string m) { return {kSkip, std::move(m)}; }
    static LowerStatus Fail(std::string m) { return {kFail, std::move(m)}; }
    bool ok() const { return kind == kOk; }
};

#define CONFORMANCE_RETURN_IF_NOT_OK(expr)         \
    do {                                           \
        ::conformance::LowerStatus s_ = (expr);    \
        if (!s_.ok()) return s_;                   \
    } while (0)

// The node and the tensors bound to its inputs.
struct NodeContext {
    const onnx::NodeProto* node = nullptr;
    int64_t opset = 0;
    std::vector<const HostTensor*> inputs;   // per node input; nullptr = an optional input left empty
    size_t outputCount = 0;

    // Input i, or nullptr when absent or empty.
    const HostTensor* Input(size_t i) const { return i < inputs.size() ? inputs[i] : nullptr; }
    const onnx::AttributeProto* Attribute(const char* name) const;
    int64_t IntAttribute(const char* name, int64_t fallback) const;
    bool IntsAttribute(const char* name, std::vector<int64_t>* values) const;   // false if absent
};

using LowerFunction = LowerStatus (*)(const NodeContext& context, Plan* plan);

struct LoweringEntry {
    const char* onnxOp;
    const char* dmlOperators;   // for the README and --verbose: "SLICE1", "ELEMENT_WISE_IDENTITY" ...
    LowerFunction lower;
};

std::span<const LoweringEntry> AllLowerings();
const LoweringEntry* FindLowering(const std::string& onnxOp);

// Whether the op, given a sequence or optional of tensors, returns one nested the same way with the op applied
// to each element tensor alone, so it can run once per element (Identity). Ops that combine or reorder the
// elements (SequenceAt, ConcatFromSequence, ...) are not such ops.
bool ActsPerElement(const std::string& onnxOp);

// Data-movement ops the spec plans to map once the runtime gains their DML operator.
struct PlannedMapping {
    const char* onnxOp;
    DML_OPERATOR_TYPE dmlType;
    const char* dmlName;
};
const PlannedMapping* FindPlannedMapping(const std::string& onnxOp);
std::span<const PlannedMapping> AllPlannedMappings();

// ---- helpers shared by the lowering functions (lowering_util.cpp) ----

// DML sizes for an ONNX shape: rank 0 becomes {1}; fails if a dimension exceeds UINT32 or the element count
// exceeds DirectML's 2^32-1 (SKIP). Every dimension must be >= 1 (callers skip empty tensors before).
LowerStatus ToDmlSizes(const std::vector<int64_t>& shape, std::vector<uint32_t>* sizes);
// The DML type a tensor is bound as; SKIP for ONNX types DML has none for (STRING, BFLOAT16, COMPLEX*).
LowerStatus ToDmlType(const HostTensor& tensor, const char* what, DML_TENSOR_DATA_TYPE* type);
std::vector<uint32_t> PackedStrides(const std::vector<uint32_t>& sizes);
// axis in [-rank, rank) -> [0, rank); Fail otherwise.
LowerStatus NormalizeAxis(int64_t axis, size_t rank, const char* what, size_t* out);
// An INT32/INT64 input read on the host.
LowerStatus ReadConstantInts(const NodeContext& context, size_t input, const char* what, std::vector<int64_t>* values);
// Merges dimensions for a strided copy of `sizes` where every stride array in `strides` is contiguous across the
// pair (and drops size-1 dimensions): used when an ONNX rank exceeds DML's 8.
void FoldDims(std::vector<uint32_t>* sizes, std::vector<std::vector<uint32_t>*> strides);
// Products of shape[0, axis), shape[axis], shape[axis+1, rank): the {outer, axis, inner} view used when a rank
// exceeds 8 for ops that act on one axis.
std::vector<int64_t> ThreeDimView(const std::vector<int64_t>& shape, size_t axis);

// Records output `index` (shape + type) in the plan.
void SetOutput(Plan* plan, size_t index, std::vector<int64_t> shape, int32_t onnxType);

// One ELEMENT_WISE_IDENTITY from node input `input` to node output `output`: the output is packed with `sizes`,
// the input is read with `inputStrides` (empty = packed, the same sizes). Folds rank > 8.
LowerStatus AddIdentity(Plan* plan, DML_TENSOR_DATA_TYPE type, std::vector<uint32_t> sizes,
                        std::vector<uint32_t> inputStrides, uint32_t input, uint32_t output, const std::string& why);

// For operators without a FLOAT64 row (TILE, MAX_UNPOOLING): FLOAT64 data moves as UINT64, the same bits. Returns
// the note the dispatch's text gets ("" for other types).
std::string MoveFloat64AsUint64(DML_TENSOR_DATA_TYPE* type);
// One FILL_VALUE_CONSTANT writing `value` (of `type`) to `target` (a node output or a scratch tensor) of `shape` (at
// least one element; a fill has no layout, so a rank above 8 becomes one dimension). lower_fill_cast.cpp.
LowerStatus AddFillConstant(Plan* plan, DML_TENSOR_DATA_TYPE type, DML_SCALAR_UNION value,
                            const std::vector<int64_t>& shape, TensorRef target, const std::string& why);

// One NONZERO_COORDINATES over node input `input` (of `type`, `sizes`): its coordinates, a row of sizes.size()
// UINT32 values per element of the input, into `rows` (the first `count` rows hold them); its count into a scratch
// word. `note` ends the dispatch's text. lower_nonzero.cpp.
void AddNonzeroCoordinates(Plan* plan, DML_TENSOR_DATA_TYPE type, const std::vector<uint32_t>& sizes, uint32_t input,
                           TensorRef rows, const std::string& note);

}  // namespace conformance
