// The padding modes fold a coordinate t outside [0, n) back into it (DML_PADDING_MODE_*, as
// shaders/launch_params.glsl's mapCoordinate). Along a stretch where the fold does not turn, consecutive coordinates
// land on a straight run of the input: ascending, descending or one coordinate repeated. PADDING lowers its border
// slabs to plain strided copies of such runs (src/ops/padding.cpp).
#pragma once

#include "ops/plan.h"

#include <cstdint>
#include <vector>

namespace vkdml {

// Coordinates [offset, offset + size) of a stretch fold onto input coordinates first, first + step, ... (step 1, -1
// or 0; 0 where size is 1).
struct FoldRun {
    uint32_t offset = 0, size = 0;
    int64_t first = 0, step = 0;
};

// The `size` coordinates from t on, folded into [0, n) by `map` (Edge, Reflection, Symmetric or Wrap), cut into
// straight runs where the fold turns, in order. False (`runs` incomplete) where that takes more than maxRuns.
bool FoldRuns(InputMap map, int64_t t, int64_t n, uint32_t size, uint32_t maxRuns, std::vector<FoldRun>* runs);

}  // namespace vkdml
