// The body shared by the kernels. The including kernel defines
//     bool elementValue(inout uvec4 offsets, bool inside, out uvec2 value)
// which gives the bits of the output element whose slot offsets are `offsets` (`inside`: false where the constant
// input map asks for the fill value; elements another launch handles never get here), or
// returns false when this launch must leave that element alone (an index outside the launch's part of the axis, an
// index outside the output of a scatter). A scatter may move offsets.x, the output element written; it never runs
// with a dense output.
//
// An invocation handles ELEMENTS_PER_INVOCATION consecutive box elements (or, with a dense sub-word output, the
// elements of DENSE_WORDS output words). It divides only at the start of each row segment (its elements along the
// innermost dimension) and steps along the row from there. Where a row of 4-byte output elements has output stride 1,
// the quad-aligned middle of the segment is written as 16-byte quads. A "plain" segment copies input elements as they
// are (a strided copy's, a gather's or a scatter's whose elements share one index tuple; a scatter's row goes where its
// tuple says, consecutive from there): it skips elementValue, and its quads are read as 16-byte quads too where the
// input row is laid out the same way or is contiguous from another word, or from one load where the input does not move
// along the row (a broadcast; 8-byte elements then too, two to a quad). A dense sub-word output is written
// in quads as well along the rows of a linear input map: plain rows stepping by 1, 2 or -1 input elements from the
// input quads that hold their elements, 1- and 2-byte plain rows stepping by 4 from input quads as well, plain rows
// stepping by 0 from one load, plain rows of any other step from a word load per element, a kernel's own quads where it
// makes them (QUAD_VALUES; runs of input elements as they are from input quads, QUAD_INPUT_RUNS, with 4-byte elements
// too), any other row from elementValue a quad at a time.
//
// On lavapipe (and other drivers running invocations as SIMD lanes on a CPU) every invocation pays for both sides
// of a branch, masked, and a loop runs its body at least once (the lane mask is tested at the end), so a path not
// taken still costs a pass under an empty mask - for each memory instruction a loop over the lanes. Each path below
// is a loop whose trip count is 0 where it does not apply, and the paths are chosen once per row segment, so long
// rows pay for the others rarely; a kernel whose unit of work is small (transpose_quads.comp's blocks) chooses its
// path once per invocation instead.

#include "quad_pair_runs.glsl"
#include "quad_words.glsl"

// Elements per invocation (host: Launch::elementsPerInvocation, from LoweringLimits): many on CPU implementations,
// where each invocation has a high fixed cost; few on GPUs, where neighbouring invocations should touch neighbouring
// memory.
layout(constant_id = 6) const uint ELEMENTS_PER_INVOCATION = 4;
// Output words per invocation with a dense sub-word output (host mirror: MakeLaunch in src/ops/loop_nest.cpp): as
// many as a launch of 4-byte elements takes elements, so that an invocation moves the same bytes whatever the width.
const uint DENSE_WORDS = ELEMENTS_PER_INVOCATION;
// Consecutive invocations that walk the same elements and take turns over their quads (host: KernelArgs::laneGroup; a
// power of two dividing WORKGROUP_SIZE). A group of LANE_GROUP invocations owns LANE_GROUP x ELEMENTS_PER_INVOCATION
// consecutive box elements (LANE_GROUP x DENSE_WORDS words of a dense sub-word output); each of its invocations walks
// all their row segments, and along a segment's output quads invocation `lane` of the group writes quads lane, lane +
// LANE_GROUP, ... (the elements and words outside the quads: lane 0). On a CPU implementation, whose SIMD lanes are
// consecutive invocations (LANE_GROUP = its subgroup size), one instruction then touches consecutive quads - one stream
// of memory, which its caches and prefetchers follow - rather than a quad in each of LANE_GROUP streams
// ELEMENTS_PER_INVOCATION elements apart; the walk of the segments costs the same, each lane doing it alongside the
// others. (A kernel's own quads, QUAD_VALUES, are not split: the host gives groups to strided copies only.)
layout(constant_id = 10) const uint LANE_GROUP = 1;

// This invocation's place in its group of LANE_GROUP (0 where there are none).
uint groupLane() { return linearInvocation() % LANE_GROUP; }

// What one step along the innermost dimension adds to each channel's offset.
uvec4 innermostStrides() {
    uint d = P.rank - 1u;
    return uvec4(channelStride(0, d), channelStride(1, d), channelStride(2, d), channelStride(3, d));
}

// Box element e, where `offsets`/`found`/`innermost` describe element e - 1 (or, with `fresh`, element e already):
// moves them to element e.
void stepTo(uint e, bool fresh, uvec4 strides, inout uvec4 offsets, inout uint found, inout uint innermost) {
    if (fresh) return;
    if (INPUT_MAP == MAP_LINEAR && innermost + 1u < boxSize(P.rank - 1u)) {
        ++innermost;
        offsets += strides;
    } else {
        found = elementOffsets(e, offsets, innermost);
    }
}

// A kernel may define QUAD_VALUES and
//     bool quadValuesApply(uvec4 offsets, uvec4 strides)
//     uvec4 quadValues(uvec4 offsets, uvec4 strides)
// the first saying whether the output quads of the row segment from `offsets` (a quad-aligned output word, every
// element written; 4-byte elements, or packed 1- or 2-byte ones) can be made a quad at a time, the second making the
// output quad (QUAD_ELEMENTS elements) at `offsets`.
//
// With QUAD_VALUES a kernel may define QUAD_RUNS and
//     void quadRuns(uvec4 offsets, uvec4 strides, uint count, out uint cuts[4], out uvec4 runs[3])
// cutting the segment's `count` output quads from `offsets` (cuts ascending) into three runs, each one quad stored
// throughout (runs[0] at quads [0, cuts[0]), runs[1] at [cuts[1], cuts[2]), runs[2] at [cuts[3], count)), and the
// quads between them, [cuts[0], cuts[1]) and [cuts[2], cuts[3]), which quadValues makes (DIAGONAL_MATRIX: the values
// outside and inside the band, and the quads holding its edges).
//
// With QUAD_VALUES a kernel may define QUAD_INPUT_RUNS and
//     void quadInputRuns(uvec4 offsets, uvec4 strides, uint count, out uint cuts[2], out uvec2 runs[2])
// cutting the segment's `count` output quads from `offsets` (cuts ascending) into two runs of input elements copied
// as they are, each runs[i] = (the input element of its first output element, the input step): runs[0] at quads
// [0, cuts[0]), runs[1] at [cuts[1], count); quadValues makes the quads between them, and a run's own where its step
// is not 1 or -1 or its input quads are not all inside the descriptor (REVERSE_SUBSEQUENCES: a row's reversed head
// and its tail as it is, the quad holding the sequence's end between them).
//
// With QUAD_VALUES a kernel may define QUAD_GROUPS, a constant QUAD_GROUP (2 or 4; 1: none) and
//     bool quadGroupsApply(uvec4 offsets)
//     void quadGroupValues(uvec4 offsets, out uvec4 quads[4])
// the first saying whether, in a segment quadValuesApply accepted, the output quads from `offsets` can be made
// QUAD_GROUP at a time (CAST's from one input quad), the second making the QUAD_GROUP quads from `offsets`.
//
// A kernel may define ELEMENT_QUADS and
//     bool elementQuadsApply(uvec4 offsets, uvec4 strides)
//     void writeElementQuad(uvec4 offsets, uvec4 strides)
// the first saying whether the elements of the (not plain) row segment from `offsets`, whose input element starts an
// input quad, can be handled four at a time; the second writing the four elements from `offsets` (4-byte elements;
// a scatter's, whose output offsets are its own).
//
// A kernel may define SEGMENT_SOURCE and
//     void segmentSource(inout uvec4 offsets, out bool leave)
// for launches whose row segments each copy input elements as they are (PLAIN_SEGMENTS): it moves `offsets` to the
// segment's source, from offsets.y on (a scatter moves offsets.x), stepping by strides.y; `leave`: this launch leaves
// the whole segment alone. Such a "plain" segment is written without elementValue: element by element, or as quads
// from 16-byte loads where the input row allows.
//
// PLAIN_SEGMENTS (host: Launch::plainSegments) is 1 where neither the indices nor the coordinate move along the
// launch's innermost dimension (a gather or scatter of whole rows), else 0. A specialization constant, so each
// pipeline holds the paths of one kind of segment only: on lavapipe a path not taken still costs a pass.
layout(constant_id = 8) const uint PLAIN_SEGMENTS = 0;

#if defined(VALUE_IS_INPUT)
const bool EVERY_SEGMENT_PLAIN = INPUT_MAP == MAP_LINEAR;
#elif defined(SEGMENT_SOURCE)
const bool EVERY_SEGMENT_PLAIN = PLAIN_SEGMENTS != 0u;
#else
const bool EVERY_SEGMENT_PLAIN = false;
#endif

bool plainSegment(inout uvec4 offsets, out bool leave) {
    leave = false;
#ifdef SEGMENT_SOURCE
    if (EVERY_SEGMENT_PLAIN) segmentSource(offsets, leave);
#endif
    return EVERY_SEGMENT_PLAIN;
}

// Writes `count` elements of one row segment one by one, from the element at `offsets` (moved past them); the first
// lane of a group only (LANE_GROUP), the others just move past them.
void writeElements(uint count, bool plain, uint found, uvec4 strides, inout uvec4 offsets) {
    uint skipped = groupLane() == 0u ? 0u : count;
    offsets += skipped * strides;
    count -= skipped;
    for (uint k = 0; k < (plain ? count : 0u); ++k) {
        writeOutputElement(offsets.x, readInput(offsets.y));
        offsets += strides;
    }
    for (uint k = 0; k < (plain ? 0u : count); ++k) {
        uvec4 elementSlots = offsets;   // elementValue may move the copy (scatter)
        uvec2 value;
        if (found != ELEMENT_SKIP && elementValue(elementSlots, found == ELEMENT_INPUT, value))
            writeOutputElement(elementSlots.x, value);
        offsets += strides;
    }
}

#if defined(VALUE_IS_INPUT) || defined(SEGMENT_SOURCE)
#define PLAIN_ROW_QUADS
#endif

// The 16 input bytes from byte `first` (0..15) of quad a on, continuing into quad b: with 4-byte elements whole words,
// no shifts within a word (on SwiftShader bytesFrom's shifts took more than half the time of REVERSE_SUBSEQUENCES'
// FLOAT32 runs).
uvec4 inputBytesFrom(uvec4 a, uvec4 b, uint first) {
    return INPUT_BYTES >= 4 ? wordsFrom(a, b, first >> 2) : bytesFrom(a, b, first);
}

// A row's walk of its input 16 bytes at a time up from input byte `first`, each 16 bytes straddling two input quads:
// the quad `first` lies in (q), its byte in it (from), and the quad carried from one 16 bytes to the next (low: loaded
// first where the row has `count` > 0 output quads to make; `next`: the 16 bytes it starts).
struct CarriedInput {
    uint q, from, lastQuad, next;
    uvec4 low;
};

CarriedInput carriedInputAt(uint first, uint count) {
    CarriedInput c;
    c.q = first >> 4;
    c.from = first & 15u;
    c.lastQuad = inputQuadCount() - 1u;
    c.next = 1u;
    c.low = uvec4(0u);
    for (uint g = 0; g < min(count, 1u); ++g) c.low = loadInputQuad(c.q);
    return c;
}

// The next 16 bytes of the walk: the rest of the carried quad and the start of quad q + k (loaded, clamped into the
// descriptor - a quad past the last one a row needs is never used - then carried on). Lanes taking turns (LANE_GROUP)
// skip the others' 16 bytes: where k is not the next, quad q + k - 1 is loaded first.
uvec4 carriedBytes(inout CarriedInput c, uint k) {
    if (LANE_GROUP > 1u && k != c.next) c.low = loadInputQuad(c.q + k - 1u);
    c.next = k + 1u;
    uvec4 high = loadInputQuad(min(c.q + k, c.lastQuad));
    uvec4 bytes = inputBytesFrom(c.low, high, c.from);
    c.low = high;
    return bytes;
}

#ifdef PLAIN_ROW_QUADS
// Dense plain rows (1- or 2-byte elements copied as they are: a strided copy's without an input map, a gather's
// whose row shares one index tuple) whose input steps by 1, 2 or -1 elements: four output words at a time from the
// two or three input quads that hold their elements, rather than an element walk with a load per element (on
// lavapipe each load instruction costs a loop over the SIMD lanes). A kernel's runs of input elements as they are
// (QUAD_INPUT_RUNS, below) take the unit steps' walk too, with 4-byte elements as well.

// The input bytes the output quad from input element y reads: from `first` to `last`, both included.
void quadInputBytes(uint y, uint s, out uint first, out uint last) {
    first = (s == 0xFFFFFFFFu ? y - (QUAD_ELEMENTS - 1u) : y) * INPUT_BYTES;   // a descending row ends at `first`
    last = first + (s == 2u ? 31u - INPUT_BYTES : 15u);
}

bool quadInputApplies(uint y, uint s) {
    uint first, last;
    quadInputBytes(y, s, first, last);
    return (s == 1u || s == 2u || s == 0xFFFFFFFFu) && (last >> 4) < inputQuadCount();
}

// Whether `count` (> 0) output quads from input element y, stepping by s, can be made from input quads: a step of 1,
// 2 or -1, the input bytes read growing or shrinking steadily along the row, so that both ends inside the descriptor
// mean all are.
bool rowInputApplies(uint y, uint s, uint count) {
    return quadInputApplies(y, s) && quadInputApplies(y + (count - 1u) * QUAD_ELEMENTS * s, s);
}

// A word's elements in reverse order.
uint reversedElements(uint word) {
    return INPUT_BYTES == 4   ? word
           : INPUT_BYTES == 2 ? (word >> 16) | (word << 16)
                              : (word >> 24) | ((word >> 8) & 0xFF00u) | ((word << 8) & 0xFF0000u) | (word << 24);
}

// A quad's elements in reverse order.
uvec4 reversedQuad(uvec4 q) {
    return uvec4(reversedElements(q.w), reversedElements(q.z), reversedElements(q.y), reversedElements(q.x));
}

// Input quad q as an output quad: its elements reversed where the row descends.
uvec4 wholeInputQuad(uint q, bool down) {
    uvec4 bytes = loadInputQuad(q);
    return down ? reversedQuad(bytes) : bytes;
}

// The `count` output quads from output word `word` of a row stepping by 1 or -1 from input element y. Output quad g
// is the 16 input bytes from `first` + 16g (descending: `first` - 16g, its elements reversed). Where they start a
// quad, they are one input quad; else they straddle two, and the walk goes up the input (down the output where the
// row descends), carrying the upper quad into the next pass as the lower: one quad load per output quad either way.
// A quad past the last one needed is clamped into the descriptor; its bytes are never used.
void unitStepQuads(uint word, uint count, uint y, uint s) {
    uint first, last;
    quadInputBytes(y, s, first, last);
    bool down = s == 0xFFFFFFFFu;
    uint lowest = down ? first - 16u * (count - 1u) : first;
    uint whole = (lowest & 15u) == 0u ? count : 0u, lane = groupLane();
    // Output quad i of the row from input quad t = i (descending: count - 1 - i) after `lowest`'s.
#define WHOLE_QUAD(i) wholeInputQuad((lowest >> 4) + (down ? count - 1u - (i) : (i)), down)
    STORE_QUAD_RUN(word >> 2, whole, lane, LANE_GROUP, storeOutputQuad, storeOutputQuadPair, WHOLE_QUAD)
#undef WHOLE_QUAD
    uint straddling = count - whole;
    CarriedInput c = carriedInputAt(lowest, straddling);
    for (uint t = lane; t < straddling; t += LANE_GROUP) {
        uvec4 bytes = carriedBytes(c, t + 1u);
        storeOutputQuad((word >> 2) + (down ? count - 1u - t : t), down ? reversedQuad(bytes) : bytes);
    }
}

// Whether the `count` output quads of a run of input elements from run.x stepping by run.y can be made from input
// quads by inputRunsQuads (QUAD_INPUT_RUNS).
bool inputRunApplies(uvec2 run, uint count) {
    return count != 0u && run.y != 2u && rowInputApplies(run.x, run.y, count);
}

// Two runs of output quads, `counts`[r] quads from output quad `starts`[r], each from input element runs[r].x stepping
// by 1 or -1 (runs[r].y), in one loop: unitStepQuads' carried walk up each run's input (down the output where it
// descends), the runs one after the other, each first loading the quad its input starts in. One loop rather than a
// unitStepQuads per run, and no separate path for runs starting a quad: neighbouring SIMD lanes (rows) cut their runs
// at different quads and start them at different bytes of a quad, and on lavapipe a loop runs as often as its
// longest lane, a path as soon as one lane takes it.
void inputRunsQuads(uvec2 starts, uvec2 counts, uvec2 runs[2]) {
    uvec2 lowest, stored, step;   // per run: its lowest input byte; output quad = stored + j * step at load j
    for (uint r = 0; r < 2u; ++r) {
        uint first, last;
        quadInputBytes(runs[r].x, runs[r].y, first, last);
        bool down = runs[r].y == 0xFFFFFFFFu;
        lowest[r] = down ? first - 16u * (counts[r] - 1u) : first;
        stored[r] = down ? starts[r] + counts[r] : starts[r] - 1u;
        step[r] = down ? 0xFFFFFFFFu : 1u;
    }
    uint loads0 = counts.x != 0u ? counts.x + 1u : 0u, loads = loads0 + (counts.y != 0u ? counts.y + 1u : 0u);
    uint lastQuad = inputQuadCount() - 1u;
    uvec4 low = uvec4(0u);
    for (uint i = 0; i < loads; ++i) {
        bool second = i >= loads0;   // load j of run 0 or 1: its quad j - 1 after
        uint j = second ? i - loads0 : i, from = second ? lowest.y : lowest.x;
        uvec4 high = loadInputQuad(min((from >> 4) + j, lastQuad));
        if (j != 0u) {
            uvec4 bytes = inputBytesFrom(low, high, from & 15u);
            uint s = second ? step.y : step.x;
            storeOutputQuad((second ? stored.y : stored.x) + j * s, s != 1u ? reversedQuad(bytes) : bytes);
        }
        low = high;
    }
}

// Every second element of the 8 bytes in words low and high, as one word.
uint evenElements(uint low, uint high) {
    return INPUT_BYTES == 2 ? (low & 0xFFFFu) | (high << 16)
                            : (low & 0xFFu) | ((low >> 8) & 0xFF00u) | ((high & 0xFFu) << 16) |
                                  ((high << 8) & 0xFF000000u);
}

// Every second element of the 32 bytes in quads a and b, as one quad.
uvec4 evenElementsOf(uvec4 a, uvec4 b) {
    return uvec4(evenElements(a.x, a.y), evenElements(a.z, a.w), evenElements(b.x, b.y), evenElements(b.z, b.w));
}

// Every second element of input quads q and q + 1, as one quad.
uvec4 evenQuadsFrom(uint q) { return evenElementsOf(loadInputQuad(q), loadInputQuad(q + 1u)); }

// The `count` output quads from output word `word` of a row stepping by 2 from input element y: output quad g is
// every second element of the 32 input bytes from y's on, which lie in the input quads q + 2g, q + 2g + 1 and (where
// y's byte is not the first of its quad) q + 2g + 2; that third quad is the next output quad's first, carried: two
// quad loads per output quad. Where y's byte starts a quad, the two are used as they are, without bytesFrom's shifts
// and selects (`slice1.step2_last_f16` / `_u8` 1.07 / 0.90 -> 1.29 / 1.25 x the compute copy on lavapipe, 0.21 /
// 0.19 -> 0.71 / 0.54 on SwiftShader: docs/performance-sessions.md, Session 37).
void evenStepQuads(uint word, uint count, uint y) {
    uint first = y * INPUT_BYTES, aligned = (first & 15u) == 0u ? count : 0u, lane = groupLane();
#define EVEN_ALIGNED_QUAD(g) evenQuadsFrom((first >> 4) + 2u * (g))
    STORE_QUAD_RUN(word >> 2, aligned, lane, LANE_GROUP, storeOutputQuad, storeOutputQuadPair, EVEN_ALIGNED_QUAD)
#undef EVEN_ALIGNED_QUAD
    uint carried = count - aligned;
    CarriedInput c = carriedInputAt(first, carried);
    for (uint g = lane; g < carried; g += LANE_GROUP) {
        uvec4 a = carriedBytes(c, 2u * g + 1u), b = carriedBytes(c, 2u * g + 2u);
        storeOutputQuad((word >> 2) + g, evenElementsOf(a, b));
    }
}

#ifdef TEXEL_INPUT
// Words 0 and 2 (`odd`: 1 and 3) of quad a, then of quad b.
uvec4 evenWordsOf(uvec4 a, uvec4 b, bool odd) { return odd ? uvec4(a.yw, b.yw) : uvec4(a.xz, b.xz); }

// The `count` output quads from output quad `quad` of a row of 4-byte elements stepping by 2 from input word y, where
// the input quad of the last one's last element lies wholly inside the descriptor (returns how many it wrote: all of
// them or none). Two quad loads per output quad: y's quad and the next where y is the first or second word of its
// quad, else evenStepQuads' walk with the third quad carried. Texel fetches load a quad for the price of a word,
// where four word loads per output quad were faster from storage buffers (writeQuads).
uint evenWordQuads(uint quad, uint count, uint y) {
    if (count == 0u || (((y + 8u * (count - 1u)) * 4u + 27u) >> 4) >= inputQuadCount()) return 0u;
    uint q = y >> 2, twoQuads = (y & 2u) == 0u ? count : 0u, lane = groupLane();
    bool odd = (y & 1u) != 0u;
#define EVEN_WORD_QUAD(g) evenWordsOf(loadInputQuad(q + 2u * (g)), loadInputQuad(q + 2u * (g) + 1u), odd)
    STORE_QUAD_RUN(quad, twoQuads, lane, LANE_GROUP, storeQuad, storeQuadPair, EVEN_WORD_QUAD)
#undef EVEN_WORD_QUAD
    uint carried = count - twoQuads;
    CarriedInput c = carriedInputAt(y * 4u, carried);
    for (uint g = lane; g < carried; g += LANE_GROUP) {
        uvec4 a = carriedBytes(c, 2u * g + 1u), b = carriedBytes(c, 2u * g + 2u);
        storeQuad(quad + g, uvec4(a.xz, b.xz));
    }
    return count;
}
#endif

// The elements at bytes 0, 4, 8, 12 (UINT8) or 0, 8 (2-byte) of 16 input bytes, as one word.
uint everyFourthElement(uvec4 bytes) {
    return INPUT_BYTES == 1 ? (bytes.x & 0xFFu) | ((bytes.y & 0xFFu) << 8) | ((bytes.z & 0xFFu) << 16) | (bytes.w << 24)
                            : (bytes.x & 0xFFFFu) | (bytes.z << 16);
}

// The `count` output quads from output word `word` of a row of 1- or 2-byte elements stepping by 4 from input element
// y (one channel of interleaved RGBA pixels; every 4th element of FLOAT16 rows): output word j of quad g packs the
// elements at bytes 0, 4, 8, 12 (UINT8) or 0, 8 (2-byte) of the 16 input bytes from y's + 16 (4g + j) on. An output
// quad loads the four input quads after the one it starts in, the last carried into the next output quad as its
// first: four load instructions where a word load per element (steppedRowQuad) takes 16 or 8, and on lavapipe each is
// a loop over the SIMD lanes whatever its width. Where y's byte starts a quad, output quad g is made from input quads
// q + 4g .. q + 4g + 3 as they are (as evenStepQuads; `slice1.step4_last_f16` / `_u8` 0.92 / 0.83 -> 1.00 / 0.98 x
// the compute copy on lavapipe, 0.12 / 0.08 -> 0.40 / 0.28 on SwiftShader: docs/performance-sessions.md, Session 37).
void quarterStepQuads(uint word, uint count, uint y) {
    uint first = y * INPUT_BYTES, aligned = (first & 15u) == 0u ? count : 0u, lane = groupLane();
    for (uint g = lane; g < aligned; g += LANE_GROUP) {
        uvec4 result;
        for (uint j = 0; j < 4u; ++j) result[j] = everyFourthElement(loadInputQuad((first >> 4) + 4u * g + j));
        storeOutputQuad((word >> 2) + g, result);
    }
    uint carried = count - aligned;
    CarriedInput c = carriedInputAt(first, carried);
    for (uint g = lane; g < carried; g += LANE_GROUP) {
        uvec4 result;
        for (uint j = 0; j < 4u; ++j) result[j] = everyFourthElement(carriedBytes(c, 4u * g + j + 1u));
        storeOutputQuad((word >> 2) + g, result);
    }
}

// The output quad whose elements are input elements y, y + s, y + 2s, ... (any step): a word load per element.
uvec4 steppedRowQuad(uint y, uint s) {
    uvec4 result;
    for (uint j = 0; j < 4u; ++j) {
        uint word = 0u;
        for (uint k = 0; k < ELEMENTS_PER_WORD; ++k)
            word |= readInput(y + (j * ELEMENTS_PER_WORD + k) * s).x << (k * ELEMENT_BITS);
        result[j] = word;
    }
    return result;
}
#endif

#if defined(QUAD_RUNS) + defined(QUAD_GROUPS) + defined(QUAD_INPUT_RUNS) > 1
#error "QUAD_RUNS, QUAD_GROUPS and QUAD_INPUT_RUNS cut the same quads: a kernel defines one of them"
#endif
#if defined(QUAD_INPUT_RUNS) && !defined(PLAIN_ROW_QUADS)
#error "QUAD_INPUT_RUNS takes inputRunsQuads: a kernel defining it defines SEGMENT_SOURCE"
#endif

#ifdef QUAD_VALUES
// Writes the kernel's own output quads `quad` to `quad + count - 1`, the first from the elements at `offsets`.
void writeOwnQuads(uint quad, uint count, uvec4 offsets, uvec4 strides) {
    uint grouped = 0u;
#ifdef QUAD_GROUPS
    grouped = quadGroupsApply(offsets) ? count - count % QUAD_GROUP : 0u;
    for (uint q = 0; q < grouped; q += QUAD_GROUP) {
        uvec4 quads[4];
        quadGroupValues(offsets + (q * QUAD_ELEMENTS) * strides, quads);
        for (uint g = 0; g < QUAD_GROUP; ++g) storeOutputQuad(quad + q + g, quads[g]);
    }
#endif
    uint from = grouped, to = count;   // the quads quadValues makes: [from, to)
#ifdef QUAD_RUNS
    uint cuts[4];
    uvec4 runs[3];
    quadRuns(offsets, strides, count, cuts, runs);
    for (uint q = 0; q < cuts[0]; ++q) storeOutputQuad(quad + q, runs[0]);
    for (uint q = cuts[0]; q < cuts[1]; ++q)
        storeOutputQuad(quad + q, quadValues(offsets + (q * QUAD_ELEMENTS) * strides, strides));
    for (uint q = cuts[1]; q < cuts[2]; ++q) storeOutputQuad(quad + q, runs[1]);
    for (uint q = cuts[3]; q < count; ++q) storeOutputQuad(quad + q, runs[2]);
    from = cuts[2];
    to = cuts[3];
#endif
#ifdef QUAD_INPUT_RUNS
    uint cuts[2];
    uvec2 runs[2];
    quadInputRuns(offsets, strides, count, cuts, runs);
    uint head = inputRunApplies(runs[0], cuts[0]) ? cuts[0] : 0u;
    uint tail = inputRunApplies(runs[1], count - cuts[1]) ? count - cuts[1] : 0u;
    inputRunsQuads(uvec2(quad, quad + count - tail), uvec2(head, tail), runs);
    from = head;
    to = count - tail;
#endif
    for (uint q = from; q < to; ++q)
        storeOutputQuad(quad + q, quadValues(offsets + (q * QUAD_ELEMENTS) * strides, strides));
}
#endif

// Writes `count` quads of output elements from the element at `offsets` (a quad-aligned output word, stride 1).
void writeQuads(uint count, bool plain, uvec4 strides, uvec4 offsets) {
    // A plain segment whose input row steps by 1, 2 or -1 elements from a suitable word of a quad: 16-byte loads.
    uint copies = plain ? count : 0u;
    uint y = offsets.y, inputQuad = y >> 2, lane = groupLane();
    bool words = INPUT_BYTES == 4;
    uint same = words && strides.y == 1u && (y & 3u) == 0u ? copies : 0u;
#define SAME_QUAD(q) loadInputQuad(inputQuad + (q))
    STORE_QUAD_RUN(offsets.x >> 2, same, lane, LANE_GROUP, storeQuad, storeQuadPair, SAME_QUAD)
#undef SAME_QUAD
    // Stride 1 from another word of a quad: each output quad from the input quad it starts in and the next; both
    // quads of the last one must lie inside the descriptor, else word by word below. (The walk carries the second to
    // the next output quad, reloading it where lanes take turns.)
    uint shifted = words && strides.y == 1u && (y & 3u) != 0u && inputQuad + copies < inputQuadCount()
        ? copies : 0u;
    CarriedInput c = carriedInputAt(y * 4u, shifted);
    for (uint q = lane; q < shifted; q += LANE_GROUP) storeQuad((offsets.x >> 2) + q, carriedBytes(c, q + 1u));
    // Every second element, from any word: four word loads per output quad. (Two quad loads, keeping the even words,
    // were about 10% slower on lavapipe, which splits every quad load into four word loads anyway; with 64-bit loads
    // and the third quad carried, as evenStepQuads does for sub-word elements, no faster: docs/performance-sessions.md,
    // Session 34.) From texel views two quad loads (evenWordQuads; 1.1 -> 1.4 x the compute copy: Session 37).
    uint even = words && strides.y == 2u ? copies : 0u;
    uint evenFromQuads = 0u;
#if defined(TEXEL_INPUT) && defined(PLAIN_ROW_QUADS)
    evenFromQuads = evenWordQuads(offsets.x >> 2, even, y);
#endif
    for (uint q = evenFromQuads + lane; q < even; q += LANE_GROUP) {
        uint w = y + 8u * q;
        uvec4 quad = uvec4(inputWord(w), inputWord(w + 2u), inputWord(w + 4u), inputWord(w + 6u));
        storeQuad((offsets.x >> 2) + q, quad);
    }
    // Reversed (SLICE with stride -1): from the last word of a quad down, one quad in reverse order.
    uint reversed = words && strides.y == 0xFFFFFFFFu && (y & 3u) == 3u ? copies : 0u;
#define REVERSED_QUAD(q) loadInputQuad(inputQuad - (q)).wzyx
    STORE_QUAD_RUN(offsets.x >> 2, reversed, lane, LANE_GROUP, storeQuad, storeQuadPair, REVERSED_QUAD)
#undef REVERSED_QUAD
    // One element across the row (input stride 0: an Expand of a value per row): one load, the same quad stored. The
    // load is not in a loop of its own: that cost rows stepping by 2 about 5% on lavapipe
    // (docs/performance-sessions.md, Session 24). Where the path does not apply it reads word 0, which every descriptor
    // has (binding_table.cpp: whole words).
    uint splat = words && strides.y == 0u ? copies : 0u;
    uvec4 splatQuad = uvec4(inputWord(splat != 0u ? y : 0u));
#define SPLAT_QUAD(q) splatQuad
    STORE_QUAD_RUN(offsets.x >> 2, splat, lane, LANE_GROUP, storeQuad, storeQuadPair, SPLAT_QUAD)
#undef SPLAT_QUAD
    // Any other plain row: word by word.
    uint single = same + shifted + even + reversed + splat == 0u ? copies : 0u;
    for (uint q = lane; q < single; q += LANE_GROUP) {
        uvec4 quad;
        for (uint k = 0; k < 4u; ++k) quad[k] = readInput(y + (4u * q + k) * strides.y).x;
        storeQuad((offsets.x >> 2) + q, quad);
    }
    // A kernel's own way to make whole quads of values (QUAD_VALUES, above), where it applies to this segment.
    uint own = 0u;
#ifdef QUAD_VALUES
    own = !plain && quadValuesApply(offsets, strides) ? count : 0u;
    writeOwnQuads(offsets.x >> 2, own, offsets, strides);
#endif
    for (uint q = lane; q < (plain || own != 0u ? 0u : count); q += LANE_GROUP) {
        uvec4 quad;
        uint valid = 0u;
        for (uint k = 0; k < 4u; ++k) {
            uvec4 elementSlots = offsets + (4u * q + k) * strides;
            uvec2 value;
            if (elementValue(elementSlots, true, value)) valid |= 1u << k;
            quad[k] = value.x;
        }
        if (valid == 0xFu) storeQuad((offsets.x >> 2) + q, quad);
        // Elements to leave alone (a gather split along its axis): the others one by one.
        for (uint k = 0; k < (valid == 0xFu ? 0u : 4u); ++k)
            if ((valid & (1u << k)) != 0u) writeOutputElement(offsets.x + 4u * q + k, uvec2(quad[k], 0u));
    }
}

// Output word `word` gets the bits `written` of `value` and keeps its others (elements another invocation or launch
// writes).
void mergeOutputWord(uint word, uint written, uint value) {
    atomicAnd(dst.words[word], ~written);
    atomicOr(dst.words[word], value);
}

// The output quad at output word `word` (quad-aligned, its elements along one row of a linear input map) from
// elementValue, the first element's slots `offsets`. Words some of whose elements this launch leaves alone are merged.
void writeDenseQuad(uint word, uvec4 offsets, uvec4 strides) {
    uvec4 quad = uvec4(0u), written = uvec4(0u);
    for (uint j = 0; j < 4u; ++j)
        for (uint k = 0; k < ELEMENTS_PER_WORD; ++k) {
            uvec4 elementSlots = offsets + (j * ELEMENTS_PER_WORD + k) * strides;
            uvec2 bits;
            if (!elementValue(elementSlots, true, bits)) continue;
            quad[j] |= (bits.x & ELEMENT_MASK) << (k * ELEMENT_BITS);
            written[j] |= ELEMENT_MASK << (k * ELEMENT_BITS);
        }
    bool whole = all(equal(written, uvec4(0xFFFFFFFFu)));
    if (whole) storeOutputQuad(word >> 2, quad);
    for (uint j = 0; j < (whole ? 0u : 4u); ++j)
        if (written[j] != 0u) mergeOutputWord(word + j, written[j], quad[j]);
}

void main() {
    uint id = linearInvocation();
    if (P.count == 0u) return;
    uvec4 strides = P.rank > 0u ? innermostStrides() : uvec4(0);
    uvec4 offsets;
    uint innermost;
    if (DENSE_OUTPUT == 0 || ELEMENT_BYTES >= 4) {
        // A group of LANE_GROUP invocations owns the elements (above): each walks all of them.
        const uint groupElements = ELEMENTS_PER_INVOCATION * LANE_GROUP;
        uint group = id / LANE_GROUP, lane = groupLane();
        if (group > (P.count - 1u) / groupElements) return;
        uint e = group * groupElements;
        uint end = e + min(P.count - e, groupElements);
        uint rowSize = P.rank > 0u ? boxSize(P.rank - 1u) : 1u;
        bool quadRows = ELEMENT_BYTES == 4 && INPUT_MAP == MAP_LINEAR && strides.x == 1u;
        // 8-byte elements along a row that repeats one input element (stride 0: an Expand of a value per row): two
        // to an output quad, from one load; not where the output copies of a quad would not be quads.
        bool pairRows = ELEMENT_BYTES == 8 && INPUT_MAP == MAP_LINEAR && strides.x == 1u && strides.y == 0u &&
                        (OUTPUT_COPIES == 0u || (P.outputCopyWordStride & 3) == 0);
        while (e < end) {   // one row segment per iteration
            uint found = elementOffsets(e, offsets, innermost);
            uint segment = INPUT_MAP == MAP_LINEAR ? min(end - e, rowSize - innermost) : 1u;
            bool leave;
            bool plain = plainSegment(offsets, leave);
#ifdef WHOLE_ELEMENT_WRITES
            // A scatter's output offsets come from its indices: consecutive only along a plain segment.
            bool segmentQuads = quadRows && plain;
#else
            bool segmentQuads = quadRows;
#endif
            uint written = leave ? 0u : segment;
            bool splatPairs = pairRows && plain;
            uint head = segmentQuads ? min(written, (4u - (offsets.x & 3u)) & 3u)
                        : splatPairs ? min(written, offsets.x & 1u)   // to an element starting a quad
                                     : written;
            uint quads = segmentQuads ? (written - head) / 4u : 0u, own = 0u;
            uint pairs = splatPairs ? (written - head) / 2u : 0u;
#ifdef ELEMENT_QUADS
            // The kernel's own quads of elements (ELEMENT_QUADS, above), from the first input quad of the row on.
            uint ownHead = min(written, (4u - (offsets.y & 3u)) & 3u);
            own = !plain && elementQuadsApply(offsets + ownHead * strides, strides) ? (written - ownHead) / 4u : 0u;
            head = own != 0u ? ownHead : head;
            quads = own != 0u ? 0u : quads;
#endif
            writeElements(head, plain, found, strides, offsets);
            writeQuads(quads, plain, strides, offsets);
            uvec2 pair = uvec2(0u);
            for (uint g = 0; g < min(pairs, 1u); ++g) pair = readInput(offsets.y);
            for (uint q = 0; q < (lane == 0u ? pairs : 0u); ++q) storeQuad((offsets.x >> 1) + q, pair.xyxy);
#ifdef ELEMENT_QUADS
            for (uint q = lane; q < own; q += LANE_GROUP) writeElementQuad(offsets + (4u * q) * strides, strides);
#endif
            offsets += (4u * (quads + own) + 2u * pairs) * strides;
            writeElements(written - head - 4u * (quads + own) - 2u * pairs, plain, found, strides, offsets);
            e += segment;
        }
        return;
    }
    // Dense sub-word output: invocation id owns DENSE_WORDS consecutive output words, counted from the box's first
    // word; it assembles each from its elements, stepping along the box across words (or, along the rows of a linear
    // input map, writes whole quads).
    // A group of LANE_GROUP invocations owns LANE_GROUP x DENSE_WORDS words: each walks all of them.
    uint boxBegin = B.base[SLOT_OUTPUT];
    uint boxEnd = boxBegin + P.count;
    uint lane = groupLane();
    uint firstWord = boxBegin / ELEMENTS_PER_WORD + (id / LANE_GROUP) * (DENSE_WORDS * LANE_GROUP);
    uint endWord = min(firstWord + DENSE_WORDS * LANE_GROUP, (boxEnd + ELEMENTS_PER_WORD - 1u) / ELEMENTS_PER_WORD);
    if (firstWord >= endWord) return;
    uint found = elementOffsets(max(firstWord * ELEMENTS_PER_WORD, boxBegin) - boxBegin, offsets, innermost);
    bool fresh = true;
    uint rowSize = P.rank > 0u ? boxSize(P.rank - 1u) : 1u;
    for (uint word = firstWord; word < endWord;) {
        uint firstElement = word * ELEMENTS_PER_WORD;
        uint begin = max(firstElement, boxBegin), end = min(firstElement + ELEMENTS_PER_WORD, boxEnd);
        uint value = 0;
        uint written = 0;   // mask of the bits this invocation writes
        uint quads = 0u;
        // From a quad-aligned word inside the box: the quads of this invocation and of the row (the box is whole
        // rows), where the rest of the row allows.
        stepTo(begin - boxBegin, fresh, strides, offsets, found, innermost);   // now at element `begin`
        fresh = true;
        bool aligned = (word & 3u) == 0u && begin == firstElement;
        uint rowQuads = aligned ? min((endWord - word) / 4u, (rowSize - innermost) / QUAD_ELEMENTS) : 0u;
#ifdef PLAIN_ROW_QUADS
        // A plain row: from input quads (unitStepQuads, evenStepQuads) where it steps by 1, 2 or -1. The input bytes
        // read grow or shrink steadily along the row: both ends inside the descriptor mean all are. Stepping by 4:
        // quarterStepQuads. Step 0 (a broadcast): one load. Any other step: a word load per element
        // (steppedRowQuad).
        uvec4 source = offsets;   // the plain row's input element in source.y
        bool leave;
        bool plainRow = rowQuads != 0u && plainSegment(source, leave) && !leave;
        uint quadStep = QUAD_ELEMENTS * strides.y;
        quads = plainRow && rowInputApplies(source.y, strides.y, rowQuads) ? rowQuads : 0u;
        uint even = strides.y == 2u ? quads : 0u;
        unitStepQuads(word, quads - even, source.y, strides.y);
        evenStepQuads(word, even, source.y);
        // Stepping by 4 (quarterStepQuads), where the quad of the row's last byte lies wholly inside the descriptor
        // (a quad load there would read past the binding's end).
        uint rowLastByte = (source.y + (rowQuads * QUAD_ELEMENTS - 1u) * 4u) * INPUT_BYTES + INPUT_BYTES - 1u;
        bool quarterStepRow = plainRow && strides.y == 4u && (rowLastByte >> 4) < inputQuadCount();
        uint quarterStep = quarterStepRow ? rowQuads : 0u;
        quarterStepQuads(word, quarterStep, source.y);
        quads += quarterStep;
        // One element across the row (input stride 0): one load, its bits repeated in every word of the row's quads.
        uint splat = plainRow && strides.y == 0u ? rowQuads : 0u;
        uint splatWord = 0u;
        for (uint g = 0; g < min(splat, 1u); ++g)
            splatWord = readInput(source.y).x * (0xFFFFFFFFu / ELEMENT_MASK);   // readInput masks the element
#define SPLAT_QUAD(g) uvec4(splatWord)
        STORE_QUAD_RUN(word >> 2, splat, lane, LANE_GROUP, storeOutputQuad, storeOutputQuadPair, SPLAT_QUAD)
#undef SPLAT_QUAD
        quads += splat;
        uint stepped = plainRow && quads == 0u ? rowQuads : 0u;
        for (uint g = lane; g < stepped; g += LANE_GROUP)
            storeOutputQuad((word >> 2) + g, steppedRowQuad(source.y + g * quadStep, strides.y));
        quads += stepped;
#endif
        // Where every segment is plain, the paths below never write a quad: every row was written above, but one this
        // launch leaves alone (its elements, walked one by one below, are all left).
#ifdef QUAD_VALUES
        // The kernel's own quads (CAST's from whole input words; ONE_HOT's, REVERSE_SUBSEQUENCES' once per row).
        uint own = !EVERY_SEGMENT_PLAIN && quads == 0u && rowQuads != 0u && quadValuesApply(offsets, strides)
            ? rowQuads : 0u;
        writeOwnQuads(word >> 2, own, offsets, strides);
        quads += own;
#endif
        // Any other row of a linear input map: elementValue element by element, but a whole output quad per pass
        // (no walk from element to element, one store per quad).
        uint generic = !EVERY_SEGMENT_PLAIN && INPUT_MAP == MAP_LINEAR && quads == 0u ? rowQuads : 0u;
        for (uint g = lane; g < generic; g += LANE_GROUP)
            writeDenseQuad(word + 4u * g, offsets + (g * QUAD_ELEMENTS) * strides, strides);
        quads += generic;
        if (quads != 0u) {   // at the last element written, as the walk below leaves it
            offsets += (quads * QUAD_ELEMENTS - 1u) * strides;
            innermost += quads * QUAD_ELEMENTS - 1u;
            fresh = false;
        }
        for (uint element = begin; element < (quads != 0u ? begin : end); ++element) {
            stepTo(element - boxBegin, fresh, strides, offsets, found, innermost);
            fresh = false;
            uvec4 elementSlots = offsets;
            uvec2 bits;
            if (found == ELEMENT_SKIP || !elementValue(elementSlots, found == ELEMENT_INPUT, bits)) continue;
            uint slot = element - firstElement;
            value |= (bits.x & ELEMENT_MASK) << (slot * ELEMENT_BITS);
            written |= ELEMENT_MASK << (slot * ELEMENT_BITS);
        }
        written = lane == 0u ? written : 0u;   // the words outside the quads: the group's first lane
        if (written == 0xFFFFFFFFu) dst.words[word] = value;
        // A word only partly this invocation's (the box's edges, elements left to another launch): merge.
        for (uint merge = 0; merge < (written == 0xFFFFFFFFu || written == 0u ? 0u : 1u); ++merge)
            mergeOutputWord(word, written, value);
        word += quads != 0u ? 4u * quads : 1u;
    }
}
