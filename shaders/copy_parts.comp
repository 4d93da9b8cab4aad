#version 450
// Part copies in one launch (src/ops/part_copies.h): SPLIT (MODE_SPLIT: the whole tensor is read, the parts
// written) or JOIN (MODE_JOIN: the parts are read, the whole tensor written) of up to 8 parts. Part k is P.partRows
// rows of a run of boxSize(k) words, each row at its own place in the whole tensor (P.wholeRowStride, P.partShifts)
// and in the part (P.partRowStrides). Words move as 16-byte quads where the whole tensor's and the part's words have
// the same alignment (two to a store where the kernels store 64-bit words), else word by word. The rows are walked in
// one of two ways:
// - in bands of P.bandRows; each band has P.bandGroupsPerPart workgroups for part 0, as many for part 1, and so on,
//   so the part - and the buffer it binds - is the same for every invocation of a workgroup, and workgroups running
//   at the same time copy neighbouring pieces of the same rows. Each invocation copies 4 x QUADS_PER_INVOCATION
//   consecutive words of its part's rows in the band.
// - with MODE_WHOLE_ROWS (a JOIN on a CPU implementation), each invocation copies P.wholeRowsPerInvocation
//   consecutive rows, every part's run in each: it writes the whole tensor front to back. Where COPIES is not 0, the
//   parts are that many copies of one run of the input (CopiesAsJoin in src/ops/part_copies.cpp: a TILE along a
//   row), a whole number of quads apart: each piece of the run is loaded once, from part 0, and stored per copy.
//
// Slots (host: PartsLaunch in src/ops/part_copies.cpp): slot 0 is the tensor written among the whole and part 0 -
// the whole of a JOIN, part 0 of a SPLIT - at launch_params.glsl's output binding; slot 1 the one read - part 0 of a
// JOIN, the whole of a SPLIT - at its input binding, which the TEXEL_INPUT build reads through texel views (a
// SPLIT's whole tensor, a JOIN's first part, a TILE's input: lavapipe fetches texels for all SIMD lanes at once).
// Parts 1-7 are slots 2-8 (bindings 3-9), each its own storage buffer (an array of buffers indexed by a computed
// value needs a device feature); unused ones hold a copy of slot 0's descriptor. The TEXEL_INPUT build reads a
// JOIN's parts 1-7's quads through views of their own (PART_QUAD_TEXELS). Each part's copy is a loop that runs
// only in that part's workgroups: lavapipe skips a loop no invocation enters, but executes both sides of an `if`,
// masked.
#extension GL_GOOGLE_include_directive : require
#include "launch_params.glsl"
#include "quad_pair_runs.glsl"

// MODE (host: kMode* in src/ops/part_copies.cpp): MODE_SPLIT or MODE_JOIN, plus MODE_WHOLE_ROWS.
#define MODE_SPLIT 0u
#define MODE_JOIN 1u
#define MODE_WHOLE_ROWS 2u
// MODE >> 3 (host: kModeCopiesShift): the copies of part 0's run the parts are, or 0.
const uint COPIES = MODE >> 3;
const bool JOIN = (MODE & MODE_JOIN) != 0u;
// Quads each invocation copies (host: Launch::elementsPerInvocation = LoweringLimits::quadsPerPartInvocation).
layout(constant_id = 6) const uint QUADS_PER_INVOCATION = 4;
const uint WORDS_PER_INVOCATION = 4u * QUADS_PER_INVOCATION;

// A 16-byte quad as a part's storage buffer holds it: two 64-bit words in the INT64_WORDS build (launch_params.glsl:
// lavapipe moves them in about half the time of four 32-bit words), else four 32-bit words. In the INT64_WORDS build
// without WORD64_STORES (launch_params.glsl), storage buffers are read as 32-bit words too (on the Intel host of
// docs/performance-sessions.md, Session 51, 64-bit loads with 32-bit stores ran `split.last_8` at 0.48 x the compute
// copy, 32-bit ones at 0.85).
#ifdef INT64_WORDS
#define QUAD u64vec2
const bool WIDE_QUADS = WORD64_STORES != 0u;
uvec4 quadWords(u64vec2 q) { return uvec4(unpackUint2x32(q.x), unpackUint2x32(q.y)); }
u64vec2 wideQuad(uvec4 q) { return u64vec2(packUint2x32(q.xy), packUint2x32(q.zw)); }
u64vec4 wideQuadPair(uvec4 first, uvec4 second) { return u64vec4(wideQuad(first), wideQuad(second)); }
#else
#define QUAD uvec4
const bool WIDE_QUADS = false;
uvec4 quadWords(uvec4 q) { return q; }
uvec4 wideQuad(uvec4 q) { return q; }
#endif

// The read slot (slot 1): a SPLIT's whole tensor, a JOIN's part 0.
uvec4 loadReadQuad(uint q) {
#if defined(INT64_WORDS) && !defined(TEXEL_INPUT)
    if (!WIDE_QUADS) return src4.quads[q];
#endif
    return loadInputQuad(q);
}

// The whole tensor and part 0: each read from slot 1 or written to slot 0, as MODE says.
uint wholeOrigin() { return B.base[JOIN ? 0 : 1]; }
uint loadWholeWord(uint w) { return inputWord(w); }
uvec4 loadWholeQuad(uint q) { return loadReadQuad(q); }
void storeWholeWord(uint w, uint value) { dst.words[w] = value; }
void storeWholeQuad(uint q, uvec4 value) { storeOutputQuad(q, value); }
uint partOrigin0() { return B.base[JOIN ? 1 : 0]; }
uint loadPartWord0(uint p) { return inputWord(p); }
uvec4 loadPartQuad0(uint q) { return loadReadQuad(q); }
void storePartWord0(uint p, uint value) { dst.words[p] = value; }
void storePartQuad0(uint q, uvec4 value) { storeOutputQuad(q, value); }

// Quads q (even) and q + 1 as one u64vec4 store where QUAD_PAIR_STORES (launch_params.glsl: storeOutputQuadPair),
// else as two.
void storeWholeQuadPair(uint q, uvec4 first, uvec4 second) { storeOutputQuadPair(q, first, second); }
void storePartQuadPair0(uint q, uvec4 first, uvec4 second) { storeOutputQuadPair(q, first, second); }
#ifdef TEXEL_INPUT
// A JOIN's parts 1.. read through quad views too, at TEXEL_PART_QUADS_BINDING + K - 1 (host: kTexelPartQuadsBinding,
// which makes them views of the input slot where the launch reads no part K: a SPLIT, fewer parts, copies of part 0).
#define TEXEL_PART_QUADS_BINDING 12
#define PART_QUAD_TEXELS(K)                                                                              \
    layout(set = 0, binding = TEXEL_PART_QUADS_BINDING + K - 1) uniform usamplerBuffer partQuadTexels##K;
#define LOAD_PART_QUAD(K, Q) texelFetch(partQuadTexels##K, int(Q))
#else
#define PART_QUAD_TEXELS(K)
#define LOAD_PART_QUAD(K, Q) (WIDE_QUADS ? quadWords(part4##K.quads[Q]) : part32##K.quads[Q])
#endif
#ifdef INT64_WORDS
#define PART_QUAD_PAIRS(K, BINDING)                                                                      \
    layout(set = 0, binding = BINDING, std430) buffer PartQuadPairs##K { u64vec4 quadPairs[]; } part8##K;
#define STORE_PART_QUAD_PAIR(K, Q, FIRST, SECOND) part8##K.quadPairs[(Q) / 2u] = wideQuadPair(FIRST, SECOND);
#else
#define PART_QUAD_PAIRS(K, BINDING)
#define STORE_PART_QUAD_PAIR(K, Q, FIRST, SECOND)
#endif

// Part K >= 1 at slot 1 + K (BINDING = 2 + K): read by a JOIN, written by a SPLIT.
#define PART_BUFFER(K, BINDING)                                                                          \
    layout(set = 0, binding = BINDING, std430) buffer PartWords##K { uint words[]; } part##K;            \
    layout(set = 0, binding = BINDING, std430) buffer PartQuads##K { QUAD quads[]; } part4##K;           \
    layout(set = 0, binding = BINDING, std430) buffer PartWordQuads##K { uvec4 quads[]; } part32##K;     \
    PART_QUAD_PAIRS(K, BINDING)                                                                          \
    PART_QUAD_TEXELS(K)                                                                                  \
    uint partOrigin##K() { return B.base[1 + K]; }                                                       \
    uint loadPartWord##K(uint p) { return part##K.words[p]; }                                            \
    uvec4 loadPartQuad##K(uint q) { return LOAD_PART_QUAD(K, q); }                                       \
    void storePartWord##K(uint p, uint value) { part##K.words[p] = value; }                              \
    void storePartQuad##K(uint q, uvec4 value) {                                                         \
        if (WIDE_QUADS) part4##K.quads[q] = wideQuad(value);                                             \
        else part32##K.quads[q] = value;                                                                 \
    }                                                                                                    \
    void storePartQuadPair##K(uint q, uvec4 first, uvec4 second) {                                       \
        if (QUAD_PAIR_STORES) {                                                                          \
            STORE_PART_QUAD_PAIR(K, q, first, second)                                                    \
        } else {                                                                                         \
            storePartQuad##K(q, first);                                                                  \
            storePartQuad##K(q + 1u, second);                                                            \
        }                                                                                                \
    }
PART_BUFFER(1, 3)
PART_BUFFER(2, 4)
PART_BUFFER(3, 5)
PART_BUFFER(4, 6)
PART_BUFFER(5, 7)
PART_BUFFER(6, 8)
PART_BUFFER(7, 9)

uint partShift(uint k) { return uint(P.partShifts[k >> 2][k & 3u]); }
uint partRowStride(uint k) { return uint(P.partRowStrides[k >> 2][k & 3u]); }

// For part K, defines
// - loadQuadFrom##K(q), storeQuadTo##K(q, value), storeQuadPairTo##K(q, first, second): quads of the tensor the
//   launch reads (the whole of a SPLIT, the part of a JOIN) and of the one it writes;
// - copyPiece##K(w, p, n): copies n words between whole word w and part word p, the quads of the tensor written in
//   pairs from an even one on where the kernels store 64-bit words (quad_pair_runs.glsl: `split.last_2` 0.92 -> 1.05
//   x the texel-loads copy, `join.last_2` 0.52 -> 0.61 on the Zen 3 host of docs/performance-sessions.md, Session 64);
// - copyPart##K(part, e, end): copies words [e, end) of the part's rows (row-major over {P.partRows, run}) between
//   the whole tensor and part K, if `part` is K;
// - copyRow##K(row): copies the part's run in row `row`, if the launch has a part K.
// Slot origins are word offsets: the host counts every slot of this kernel in words (part_copies.cpp).
#define PART(K)                                                                                          \
    uvec4 loadQuadFrom##K(uint q) { return JOIN ? loadPartQuad##K(q) : loadWholeQuad(q); }               \
    void storeQuadTo##K(uint q, uvec4 value) {                                                           \
        if (JOIN) storeWholeQuad(q, value);                                                              \
        else storePartQuad##K(q, value);                                                                 \
    }                                                                                                    \
    void storeQuadPairTo##K(uint q, uvec4 first, uvec4 second) {                                         \
        if (JOIN) storeWholeQuadPair(q, first, second);                                                  \
        else storePartQuadPair##K(q, first, second);                                                     \
    }                                                                                                    \
    void copyPiece##K(uint w, uint p, uint n) {                                                          \
        uint head = ((w ^ p) & 3u) == 0u ? min((4u - (w & 3u)) & 3u, n) : n;                            \
        uint quads = (n - head) / 4u;                                                                    \
        for (uint i = 0; i < head; ++i) COPY_WORD(K, w + i, p + i)                                       \
        uint wq = (w + head) >> 2, pq = (p + head) >> 2;                                                 \
        uint to = JOIN ? wq : pq, from = JOIN ? pq : wq;                                                 \
        QuadPairRun pairRun = quadPairRunIf(QUAD_PAIR_STORES, to, quads);                                \
        for (uint a = 0; a < pairRun.alone; ++a) {                                                       \
            uint i = aloneQuad(pairRun, a);                                                              \
            storeQuadTo##K(to + i, loadQuadFrom##K(from + i));                                           \
        }                                                                                                \
        for (uint t = 0; t < pairRun.pairs; ++t) {                                                       \
            uint i = pairedQuad(pairRun, t);                                                             \
            storeQuadPairTo##K(to + i, loadQuadFrom##K(from + i), loadQuadFrom##K(from + i + 1u));       \
        }                                                                                                \
        for (uint i = head + 4u * quads; i < n; ++i) COPY_WORD(K, w + i, p + i)                          \
    }                                                                                                    \
    void copyPart##K(uint part, uint e, uint end) {                                                      \
        uint run = boxSize(K), wholeWord = wholeOrigin() + partShift(K), partWord = partOrigin##K();     \
        while (e < (part == K ? end : 0u)) { /* one row's piece of the run per iteration */              \
            uint row = divideBySize(e, K);                                                               \
            uint c = e - row * run;                                                                      \
            uint n = min(end - e, run - c);                                                              \
            uint w = wholeWord + row * uint(P.wholeRowStride) + c;                                       \
            copyPiece##K(w, partWord + row * partRowStride(K) + c, n);                                   \
            e += n;                                                                                      \
        }                                                                                                \
    }                                                                                                    \
    void copyRow##K(uint row) {                                                                          \
        uint run = K < P.partCount ? boxSize(K) : 0u;                                                    \
        copyPiece##K(wholeOrigin() + partShift(K) + row * uint(P.wholeRowStride),                        \
                     partOrigin##K() + row * partRowStride(K), run);                                     \
    }
#define COPY_WORD(K, W, P)                                                                               \
    if (JOIN) storeWholeWord(W, loadPartWord##K(P)); else storePartWord##K(P, loadWholeWord(W));
PART(0)
PART(1)
PART(2)
PART(3)
PART(4)
PART(5)
PART(6)
PART(7)

// COPIES, where the kernels store 64-bit words (QUAD_PAIR_STORES): each quad of the run, or pair of quads
// (quad_pair_runs.glsl: where the copies are an even number of quads apart), loaded once and stored once per copy
// (Zen 3 host of docs/performance-sessions.md, Session 64, TILE [16384,512] by [1,2], x the texel-loads copy: staged as
// below 0.55, one quad at a time 0.72-0.79, in pairs 0.92; each copy a run of its own, loading its quads again, 0.58
// one at a time, 0.88-0.98 in pairs).
void copyQuadsToCopies(uint wq, uint pq, uint quads) {
    QuadPairRun pairRun = quadPairRunIf((((partShift(1) - partShift(0)) >> 2) & 1u) == 0u, wq, quads);
    for (uint a = 0; a < pairRun.alone; ++a) {
        uint i = aloneQuad(pairRun, a);
        uvec4 quad = loadPartQuad0(pq + i);
        for (uint k = 0; k < COPIES; ++k) storeWholeQuad(wq + i + (partShift(k) >> 2), quad);
    }
    for (uint t = 0; t < pairRun.pairs; ++t) {
        uint i = pairedQuad(pairRun, t);
        uvec4 first = loadPartQuad0(pq + i), second = loadPartQuad0(pq + i + 1u);
        for (uint k = 0; k < COPIES; ++k) storeWholeQuadPair(wq + i + (partShift(k) >> 2), first, second);
    }
}

// COPIES elsewhere: STAGED_QUADS quads of the run at a time loaded once and stored once per copy, then the rest one at
// a time. Stored straight from the loads (4 quads at a time) the copies are streams a copy apart; staged 1 KiB at a
// time, each copy is a run of its own (Intel Xeon host, 32-bit stores, Session 54, TILE [16384,512] by [1,2], x the
// compute copy: straight 0.55; staged 8 / 16 / 32 / 64 / 128 quads at a time 0.72-0.76 / 0.75 / 0.65 / 0.77-0.84 /
// 0.77-0.84; as parts, each loading its own, 0.70). A loop of a constant count: one of a count known only at run time,
// for the last ones too, ran 0.69 x the compute copy.
const uint STAGED_QUADS = 64u;
void copyStagedQuadsToCopies(uint wq, uint pq, uint quads) {
    uint q = 0;
    for (; q + STAGED_QUADS <= quads; q += STAGED_QUADS) {
        uvec4 staged[STAGED_QUADS];
        for (uint i = 0; i < STAGED_QUADS; ++i) staged[i] = loadPartQuad0(pq + q + i);
        for (uint k = 0; k < COPIES; ++k) {
            uint o = wq + q + (partShift(k) >> 2);
            for (uint i = 0; i < STAGED_QUADS; ++i) storeWholeQuad(o + i, staged[i]);
        }
    }
    for (; q < quads; ++q) {
        uvec4 quad = loadPartQuad0(pq + q);
        for (uint k = 0; k < COPIES; ++k) storeWholeQuad(wq + q + (partShift(k) >> 2), quad);
    }
}

// COPIES: part 0's run in row `row`, stored at every part's shift (whole quads apart: the same words of a quad).
void copyRowCopies(uint row) {
    uint run = boxSize(0);
    uint w = wholeOrigin() + row * uint(P.wholeRowStride), p = partOrigin0() + row * partRowStride(0);
    uint head = ((w ^ p) & 3u) == 0u ? min((4u - (w & 3u)) & 3u, run) : run;
    uint quads = (run - head) / 4u, tail = head + 4u * quads;
    for (uint k = 0; k < COPIES; ++k) {
        uint s = partShift(k);
        for (uint i = 0; i < head; ++i) storeWholeWord(w + s + i, loadPartWord0(p + i));
        for (uint i = tail; i < run; ++i) storeWholeWord(w + s + i, loadPartWord0(p + i));
    }
    uint wq = (w + head) >> 2, pq = (p + head) >> 2;
    if (QUAD_PAIR_STORES) copyQuadsToCopies(wq, pq, quads);
    else copyStagedQuadsToCopies(wq, pq, quads);
}

void copyWholeRows() {
    uint row = linearInvocation() * P.wholeRowsPerInvocation;
    uint rowEnd = min(row + P.wholeRowsPerInvocation, P.partRows);
    if (COPIES != 0u) {
        for (; row < rowEnd; ++row) copyRowCopies(row);
        return;
    }
    for (; row < rowEnd; ++row) {
        copyRow0(row);
        copyRow1(row);
        copyRow2(row);
        copyRow3(row);
        copyRow4(row);
        copyRow5(row);
        copyRow6(row);
        copyRow7(row);
    }
}

void copyBand() {
    uint group = gl_WorkGroupID.y * P.groupsX + gl_WorkGroupID.x;
    uint bandGroups = P.partCount * P.bandGroupsPerPart;
    uint band = group / bandGroups;
    uint part = (group - band * bandGroups) / P.bandGroupsPerPart;
    uint groupInBand = group - band * bandGroups - part * P.bandGroupsPerPart;
    // The part's rows hold P.partRows x run words (< 2^31: offsets fit 32 bits); the band's rows are words
    // [bandBegin, bandEnd) of them. The grid may have a few workgroups more than the bands need, and a part whose run
    // is shorter than the longest leaves some of its workgroups' invocations idle.
    uint firstRow = band * P.bandRows;
    if (firstRow >= P.partRows) return;
    uint run = boxSize(part);
    uint bandBegin = firstRow * run;
    uint bandEnd = bandBegin + min(P.bandRows, P.partRows - firstRow) * run;
    uint e = bandBegin + (groupInBand * WORKGROUP_SIZE + gl_LocalInvocationID.x) * WORDS_PER_INVOCATION;
    if (e >= bandEnd) return;
    uint end = min(e + WORDS_PER_INVOCATION, bandEnd);
    copyPart0(part, e, end);
    copyPart1(part, e, end);
    copyPart2(part, e, end);
    copyPart3(part, e, end);
    copyPart4(part, e, end);
    copyPart5(part, e, end);
    copyPart6(part, e, end);
    copyPart7(part, e, end);
}

void main() {
    if ((MODE & MODE_WHOLE_ROWS) != 0u) copyWholeRows();
    else copyBand();
}
