// LoopNest: the N-D walk of an operator over up to three tensors (output, input, indices), before it is cut into
// launches. Lowering an operator = describing its loop nest; this file does the rest for every operator:
// dropping size-1 dimensions, merging dimensions that are contiguous in every tensor, splitting the walk until
// each tensor's touched range fits one descriptor (maxStorageBufferRange), and emitting launches.
#pragma once

#include "core/status.h"
#include "ops/plan.h"

namespace vkdml {

constexpr uint32_t kMaxNestRank = 16;

struct LoopNest {
    uint32_t rank = 0;
    std::array<uint32_t, kMaxNestRank> sizes{};
    std::array<std::array<int64_t, kMaxNestRank>, kSlotCount> strides{};   // elements, per slot
    std::array<int64_t, kSlotCount> origin{};                              // element offset of coordinate 0
    std::array<SlotView, kSlotCount> slots{};                              // tensor + element size per slot
    uint32_t slotCount = 2;
    // Gather: the input also moves along an axis chosen by the index value, in [axisLo, axisHi).
    bool gather = false;
    uint32_t axisSize = 0, axisLo = 0, axisHi = 0;
    int64_t axisStride = 0;
    uint32_t indexKind = 0;

    void AddDimension(uint32_t size, int64_t outputStride, int64_t inputStride, int64_t indicesStride = 0);
};

// Appends the launches for `nest` to `plan`.
Status EmitLaunches(const LoopNest& nest, const LoweringLimits& limits, Plan* plan);

}  // namespace vkdml
