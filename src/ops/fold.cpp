// FOLD (col2im), UNFOLD's inverse: InputTensor {N, C x K, BlockCount} holds, for each channel and window position k
// (K = prod(WindowSizes) of them) and block b, a value of the image OutputTensor {N, C, spatial...} at (n, c,
// b_d x Strides[d] + k_d x Dilations[d] - StartPadding[d] for each spatial dimension d); windows overlap, so each
// output element is the sum of the values landing on it, and values landing in the padding are dropped.
//
// The sum is defined as PyTorch's fold and ONNX's Col2Im reference compute it: the output starts at zeros and each
// window position's values are added in turn, k ascending, each add rounded in the output's data type (integers
// wrap). So FOLD lowers to a FILL of zeros, then accumulate passes (shaders/accumulate.comp), each after a barrier, in
// which no two values land on the same element (the first adds to +0 without reading, and makes the FILL needless
// where it lands everywhere):
// - along a dimension whose windows never overlap (Strides[d] at least the window's span) and never reach the padding,
//   all window positions land on distinct elements: the pass walks them all, as UNFOLD's copy does;
// - along any other, each window position takes its own passes, in ascending order, each walking the box of blocks
//   whose value lands inside the output (a window position's landings are evenly spaced).
// An element's values then differ only in the window coordinates of the second kind, so they are added in ascending k.
#include "core/sliding_window.h"
#include "ops/generate_nest.h"
#include "ops/lowerings.h"
#include "ops/loop_nest.h"

#include <algorithm>

namespace vkdml {
namespace {

constexpr TensorRef kInput{false, 0};
constexpr TensorRef kOutput{true, 0};

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

// True when every window position along spatial dimension i lands inside the output and on elements of its own:
// the windows never overlap (Strides[i] at least their span) and never reach the padding.
bool SharesPass(const OperatorDesc& op, uint32_t i, uint64_t size) {
    const uint64_t span = WindowSpan(op, i), blocks = BlocksAlong(size, op, i);
    return op.windowStrides[i] >= span && op.startPadding[i] == 0 && (blocks - 1) * op.windowStrides[i] + span <= size;
}

}  // namespace

Status LowerFold(const OperatorDesc& op, const LoweringLimits& limits, Plan* plan) {
    const Tensor& in = op.inputs[0];
    const Tensor& out = op.outputs[0];
    if (out.IsEmpty()) return Status::Ok();   // every value lands in the padding, or there is none
    const uint32_t spatial = op.dimensionCount, first = out.rank - spatial;
    uint64_t windowElements = 1;
    for (uint32_t i = 0; i < spatial; ++i) windowElements *= op.windowSizes[i];   // <= kMaxFoldWindowPositions

    // The window positions along dimension i: in one pass (they never meet), or one pass each. Where the first pass
    // lands on every output element (patches tiling the image, or stride 1 with padding enough), it writes them all,
    // and the zeros go without a fill: the first pass adds to +0 without reading the output (AccumulateMode::First).
    std::array<bool, kMaxRank> shared{};
    uint64_t passes = 1;
    bool firstPassCoversAll = true;
    for (uint32_t i = 0; i < spatial; ++i) {
        const uint64_t size = out.sizes[first + i], stride = op.windowStrides[i];
        shared[i] = SharesPass(op, i, size);
        if (!shared[i]) passes *= op.windowSizes[i];
        const BlockRange r = BlocksInside(op, i, size, 0);
        firstPassCoversAll = firstPassCoversAll &&
                             (shared[i] ? (op.windowSizes[i] == 1 || op.dilations[i] == 1) &&
                                              stride == WindowSpan(op, i) && BlocksAlong(size, op, i) * stride == size
                                        : stride == 1 && r.hi - r.lo == size);
    }
    if (!firstPassCoversAll) {
        LoopNest zeros = GenerateNest(out, kOutput, GenerateMode::Constant, out.dataType);
        VKDML_RETURN_IF_ERROR(EmitLaunches(zeros, limits, plan));
    }

    const int64_t rowStride = in.strides[in.rank - 2], columnStride = in.strides[in.rank - 1];
    // Columns from one block of spatial dimension i to the next (blocks are counted row-major).
    std::array<uint64_t, kMaxRank> blockColumns{};
    uint64_t after = in.sizes[in.rank - 1];
    for (uint32_t i = 0; i < spatial; ++i) {
        after /= BlocksAlong(out.sizes[first + i], op, i);
        blockColumns[i] = after;
    }
    bool firstPass = true;
    for (uint64_t pass = 0; pass < passes; ++pass) {
        LoopNest n;
        n.args.kernel = Kernel::Accumulate;
        n.args.dataType = out.dataType;
        n.args.mode = uint32_t(firstPass ? AccumulateMode::First : AccumulateMode::Add);
        n.SetSlot(kSlotOutput, kOutput, out);
        n.SetSlot(kSlotInput, kInput, in);
        // A dimension of one element is left out: it never steps, and its stride times a factor could overflow.
        auto add = [&n](uint64_t size, uint64_t outputFactor, int64_t outputStride, uint64_t inputFactor,
                        int64_t inputStride) {
            if (size > 1)
                n.AddDimension(uint32_t(size), int64_t(outputFactor) * outputStride,
                               int64_t(inputFactor) * inputStride);
        };
        add(out.sizes[first - 2], 1, out.strides[first - 2], 1, in.strides[in.rank - 3]);
        add(out.sizes[first - 1], 1, out.strides[first - 1], windowElements, rowStride);
        bool inside = true;
        uint64_t position = pass, passesAfter = passes, rowsAfter = windowElements;
        for (uint32_t i = 0; i < spatial && inside; ++i) {
            rowsAfter /= op.windowSizes[i];   // rows from one window position of dimension i to the next
            const int64_t outputStride = out.strides[first + i];
            if (shared[i]) {
                add(op.windowSizes[i], op.dilations[i], outputStride, rowsAfter, rowStride);
                add(BlocksAlong(out.sizes[first + i], op, i), op.windowStrides[i], outputStride, blockColumns[i],
                    columnStride);
                continue;
            }
            passesAfter /= op.windowSizes[i];
            const uint64_t k = position / passesAfter;   // this pass's window position along dimension i
            position %= passesAfter;
            const BlockRange r = BlocksInside(op, i, out.sizes[first + i], k);
            inside = r.hi > r.lo;
            const int64_t landing = int64_t(r.lo * op.windowStrides[i] + k * op.dilations[i]) - op.startPadding[i];
            n.origin[kSlotOutput] += landing * outputStride;
            n.origin[kSlotInput] += int64_t(k * rowsAfter) * rowStride + int64_t(r.lo * blockColumns[i]) * columnStride;
            add(r.hi - r.lo, op.windowStrides[i], outputStride, blockColumns[i], columnStride);
        }
        if (!inside) continue;   // this pass's window positions land in the padding only
        VKDML_RETURN_IF_ERROR(EmitLaunchesAfter(n, limits, plan));
        firstPass = false;
    }
    return Status::Ok();
}

}  // namespace vkdml
