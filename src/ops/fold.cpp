// FOLD (col2im), UNFOLD's inverse: InputTensor {N, C x K, BlockCount} holds, for each channel and window position k
// (K = prod(WindowSizes) of them) and block b, a value of the image OutputTensor {N, C, spatial...} at (n, c,
// b_d x Strides[d] + k_d x Dilations[d] - StartPadding[d] for each spatial dimension d); windows overlap, so each
// output element is the sum of the values landing on it, and values landing in the padding are dropped.
//
// The sum is defined as PyTorch's fold and ONNX's Col2Im reference compute it: the output starts at zeros and each
// window position's values are added in turn, k ascending, each add rounded in the output's data type (integers
// wrap). So FOLD lowers to a FILL of zeros, then one accumulate pass per window position (shaders/accumulate.comp),
// each after a barrier. Within one pass the blocks land on distinct elements (Strides >= 1), and a pass walks only
// the blocks whose element lies inside the output along every dimension - a box of them, as the elements a window
// position reaches are evenly spaced.
#include "core/sliding_window.h"
#include "ops/generate_nest.h"
#include "ops/lowerings.h"
#include "ops/loop_nest.h"

#include <algorithm>

namespace vkdml {
namespace {

constexpr TensorRef kInput{false, 0};
constexpr TensorRef kOutput{true, 0};

// Window positions FOLD takes passes for at most: each pass is at least one launch (a dispatch and a descriptor set).
constexpr uint64_t kMaxWindowPositions = 4096;

// The blocks [lo, hi) whose element at window position `k` lies inside the output along spatial dimension i.
struct BlockRange {
    uint64_t lo = 0, hi = 0;
};

BlockRange BlocksInside(const OperatorDesc& op, uint32_t i, uint64_t size, uint64_t k) {
    // Block b lands on b x stride + k x dilation - start, inside when in [0, size).
    const uint64_t stride = op.windowStrides[i], reach = k * op.dilations[i], start = op.startPadding[i];
    const uint64_t blocks = BlocksAlong(size, op, i);
    BlockRange r;
    r.lo = reach >= start ? 0 : (start - reach + stride - 1) / stride;
    if (size + start <= reach) return r;   // even block 0 lands past the end
    r.hi = std::min(blocks, (size - 1 + start - reach) / stride + 1);
    r.hi = std::max(r.hi, r.lo);
    return r;
}

}  // namespace

Status LowerFold(const OperatorDesc& op, const LoweringLimits& limits, Plan* plan) {
    const Tensor& in = op.inputs[0];
    const Tensor& out = op.outputs[0];
    if (out.IsEmpty()) return Status::Ok();   // every value lands in the padding, or there is none
    const uint32_t spatial = op.dimensionCount, first = out.rank - spatial;
    uint64_t windowElements = 1;
    for (uint32_t i = 0; i < spatial; ++i) windowElements *= op.windowSizes[i];
    if (windowElements > kMaxWindowPositions)
        return Unsupported("%s: the window has %llu positions; vkdml folds windows of at most %llu (one pass each)",
                           op.name.c_str(), (unsigned long long)windowElements,
                           (unsigned long long)kMaxWindowPositions);

    LoopNest zeros = GenerateNest(out, kOutput, GenerateMode::Constant, out.dataType);
    VKDML_RETURN_IF_ERROR(EmitLaunches(zeros, limits, plan));

    const int64_t rowStride = in.strides[in.rank - 2], columnStride = in.strides[in.rank - 1];
    // Columns from one block of spatial dimension i to the next (blocks are counted row-major).
    std::array<uint64_t, kMaxRank> blockColumns{};
    uint64_t after = in.sizes[in.rank - 1];
    for (uint32_t i = 0; i < spatial; ++i) {
        after /= BlocksAlong(out.sizes[first + i], op, i);
        blockColumns[i] = after;
    }
    for (uint64_t k = 0; k < windowElements; ++k) {
        LoopNest pass;
        pass.args.kernel = Kernel::Accumulate;
        pass.args.dataType = out.dataType;
        pass.SetSlot(kSlotOutput, kOutput, out);
        pass.SetSlot(kSlotInput, kInput, in);
        // The row of window position k in channel 0; the channels' rows follow every K rows.
        pass.origin[kSlotInput] = int64_t(k) * rowStride;
        // A dimension of one element is left out: it never steps, and its stride times a factor could overflow.
        auto add = [&pass](uint64_t size, uint64_t outputFactor, int64_t outputStride, uint64_t inputFactor,
                           int64_t inputStride) {
            if (size > 1)
                pass.AddDimension(uint32_t(size), int64_t(outputFactor) * outputStride,
                                  int64_t(inputFactor) * inputStride);
        };
        add(out.sizes[first - 2], 1, out.strides[first - 2], 1, in.strides[in.rank - 3]);
        add(out.sizes[first - 1], 1, out.strides[first - 1], windowElements, rowStride);
        bool inside = true;
        uint64_t position = k, positionsAfter = windowElements;
        for (uint32_t i = 0; i < spatial; ++i) {
            positionsAfter /= op.windowSizes[i];
            const uint64_t ki = position / positionsAfter;   // k's coordinate along dimension i
            position %= positionsAfter;
            const uint64_t size = out.sizes[first + i];
            const BlockRange r = BlocksInside(op, i, size, ki);
            inside = inside && r.hi > r.lo;
            if (!inside) break;
            const int64_t landing = int64_t(r.lo * op.windowStrides[i] + ki * op.dilations[i]) - op.startPadding[i];
            pass.origin[kSlotOutput] += landing * int64_t(out.strides[first + i]);
            pass.origin[kSlotInput] += int64_t(r.lo * blockColumns[i]) * columnStride;
            add(r.hi - r.lo, op.windowStrides[i], out.strides[first + i], blockColumns[i], columnStride);
        }
        if (!inside) continue;   // this window position lands in the padding only
        VKDML_RETURN_IF_ERROR(EmitLaunchesAfter(pass, limits, plan));
    }
    return Status::Ok();
}

}  // namespace vkdml
