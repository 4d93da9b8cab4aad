// Transpose tiles: a copy whose output rows read the input across rows (a transpose, a reversal of axes) touches a
// new input page - often a new cache line - for every element it writes. Walking the box in square tiles instead,
// T elements along the output's contiguous dimension by T along the input's, reads and writes whole lines (128
// bytes): each tile touches T input rows and T output rows, T consecutive elements of each. Only the walk order changes
// (the box is the same set of elements), so this is done on the loop nest just before it becomes a launch. The walk
// over the tiles interleaves the dimensions nearest them in each tensor, for the pages (TLB entries) of both.
#pragma once

#include "ops/loop_nest.h"

namespace vkdml {

// Reorders `nest` into tiles where it is a plain copy (or CAST) of 4- or 8-byte output elements whose innermost
// dimension is contiguous in the output but not in the input, another dimension is contiguous in the input, both
// divide into tiles, the input-contiguous one is not already next to the innermost, and the two extra dimensions
// fit a launch. Leaves every other nest as it is.
void TileTranspose(LoopNest& nest);

}  // namespace vkdml
