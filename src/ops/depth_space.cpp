// DEPTH_TO_SPACE(1) and SPACE_TO_DEPTH(1): a reshaped transpose. The space tensor {N, C, H*B, W*B} is viewed as
// {N, C, H, B_h, W, B_w}; the depth tensor {N, C*B*B, H, W} as {N, (B_h, B_w, C), H, W} (DEPTH_COLUMN_ROW) or
// {N, (C, B_h, B_w), H, W} (COLUMN_ROW_DEPTH). Both views name the same six axes; the copy walks them in the output's
// order (so a packed output stays packed for the dense sub-word path) with each tensor's strides.
#include "ops/lowerings.h"
#include "ops/loop_nest.h"

namespace vkdml {
namespace {

struct Axis {
    uint32_t size;
    int64_t depthStride, spaceStride;
};

Status LowerDepthSpace(const OperatorDesc& op, bool toSpace, const LoweringLimits& limits, Plan* plan) {
    const Tensor& depth = toSpace ? op.inputs[0] : op.outputs[0];
    const Tensor& space = toSpace ? op.outputs[0] : op.inputs[0];
    const uint32_t b = op.blockSize;
    const int64_t channels = space.sizes[1];
    const bool dcr = op.order == DML_DEPTH_SPACE_ORDER_DEPTH_COLUMN_ROW;
    const int64_t dC = depth.strides[1];
    // Depth channel = (bh * B + bw) * C + c (DCR) or (c * B + bh) * B + bw (CRD).
    const Axis n{space.sizes[0], depth.strides[0], space.strides[0]};
    const Axis c{uint32_t(channels), dcr ? dC : dC * b * b, space.strides[1]};
    const Axis h{depth.sizes[2], depth.strides[2], int64_t(space.strides[2]) * b};
    const Axis bh{b, dcr ? dC * channels * b : dC * b, space.strides[2]};
    const Axis w{depth.sizes[3], depth.strides[3], int64_t(space.strides[3]) * b};
    const Axis bw{b, dcr ? dC * channels : dC, space.strides[3]};

    std::vector<Axis> order;
    if (toSpace) order = {n, c, h, bh, w, bw};
    else if (dcr) order = {n, bh, bw, c, h, w};
    else order = {n, c, bh, bw, h, w};

    const Tensor& in = op.inputs[0];
    const Tensor& out = op.outputs[0];
    LoopNest nest;
    nest.SetSlot(kSlotOutput, {true, 0}, out);
    nest.SetSlot(kSlotInput, {false, 0}, in);
    for (const Axis& a : order)
        nest.AddDimension(a.size, toSpace ? a.spaceStride : a.depthStride, toSpace ? a.depthStride : a.spaceStride);
    return EmitLaunches(nest, limits, plan);
}

}  // namespace

Status LowerDepthToSpace(const OperatorDesc& op, const LoweringLimits& limits, Plan* plan) {
    return LowerDepthSpace(op, true, limits, plan);
}

Status LowerSpaceToDepth(const OperatorDesc& op, const LoweringLimits& limits, Plan* plan) {
    return LowerDepthSpace(op, false, limits, plan);
}

}  // namespace vkdml
