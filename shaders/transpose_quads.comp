#version 450
// Transposes of 4-byte elements in 4x4 blocks (src/ops/transpose_quads.h): the fast path for a plain copy whose
// innermost box dimension is contiguous in the output, while the box dimension next to it (the "across" one) is
// contiguous in the input - NCHW -> NHWC, a full reversal of axes (after transpose_tiles.cpp has cut it into tiles).
// Each box element here is a 4x4 block: 4 steps along `across` by 4 along the innermost dimension. The block is read
// as 4 input quads (16 bytes along `across`, one per innermost step) and written as 4 output quads (16 bytes along
// the innermost dimension, one per `across` step), transposed in registers: 8 memory instructions per 16 elements,
// as many as a plain quad copy. Element by element, the same block needs 20 (16 loads and 4 quad stores).
//
// The host guarantees that every block starts at a word of a quad in both tensors, as long as both bases (set when
// buffers are bound) do; where one does not, the blocks are copied word by word.
#extension GL_GOOGLE_include_directive : require
#include "launch_params.glsl"

// Blocks each invocation transposes (host: Launch::elementsPerInvocation).
layout(constant_id = 6) const uint BLOCKS_PER_INVOCATION = 1;

void main() {
    uint first = linearInvocation() * BLOCKS_PER_INVOCATION;
    if (first >= P.count) return;
    uint end = min(first + BLOCKS_PER_INVOCATION, P.count);
    uint inner = P.rank - 1u, across = P.rank - 2u;
    // Elements from one row of a block to the next: in the input along the innermost dimension, in the output along
    // `across` (the box strides step over whole blocks, 4 rows).
    uint inputRow = uint(P.strides[SLOT_INPUT][inner >> 2][inner & 3u] / 4);
    uint outputRow = uint(P.strides[SLOT_OUTPUT][across >> 2][across & 3u] / 4);
    uvec2 innerStep = uvec2(channelStride(SLOT_OUTPUT, inner), channelStride(SLOT_INPUT, inner));
    bool quads = ((B.base[SLOT_OUTPUT] | B.base[SLOT_INPUT]) & 3u) == 0u;
    uvec4 offsets;
    uint column;   // the block's coordinate along the innermost dimension
    elementOffsets(first, offsets, column);
    for (uint b = first; b < end; ++b) {
        if (b != first) {   // the next block: one step along the innermost dimension, or a fresh start
            if (column + 1u < boxSize(inner)) {
                ++column;
                offsets.xy += innerStep;
            } else {
                elementOffsets(b, offsets, column);
            }
        }
        uint o = offsets.x, i = offsets.y;
        for (uint q = 0; q < (quads ? 1u : 0u); ++q) {
            uvec4 r0 = src4.quads[i >> 2], r1 = src4.quads[(i + inputRow) >> 2];
            uvec4 r2 = src4.quads[(i + 2u * inputRow) >> 2], r3 = src4.quads[(i + 3u * inputRow) >> 2];
            dst4.quads[o >> 2] = uvec4(r0.x, r1.x, r2.x, r3.x);
            dst4.quads[(o + outputRow) >> 2] = uvec4(r0.y, r1.y, r2.y, r3.y);
            dst4.quads[(o + 2u * outputRow) >> 2] = uvec4(r0.z, r1.z, r2.z, r3.z);
            dst4.quads[(o + 3u * outputRow) >> 2] = uvec4(r0.w, r1.w, r2.w, r3.w);
        }
        // Element (a, c) of the block: `a` steps along `across`, `c` along the innermost dimension.
        for (uint k = 0; k < (quads ? 0u : 16u); ++k) {
            uint a = k >> 2, c = k & 3u;
            dst.words[o + a * outputRow + c] = src.words[i + a + c * inputRow];
        }
    }
}
