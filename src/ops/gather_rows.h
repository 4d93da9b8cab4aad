// GATHER of whole rows of quads: where each output row of a Gather nest is one input row as it is (its index stays
// along it) and every row starts and ends on a 16-byte quad in both tensors (an embedding table's lookup; FLOAT16 and
// 8-byte rows too, counted in words by CountRowsInWords), shaders/gather_rows.comp copies each row as quads, its
// invocations taking consecutive quads of one row. gather.comp, whose invocations walk whole rows each, had the SIMD
// lanes of a CPU implementation copying rows 16 KiB apart: on an Intel host's lavapipe 0.70 x the compute copy.
#pragma once

#include "ops/loop_nest.h"

namespace vkdml {

// Turns `nest` (a Gather nest of one index axis, just before it becomes a launch, rows counted in 4-byte words) into
// a GatherRows nest where it has two dimensions, the outer one the rows (the indices stepping along it) and the inner
// one a run contiguous in both tensors along which the indices stay, a whole number of quads long, with every row
// offset (strides, origins, the indexed axis' stride) a whole number of quads, and the whole index axis in this nest.
// Leaves every other nest as it is.
void GatherInRowQuads(LoopNest& nest);

}  // namespace vkdml
