// Transposes in blocks of quads: on lavapipe (and any device where each buffer access instruction has a fixed cost per
// invocation) a transpose that reads one element per load costs 2.5x the instructions of a plain copy for 4-byte
// elements, more for smaller ones. Where a copy of 1-, 2- or 4-byte elements has a dimension contiguous in the input
// and the innermost one contiguous in the output, both multiples of B = the elements of a 16-byte quad long and every
// other step a whole number of quads, shaders/transpose_quads.comp moves B x B blocks as B quad loads and B quad stores
// instead (square blocks). An innermost dimension of K < B elements (DEPTH_TO_SPACE by 2: each output row interleaves
// two input rows; NCHW -> NHWC of an image's K channels) whose input-contiguous neighbour has output stride K goes in
// blocks of B x K: K quad loads, K quad stores. Its mirror, an input-contiguous dimension of K < B elements whose
// innermost neighbour steps by K in the input (SPACE_TO_DEPTH by 2: each input row holds two output rows, interleaved;
// NHWC -> NCHW of K channels), goes in blocks of K x B, the same. Square and narrow blocks whose input rows do not
// start on quads or whose input-contiguous dimension B does not divide (NCHW -> NHWC of 7 x 7 planes or of one image of
// odd size, a transpose of rows of odd length) walk each row of blocks along that dimension, reading each input row's
// quads once (every row segment from the two quads it straddles, the second carried into the next block), with a
// partial block at the end. Square blocks whose output rows start off quads (a transpose whose sides are both odd,
// an output pitch or origin off a quad) walk each row of blocks along the innermost dimension instead, every input
// row read from the two quads it straddles and every output quad stored whole once the two blocks that hold its
// elements are made; the first and last quads of an invocation's part of an output row element by element, the
// elements past the last whole block along either side in edge launches of their own.
#pragma once

#include "ops/loop_nest.h"

#include <vector>

namespace vkdml {

// Turns `nest` (a plain StridedCopy, just before it becomes a launch) into a TransposeQuads nest: the box of blocks,
// the input-contiguous dimension moved next to the innermost, then the two dimensions inside a block (which the launch
// leaves to the kernel: B or K along the input-contiguous one, B or K rows along the innermost). On a CPU
// implementation (`limits`.simdLanes > 1) square blocks walk rows along the input-contiguous dimension where it is long
// enough, and the lanes take turns along them (KernelArgs::laneGroup) where those rows give each lane
// `limits`.transposeTurnBlocksPerLane blocks; so they do along the launch's rows of narrow and split blocks whose
// input rows start on quads, where those rows are long enough, and along segments of rows with
// shifted input rows where those rows are fewer than the lanes (ShiftedRowWalk). Square blocks whose output rows do
// not start on quads (BlockRows::ShiftedOutput) cut the elements past the last whole block along the input-contiguous
// dimension off into `edges`, a nest of their own for the caller to emit (those along the innermost dimension stay:
// KernelArgs::innerRemainder). Leaves every other nest as it is.
void TransposeInQuads(LoopNest& nest, const LoweringLimits& limits, std::vector<LoopNest>* edges);

// How the invocations of a TransposeQuads launch with shifted rows walk its rows of blocks: each the same segment of
// `rowsPerInvocation` consecutive rows (a whole row, or nearly equal parts of it: shiftedRowsOf in
// shaders/transpose_quads.comp), `blocksPerInvocation` blocks in all; or, with a `laneGroup` > 1, each group of that
// many invocations so, its lanes taking turns along the segment.
struct ShiftedRowSplit {
    uint32_t rowsPerInvocation;
    uint32_t blocksPerInvocation;
    uint32_t invocations;
    uint32_t laneGroup;
};

// The walk of a TransposeQuads launch with shifted rows (BlockRows::Shifted or ShiftedOutput) of `blocks` blocks in
// rows of `rowBlocks`, each invocation walking about `blocksPerInvocation`: whole rows where one fits (shifted output
// rows: wherever that leaves at least `minInvocations`; on CPU implementations, long rows of 4-byte blocks in segments
// even so), else segments of rows.
ShiftedRowSplit ShiftedRowWalk(uint64_t blocks, uint32_t rowBlocks, BlockRows mode, uint32_t elementBytes,
                               uint32_t minInvocations, const LoweringLimits& limits, uint32_t blocksPerInvocation);

// Where the input rows of a TransposeQuads launch with shifted rows (BlockRows::Shifted or ShiftedOutput) start at
// the same elements of quads in every row of blocks - every binding offset of the input is a whole quad (its
// guaranteed base alignment; descriptor ranges start at multiples of 16 bytes) and every step of the launch's box of
// blocks is whole quads in the input - sets `launch`.args.rowShiftOrigin and rowShiftStep, so that the kernel's shifts
// are constants. NCHW -> NHWC of 7 x 7 planes, of one image of odd size: row j of a block starts j x 49 (j x H x W)
// elements on. With shifted output rows, the same for the output: outputShiftOrigin and outputShiftStep (an
// odd-sided [1001, H] transpose: output row a of a block starts a x 1001 elements on).
void SetKnownRowShifts(Launch& launch);

}  // namespace vkdml
