// What every vkdml kernel launch receives. Host side: src/vk/launch_params.h (same layout, std140).
//
// A launch walks an N-D box (N <= 8, outermost dimension first) in row-major order. For each element of the box,
// every bound tensor ("slot") has an element offset: its base (a push constant, relative to the start of the
// descriptor range, set when buffers are bound) plus the dot product of the coordinates with the slot's strides.
// A fourth channel, the coordinate, is the same dot product with its own strides (no buffer): kernels that depend
// on where an element is (ONE_HOT, REVERSE_SUBSEQUENCES, FILL_VALUE_SEQUENCE, DIAGONAL_MATRIX) read it.
// Buffers are addressed as 32-bit words whatever the element width, so no 8/16-bit storage or int64 is needed.

#define SLOT_OUTPUT 0
#define SLOT_INPUT 1
#define SLOT_INDICES 2
#define WORKGROUP_SIZE 64

layout(local_size_x = WORKGROUP_SIZE) in;

// Output element width in bytes: 1, 2, 4 or 8.
layout(constant_id = 0) const uint ELEMENT_BYTES = 4;
// 1: the output box is packed, so one invocation owns one output word and assembles sub-word elements into it
// (plain stores inside the box, atomics on the two edge words). 0: one invocation per element; sub-word elements
// are merged into their word with atomicAnd/atomicOr, which leaves the neighbours' bits alone.
layout(constant_id = 1) const uint DENSE_OUTPUT = 0;
// Index tensors: 0 UINT32, 1 INT32, 2 UINT64, 3 INT64 (64-bit indices are read as two words).
layout(constant_id = 2) const uint INDEX_KIND = 0;
// The kernel's variant (src/ops/plan.h: InputMap, GatherMode, GenerateMode).
layout(constant_id = 3) const uint MODE = 0;
// DML_TENSOR_DATA_TYPE of the output (Generate's sequences, scatter_reduce's arithmetic, CAST).
layout(constant_id = 4) const uint DATA_TYPE = 0;
// Input element width in bytes (differs from ELEMENT_BYTES only for CAST).
layout(constant_id = 5) const uint INPUT_BYTES = 4;
// DML_TENSOR_DATA_TYPE of the input (CAST: a pipeline per pair of types, so the driver folds the conversion to the
// pair's own arithmetic).
layout(constant_id = 7) const uint INPUT_TYPE = 0;
// 2 or more (strided_copy.comp, 4- and 8-byte elements): every output word is stored OUTPUT_COPIES times,
// P.outputCopyWordStride words apart (host: Launch::outputCopies - a dimension along which the input does not move,
// left out of the box, so one load serves all its copies). 0: once. A constant count unrolls the stores: with the
// count a launch parameter, TILE by 2 along rows ran at 0.75 x the compute copy on lavapipe, with it a constant at
// 1.04 (docs/performance-sessions.md, Session 30).
layout(constant_id = 9) const uint OUTPUT_COPIES = 0;

layout(set = 0, binding = 0, std140) uniform LaunchParams {
    uvec4 sizes[2];        // box sizes, dims 0..7
    uvec4 divMagic[2];     // x / sizes[d] by multiply-shift (src/core/fast_division.h): magic, pre- and post-shift
    uvec4 divPreShift[2];
    uvec4 divPostShift[2];
    ivec4 strides[4][2];   // [channel][dims 0..7], in elements, may be negative: output, input, indices, coordinate
    uvec4 extents[2];      // input map: the input's size along each box dimension
    ivec4 shifts[2];       // input map: added to the box coordinate before folding
    uvec4 windowLo[2];     // input map: this launch handles the input coordinates [windowLo, windowHi) of each
    uvec4 windowHi[2];     //   dimension (an input split over launches); the input slot's base is at windowLo
    uvec4 axisSizes[2];    // index axes: the size of the axis index tuple component j moves along
    ivec4 axisStrides[2];  // index axes: the stride it moves the indexed slot by, in elements
    uvec4 values;          // .xy: value bits (fill, padding, diagonal, sequence start); .zw: sequence delta bits
    uint rank;
    uint count;            // elements in the box
    uint groupsX;          // the grid is 2-D: groupsX x groupsY workgroups
    uint axisCount;        // index tuple length
    uint axisLo;           // this launch handles only index-axis-0 values in [axisLo, axisHi)
    uint axisHi;
    int tupleStride;       // index elements between the components of one tuple
    uint coordinateOrigin;
    int rangeBegin;        // Generate, diagonal: the range of the coordinate that gets `value`
    int rangeEnd;
    int onValueOffset;     // ONE_HOT: element offset of the on value in the values tensor
    uint rowInvocations;   // copy_words.comp: invocations each row of a rank-2 launch gets
    uint blockRows;        // transpose_quads.comp: a block's elements along the innermost dimension (BLOCK, or K);
                           //   gather_columns.comp: a block's rows
    uint partCount;        // copy_parts.comp: the parts it binds, the whole tensor's row stride in words, the rows,
    int wholeRowStride;    //   the rows of a band and each part's workgroups per band (copy_parts.comp), and per
    uint partRows;         //   part: the words from the whole slot's origin to its run in row 0 and the part's row
    uint bandRows;         //   stride in words (sizes[k]: part k's run in words)
    uint bandGroupsPerPart;
    int blockOutputRow;    // transpose_quads.comp: elements from one row of a block to the next, in the output
    int blockInputRow;     //   (along `across`) and in the input (along the innermost dimension), and the block's
    uint blockAcross;      //   elements along `across` (BLOCK, or K); gather_columns.comp: the same from one row of
                           //   a block to the next, and the block's columns (BLOCK)
    int outputCopyWordStride;   // OUTPUT_COPIES: the words between the copies of an output word
    uint wholeRowsPerInvocation;   // copy_parts.comp, MODE_WHOLE_ROWS: the whole tensor's rows each invocation copies
    uint shiftedRowsPerInvocation;   // transpose_quads.comp, shifted rows: the rows of blocks an invocation walks
    ivec4 partShifts[2];
    ivec4 partRowStrides[2];
    uvec4 axisDivisors[2]; // index axes, flat indices (scatter.comp, MAX_UNPOOLING): axis j's coordinate is
    uint flatIndexCount;   //   index / axisDivisors[j] % axisSizes[j], for the indices below flatIndexCount
    int coordinateRowStride;      // nonzero_coordinates.comp: the coordinates' row and column strides, and the
    int coordinateColumnStride;   //   rows [rowLo, rowHi) and columns [columnLo, columnHi) this launch stores
    uint rowLo;
    uint rowHi;
    uint columnLo;
    uint columnHi;
} P;

// Host: kMaxLaunchSlots in src/ops/plan.h (copy_parts.comp binds a whole tensor and 8 parts).
#define MAX_LAUNCH_SLOTS 9

layout(push_constant) uniform SlotBases {
    uint base[MAX_LAUNCH_SLOTS];   // element offset of the box origin in each slot, relative to its descriptor range
} B;

layout(set = 0, binding = 1, std430) buffer OutputWords { uint words[]; } dst;
// The output as 16-byte quads of words, for aligned runs of 4 words. A descriptor starts at a multiple of 16 bytes
// (binding offsets are aligned down to max(minStorageBufferOffsetAlignment, 16)), so quad q is words 4q..4q+3 of
// `words`, and a quad that lies wholly inside the range is inside the runtime array.
layout(set = 0, binding = 1, std430) buffer OutputQuads { uvec4 quads[]; } dst4;

// The input range is read through inputWord(w), loadInputQuad(q) (words 4q..4q+3) and loadInputLong(e) (the (low,
// high) words of 8-byte element e); inputWordCount() and inputQuadCount() are its whole words and quads.
#ifdef TEXEL_INPUT
// The TEXEL_INPUT build (shaders/CMakeLists.txt; host: VKDML_EXECUTION_FLAG_TEXEL_INPUTS) reads it through
// uniform texel buffer views of the same range, R32_UINT words, R32G32B32A32_UINT quads and its elements (R8_UINT or
// R16_UINT for 1- and 2-byte elements, read by readInput below without a shift and a mask; R32_UINT else: host
// vk/texel_inputs.h): lavapipe fetches texels for all SIMD lanes at once, where it loads storage buffers lane by lane,
// each behind a test of the lane's mask and of the range (docs/performance-sessions.md, Session 36: a gather of 2-byte
// elements in 0.4 of the time, a copy in 0.8).
#define TEXEL_QUADS_BINDING 10
#define TEXEL_ELEMENTS_BINDING 11
layout(set = 0, binding = 2) uniform usamplerBuffer inputWordTexels;
layout(set = 0, binding = TEXEL_QUADS_BINDING) uniform usamplerBuffer inputQuadTexels;
layout(set = 0, binding = TEXEL_ELEMENTS_BINDING) uniform usamplerBuffer inputElementTexels;
uint inputWord(uint w) { return texelFetch(inputWordTexels, int(w)).x; }
uvec4 loadInputQuad(uint q) { return texelFetch(inputQuadTexels, int(q)); }
uvec2 loadInputLong(uint e) { return uvec2(inputWord(2u * e), inputWord(2u * e + 1u)); }
uint inputWordCount() { return uint(textureSize(inputWordTexels)); }
uint inputQuadCount() { return uint(textureSize(inputQuadTexels)); }
#else
layout(set = 0, binding = 2, std430) readonly buffer InputWords { uint words[]; } src;
layout(set = 0, binding = 2, std430) readonly buffer InputQuads { uvec4 quads[]; } src4;
uint inputWord(uint w) { return src.words[w]; }
uint inputWordCount() { return uint(src.words.length()); }
uint inputQuadCount() { return uint(src4.quads.length()); }
#endif

// WORD_LOADS(NAME, BINDING, WORDS, QUADS) defines, for the read-only range at BINDING (seen as WORDS.words[] and
// QUADS.quads[]), loadNAMEQuad(q): quad q, and loadNAMELong(e): the (low, high) words of 8-byte element e. Every
// kernel is built twice (shaders/CMakeLists.txt): with INT64_WORDS, for devices with shaderInt64 enabled, both are
// read as 64-bit words. The bytes are the same; lavapipe pays per scalar loaded (a loop over the SIMD lanes each), so
// a quad as two 64-bit loads costs about half of four 32-bit ones (docs/performance-sessions.md, Session 27); stores
// alike (Session 28).
#ifdef INT64_WORDS
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require
#define WORD_LOADS(NAME, BINDING, WORDS, QUADS)                                                                   \
    layout(set = 0, binding = BINDING, std430) readonly buffer NAME##Pairs { u64vec2 pairs[]; } NAME##Pairs64;    \
    layout(set = 0, binding = BINDING, std430) readonly buffer NAME##Longs { uint64_t longs[]; } NAME##Longs64;   \
    uvec4 load##NAME##Quad(uint q) {                                                                              \
        u64vec2 pair = NAME##Pairs64.pairs[q];                                                                    \
        return uvec4(unpackUint2x32(pair.x), unpackUint2x32(pair.y));                                             \
    }                                                                                                             \
    uvec2 load##NAME##Long(uint e) { return unpackUint2x32(NAME##Longs64.longs[e]); }
#else
#define WORD_LOADS(NAME, BINDING, WORDS, QUADS)                                                                   \
    uvec4 load##NAME##Quad(uint q) { return QUADS.quads[q]; }                                                     \
    uvec2 load##NAME##Long(uint e) { return uvec2(WORDS.words[2u * e], WORDS.words[2u * e + 1u]); }
#endif
#ifndef TEXEL_INPUT
WORD_LOADS(Input, 2, src, src4)
#endif

// storeOutputQuad(q, value): output quad q; storeOutputLong(e, value): the (low, high) words of 8-byte element e.
// With INT64_WORDS they are stored as 64-bit words where WORD64_STORES (host: KernelCache, the device's choice,
// src/vk/store_width.h): faster on some CPUs' lavapipe, slower on others, where most kernels ran fastest with 64-bit
// loads and 32-bit stores (docs/performance-sessions.md, Session 51).
#ifdef INT64_WORDS
layout(constant_id = 18) const uint WORD64_STORES = 1;
layout(set = 0, binding = 1, std430) buffer OutputPairs { u64vec2 pairs[]; } dstPairs64;
layout(set = 0, binding = 1, std430) buffer OutputLongs { uint64_t longs[]; } dstLongs64;
layout(set = 0, binding = 1, std430) buffer OutputQuadPairs { u64vec4 quadPairs[]; } dstQuadPairs64;
void storeOutputQuad(uint q, uvec4 value) {
    if (WORD64_STORES != 0u)
        dstPairs64.pairs[q] = u64vec2(packUint2x32(value.xy), packUint2x32(value.zw));
    else
        dst4.quads[q] = value;
}
// Whether storeOutputQuadPair (below) stores its two quads with one instruction.
const bool QUAD_PAIR_STORES = WORD64_STORES != 0u;
void storeOutputLong(uint e, uvec2 value) {
    if (WORD64_STORES != 0u) {
        dstLongs64.longs[e] = packUint2x32(value);
    } else {
        dst.words[2u * e] = value.x;
        dst.words[2u * e + 1u] = value.y;
    }
}
#else
void storeOutputQuad(uint q, uvec4 value) { dst4.quads[q] = value; }
const bool QUAD_PAIR_STORES = false;
void storeOutputLong(uint e, uvec2 value) {
    dst.words[2u * e] = value.x;
    dst.words[2u * e + 1u] = value.y;
}
#endif

// Output quads q and q + 1 (q even): one store of four 64-bit words where QUAD_PAIR_STORES, since lavapipe stores each
// component of each lane in turn and pays for every store instruction besides (docs/performance-sessions.md,
// Session 62); else two quad stores.
void storeOutputQuadPair(uint q, uvec4 first, uvec4 second) {
#ifdef INT64_WORDS
    if (QUAD_PAIR_STORES) {
        dstQuadPairs64.quadPairs[q / 2u] = u64vec4(packUint2x32(first.xy), packUint2x32(first.zw),
                                                   packUint2x32(second.xy), packUint2x32(second.zw));
        return;
    }
#endif
    storeOutputQuad(q, first);
    storeOutputQuad(q + 1u, second);
}

uint linearInvocation() {
    return (gl_WorkGroupID.y * P.groupsX + gl_WorkGroupID.x) * WORKGROUP_SIZE + gl_LocalInvocationID.x;
}

uint boxSize(uint d) { return P.sizes[d >> 2][d & 3u]; }

// x / boxSize(d) for any 32-bit x, without a division instruction (src/core/fast_division.h).
uint divideBySize(uint x, uint d) {
    uint t, low;
    umulExtended(P.divMagic[d >> 2][d & 3u], x, t, low);
    return (t + ((x - t) >> P.divPreShift[d >> 2][d & 3u])) >> P.divPostShift[d >> 2][d & 3u];
}
uint channelStride(uint channel, uint d) { return uint(P.strides[channel][d >> 2][d & 3u]); }
uint axisSize(uint j) { return P.axisSizes[j >> 2][j & 3u]; }
uint axisStride(uint j) { return uint(P.axisStrides[j >> 2][j & 3u]); }

// ---- Input map (strided_copy defines HAS_INPUT_MAP; MODE is then src/ops/plan.h's InputMap) ----
#define MAP_LINEAR 0
#define MAP_CONSTANT 1
#define MAP_EDGE 2
#define MAP_REFLECTION 3
#define MAP_SYMMETRIC 4
#define MAP_WRAP 5
#ifdef HAS_INPUT_MAP
const uint INPUT_MAP = MODE;
#else
const uint INPUT_MAP = MAP_LINEAR;
#endif

// t mod n in [0, n), for any sign of t (GLSL leaves % of negative operands undefined).
uint floorMod(int t, uint n) {
    if (t >= 0) return uint(t) % n;
    uint m = (0u - uint(t)) % n;
    return m == 0u ? 0u : n - m;
}

// Folds t = coordinate + shift into [0, n) as the padding modes of DML_PADDING_MODE do (n >= 1). Returns false when
// the constant mode leaves t outside.
bool mapCoordinate(int t, uint n, out uint mapped) {
    mapped = 0u;
    if (INPUT_MAP == MAP_CONSTANT) {
        if (t < 0 || uint(t) >= n) return false;
        mapped = uint(t);
    } else if (INPUT_MAP == MAP_EDGE) {
        mapped = t < 0 ? 0u : min(uint(t), n - 1u);
    } else if (INPUT_MAP == MAP_REFLECTION) {   // mirror without repeating the edge: period 2(n - 1)
        if (n > 1u) {
            uint m = floorMod(t, 2u * (n - 1u));
            mapped = m < n ? m : 2u * (n - 1u) - m;
        }
    } else if (INPUT_MAP == MAP_SYMMETRIC) {    // mirror repeating the edge: period 2n
        uint m = floorMod(t, 2u * n);
        mapped = m < n ? m : 2u * n - 1u - m;
    } else {                                    // MAP_WRAP
        mapped = floorMod(t, n);
    }
    return true;
}

// What elementOffsets found: read the input, write the fill value (the constant map put the input coordinate
// outside the input), or leave the element to another launch (its input coordinate lies outside this one's window).
#define ELEMENT_INPUT 0u
#define ELEMENT_FILL 1u
#define ELEMENT_SKIP 2u

// Offsets of the box element with row-major index e in the output, input, indices slots and the coordinate channel,
// and its coordinate along the innermost dimension (0 for rank 0), from which callers step to the next elements.
// Unsigned wrap-around arithmetic is exact here because every final offset lies inside its descriptor range.
uint elementOffsets(uint e, out uvec4 offsets, out uint innermost) {
    offsets = uvec4(B.base[0], B.base[1], B.base[2], P.coordinateOrigin);
    innermost = 0u;
    bool inside = true, skip = false;
    for (int d = int(P.rank) - 1; d >= 0; --d) {
        uint n = boxSize(uint(d));
        uint q = divideBySize(e, uint(d));
        uint c = e - q * n;
        e = q;
        if (d == int(P.rank) - 1) innermost = c;
        uvec4 s = uvec4(channelStride(0, uint(d)), channelStride(1, uint(d)), channelStride(2, uint(d)),
                        channelStride(3, uint(d)));
        if (INPUT_MAP == MAP_LINEAR) {
            offsets += c * s;
        } else {
            uint k = uint(d), extent = P.extents[k >> 2][k & 3u], mapped;
            int t = int(c) + P.shifts[k >> 2][k & 3u];
            if (!mapCoordinate(t, extent, mapped)) {
                inside = false;
                mapped = t < 0 ? 0u : extent - 1u;   // decides which launch fills it: exactly one
            }
            uint lo = P.windowLo[k >> 2][k & 3u], hi = P.windowHi[k >> 2][k & 3u];
            skip = skip || mapped < lo || mapped >= hi;
            offsets += uvec4(c * s.x, (mapped - lo) * s.y, c * s.z, c * s.w);
        }
    }
    return skip ? ELEMENT_SKIP : inside ? ELEMENT_INPUT : ELEMENT_FILL;
}

const uint ELEMENTS_PER_WORD = ELEMENT_BYTES >= 4 ? 1 : 4 / ELEMENT_BYTES;
const uint ELEMENT_BITS = ELEMENT_BYTES * 8;
const uint ELEMENT_MASK = ELEMENT_BYTES >= 4 ? 0xFFFFFFFFu : (1u << ELEMENT_BITS) - 1u;
// The output elements of a 16-byte quad of 4-byte or packed sub-word elements.
const uint QUAD_ELEMENTS = 4u * ELEMENTS_PER_WORD;
const uint INPUT_PER_WORD = INPUT_BYTES >= 4 ? 1 : 4 / INPUT_BYTES;
const uint INPUT_BITS = INPUT_BYTES * 8;
const uint INPUT_MASK = INPUT_BYTES >= 4 ? 0xFFFFFFFFu : (1u << INPUT_BITS) - 1u;

// An input element's bits; .y is used by 8-byte elements only.
uvec2 readInput(uint offset) {
    if (INPUT_BYTES == 8) return loadInputLong(offset);
    if (INPUT_BYTES == 4) return uvec2(inputWord(offset), 0);
#ifdef TEXEL_INPUT
    return uvec2(texelFetch(inputElementTexels, int(offset)).x, 0);   // the element's own texel, zero-extended
#else
    uint shift = (offset % INPUT_PER_WORD) * INPUT_BITS;
    return uvec2((inputWord(offset / INPUT_PER_WORD) >> shift) & INPUT_MASK, 0);
#endif
}

// Element k of an output quad set to `value` (its bits are 0 before).
uvec4 withElement(uvec4 quad, uint k, uvec2 value) {
    if (ELEMENT_BYTES == 8) {
        quad[(2u * k) & 3u] = value.x;
        quad[(2u * k + 1u) & 3u] = value.y;
    } else {
        quad[k / ELEMENTS_PER_WORD] |= value.x << ((k % ELEMENTS_PER_WORD) * ELEMENT_BITS);
    }
    return quad;
}

// LaunchParams.values.xy as an output element.
uvec2 fillValue() { return uvec2(P.values.x & ELEMENT_MASK, ELEMENT_BYTES == 8 ? P.values.y : 0u); }

// Stores output word `word` (of 4-byte elements), and its copies (OUTPUT_COPIES).
void storeWord(uint word, uint value) {
    for (uint k = 0; k < max(OUTPUT_COPIES, 1u); ++k)
        dst.words[word + k * uint(P.outputCopyWordStride)] = value;
}

// Stores output quad `quad` (of 4-byte elements), and its copies (OUTPUT_COPIES: the host keeps them on quads).
void storeQuad(uint quad, uvec4 value) {
    for (uint k = 0; k < max(OUTPUT_COPIES, 1u); ++k)
        storeOutputQuad(quad + k * uint(P.outputCopyWordStride >> 2), value);
}

// Stores 8-byte output element `element`, and its copies (OUTPUT_COPIES: the word stride is even for them).
void storeLong(uint element, uvec2 value) {
    for (uint k = 0; k < max(OUTPUT_COPIES, 1u); ++k)
        storeOutputLong(element + k * uint(P.outputCopyWordStride >> 1), value);
}

void writeOutputElement(uint offset, uvec2 value) {
    if (ELEMENT_BYTES == 8) {
        storeLong(offset, value);
    } else if (ELEMENT_BYTES == 4) {
        storeWord(offset, value.x);
    } else {
        uint word = offset / ELEMENTS_PER_WORD;
        uint shift = (offset % ELEMENTS_PER_WORD) * ELEMENT_BITS;
#ifdef WHOLE_ELEMENT_WRITES
        // Several invocations may write this very element (a scatter's duplicate indices): replace it in one atomic
        // step, so that one of the values lands whole rather than a mix of their bits.
        uint seen = dst.words[word];
        for (;;) {
            uint expected = seen;
            seen = atomicCompSwap(dst.words[word], expected, (expected & ~(ELEMENT_MASK << shift)) | (value.x << shift));
            if (seen == expected) break;
        }
#else
        atomicAnd(dst.words[word], ~(ELEMENT_MASK << shift));
        atomicOr(dst.words[word], value.x << shift);
#endif
    }
}
