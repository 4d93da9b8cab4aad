// MAX_UNPOOLING: the output is filled with zeros, then - after a barrier - the Scatter kernel walks the input and
// its indices and writes each input element to the output element its index names (ScatterMode::FlatIndex: the
// index counts the output's elements row-major, whatever its strides). An index outside the output writes nothing.
#include "ops/generate_nest.h"
#include "ops/index_nest.h"
#include "ops/lowerings.h"

#include <algorithm>
#include <vector>

namespace vkdml {
namespace {

// One index axis: a run of the output's dimensions laid out row-major, and what a flat index is divided by to count
// along it.
struct FlatAxis {
    uint32_t size;
    int64_t stride;
    uint32_t divisor;
};

// The output's dimensions as index axes. Size-1 dimensions drop out and neighbours laid out as one row-major run
// merge (a packed output is one axis). The axis of the largest stride comes first: a launch whose output is too
// large for one descriptor splits along index axis 0 (loop_nest.cpp), so that is where the span is.
void SetOutputAxes(LoopNest& n, const Tensor& out) {
    std::vector<FlatAxis> axes;   // innermost first while merging
    uint32_t divisor = 1;         // below 2^32: no tensor has more elements (ReadTensor)
    for (uint32_t d = out.rank; d-- > 0;) {
        if (out.sizes[d] == 1) continue;
        if (!axes.empty() && int64_t(out.strides[d]) == axes.back().stride * axes.back().size) {
            axes.back().size *= out.sizes[d];
        } else {
            axes.push_back({out.sizes[d], int64_t(out.strides[d]), divisor});
        }
        divisor *= out.sizes[d];
    }
    if (axes.empty()) axes.push_back({1, 0, 1});   // a single element
    const auto widerFirst = [](const FlatAxis& a, const FlatAxis& b) { return a.stride > b.stride; };
    std::stable_sort(axes.begin(), axes.end(), widerFirst);
    std::vector<uint32_t> sizes;
    std::vector<int64_t> strides;
    for (const FlatAxis& a : axes) sizes.push_back(a.size), strides.push_back(a.stride);
    n.SetIndexAxes(kSlotOutput, uint32_t(axes.size()), sizes.data(), strides.data(), 0);
    for (size_t j = 0; j < axes.size(); ++j) n.args.axisDivisors[j] = axes[j].divisor;
    n.args.flatIndexCount = uint32_t(out.ElementCount());
}

}  // namespace

Status LowerMaxUnpooling(const OperatorDesc& op, const LoweringLimits& limits, Plan* plan) {
    const Tensor& in = op.inputs[0];
    const Tensor& indices = op.inputs[1];
    const Tensor& out = op.outputs[0];
    if (out.IsEmpty()) return Status::Ok();   // no element to write; every index lies outside
    LoopNest zero = GenerateNest(out, {true, 0}, GenerateMode::Constant, out.dataType);
    VKDML_RETURN_IF_ERROR(EmitLaunches(zero, limits, plan));
    LoopNest n = ScatterNest(op, 0, 1);   // InputTensor holds the updates
    n.args.mode = uint32_t(ScatterMode::FlatIndex);
    SetOutputAxes(n, out);
    for (uint32_t d = 0; d < in.rank; ++d) n.AddDimension(in.sizes[d], 0, in.strides[d], indices.strides[d]);
    return EmitLaunchesAfter(n, limits, plan);
}

}  // namespace vkdml
