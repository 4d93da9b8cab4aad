// Transposes in blocks of quads: on lavapipe (and any device where each buffer access instruction has a fixed cost
// per invocation) a transpose that reads one element per load costs 2.5x the instructions of a plain copy for 4-byte
// elements, more for smaller ones. Where a copy of 1-, 2- or 4-byte elements has a dimension contiguous in the input
// and the innermost one contiguous in the output, both multiples of B = the elements of a 16-byte quad long and every
// other step a whole number of quads, shaders/transpose_quads.comp moves B x B blocks as B quad loads and B quad
// stores instead. An innermost dimension of 2 elements (DEPTH_TO_SPACE by 2: each output row interleaves two input
// rows) whose input-contiguous neighbour has output stride 2 goes in blocks of B x 2: two quad loads, two quad stores.
// One of 3 elements the same way, in blocks of B x 3 (NCHW -> NHWC of an image's 3 channels): three and three.
// Its mirror, an input-contiguous dimension of 2 elements whose innermost neighbour steps by 2 in the input
// (SPACE_TO_DEPTH by 2: each input row holds two output rows, interleaved), goes in blocks of 2 x B, the same; and
// with 3 (NHWC -> NCHW of 3 channels), in blocks of 3 x B.
#pragma once

#include "ops/loop_nest.h"

namespace vkdml {

// Turns `nest` (a plain StridedCopy, just before it becomes a launch) into a TransposeQuads nest: the box of blocks,
// the input-contiguous dimension moved next to the innermost, then the two dimensions inside a block (which the
// launch leaves to the kernel: B or 2 along the input-contiguous one, B or 2 rows along the innermost). On a CPU
// implementation (`limits`.simdLanes > 1) square blocks walk rows along the input-contiguous dimension where it is
// long enough, and the lanes take turns along them (KernelArgs::laneGroup). Leaves every other nest as it is.
void TransposeInQuads(LoopNest& nest, const LoweringLimits& limits);

}  // namespace vkdml
