#version 450
// Transposes in square blocks of 16-byte quads (src/ops/transpose_quads.h): the fast path for a plain copy of 1-, 2-
// or 4-byte elements where one dimension (`across`) is contiguous in the input and the innermost one in the output -
// NCHW -> NHWC, a full reversal of axes (after transpose_tiles.cpp has cut it into tiles). Each box element here is a
// block of BLOCK x BLOCK elements (BLOCK = the elements of a quad): BLOCK rows along the innermost dimension, each
// BLOCK input-contiguous elements along `across`. The block is read as BLOCK input quads (one per row, P.blockInputRow
// apart) and written as BLOCK output quads (one per `across` step, P.blockOutputRow apart), transposed in registers:
// 2 x BLOCK memory instructions per BLOCK x BLOCK elements, as many as a plain quad copy. For 4-byte elements,
// element by element would take 16 loads and 4 quad stores instead of 8.
//
// A block may also have 2 rows (P.blockRows; DEPTH_TO_SPACE by 2): its output, BLOCK steps along `across` of two
// elements each, is two consecutive quads interleaving the two input quads.
//
// The host guarantees that every block starts at the first element of a quad in both tensors, as long as both bases
// (set when buffers are bound) do; where one does not, the blocks are copied element by element.
#extension GL_GOOGLE_include_directive : require
#extension GL_EXT_control_flow_attributes : require
#include "launch_params.glsl"

// Blocks each invocation transposes (host: Launch::elementsPerInvocation).
layout(constant_id = 6) const uint BLOCKS_PER_INVOCATION = 1;
// Elements per quad, and rows per block: 4, 8 or 16 (host: kQuadBytes / element bytes).
const uint BLOCK = 16u / ELEMENT_BYTES;

// Element k of a quad of packed elements.
uint elementOf(uvec4 quad, uint k) {
    return (quad[k / ELEMENTS_PER_WORD] >> ((k % ELEMENTS_PER_WORD) * ELEMENT_BITS)) & ELEMENT_MASK;
}

void main() {
    uint first = linearInvocation() * BLOCKS_PER_INVOCATION;
    if (first >= P.count) return;
    uint end = min(first + BLOCKS_PER_INVOCATION, P.count);
    uint inner = P.rank - 1u;
    // Elements from one row of a block to the next: in the input along the innermost dimension, in the output along
    // `across`.
    uint inputRow = uint(P.blockInputRow), outputRow = uint(P.blockOutputRow);
    uvec2 innerStep = uvec2(channelStride(SLOT_OUTPUT, inner), channelStride(SLOT_INPUT, inner));
    bool quads = ((B.base[SLOT_OUTPUT] | B.base[SLOT_INPUT]) & (BLOCK - 1u)) == 0u;
    bool pairs = P.blockRows == 2u;
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
        for (uint q = 0; q < (quads && !pairs ? 1u : 0u); ++q) {
            uvec4 rows[BLOCK];   // rows[j]: the block's elements at innermost step j
            [[unroll]] for (uint j = 0; j < BLOCK; ++j) rows[j] = src4.quads[(i + j * inputRow) / BLOCK];
            [[unroll]] for (uint k = 0; k < BLOCK; ++k) {   // output quad k: element k of every row
                uvec4 quad = uvec4(0);
                [[unroll]] for (uint j = 0; j < BLOCK; ++j)
                    quad[j / ELEMENTS_PER_WORD] |= elementOf(rows[j], k) << ((j % ELEMENTS_PER_WORD) * ELEMENT_BITS);
                dst4.quads[(o + k * outputRow) / BLOCK] = quad;
            }
        }
        // Two rows: output element 2a + c is element a of row c.
        for (uint q = 0; q < (quads && pairs ? 1u : 0u); ++q) {
            uvec4 rows[2] = {src4.quads[i / BLOCK], src4.quads[(i + inputRow) / BLOCK]};
            [[unroll]] for (uint k = 0; k < 2u; ++k) {
                uvec4 quad = uvec4(0);
                [[unroll]] for (uint e = 0; e < BLOCK; ++e) {
                    uint a = (k * BLOCK + e) / 2u, c = e % 2u;
                    quad[e / ELEMENTS_PER_WORD] |= elementOf(rows[c], a) << ((e % ELEMENTS_PER_WORD) * ELEMENT_BITS);
                }
                dst4.quads[o / BLOCK + k] = quad;
            }
        }
        // Element (a, c) of the block: `a` steps along `across`, `c` along the innermost dimension. Sub-word
        // elements are merged into their words (writeOutputElement), so neighbours written by others stay.
        for (uint k = 0; k < (quads ? 0u : BLOCK * P.blockRows); ++k) {
            uint a = k / P.blockRows, c = k % P.blockRows;
            writeOutputElement(o + a * outputRow + c, readInput(i + a + c * inputRow));
        }
    }
}
