// Transposes in 4x4 blocks: on lavapipe (and any device where each buffer access instruction has a fixed cost per
// invocation) a transpose that reads one element per load costs 2.5x the instructions of a plain copy. Where a copy
// of 4-byte elements has a dimension contiguous in the input and the innermost one contiguous in the output, both
// multiples of 4 long and every other step a whole number of 16-byte quads, shaders/transpose_quads.comp moves 4x4
// blocks as 4 quad loads and 4 quad stores instead.
#pragma once

#include "ops/plan.h"

namespace vkdml {

// Turns `launch` (a StridedCopy that MakeLaunch finished: slot spans already cover the whole box) into a
// TransposeQuads launch over a box of 4x4 blocks, the input-contiguous dimension moved next to the innermost, with
// `elementsPerInvocation` / 16 blocks per invocation (at least 1). Leaves every other launch as it is.
void TransposeInQuads(Launch& launch, uint32_t elementsPerInvocation);

}  // namespace vkdml
