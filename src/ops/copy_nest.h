// The loop nest of a plain strided copy between two tensors, shared by IDENTITY, SLICE, SPLIT and JOIN.
#pragma once

#include "core/operator_desc.h"
#include "ops/loop_nest.h"

namespace vkdml {

// Walks `output` (all its dimensions); the input moves with inputStrides from inputOrigin.
LoopNest CopyNest(const Tensor& output, TensorRef outputRef, const Tensor& input, TensorRef inputRef,
                  int64_t outputOrigin, int64_t inputOrigin, const std::array<int64_t, kMaxRank>& inputStrides);

std::array<int64_t, kMaxRank> StridesOf(const Tensor& t);

}  // namespace vkdml
