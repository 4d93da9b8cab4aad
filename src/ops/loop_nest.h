// LoopNest: the N-D walk of an operator over up to three tensors (output, input, indices) and the coordinate
// channel, before it is cut into launches. Lowering an operator = describing its loop nest; this file does the rest
// for every operator: dropping size-1 dimensions, merging dimensions that are contiguous in every channel, splitting
// the walk until each tensor's touched range fits one descriptor (maxStorageBufferRange), and emitting launches.
#pragma once

#include "core/status.h"
#include "core/tensor.h"
#include "ops/plan.h"

namespace vkdml {

constexpr uint32_t kMaxNestRank = 16;

struct LoopNest {
    KernelArgs args;
    uint32_t rank = 0;
    std::array<uint32_t, kMaxNestRank> sizes{};
    std::array<std::array<int64_t, kMaxNestRank>, kChannelCount> strides{};   // elements, per channel
    std::array<int64_t, kChannelCount> origin{};                              // offset of coordinate 0
    std::array<SlotView, kSlotCount> slots{};                                 // tensor + element size per slot
    uint32_t slotCount = 2;
    // InputMap other than Linear (args.mode of StridedCopy): per dimension, the input's extent and the shift of the
    // box coordinate. A dimension with shift 0 and extent == size maps every coordinate to itself.
    std::array<uint32_t, kMaxNestRank> extents{};
    std::array<int64_t, kMaxNestRank> shifts{};
    // The input coordinates [windowLo, windowHi) of each mapped dimension this nest handles (all of the extent unless
    // an input too large for one descriptor was split along it); elements folding elsewhere are left to other
    // launches. The input origin is the element at the windows' low corner.
    std::array<uint32_t, kMaxNestRank> windowLo{}, windowHi{};
    // Index axes (args.axisCount > 0): this nest covers indices [axisLo, axisHi) of axis 0.
    uint32_t axisLo = 0, axisHi = 0;
    // Elements a slot reaches beyond its strided walk (ONE_HOT's on value).
    std::array<int64_t, kSlotCount> extraReach{};

    // Binds `slot` to `tensor` (its element size and base alignment).
    void SetSlot(Slot slot, TensorRef ref, const Tensor& tensor);
    void AddDimension(uint32_t size, int64_t outputStride, int64_t inputStride, int64_t indicesStride = 0,
                      int64_t coordinateStride = 0);
    // The same, with an input map: the input coordinate is the box coordinate + shift, folded into [0, extent).
    void AddMappedDimension(uint32_t size, int64_t outputStride, int64_t inputStride, uint32_t extent, int64_t shift);
    // Sets args' index axes to the whole of each axis.
    void SetIndexAxes(Slot indexedSlot, uint32_t count, const uint32_t* sizes, const int64_t* strides,
                      int64_t tupleStride);
};

// Splits the box of `nest` along dimension d after its first `head` coordinates: `first` walks those, `second` the
// rest (an input map, if any, still folds each coordinate as in `nest`).
void SplitBox(const LoopNest& nest, uint32_t d, uint32_t head, LoopNest* first, LoopNest* second);

// Appends the launches for `nest` to `plan`.
Status EmitLaunches(const LoopNest& nest, const LoweringLimits& limits, Plan* plan);

// Appends the launches for `nest` after everything already in `plan`, with a barrier before them (a second pass
// that rewrites elements an earlier pass wrote, e.g. scatter after copy).
Status EmitLaunchesAfter(const LoopNest& nest, const LoweringLimits& limits, Plan* plan);

}  // namespace vkdml
