// SLICE and SLICE1: a strided copy whose input starts at the window origin and steps by window stride x tensor
// stride. A negative SLICE1 stride starts at the window's last element (seed 000).
#include "ops/copy_nest.h"
#include "ops/lowerings.h"

namespace vkdml {

Status LowerSlice(const OperatorDesc& op, const LoweringLimits& limits, Plan* plan) {
    const Tensor& in = op.inputs[0];
    const Tensor& out = op.outputs[0];
    int64_t origin = 0;
    std::array<int64_t, kMaxRank> steps{};
    for (uint32_t d = 0; d < in.rank; ++d) {
        int64_t stride = op.windowStrides[d];
        int64_t start = op.windowOffsets[d] + (stride < 0 ? int64_t(op.windowSizes[d]) - 1 : 0);
        origin += start * int64_t(in.strides[d]);     // < 2^32 * 2^32: no overflow
        steps[d] = stride * int64_t(in.strides[d]);   // |stride| < 2^32 (validated window): fits
    }
    return EmitLaunches(CopyNest(out, {true, 0}, in, {false, 0}, 0, origin, steps), limits, plan);
}

}  // namespace vkdml
