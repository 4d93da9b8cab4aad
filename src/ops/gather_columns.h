// GATHER in blocks of rows: where a gather along the innermost dimension reads the same indices for several rows (a
// gather of scalars along the last axis whose indices have no row dimension of their own, say), gather.comp reads
// each index again for every row. On lavapipe (and any device where each buffer access instruction has a fixed cost
// per invocation) those index loads were a third of a FLOAT32 row's memory instructions, two fifths of a FLOAT16 row's.
// shaders/gather_columns.comp walks blocks of R rows x B columns (B = the elements of one 16-byte quad, or of two
// where the row's length allows) instead: B index loads per block (B / 4 quads of 32-bit indices, B / 2 of 64-bit
// ones where they start quads), then per row B input loads and a store per output quad. On a CPU implementation the
// lanes of a subgroup take turns along each row of blocks (KernelArgs::laneGroup), so that one instruction reads the
// same input rows and writes neighbouring output quads: on an Intel host's lavapipe, `gather.scalars_last` went from
// 0.48 to 0.72 x the compute copy (docs/performance-sessions.md, Session 52).
#pragma once

#include "ops/loop_nest.h"

namespace vkdml {

// Turns `nest` (a Gather nest of one index axis, just before it becomes a launch) into a GatherColumns nest where
// its innermost dimension walks the indices contiguously (index stride 1, output stride 1, a multiple of a quad's
// elements long; blocks of two quads where it is a multiple of two quads), another dimension along which the indices
// do not move has a multiple of R (16, else 8, 4, 2) elements, and every output step is a whole number of quads: the
// box of blocks, then the block's rows and columns (which the launch leaves to the kernel); its mode says how the
// indices are read (ColumnIndexLoads). Leaves every other nest as it is.
void GatherInColumnBlocks(LoopNest& nest, const LoweringLimits& limits);

}  // namespace vkdml
