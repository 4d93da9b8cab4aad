// The border of a box inside a tensor, cut into slabs: one per side of each dimension where the box does not reach
// the tensor's edge. Slab (d, low) spans the dimensions before d over the box only, d from the edge to the box, and
// the dimensions after d whole; so the slabs and the box cover the tensor, each element once, and launches writing
// them need no barrier between them (PADDING's border, SLICE_GRAD's zeros around a dense window).
#pragma once

#include "core/tensor.h"

#include <array>
#include <vector>

namespace vkdml {

struct Slab {
    std::array<uint32_t, kMaxRank> lo{}, hi{};   // output coordinates [lo, hi) of each dimension
};

// The slabs around the box [begin, begin + sizes) of a tensor of `rank` dimensions sized `outer`.
std::vector<Slab> BorderSlabs(uint32_t rank, const std::array<uint32_t, kMaxRank>& outer,
                              const std::array<uint32_t, kMaxRank>& begin, const std::array<uint32_t, kMaxRank>& sizes);

}  // namespace vkdml
