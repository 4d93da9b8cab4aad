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
// A block may also have K < BLOCK rows (NARROW_SIDE; DEPTH_TO_SPACE by 2: 2, NCHW -> NHWC of an image's K
// channels): its output, BLOCK steps along `across` of K elements each, is K consecutive quads interleaving the K
// input quads. Or K steps along `across` (SPACE_TO_DEPTH by 2, NHWC -> NCHW of K channels), the innermost dimension
// stepping by K in the input: K consecutive input quads split into K output quads (for 2: the even elements and the
// odd ones).
//
// The host guarantees that every block starts at the first element of a quad in both tensors, as long as both bases
// (set when buffers are bound) do; where one does not, the blocks are copied element by element. Or, for square and
// narrow blocks (MODE: BlockRows::Shifted), only in the output: each input row is read from the two quads it
// straddles, the rows of blocks walked along `across` (NCHW -> NHWC of 7 x 7 planes, which start at every element of
// a quad; of one image of any size; a last partial block where BLOCK does not divide the size along `across`).
// Square blocks whose output rows start off quads too (MODE OUTPUT_SHIFTED: a transpose whose sides are both odd)
// walk each row of blocks along the innermost dimension instead, each output quad made from the two blocks that hold
// its elements (walkOutputShiftedRows), and the elements past each row's last whole block with its last quads; the
// host leaves those past the last whole block along `across` to a launch of their own.
#extension GL_GOOGLE_include_directive : require
#extension GL_EXT_control_flow_attributes : require
#include "launch_params.glsl"
#include "quad_words.glsl"

// Blocks each invocation transposes (host: Launch::elementsPerInvocation).
layout(constant_id = 6) const uint BLOCKS_PER_INVOCATION = 1;
// Invocations that take turns over their blocks (host: KernelArgs::laneGroup; a power of two dividing
// WORKGROUP_SIZE). LANE_GROUP consecutive invocations share LANE_GROUP x BLOCKS_PER_INVOCATION consecutive blocks:
// invocation `lane` of the group takes the group's blocks lane, lane + LANE_GROUP, lane + 2 LANE_GROUP, ... On a CPU
// implementation, whose SIMD lanes are consecutive invocations (LANE_GROUP = its subgroup size), one instruction's
// lanes then move neighbouring blocks - along a row of `across`, the same input rows' consecutive quads - rather
// than blocks BLOCKS_PER_INVOCATION apart. 1: an invocation's blocks are consecutive. (Shifted input rows take turns
// of SHIFTED_TURN_BLOCKS blocks instead: ShiftedRows, below.)
layout(constant_id = 10) const uint LANE_GROUP = 1;
// Consecutive blocks a lane takes at a turn along a shifted row (LANE_GROUP > 1). Each turn starts by loading the quads
// its input rows start in (the block before, whose last quads a walk carries on, is another lane's): one more load
// per input row a turn.
const uint SHIFTED_TURN_BLOCKS = 4;
// The short side K of narrow blocks, BLOCK x K (P.blockRows = K) or K x BLOCK (P.blockAcross = K), 2 <= K < BLOCK;
// 0 for square blocks (host: KernelArgs::narrowSide).
layout(constant_id = 11) const uint NARROW_SIDE = 0;
// Elements per quad, and rows per block: 4, 8 or 16 (host: kQuadBytes / element bytes).
const uint BLOCK = 16u / ELEMENT_BYTES;
// Shifted input rows that start at the same elements of quads in every row of blocks (host: SetKnownRowShifts): row j
// of each block starts (ROW_SHIFT_ORIGIN + j x ROW_SHIFT_STEP) % BLOCK elements into a quad. The shifts are then
// constants, and so elementsFrom's choice of words and its shifts: on lavapipe that choice and the shifts of
// sub-word elements, made for every row of every block, took about a quarter of a UINT8 transpose's time.
// VARYING_ROW_SHIFTS (host: kVaryingRowShifts): each row's shift from its offset.
const uint VARYING_ROW_SHIFTS = 16;
layout(constant_id = 12) const uint ROW_SHIFT_ORIGIN = 0;
layout(constant_id = 13) const uint ROW_SHIFT_STEP = VARYING_ROW_SHIFTS;
// The same for the output rows of blocks with shifted output rows (MODE OUTPUT_SHIFTED): output row a of each block
// starts (OUTPUT_SHIFT_ORIGIN + a x OUTPUT_SHIFT_STEP) % BLOCK elements into a quad (host: SetKnownRowShifts).
layout(constant_id = 15) const uint OUTPUT_SHIFT_ORIGIN = 0;
layout(constant_id = 16) const uint OUTPUT_SHIFT_STEP = VARYING_ROW_SHIFTS;
// Shifted rows: the elements along `across` after each row's whole blocks (host: KernelArgs::acrossRemainder). A
// constant, so that the partial block's stores of quads that do not exist, and (with known shifts) its loads of
// quads its rows do not reach, are compiled out rather than run under a mask: NCHW -> NHWC of 7 x 7 UINT8 planes has
// 3 whole blocks and a partial one of 1 element per row of blocks.
layout(constant_id = 14) const uint ACROSS_REMAINDER = 0;
// Shifted output rows (MODE OUTPUT_SHIFTED, rows of blocks along the innermost dimension): the elements along the
// innermost dimension after each row's whole blocks (host: KernelArgs::innerRemainder), moved by the invocation
// whose segment ends the row, with the last quads of its output rows. They were a launch of their own, the plain
// strided copy writing each sub-word element with two atomics: a quarter of a UINT8 [1001, H] transpose's time.
layout(constant_id = 17) const uint INNER_REMAINDER = 0;
// MODE (host: BlockRows): a block's input rows start on quads, or anywhere; or its output rows (and input rows) do.
const uint ROWS_ALIGNED = 0, ROWS_SHIFTED = 1, OUTPUT_SHIFTED = 2;

// The invocation's blocks, a row at a time: `count` blocks from `block` on along the innermost dimension, the first
// at `offsets` (.x output, .y input), each next one `step` further (LANE_GROUP blocks on). Where the walk reaches
// `end`, count is 0. The kernels loop over the rows and, inside, over a row's blocks: the full offset computation (a
// division per dimension) runs once per row. A walk that chose between stepping and recomputing at every block paid
// for the recomputation at every block on lavapipe, which evaluates both sides of a branch: NCHW -> NHWC of FLOAT32
// went from 0.68 to 0.84 x the compute copy when it stopped (docs/performance-sessions.md, Session 20).
struct BlockRow {
    uint block, end, count;
    uvec2 offsets, step;
};

BlockRow rowAt(uint block, uint end) {
    BlockRow r;
    r.block = block;
    r.end = end;
    uint inner = P.rank - 1u, column;
    uvec4 offsets;
    elementOffsets(block, offsets, column);
    r.offsets = offsets.xy;
    r.step = LANE_GROUP * uvec2(channelStride(SLOT_OUTPUT, inner), channelStride(SLOT_INPUT, inner));
    uint left = block < end ? min(end - block, boxSize(inner) - column) : 0u;   // to the row's end or `end`
    r.count = (left + LANE_GROUP - 1u) / LANE_GROUP;
    return r;
}

// The first block of invocation `id`.
uint firstBlock(uint id) {
    uint lane = id % LANE_GROUP;
    return (id - lane) * BLOCKS_PER_INVOCATION + lane;
}

BlockRow firstRow(uint first) {
    uint groupEnd = first - first % LANE_GROUP + LANE_GROUP * BLOCKS_PER_INVOCATION;
    return rowAt(first, min(groupEnd, P.count));
}
BlockRow nextRow(BlockRow r) { return rowAt(r.block + r.count * LANE_GROUP, r.end); }

// The ELEMENTS_PER_WORD x ELEMENTS_PER_WORD transpose of the elements of words a[0], a[1], ...: word b of the result
// holds element b of each, in order. Shifts and masks on whole words (for 1-byte elements two steps: halves, then
// bytes) rather than moving elements one by one: UINT8 blocks were bound by that shuffle (docs/performance-sessions.md,
// Session 13).
uvec4 transposedWords(uvec4 a) {
    if (ELEMENTS_PER_WORD == 2)
        return uvec4((a.x & 0xFFFFu) | (a.y << 16), (a.x >> 16) | (a.y & 0xFFFF0000u), 0u, 0u);
    if (ELEMENTS_PER_WORD == 4) {
        // Halves: x holds the low halves of a.x and a.z, z their high halves (y, w: of a.y and a.w).
        uvec4 h = uvec4((a.x & 0xFFFFu) | (a.z << 16), (a.y & 0xFFFFu) | (a.w << 16), (a.x >> 16) | (a.z & 0xFFFF0000u),
                        (a.y >> 16) | (a.w & 0xFFFF0000u));
        // Bytes: the even bytes of h.x with h.y's moved up between them, and so on.
        const uint even = 0x00FF00FFu, odd = 0xFF00FF00u;
        return uvec4((h.x & even) | ((h.y & even) << 8), ((h.x >> 8) & even) | (h.y & odd),
                     (h.z & even) | ((h.w & even) << 8), ((h.z >> 8) & even) | (h.w & odd));
    }
    return a;
}

// The block whose row j (its elements at innermost step j) is rows[j], transposed: output quad k is element k of
// every row. Its word v holds element k of rows ELEMENTS_PER_WORD * v on, which are element k % ELEMENTS_PER_WORD of
// word k / ELEMENTS_PER_WORD of those rows: transposedWords of those words.
void transposeBlock(uvec4 rows[BLOCK], out uvec4 columns[BLOCK]) {
    const uint E = ELEMENTS_PER_WORD;
    [[unroll]] for (uint v = 0; v < 4u; ++v)
        [[unroll]] for (uint m = 0; m < 4u; ++m) {
            uvec4 words = uvec4(0u);
            [[unroll]] for (uint r = 0; r < E; ++r) words[r] = rows[E * v + r][m];
            uvec4 transposed = transposedWords(words);
            [[unroll]] for (uint b = 0; b < E; ++b) columns[E * m + b][v] = transposed[b];
        }
}

// Square blocks whose input rows start on quads: BLOCK quad loads, BLOCK quad stores.
void transposeSquares(uint first) {
    uint inputRow = uint(P.blockInputRow), outputRow = uint(P.blockOutputRow);
    for (BlockRow r = firstRow(first); r.count != 0u; r = nextRow(r))
    for (uint b = 0; b < r.count; ++b) {
        uint o = r.offsets.x + b * r.step.x, i = r.offsets.y + b * r.step.y;
        uvec4 rows[BLOCK], columns[BLOCK];
        [[unroll]] for (uint j = 0; j < BLOCK; ++j) rows[j] = loadInputQuad((i + j * inputRow) / BLOCK);
        transposeBlock(rows, columns);
        [[unroll]] for (uint k = 0; k < BLOCK; ++k) storeOutputQuad((o + k * outputRow) / BLOCK, columns[k]);
    }
}

// The elements of words a and b interleaved (a's first): the first word holds the first half of each's elements,
// the second the rest. Shifts and masks on whole words, as transposedWords.
uvec2 zipWords(uint a, uint b) {
    if (ELEMENTS_PER_WORD == 2) return uvec2((a & 0xFFFFu) | (b << 16), (a >> 16) | (b & 0xFFFF0000u));
    if (ELEMENTS_PER_WORD == 4) {
        // Bytes 0 and 1 of a half-word x spread to bytes 0 and 2; b's land between them.
        uvec4 halves = uvec4(a & 0xFFFFu, b & 0xFFFFu, a >> 16, b >> 16);
        uvec4 spread = (halves | (halves << 8)) & 0x00FF00FFu;
        return uvec2(spread.x | (spread.y << 8), spread.z | (spread.w << 8));
    }
    return uvec2(a, b);
}

// The even elements of the words x, y (x's first), then the odd ones: zipWords undone.
uvec2 unzipWords(uint x, uint y) {
    if (ELEMENTS_PER_WORD == 2) return zipWords(x, y);   // two elements a word: zipping is its own inverse
    if (ELEMENTS_PER_WORD == 4) {
        // A word's bytes 0 and 2 (even) or 1 and 3 (odd) gathered into its low half.
        uvec4 picked = uvec4(x, y, x >> 8, y >> 8) & 0x00FF00FFu;
        uvec4 packed = (picked | (picked >> 8)) & 0xFFFFu;
        return uvec2(packed.x | (packed.y << 16), packed.z | (packed.w << 16));
    }
    return uvec2(x, y);
}

// Two rows: output element 2a + c is element a of row c. Output quad k interleaves words 2k and 2k + 1 of the rows.
void interleavePairs(uint first) {
    uint inputRow = uint(P.blockInputRow);
    for (BlockRow r = firstRow(first); r.count != 0u; r = nextRow(r))
    for (uint b = 0; b < r.count; ++b) {
        uint o = r.offsets.x + b * r.step.x, i = r.offsets.y + b * r.step.y;
        uvec4 rows[2] = {loadInputQuad(i / BLOCK), loadInputQuad((i + inputRow) / BLOCK)};
        [[unroll]] for (uint k = 0; k < 2u; ++k) {
            uvec2 low = zipWords(rows[0][2u * k], rows[1][2u * k]);
            uvec2 high = zipWords(rows[0][2u * k + 1u], rows[1][2u * k + 1u]);
            storeOutputQuad(o / BLOCK + k, uvec4(low, high));
        }
    }
}

// Element e (a constant once unrolled) of quad q.
uint elementOf(uvec4 q, uint e) {
    return (q[e / ELEMENTS_PER_WORD] >> ((e % ELEMENTS_PER_WORD) * ELEMENT_BITS)) & ELEMENT_MASK;
}

// The K rows rows[0 .. K - 1] (K = NARROW_SIDE) interleaved: output element Ka + c is element a of row c, output quad
// k its elements kB .. kB + B - 1. Element by element with constant indices (the loops unrolled): shifts and masks on
// registers.
void interleaveBlock(uvec4 rows[BLOCK], out uvec4 quads[BLOCK]) {
    const uint K = NARROW_SIDE;
    [[unroll]] for (uint k = 0; k < K; ++k) {
        uvec4 quad = uvec4(0u);
        [[unroll]] for (uint e = 0; e < BLOCK; ++e) {
            uint j = k * BLOCK + e;
            quad = withElement(quad, e, uvec2(elementOf(rows[j % K], j / K), 0u));
        }
        quads[k] = quad;
    }
}

// K rows: no memory access but the K quad loads and stores. The stores come after all K quads are assembled: storing
// each as soon as it was ran NCHW -> NHWC of 3 FLOAT32 channels about 10% slower on lavapipe.
void interleaveRows(uint first) {
    const uint K = NARROW_SIDE;
    uint inputRow = uint(P.blockInputRow);
    for (BlockRow r = firstRow(first); r.count != 0u; r = nextRow(r))
    for (uint b = 0; b < r.count; ++b) {
        uint o = r.offsets.x + b * r.step.x, i = r.offsets.y + b * r.step.y;
        uvec4 rows[BLOCK], quads[BLOCK];   // the first K used
        [[unroll]] for (uint c = 0; c < K; ++c) rows[c] = loadInputQuad((i + c * inputRow) / BLOCK);
        interleaveBlock(rows, quads);
        [[unroll]] for (uint k = 0; k < K; ++k) storeOutputQuad(o / BLOCK + k, quads[k]);
    }
}

// Split pairs: output quad a holds input elements a, a + 2, a + 4, ... of the block's 2 x BLOCK; its word v the
// even (a = 0) or odd (a = 1) elements of the block's words 2v and 2v + 1.
void splitPairs(uint first) {
    uint outputRow = uint(P.blockOutputRow);
    for (BlockRow r = firstRow(first); r.count != 0u; r = nextRow(r))
    for (uint b = 0; b < r.count; ++b) {
        uint o = r.offsets.x + b * r.step.x, i = r.offsets.y + b * r.step.y;
        uvec4 inputs[2] = {loadInputQuad(i / BLOCK), loadInputQuad(i / BLOCK + 1u)};
        uvec2 parts[4] = {unzipWords(inputs[0].x, inputs[0].y), unzipWords(inputs[0].z, inputs[0].w),
                          unzipWords(inputs[1].x, inputs[1].y), unzipWords(inputs[1].z, inputs[1].w)};
        [[unroll]] for (uint a = 0; a < 2u; ++a)
            storeOutputQuad((o + a * outputRow) / BLOCK, uvec4(parts[0][a], parts[1][a], parts[2][a], parts[3][a]));
    }
}

// Split rows (K = NARROW_SIDE): output quad a holds input elements a, a + K, a + 2K, ... of the block's K x BLOCK,
// which are consecutive in the input. Element by element with constant indices, as interleaveRows.
void splitRows(uint first) {
    const uint K = NARROW_SIDE;
    uint outputRow = uint(P.blockOutputRow);
    for (BlockRow r = firstRow(first); r.count != 0u; r = nextRow(r))
    for (uint b = 0; b < r.count; ++b) {
        uint o = r.offsets.x + b * r.step.x, i = r.offsets.y + b * r.step.y;
        uvec4 inputs[BLOCK];   // the first K used
        [[unroll]] for (uint q = 0; q < K; ++q) inputs[q] = loadInputQuad(i / BLOCK + q);
        uvec4 quads[BLOCK];
        [[unroll]] for (uint a = 0; a < K; ++a) {   // output quad a: input elements a + Ke
            uvec4 quad = uvec4(0u);
            [[unroll]] for (uint e = 0; e < BLOCK; ++e) {
                uint j = a + K * e;
                quad = withElement(quad, e, uvec2(elementOf(inputs[j / BLOCK], j % BLOCK), 0u));
            }
            quads[a] = quad;
        }
        [[unroll]] for (uint a = 0; a < K; ++a) storeOutputQuad((o + a * outputRow) / BLOCK, quads[a]);
    }
}

// Shifted rows (MODE ROWS_SHIFTED) go along `across` (the launch's innermost dimension), OUTPUT_SHIFTED ones along the
// innermost dimension. An invocation walks P.shiftedRowsPerInvocation consecutive rows of blocks, the same segment
// of each: whole rows (on CPU implementations a multiple of 4, so that the lanes of an instruction write no cache
// line together: ops/transpose_quads.cpp), and the lanes start and end their rows together; or segments of
// BLOCKS_PER_INVOCATION / P.shiftedRowsPerInvocation blocks (the last segment of a row shorter), neighbouring
// invocations on the same segment of neighbouring groups of rows. After a row's last whole block comes a partial one,
// ACROSS_REMAINDER steps along `across` (where the size along it is not a multiple of BLOCK). With LANE_GROUP > 1
// (shifted input rows, few rows of blocks: ops/transpose_quads.cpp) a group of LANE_GROUP invocations walks the
// segment of BLOCKS_PER_INVOCATION blocks that one invocation would, its lanes taking turns of SHIFTED_TURN_BLOCKS
// consecutive blocks: an instruction's lanes then read and write neighbouring memory, not LANE_GROUP places a segment
// apart.
struct ShiftedRows {
    uint first, count;   // the invocation's rows
    uint from, blocks;   // the whole blocks it walks in each: `blocks` from block `from` on
    uint walked;         // the blocks it walks in each: the partial one too where it reaches the row's end
    uint rowBlocks;      // whole blocks per row
    uint lane;           // the invocation's place in its group (LANE_GROUP; 0 where there are none)
};

ShiftedRows shiftedRowsOf(uint id) {
    ShiftedRows s;
    s.lane = id % LANE_GROUP;
    id /= LANE_GROUP;   // (the group's)
    s.rowBlocks = boxSize(P.rank - 1u);
    uint rows = P.count / s.rowBlocks, perInvocation = P.shiftedRowsPerInvocation;
    uint segmentBlocks = BLOCKS_PER_INVOCATION / perInvocation;
    uint segments = (s.rowBlocks + segmentBlocks - 1u) / segmentBlocks;
    uint groups = (rows + perInvocation - 1u) / perInvocation;
    uint segment = id / groups;
    s.first = (id - segment * groups) * perInvocation;
    s.count = segment < segments ? min(perInvocation, rows - s.first) : 0u;
    s.from = min(segment, segments) * segmentBlocks;
    s.blocks = segment < segments ? min(segmentBlocks, s.rowBlocks - s.from) : 0u;
    s.walked = s.blocks + (s.from + s.blocks == s.rowBlocks ? min(ACROSS_REMAINDER + INNER_REMAINDER, 1u) : 0u);
    return s;
}

// The output and input offsets of the first block the invocation walks in its row k.
uvec2 shiftedRowOffsets(ShiftedRows s, uint k) {
    uvec4 offsets;
    uint column;
    elementOffsets((s.first + k) * s.rowBlocks + s.from, offsets, column);
    return offsets.xy;
}

// The invocation's blocks of the row of blocks from `offsets` on, element by element (element (a, c) of a block: `a`
// steps along `across`, `c` along the innermost dimension); a group's lanes take turns block by block.
void copyShiftedRow(ShiftedRows s, uvec2 offsets) {
    uint inputRow = uint(P.blockInputRow), outputRow = uint(P.blockOutputRow);
    uint outputStep = channelStride(SLOT_OUTPUT, P.rank - 1u), inputStep = channelStride(SLOT_INPUT, P.rank - 1u);
    for (uint b = s.lane; b < s.walked; b += LANE_GROUP) {
        uint o = offsets.x + b * outputStep, i = offsets.y + b * inputStep;
        // (The partial block: ACROSS_REMAINDER steps along `across`, or INNER_REMAINDER rows along the innermost.)
        uint across = b < s.blocks || MODE == OUTPUT_SHIFTED ? BLOCK : ACROSS_REMAINDER;
        uint rows = b < s.blocks || MODE != OUTPUT_SHIFTED ? P.blockRows : INNER_REMAINDER;
        for (uint e = 0; e < across * rows; ++e) {
            uint a = e / rows, c = e % rows;
            writeOutputElement(o + a * outputRow + c, readInput(i + a + c * inputRow));
        }
    }
}

// The BLOCK elements from element `first` (0 .. BLOCK - 1) of quad a on, continuing into quad b.
uvec4 elementsFrom(uvec4 a, uvec4 b, uint first) {
    return ELEMENT_BYTES == 4 ? wordsFrom(a, b, first) : bytesFrom(a, b, first * ELEMENT_BYTES);
}

// Block b of a row of blocks with shifted rows: each input row from the quad carried from the block before and the
// next one (loaded, then carried on), transposed (square blocks) or interleaved (narrow ones) into `quads`. The
// partial block after the whole ones loads the next quad only for the rows whose ACROSS_REMAINDER elements reach
// into it (where the shifts are known, the others' loads are compiled out).
void nextShiftedBlock(inout uvec4 carried[BLOCK], uint quad[BLOCK], uint shift[BLOCK], uint b, uint lastQuad,
                      bool partial, out uvec4 quads[BLOCK]) {
    const uint ROWS = NARROW_SIDE == 0u ? BLOCK : NARROW_SIDE;
    uvec4 rows[BLOCK];
    [[unroll]] for (uint j = 0; j < ROWS; ++j) {
        bool reachesNext = !partial || shift[j] + ACROSS_REMAINDER > BLOCK;
        uvec4 next = reachesNext ? loadInputQuad(min(quad[j] + b + 1u, lastQuad)) : carried[j];
        rows[j] = elementsFrom(carried[j], next, shift[j]);
        carried[j] = next;
    }
    if (NARROW_SIDE == 0u)
        transposeBlock(rows, quads);
    else
        interleaveBlock(rows, quads);
}

// Whether the input rows of a row of blocks from input offset `first` on, `rowReach` elements each, end in quads the
// descriptor holds whole (quadCount of them).
bool readsWholeQuads(uint first, uint rowReach, uint quadCount) {
    const uint ROWS = NARROW_SIDE == 0u ? BLOCK : NARROW_SIDE;
    uint last = first + (ROWS - 1u) * uint(P.blockInputRow);
    return (max(first, last) + rowReach) / BLOCK < quadCount;
}

// A row of blocks with shifted input rows from input offset `first` on: for input row j, the quad it starts in and
// the elements into it (constants where the host knows them: ROW_SHIFT_STEP), and `carried` loaded with the quad it
// starts in at block `block`.
void startShiftedRow(uint first, uint block, uint lastQuad, out uint quad[BLOCK], out uint shift[BLOCK],
                     out uvec4 carried[BLOCK]) {
    const uint ROWS = NARROW_SIDE == 0u ? BLOCK : NARROW_SIDE;
    [[unroll]] for (uint j = 0; j < ROWS; ++j) {
        uint e = first + j * uint(P.blockInputRow);
        quad[j] = e / BLOCK;
        shift[j] = ROW_SHIFT_STEP == VARYING_ROW_SHIFTS ? e % BLOCK : (ROW_SHIFT_ORIGIN + j * ROW_SHIFT_STEP) % BLOCK;
        carried[j] = loadInputQuad(min(quad[j] + block, lastQuad));
    }
}

// The partial block after a row's last whole one (ACROSS_REMAINDER steps along `across`), from output offset o:
// square blocks store their first ACROSS_REMAINDER output quads; narrow ones ACROSS_REMAINDER x K elements, the
// last quad element by element where it is not whole.
void storePartialBlock(uint o, uvec4 quads[BLOCK]) {
    const uint ROWS = NARROW_SIDE == 0u ? BLOCK : NARROW_SIDE;
    uint outputRow = uint(P.blockOutputRow);
    uint partialQuads = NARROW_SIDE == 0u ? ACROSS_REMAINDER : ACROSS_REMAINDER * ROWS / BLOCK;
    uint partialTail = NARROW_SIDE == 0u ? 0u : ACROSS_REMAINDER * ROWS % BLOCK;
    [[unroll]] for (uint q = 0; q < ROWS; ++q) {
        uint at = NARROW_SIDE == 0u ? o + q * outputRow : o + q * BLOCK;
        if (q < partialQuads) storeOutputQuad(at / BLOCK, quads[q]);
        for (uint e = 0; e < (q == partialQuads ? partialTail : 0u); ++e)
            writeOutputElement(at + e, uvec2(elementOf(quads[q], e), 0u));
    }
}

// Square blocks with shifted input rows (walkShiftedRows, no lane groups) from the invocation's first row of blocks
// on, two rows at a time while the second's output quads follow the first's and each such pair of quads starts at an
// even quad: both rows' blocks b are made, then each output quad of the first stored together with the one of the
// second that follows it (storeOutputQuadPair). NCHW -> NHWC of 7 x 7 planes on lavapipe, Zen 3, 64 MiB: x the
// texel-loads copy, medians of 4 alternating runs, FLOAT32 / FLOAT16 / UINT8 0.65 / 0.59 / 0.52 -> 0.74 / 0.66 /
// 0.60; the same walk storing each quad on its own gained nothing (docs/performance-sessions.md, Session 62).
// Returns the first row not walked.
uint walkShiftedRowPairs(ShiftedRows s, uint rowReach) {
    uint outputRow = uint(P.blockOutputRow), outputStep = channelStride(SLOT_OUTPUT, P.rank - 1u);
    uint quadCount = inputQuadCount(), lastQuad = quadCount - 1u;
    // Every output row of a block and every block step an even number of quads on.
    bool evenSteps = (outputRow | outputStep) % (2u * BLOCK) == 0u;
    uint k = 0u;
    for (; evenSteps && k + 2u <= s.count; k += 2u) {
        uvec2 offsets[2] = {shiftedRowOffsets(s, k), shiftedRowOffsets(s, k + 1u)};
        if (offsets[1].x != offsets[0].x + BLOCK || offsets[0].x % (2u * BLOCK) != 0u ||
            !readsWholeQuads(offsets[0].y, rowReach, quadCount) || !readsWholeQuads(offsets[1].y, rowReach, quadCount))
            break;
        uvec4 carried[2][BLOCK];
        uint quad[2][BLOCK], shift[2][BLOCK];
        [[unroll]] for (uint r = 0; r < 2u; ++r)
            startShiftedRow(offsets[r].y, 0u, lastQuad, quad[r], shift[r], carried[r]);
        for (uint b = 0; b < s.blocks; ++b) {
            uvec4 quads[2][BLOCK];
            [[unroll]] for (uint r = 0; r < 2u; ++r)
                nextShiftedBlock(carried[r], quad[r], shift[r], b, lastQuad, false, quads[r]);
            uint o = offsets[0].x + b * outputStep;
            [[unroll]] for (uint a = 0; a < BLOCK; ++a)
                storeOutputQuadPair((o + a * outputRow) / BLOCK, quads[0][a], quads[1][a]);
        }
        if (s.walked > s.blocks)
            [[unroll]] for (uint r = 0; r < 2u; ++r) {
                uvec4 quads[BLOCK];
                nextShiftedBlock(carried[r], quad[r], shift[r], s.blocks, lastQuad, true, quads);
                storePartialBlock(offsets[r].x + s.blocks * outputStep, quads);
            }
    }
    return k;
}

// Blocks whose input rows start anywhere: input row j of a block is the BLOCK elements that continue row j of the
// block before along `across`, so it starts the same number of elements into a quad (`shift`) and takes one more
// quad; that quad is carried into the next block as its first. As many quad loads per block as with aligned rows,
// plus one per input row at the start of each row of blocks (and of each turn of a group's lanes). Square blocks
// (BLOCK rows) are transposed, narrow ones (NARROW_SIDE rows) interleaved. The partial block stores only the output
// quads that exist (square: its first ACROSS_REMAINDER; narrow: ACROSS_REMAINDER x K elements, the last quad's
// element by element where it is not whole); the lane whose turn ends at it makes it, from the quads it carries. A
// row whose last element lies in a quad the descriptor does not hold whole (a tensor that ends inside its last quad,
// bound to just its bytes) is copied element by element; in the others a quad past the descriptor's last (the row
// ends in the one before) is clamped into it, its elements unused. Square blocks without lane groups walk the
// invocation's first rows two at a time where 64-bit stores allow (walkShiftedRowPairs), the rest one at a time.
void walkShiftedRows(uint id) {
    const uint ROWS = NARROW_SIDE == 0u ? BLOCK : NARROW_SIDE;
    ShiftedRows s = shiftedRowsOf(id);
    uint outputRow = uint(P.blockOutputRow);
    uint outputStep = channelStride(SLOT_OUTPUT, P.rank - 1u), quadCount = inputQuadCount();
    uint lastQuad = quadCount - 1u;
    // The elements each input row of a row of blocks reads past its first.
    uint rowReach = (s.walked - 1u) * BLOCK + (s.walked > s.blocks ? ACROSS_REMAINDER : BLOCK) - 1u;
    // A lane's turns: all the whole blocks in one where there is no group.
    uint turn = LANE_GROUP > 1u ? SHIFTED_TURN_BLOCKS : max(s.blocks, 1u), lane = s.lane;
    uint partialLane = s.blocks == 0u ? 0u : (s.blocks - 1u) / turn % LANE_GROUP;
    uint k = 0u;
    if (QUAD_PAIR_STORES && NARROW_SIDE == 0u && LANE_GROUP == 1u) k = walkShiftedRowPairs(s, rowReach);
    for (; k < s.count; ++k) {
        uvec2 offsets = shiftedRowOffsets(s, k);
        if (!readsWholeQuads(offsets.y, rowReach, quadCount)) {
            copyShiftedRow(s, offsets);
            continue;
        }
        uvec4 carried[BLOCK];   // the first ROWS used
        uint quad[BLOCK], shift[BLOCK];
        startShiftedRow(offsets.y, lane * turn, lastQuad, quad, shift, carried);
        // The whole blocks, a turn at a time, then the partial one: its stores outside the loops (lavapipe would run
        // their conditions, and the tail's loop, at every block).
        uvec4 quads[BLOCK];
        for (uint t = lane * turn; t < s.blocks; t += LANE_GROUP * turn) {
            for (uint b = t; b < min(t + turn, s.blocks); ++b) {
                nextShiftedBlock(carried, quad, shift, b, lastQuad, false, quads);
                uint o = offsets.x + b * outputStep;
                if (NARROW_SIDE == 0u)
                    [[unroll]] for (uint a = 0; a < BLOCK; ++a)
                        storeOutputQuad((o + a * outputRow) / BLOCK, quads[a]);
                else
                    [[unroll]] for (uint q = 0; q < ROWS; ++q) storeOutputQuad(o / BLOCK + q, quads[q]);
            }
            // The lane's next turn's first quads; the lane of the row's last turn keeps those it carries on.
            uint next = t + LANE_GROUP * turn;
            if (LANE_GROUP > 1u && t + turn < s.blocks)
                [[unroll]] for (uint j = 0; j < ROWS; ++j) carried[j] = loadInputQuad(min(quad[j] + next, lastQuad));
        }
        if (s.walked > s.blocks && lane == partialLane) {
            nextShiftedBlock(carried, quad, shift, s.blocks, lastQuad, true, quads);
            storePartialBlock(offsets.x + s.blocks * outputStep, quads);
        }
    }
}

// The invocation's rows element by element (an output base off a quad).
void copyShiftedElements(uint id) {
    ShiftedRows s = shiftedRowsOf(id);
    for (uint k = 0; k < s.count; ++k) copyShiftedRow(s, shiftedRowOffsets(s, k));
}

// The BLOCK input elements from `shift` elements into quad q on, continuing into the next quad.
uvec4 shiftedInputRow(uint q, uint shift, uint lastQuad) {
    return elementsFrom(loadInputQuad(q), loadInputQuad(min(q + 1u, lastQuad)), shift);
}

// Block b of a row of blocks with shifted output rows (MODE OUTPUT_SHIFTED), transposed into `columns`: input row j
// from quads quad[j] + b * quadStep and the next, starting shift[j] elements into the first; rows from rowCount on
// (the partial block after a row's whole ones: INNER_REMAINDER) are zeros, not loaded. The loop over the rows is
// unrolled only where the shifts are constants (known shifts: ROW_SHIFT_STEP), so that they fold: SwiftShader's
// compiler ran out of memory on the UINT8 kernel with it unrolled and the shifts varying; lavapipe ran both alike.
void shiftedInputBlock(uint quad[BLOCK], uint shift[BLOCK], uint quadStep, uint b, uint lastQuad, uint rowCount,
                       out uvec4 columns[BLOCK]) {
    uvec4 rows[BLOCK];
    if (ROW_SHIFT_STEP != VARYING_ROW_SHIFTS) {
        // (A row that starts on a quad loads only that one.)
        [[unroll]] for (uint j = 0; j < BLOCK; ++j) {
            uint q = quad[j] + b * quadStep;
            rows[j] = j >= rowCount     ? uvec4(0u)
                      : shift[j] == 0u ? loadInputQuad(q)
                                       : shiftedInputRow(q, shift[j], lastQuad);
        }
    } else {
        for (uint j = 0; j < BLOCK; ++j)
            rows[j] = j < rowCount ? shiftedInputRow(quad[j] + b * quadStep, shift[j], lastQuad) : uvec4(0u);
    }
    transposeBlock(rows, columns);
}

// Elements [from, to) of `value` into output quad q, which other invocations share (0 <= from <= to <= BLOCK): the
// words holding only those elements stored, the one or two holding others' too merged with two atomics each. Element
// by element, a UINT8 quad's 15 elements took 30 atomics (docs/performance-sessions.md, Session 44).
void writeQuadElements(uint q, uvec4 value, uint from, uint to) {
    [[unroll]] for (uint w = 0; w < 4u; ++w) {
        uint lo = max(from, w * ELEMENTS_PER_WORD), hi = min(to, (w + 1u) * ELEMENTS_PER_WORD);
        if (lo >= hi) continue;
        if (ELEMENT_BYTES == 4u || hi - lo == ELEMENTS_PER_WORD) {
            dst.words[4u * q + w] = value[w];
        } else {
            uint bits = (hi - lo) * ELEMENT_BITS;
            uint mask = ((1u << bits) - 1u) << ((lo - w * ELEMENTS_PER_WORD) * ELEMENT_BITS);
            atomicAnd(dst.words[4u * q + w], ~mask);
            atomicOr(dst.words[4u * q + w], value[w] & mask);
        }
    }
}

// Square blocks whose output rows start anywhere (MODE OUTPUT_SHIFTED), and their input rows too. The rows of blocks
// go along the innermost dimension, as the output rows do: output row a of a block continues row a of the block
// before, starting the same number of elements into a quad (`shift`) in every block; input row j of a block lies
// in the same place of its quads in every block too. Each input row is read from the two quads it straddles. Output
// quad k of a row is stored whole once the two blocks that hold its elements are transposed: the first `shift` from
// the earlier block's last, then the later one's first BLOCK - `shift` (where shift is 0: the earlier block's own
// quad, one block late). Where the invocation's part of an output row starts and ends inside a quad, those elements go
// one by one (sub-word elements merged into their words: writeOutputElement), so that the neighbours other
// invocations write stay. 2 x BLOCK quad loads and BLOCK quad stores per block. A row that reads an input quad the
// descriptor does not hold whole (a tensor ending inside its last quad, bound to just its bytes) is copied element by
// element.
void walkOutputShiftedRows(uint id) {
    ShiftedRows s = shiftedRowsOf(id);
    uint inputRow = uint(P.blockInputRow), outputRow = uint(P.blockOutputRow);
    uint quadStep = channelStride(SLOT_INPUT, P.rank - 1u) / BLOCK;   // a block's BLOCK input rows on
    uint quadCount = inputQuadCount(), lastQuad = quadCount - 1u;
    // The input rows of the invocation's part of a row of blocks (with the partial block where it ends the row), and
    // the elements the last reads past the first one's first.
    uint remainder = s.walked > s.blocks ? INNER_REMAINDER : 0u;
    uint rowReach = (s.blocks * BLOCK + remainder - 1u) * inputRow + BLOCK - 1u;
    for (uint k = 0; k < s.count; ++k) {
        uvec2 offsets = shiftedRowOffsets(s, k);
        if ((offsets.y + rowReach) / BLOCK >= quadCount) {
            copyShiftedRow(s, offsets);
            continue;
        }
        uint quad[BLOCK], inputShift[BLOCK], start[BLOCK], shift[BLOCK];
        [[unroll]] for (uint j = 0; j < BLOCK; ++j) {
            uint e = offsets.y + j * inputRow;
            quad[j] = e / BLOCK;
            inputShift[j] = ROW_SHIFT_STEP == VARYING_ROW_SHIFTS ? e % BLOCK
                                                                 : (ROW_SHIFT_ORIGIN + j * ROW_SHIFT_STEP) % BLOCK;
            start[j] = offsets.x + j * outputRow;   // output row j (j steps along `across`)
            shift[j] = OUTPUT_SHIFT_STEP == VARYING_ROW_SHIFTS ? start[j] % BLOCK
                                                               : (OUTPUT_SHIFT_ORIGIN + j * OUTPUT_SHIFT_STEP) % BLOCK;
        }
        // The first block's elements in its rows' first quads (the elements before them are others').
        uvec4 earlier[BLOCK], later[BLOCK];
        shiftedInputBlock(quad, inputShift, quadStep, 0u, lastQuad, BLOCK, earlier);
        for (uint a = 0; a < BLOCK; ++a)
            if (shift[a] != 0u)
                writeQuadElements((start[a] - shift[a]) / BLOCK, elementsFrom(earlier[a], earlier[a], BLOCK - shift[a]),
                                  shift[a], BLOCK);
        // Quad (start + bB - 1) / B of each row: its first quad from block 1 on, the one before it where shift is 0.
        for (uint b = 1; b < s.blocks; ++b) {
            shiftedInputBlock(quad, inputShift, quadStep, b, lastQuad, BLOCK, later);
            [[unroll]] for (uint a = 0; a < BLOCK; ++a) {
                storeOutputQuad((start[a] + b * BLOCK - 1u) / BLOCK,
                                elementsFrom(earlier[a], later[a], (BLOCK - shift[a]) % BLOCK));
                earlier[a] = later[a];
            }
        }
        // After the last quad stored: the last block's last `shift` elements (where shift is 0, its own quad whole),
        // then where the invocation ends the row, the partial block's `remainder` (the elements after them are
        // others'): from quad end / BLOCK on, one or two quads.
        uvec4 partial[BLOCK];   // (all zeros, nothing loaded, where remainder is 0)
        shiftedInputBlock(quad, inputShift, quadStep, s.blocks, lastQuad, remainder, partial);
        for (uint a = 0; a < BLOCK; ++a) {
            uint end = start[a] + s.blocks * BLOCK, tail = shift[a] + remainder;   // end: past the last whole block
            if (shift[a] == 0u) storeOutputQuad(end / BLOCK - 1u, earlier[a]);
            uvec4 first = shift[a] == 0u ? partial[a] : elementsFrom(earlier[a], partial[a], BLOCK - shift[a]);
            if (tail > 0u) writeQuadElements(end / BLOCK, first, 0u, min(tail, BLOCK));
            if (tail > BLOCK)
                writeQuadElements(end / BLOCK + 1u, elementsFrom(partial[a], partial[a], BLOCK - shift[a]), 0u,
                                  tail - BLOCK);
        }
    }
}

// Element (a, c) of each block: `a` steps along `across`, `c` along the innermost dimension. Sub-word elements are
// merged into their words (writeOutputElement), so neighbours written by others stay.
void copyElements(uint first) {
    uint inputRow = uint(P.blockInputRow), outputRow = uint(P.blockOutputRow);
    for (BlockRow r = firstRow(first); r.count != 0u; r = nextRow(r))
    for (uint b = 0; b < r.count; ++b) {
        uint o = r.offsets.x + b * r.step.x, i = r.offsets.y + b * r.step.y;
        for (uint k = 0; k < P.blockAcross * P.blockRows; ++k) {
            uint a = k / P.blockRows, c = k % P.blockRows;
            writeOutputElement(o + a * outputRow + c, readInput(i + a + c * inputRow));
        }
    }
}

// One path per invocation, chosen outside the block loop: a device that runs both sides of a branch under a lane
// mask (lavapipe runs every branch and every loop body at least once, masked) pays for the paths not taken once
// per invocation rather than once per block. NARROW_SIDE leaves a pipeline only the element-by-element path and
// its own kind of blocks.
void main() {
    uint id = linearInvocation(), first = firstBlock(id);
    if (MODE == OUTPUT_SHIFTED) {   // any bases: the shifts come from the offsets
        walkOutputShiftedRows(id);
        return;
    }
    if (MODE == ROWS_ALIGNED && first >= P.count) return;   // (shifted rows: shiftedRowsOf)
    // (Shifted rows: any input base; walkShiftedRows checks each row's reach into the descriptor.)
    bool quads = ((B.base[SLOT_OUTPUT] | (MODE == ROWS_SHIFTED ? 0u : B.base[SLOT_INPUT])) & (BLOCK - 1u)) == 0u;
    if (MODE == ROWS_SHIFTED && quads)
        walkShiftedRows(id);
    else if (MODE == ROWS_SHIFTED)
        copyShiftedElements(id);
    else if (!quads)
        copyElements(first);
    else if (NARROW_SIDE == 0u)
        transposeSquares(first);
    else if (P.blockRows == NARROW_SIDE)
        NARROW_SIDE == 2u ? interleavePairs(first) : interleaveRows(first);
    else
        NARROW_SIDE == 2u ? splitPairs(first) : splitRows(first);
}
