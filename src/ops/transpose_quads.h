// Transposes in blocks of quads: on lavapipe (and any device where each buffer access instruction has a fixed cost
// per invocation) a transpose that reads one element per load costs 2.5x the instructions of a plain copy for 4-byte
// elements, more for smaller ones. Where a copy of 1-, 2- or 4-byte elements has a dimension contiguous in the input
// and the innermost one contiguous in the output, both multiples of B = the elements of a 16-byte quad long and every
// other step a whole number of quads, shaders/transpose_quads.comp moves B x B blocks as B quad loads and B quad
// stores instead.
#pragma once

#include "ops/plan.h"

namespace vkdml {

// Turns `launch` (a StridedCopy that MakeLaunch finished: slot spans already cover the whole box) into a
// TransposeQuads launch over a box of B x B blocks, the input-contiguous dimension moved next to the innermost, with
// `elementsPerInvocation` / B^2 blocks per invocation (at least 1). Leaves every other launch as it is.
void TransposeInQuads(Launch& launch, uint32_t elementsPerInvocation);

}  // namespace vkdml
