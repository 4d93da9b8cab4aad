// Shape and Size: their values follow from the input's shape alone, which the host knows (an engine's DirectML
// backend computes them on the CPU too); the lowering writes them to the device. Size -> one FILL_VALUE_CONSTANT
// INT64. Shape -> one FILL_VALUE_CONSTANT INT64 per dimension kept, each into a scratch tensor of its own (bindings
// start on 16 bytes, so a fill cannot target the output's element i), then one JOIN of them into the output.
#include "lowering.h"

#include <algorithm>

namespace conformance {
namespace {

DML_SCALAR_UNION Int64Scalar(int64_t value) {
    DML_SCALAR_UNION scalar{};
    scalar.Int64 = value;
    return scalar;
}

// Shape-15's start / end: negative counts from the end, then clamped into [0, rank].
int64_t ClampedDimension(int64_t value, int64_t rank) {
    if (value < 0) value += rank;
    return std::clamp<int64_t>(value, 0, rank);
}

}  // namespace

LowerStatus LowerShape(const NodeContext& c, Plan* plan) {
    const HostTensor* x = c.Input(0);
    if (!x) return LowerStatus::Fail("input 0 is missing");
    const int64_t rank = int64_t(x->shape.size());
    const int64_t start = ClampedDimension(c.IntAttribute("start", 0), rank);
    const int64_t end = ClampedDimension(c.IntAttribute("end", rank), rank);
    const std::vector<int64_t> dims(x->shape.begin() + start, x->shape.begin() + std::max(start, end));
    const uint32_t count = uint32_t(dims.size());
    SetOutput(plan, 0, {int64_t(count)}, onnx::TensorProto::INT64);
    if (count == 0) {
        plan->notes.push_back("output 0 {0} is empty: no dispatch");
        return LowerStatus::Ok();
    }
    const TensorRef output{true, 0, 0};
    if (count == 1)
        return AddFillConstant(plan, DML_TENSOR_DATA_TYPE_INT64, Int64Scalar(dims[0]), {1}, output, "Shape");
    std::vector<TensorRef> sources;
    for (int64_t d : dims) {
        sources.push_back(plan->AddScratch(8));
        const std::string why = "Shape, dimension " + std::to_string(start + int64_t(sources.size()) - 1) + ": " +
                                std::to_string(d);
        CONFORMANCE_RETURN_IF_NOT_OK(
            AddFillConstant(plan, DML_TENSOR_DATA_TYPE_INT64, Int64Scalar(d), {1}, sources.back(), why));
    }
    Dispatch* join = plan->Add(DML_OPERATOR_JOIN, "JOIN");
    std::vector<const DML_TENSOR_DESC*> parts;
    for (size_t k = 0; k < sources.size(); ++k) parts.push_back(join->Tensor(DML_TENSOR_DATA_TYPE_INT64, {1}));
    const DML_TENSOR_DESC* out = join->Tensor(DML_TENSOR_DATA_TYPE_INT64, {count});
    *join->SetDesc<DML_JOIN_OPERATOR_DESC>() = {count, join->TensorArray(parts), out, 0};
    for (size_t k = 0; k < sources.size(); ++k) join->BindInput(sources[k], parts[k]);
    join->BindOutput(output, out);
    join->text =
        "JOIN INT64 " + std::to_string(count) + " inputs {1} out {" + std::to_string(count) + "} Axis 0 [Shape]";
    return LowerStatus::Ok();
}

LowerStatus LowerSize(const NodeContext& c, Plan* plan) {
    const HostTensor* x = c.Input(0);
    if (!x) return LowerStatus::Fail("input 0 is missing");
    SetOutput(plan, 0, {}, onnx::TensorProto::INT64);
    return AddFillConstant(plan, DML_TENSOR_DATA_TYPE_INT64, Int64Scalar(int64_t(x->ElementCount())), {}, {true, 0, 0},
                           "Size");
}

}  // namespace conformance
