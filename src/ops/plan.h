// Plan: what an operator lowers to - a list of kernel launches, each walking a box of at most 8 dimensions with
// one strided view per bound tensor. The Vulkan layer turns each launch into a pipeline, a parameter block and a
// descriptor set; nothing here knows about Vulkan objects.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

namespace vkdml {

enum class Kernel : uint32_t { StridedCopy = 0, Gather = 1 };

// Slot order matches the kernels' bindings (shaders/launch_params.glsl).
enum Slot : uint32_t { kSlotOutput = 0, kSlotInput = 1, kSlotIndices = 2, kSlotCount = 3 };
constexpr uint32_t kMaxLaunchRank = 8;

struct TensorRef {
    bool isOutput = false;
    uint32_t index = 0;        // into OperatorDesc::inputs / outputs, = the binding index
};

// The part of one tensor a launch touches, in elements of that tensor, relative to the tensor's bound offset.
struct SlotView {
    TensorRef tensor;
    uint32_t elementBytes = 0;
    int64_t origin = 0;        // element offset of the box origin
    int64_t lowest = 0;        // lowest element offset touched
    int64_t highest = 0;       // highest element offset touched
};

struct Launch {
    Kernel kernel = Kernel::StridedCopy;
    uint32_t elementBytes = 4;     // of the output (= input) elements
    bool denseOutput = false;      // sub-word elements, packed box: one invocation per output word
    uint32_t indexKind = 0;        // gather: 0 UINT32, 1 INT32, 2 UINT64, 3 INT64
    uint32_t rank = 0;
    std::array<uint32_t, kMaxLaunchRank> sizes{};
    std::array<std::array<int32_t, kMaxLaunchRank>, kSlotCount> strides{};
    uint32_t elementCount = 0;
    uint32_t invocationCount = 0;
    uint32_t slotCount = 2;
    std::array<SlotView, kSlotCount> slots{};
    // gather: the launch handles only indices in [axisLo, axisHi) of an axis of axisSize
    uint32_t axisSize = 0, axisLo = 0, axisHi = 0;
    int32_t axisStride = 0;
    // The launch rewrites output elements an earlier launch of the same plan wrote: a barrier must separate them.
    bool barrierBefore = false;
};

struct Plan {
    std::vector<Launch> launches;
};

// Device limits the lowering needs.
struct LoweringLimits {
    uint64_t maxSpanBytes = 0;      // bytes one descriptor may cover, minus room for offset alignment
};

}  // namespace vkdml
