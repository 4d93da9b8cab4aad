// Word runs: a plain copy along one run contiguous in both tensors (a contiguous IDENTITY, a SLICE of whole rows,
// SPLIT/JOIN along outer axes) moves whole 32-bit words, four consecutive uvec4 per invocation (copy_words.comp).
// A run of 1- or 2-byte elements that starts and ends on a word in both tensors is the same bytes as a run of
// words; the dense path of launch_main.glsl would assemble every output word from its elements, one load and a
// shift each (about 20x slower than copy_words on lavapipe).
#pragma once

#include "ops/loop_nest.h"

namespace vkdml {

// Rewrites `nest` (merged, just before it becomes a launch) as a run of 4-byte elements where it is a run of 1- or
// 2-byte elements, both tensors' binding offsets are multiples of 4 (SlotView::baseAlignment), and the run starts
// and ends on a word in both. Leaves every other nest as it is.
void CopySubWordRunAsWords(LoopNest& nest);

// Whether `nest` is a run copy_words takes: a plain copy of 4-byte (or larger) elements along at most one
// dimension, stride 1 in both tensors.
bool IsWordRun(const LoopNest& nest);

}  // namespace vkdml
