// Host mirror of the LaunchParams uniform block in shaders/launch_params.glsl (std140).
#pragma once

#include "ops/plan.h"

#include <cstdint>

namespace vkdml {

struct LaunchParams {
    uint32_t sizes[8];
    int32_t strides[3][8];
    uint32_t rank;
    uint32_t count;
    uint32_t groupsX;
    uint32_t axisSize;
    uint32_t axisLo;
    uint32_t axisHi;
    int32_t axisStride;
    uint32_t unused;
};
static_assert(sizeof(LaunchParams) == 160, "must match the std140 layout of LaunchParams");

constexpr uint32_t kWorkgroupSize = 64;   // WORKGROUP_SIZE in launch_params.glsl

inline LaunchParams MakeLaunchParams(const Launch& l, uint32_t groupsX) {
    LaunchParams p{};
    for (uint32_t d = 0; d < l.rank; ++d) {
        p.sizes[d] = l.sizes[d];
        for (uint32_t s = 0; s < kSlotCount; ++s) p.strides[s][d] = l.strides[s][d];
    }
    p.rank = l.rank;
    p.count = l.elementCount;
    p.groupsX = groupsX;
    p.axisSize = l.axisSize;
    p.axisLo = l.axisLo;
    p.axisHi = l.axisHi;
    p.axisStride = l.axisStride;
    return p;
}

}  // namespace vkdml
