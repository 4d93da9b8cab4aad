#version 450
// GATHER along the innermost dimension where several rows share their indices (src/ops/gather_columns.h): a gather
// of scalars along the last axis with one row of indices for the whole tensor, say. Each box element here is a
// block of P.blockRows rows x BLOCK columns (BLOCK = the elements of BLOCK_QUADS 16-byte quads): the block's BLOCK
// indices are read once and turned into input offsets, then each row is BLOCK input loads and BLOCK_QUADS output
// quads. gather.comp reads the indices again for every row: on lavapipe, where each memory instruction costs a loop
// over the SIMD lanes, those loads were a third of a FLOAT32 row's memory instructions and two fifths of a FLOAT16
// row's (docs/performance-sessions.md, Session 26).
//
// The host guarantees that every block's output starts at the first element of a quad, as long as the output's base
// (set when buffers are bound) does; where it does not, the blocks are written element by element.
#extension GL_GOOGLE_include_directive : require
#include "launch_params.glsl"
#include "index_values.glsl"

// Blocks each invocation gathers (host: Launch::elementsPerInvocation).
layout(constant_id = 6) const uint BLOCKS_PER_INVOCATION = 1;
// Invocations that take turns over their blocks (host: KernelArgs::laneGroup, a power of two dividing
// WORKGROUP_SIZE): LANE_GROUP consecutive invocations share LANE_GROUP x BLOCKS_PER_INVOCATION consecutive blocks,
// invocation `lane` of the group taking blocks lane, lane + LANE_GROUP, ... On a CPU implementation, whose SIMD lanes
// are consecutive invocations (LANE_GROUP = its subgroup size), one instruction's lanes then read the same input rows
// and write neighbouring output quads, rather than rows BLOCKS_PER_INVOCATION blocks apart. 1: an invocation's blocks
// are consecutive.
layout(constant_id = 10) const uint LANE_GROUP = 1;
// Output quads per block, 1 or 2 (host: KernelArgs::blockQuads).
layout(constant_id = 19) const uint BLOCK_QUADS = 1;
// Elements per quad (2, 4, 8 or 16), and columns per block.
const uint QUAD = 16u / ELEMENT_BYTES;
const uint BLOCK = BLOCK_QUADS * QUAD;
// MODE (host: ColumnIndexLoads in src/ops/plan.h) 1: every block's indices start a quad of the index range, relative
// to the slot's base, and fill whole quads, so they are read a quad at a time where the base starts a quad as well.
const bool INDEX_QUADS_APPLY = MODE == 1u && BLOCK % INDICES_PER_QUAD == 0u;

// The input element of each column of a block in its first row: `inputOffset` is the block's input offset with index
// 0, `indexOffset` its first index's offset. `quads`: the indices a quad at a time, else one by one.
void blockColumns(uint inputOffset, uint indexOffset, bool quads, out uint columns[BLOCK]) {
    uint loaded = 0u;
    for (uint q = 0; q < (quads ? BLOCK / INDICES_PER_QUAD : 0u); ++q) {
        uvec4 values = loadIndexQuad(indexQuadOf(indexOffset) + q);
        for (uint j = 0; j < INDICES_PER_QUAD; ++j) {
            uint clamped;
            indexInQuad(values, j, axisSize(0), clamped);   // clamped into the axis
            columns[q * INDICES_PER_QUAD + j] = inputOffset + clamped * axisStride(0);
        }
        loaded += INDICES_PER_QUAD;
    }
    for (uint k = loaded; k < BLOCK; ++k) {
        uint clamped;
        readIndex(indexOffset + k, axisSize(0), clamped);
        columns[k] = inputOffset + clamped * axisStride(0);
    }
}

// The lane's blocks from `first` on, before `end`, a row of blocks at a time (the full offset computation, a division
// per dimension, once per row of blocks; along it, a step of LANE_GROUP blocks). `quads`: whole output quads, else
// element by element; `indexQuads`: the indices a quad at a time.
void gatherBlocks(uint first, uint end, bool quads, bool indexQuads) {
    uint inner = P.rank - 1u;
    uvec3 step = LANE_GROUP * uvec3(channelStride(SLOT_OUTPUT, inner), channelStride(SLOT_INPUT, inner),
                                    channelStride(SLOT_INDICES, inner));
    uint outputRow = uint(P.blockOutputRow), inputRow = uint(P.blockInputRow);
    uint quadRows = quads ? P.blockRows : 0u, elementRows = quads ? 0u : P.blockRows;
    for (uint block = first; block < end;) {
        uvec4 offsets;
        uint column;
        elementOffsets(block, offsets, column);
        // The lane's blocks in this row of blocks: every LANE_GROUP-th up to the row's end or `end`.
        uint count = (min(end - block, boxSize(inner) - column) + LANE_GROUP - 1u) / LANE_GROUP;
        for (uint b = 0; b < count; ++b) {
            uvec3 o = offsets.xyz + b * step;
            // The input element of each column in the block's first row.
            uint columns[BLOCK];
            blockColumns(o.y, o.z, indexQuads, columns);
            for (uint r = 0; r < quadRows; ++r)
                for (uint h = 0; h < BLOCK_QUADS; ++h) {
                    uvec4 quad = uvec4(0u);
                    for (uint k = 0; k < QUAD; ++k)
                        quad = withElement(quad, k, readInput(columns[h * QUAD + k] + r * inputRow));
                    storeOutputQuad((o.x + r * outputRow) / QUAD + h, quad);
                }
            for (uint r = 0; r < elementRows; ++r)
                for (uint k = 0; k < BLOCK; ++k)
                    writeOutputElement(o.x + r * outputRow + k, readInput(columns[k] + r * inputRow));
        }
        block += count * LANE_GROUP;
    }
}

void main() {
    uint id = linearInvocation(), lane = id % LANE_GROUP;
    uint first = (id - lane) * BLOCKS_PER_INVOCATION + lane;
    if (first >= P.count) return;
    uint end = min(first - lane + LANE_GROUP * BLOCKS_PER_INVOCATION, P.count);
    // The store path is chosen once per invocation, each call with a constant: lavapipe runs both sides of a branch
    // under a lane mask (and a loop's body at least once), so a choice inside the walk would cost both paths there.
    bool outputQuads = (B.base[SLOT_OUTPUT] & (QUAD - 1u)) == 0u;
    if (INDEX_QUADS_APPLY && B.base[SLOT_INDICES] % INDICES_PER_QUAD == 0u) {
        if (outputQuads)
            gatherBlocks(first, end, true, true);
        else
            gatherBlocks(first, end, false, true);
    } else if (outputQuads) {
        gatherBlocks(first, end, true, false);
    } else {
        gatherBlocks(first, end, false, false);
    }
}
