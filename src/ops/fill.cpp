// FILL_VALUE_CONSTANT, FILL_VALUE_SEQUENCE, DIAGONAL_MATRIX(1): the Generate kernel over the output. The sequence
// index and the diagonal's x - y are the coordinate channel: packed row-major strides of the output's sizes for the
// former, +1 along the last dimension and -1 along the one before for the latter.
#include "ops/generate_nest.h"
#include "ops/lowerings.h"

namespace vkdml {

Status LowerFillValueConstant(const OperatorDesc& op, const LoweringLimits& limits, Plan* plan) {
    const Tensor& out = op.outputs[0];
    LoopNest n = GenerateNest(out, {true, 0}, GenerateMode::Constant, out.dataType);
    n.args.value = op.value;
    return EmitLaunches(n, limits, plan);
}

Status LowerFillValueSequence(const OperatorDesc& op, const LoweringLimits& limits, Plan* plan) {
    const Tensor& out = op.outputs[0];
    LoopNest n = GenerateNest(out, {true, 0}, GenerateMode::Sequence, out.dataType);
    n.args.value = op.value;
    n.args.delta = op.delta;
    int64_t index = 1;
    for (uint32_t d = out.rank; d-- > 0;) {
        n.strides[kChannelCoordinate][d] = index;
        index *= out.sizes[d];
    }
    return EmitLaunches(n, limits, plan);
}

Status LowerDiagonalMatrix(const OperatorDesc& op, const LoweringLimits& limits, Plan* plan) {
    const Tensor& out = op.outputs[0];
    const bool overInput = !op.inputs.empty() && op.inputs[0].present;
    LoopNest n = GenerateNest(out, {true, 0}, overInput ? GenerateMode::DiagonalOverInput : GenerateMode::Diagonal,
                              out.dataType);
    n.args.value = op.value;
    n.args.rangeBegin = op.diagonalBegin;
    n.args.rangeEnd = op.diagonalEnd;
    n.strides[kChannelCoordinate][out.rank - 1] = 1;
    n.strides[kChannelCoordinate][out.rank - 2] = -1;
    if (overInput) {
        const Tensor& in = op.inputs[0];
        n.SetSlot(kSlotInput, {false, 0}, in);
        for (uint32_t d = 0; d < in.rank; ++d) n.strides[kSlotInput][d] = in.strides[d];
    }
    return EmitLaunches(n, limits, plan);
}

}  // namespace vkdml
