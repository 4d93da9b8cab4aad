// Sub-word runs as words: a plain copy of 1- or 2-byte elements between two packed runs (a contiguous IDENTITY, a
// SLICE of whole rows, SPLIT/JOIN along outer axes) would assemble every output word from its elements, one load
// and a shift each (the dense path of launch_main.glsl: about 20x slower than copy_words on lavapipe). Where both
// runs start and end on word boundaries, it is the same bytes as a run of 32-bit words, which copy_words moves.
#pragma once

#include "ops/loop_nest.h"

namespace vkdml {

// Rewrites `nest` (merged, just before it becomes a launch) as a copy of 4-byte elements where it is a plain copy
// of 1- or 2-byte elements along one dimension contiguous in both tensors, both tensors' binding offsets are
// multiples of 4 (SlotView::wordAlignedBase), and the run starts and ends on a word in both. Leaves every other
// nest as it is.
void CopySubWordRunAsWords(LoopNest& nest);

}  // namespace vkdml
