#version 450
// Contiguous run copy: the fast path for a StridedCopy launch whose output and input are each one packed run (stride 1
// after merging dimensions) - contiguous IDENTITY, SLICE of whole rows, SPLIT and JOIN along outer axes. No index
// math: each invocation owns QUADS_PER_INVOCATION consecutive 16-byte quads of the output range. A quad wholly inside
// the run is one 16-byte store, its words taken from the two input quads they lie in (shifted, where the input run
// starts at another byte of a word: 1- and 2-byte elements): nine input quads give eight output quads.
// The invocations at the run's two ends go word by word, so nothing outside the run is written (4- and 8-byte
// elements). Runs of 1- and 2-byte elements (only where both bindings start on a word: the host checks;
// src/ops/word_runs.h) are counted in bytes: the end invocations store their whole quads as the others do, and only
// the quads the run starts or ends inside go word by word, the words the run covers in part merged atomically
// (another row's or launch's invocation may write the rest of such a word at the same time). They may also come as
// rows of runs at any pitch (a SLICE of FLOAT16 rows of odd length, JOIN of UINT8 parts along the last axis).
//
// lavapipe runs both sides of a branch (masked) and unrolls loops with a constant trip count into the same; a loop
// runs its body at least once, under an empty lane mask where no invocation enters it, which costs a loop over the
// lanes per memory instruction. So the whole quads take one path whatever the alignment, and the rarer paths are
// loops with a runtime trip count.
#extension GL_GOOGLE_include_directive : require
#extension GL_EXT_control_flow_attributes : require
#include "launch_params.glsl"
#include "quad_words.glsl"

// Output quads per invocation (host: LoweringLimits::quadsPerCopyInvocation): 1 on GPUs (neighbouring invocations on
// neighbouring quads), 8 on CPU implementations, where each invocation also pays, once, for the paths of the run's end
// quads (a masked pass on lavapipe).
layout(constant_id = 6) const uint QUADS_PER_INVOCATION = 8;

// Output quads firstQuad + [storeFrom, storeTo) (those of the invocation's QUADS_PER_INVOCATION that lie wholly inside
// the run) from the input bytes starting `shift` bits into input word `source` (for output quad firstQuad). Every
// invocation's first output word is a multiple of 4, so `source` is as far into its quad, and `shift` the same, in
// every invocation of a run. One path whatever the alignment: output word j is input words j and j + 1 from `source`
// on, shifted (bytesFrom), out of the QUADS_PER_INVOCATION + 1 input quads from the one `source` lies in (where the
// run's input starts a quad, the last is not read, and bytesFrom gives the others as they are). On lavapipe a path not
// taken costs a pass under an empty mask, a loop over the lanes per memory instruction: a path per alignment (quads,
// words, shifted words) cost more than the selects.
void copyQuads(uint firstQuad, uint source, uint shift, uint storeFrom, uint storeTo) {
    uint firstInputQuad = uint(int(source) >> 2), from = source & 3u;   // -1: the quad before the descriptor
    // Input quads outside the descriptor (before it, index -1, where the run starts inside the invocation's first
    // quad; after it) are clamped into it: their bits go only into quads not stored. The quad the descriptor ends in
    // may be partial (its range ends with the word of the run's last byte), outside the quad array: it is read a
    // word at a time.
    uint quadCount = inputQuadCount(), lastWord = inputWordCount() - 1u;
    uvec4 in4[QUADS_PER_INVOCATION + 1u];
    [[unroll]] for (uint k = 0; k < QUADS_PER_INVOCATION; ++k)
        in4[k] = loadInputQuad(min(firstInputQuad + k, quadCount - 1u));
    in4[QUADS_PER_INVOCATION] = uvec4(0u);
    for (uint g = 0; g < (from != 0u || shift != 0u ? 1u : 0u); ++g)
        in4[QUADS_PER_INVOCATION] = loadInputQuad(min(firstInputQuad + QUADS_PER_INVOCATION, quadCount - 1u));
    uint partial = quadCount - firstInputQuad;   // in4's index of the descriptor's partial quad, if any
    uvec4 words = uvec4(0u);
    for (uint i = 0; i < (partial <= QUADS_PER_INVOCATION ? 4u : 0u); ++i) {
        uint word = inputWord(min(4u * quadCount + i, lastWord));
        words = uvec4(i == 0u ? word : words.x, i == 1u ? word : words.y, i == 2u ? word : words.z,
                      i == 3u ? word : words.w);
    }
    [[unroll]] for (uint k = 0; k <= QUADS_PER_INVOCATION; ++k) in4[k] = k == partial ? words : in4[k];
    uint firstByte = 4u * from + shift / 8u;   // of the input quads, for output quad k the k-th and the next
    [[unroll]] for (uint k = 0; k < QUADS_PER_INVOCATION; ++k)
        if (k >= storeFrom && k < storeTo) storeOutputQuad(firstQuad + k, bytesFrom(in4[k], in4[k + 1u], firstByte));
}

// 4- and 8-byte elements: offsets in words.
void copyWords() {
    const uint wordsPerElement = ELEMENT_BYTES / 4u;
    // A launch spans at most 2^31 bytes, so word counts and offsets fit 32 bits.
    uint outputBegin = B.base[SLOT_OUTPUT] * wordsPerElement;
    uint outputEnd = outputBegin + P.count * wordsPerElement;
    uint inputBegin = B.base[SLOT_INPUT] * wordsPerElement;
    uint firstQuad = (outputBegin >> 2) + linearInvocation() * QUADS_PER_INVOCATION;
    uint word = firstQuad * 4u;
    if (word >= outputEnd) return;
    uint source = inputBegin + (word - outputBegin);   // wraps below outputBegin; only used inside the run
    if (word >= outputBegin && word + 4u * QUADS_PER_INVOCATION <= outputEnd) {
        copyQuads(firstQuad, source, 0u, 0u, QUADS_PER_INVOCATION);
        return;
    }
    // The run's first or last invocation: word by word, inside the run only.
    uint begin = max(word, outputBegin), end = min(word + 4u * QUADS_PER_INVOCATION, outputEnd);
    for (uint w = begin; w < end; ++w) dst.words[w] = inputWord(source + (w - word));
}

// 1- and 2-byte elements: offsets in bytes. A rank-2 launch is rows of runs (dimension 0 steps from row to row,
// dimension 1 is the run); each row gets P.rowInvocations invocations.
void copyBytes() {
    bool rows = P.rank == 2u;
    uint runBytes = (rows ? boxSize(1) : P.count) * ELEMENT_BYTES;
    uint id = linearInvocation();
    uint row = id / P.rowInvocations;
    if (row >= (rows ? boxSize(0) : 1u)) return;
    // Row strides may be negative: uint arithmetic wraps to the right offset.
    uint outputBegin = (B.base[SLOT_OUTPUT] + (rows ? row * channelStride(SLOT_OUTPUT, 0) : 0u)) * ELEMENT_BYTES;
    uint inputBegin = (B.base[SLOT_INPUT] + (rows ? row * channelStride(SLOT_INPUT, 0) : 0u)) * ELEMENT_BYTES;
    uint outputEnd = outputBegin + runBytes;
    uint delta = inputBegin - outputBegin;   // input byte = output byte + delta (mod 2^32)
    uint firstQuad = (outputBegin >> 4) + (id - row * P.rowInvocations) * QUADS_PER_INVOCATION;
    uint word = firstQuad * 4u;
    if (4u * word >= outputEnd) return;
    // The run's whole quads among the invocation's: all of them but in the invocation at either end of the run, and
    // none in a run shorter than a quad, whose input descriptor may hold no whole quad to read.
    // The input word as (input byte) >> 2: delta wraps where the input run starts below the output run, and shifting
    // the wrapped delta first would land 2^30 words off, which only 32-bit address arithmetic hides. The input byte
    // of the invocation's first output byte is negative where the run starts inside that quad and its input less far
    // into the descriptor: an arithmetic shift keeps the word before the descriptor -1 (a launch spans < 2^31 bytes).
    uint storeFrom = clamp((outputBegin + 15u) >> 4, firstQuad, firstQuad + QUADS_PER_INVOCATION) - firstQuad;
    uint storeTo = clamp(outputEnd >> 4, firstQuad, firstQuad + QUADS_PER_INVOCATION) - firstQuad;
    uint shift = (delta & 3u) * 8u;
    if (storeFrom < storeTo) copyQuads(firstQuad, uint(int(4u * word + delta) >> 2), shift, storeFrom, storeTo);
    // The quads the run starts or ends inside (at most one at each end): word by word, each word from the two input
    // words its bytes straddle, merged where the run covers part of it (another row's or launch's invocation may
    // write the rest at the same time). Input words outside the descriptor (the first one wraps below it where the
    // run's first word is partial) are clamped into it; their bits are masked off.
    uint headQuad = outputBegin >> 4, tailQuad = (outputEnd - 1u) >> 4;
    bool head = (outputBegin & 15u) != 0u && headQuad - firstQuad < QUADS_PER_INVOCATION;
    bool tail = (outputEnd & 15u) != 0u && tailQuad - firstQuad < QUADS_PER_INVOCATION &&
                !(head && tailQuad == headQuad);   // a run inside one quad: the head's words
    uint lastWord = inputWordCount() - 1u;
    for (uint n = 0; n < (head ? 4u : 0u) + (tail ? 4u : 0u); ++n) {
        uint w = 4u * (head && n < 4u ? headQuad : tailQuad) + (n & 3u);
        uint firstByte = max(4u * w, outputBegin), endByte = min(4u * w + 4u, outputEnd);
        if (firstByte >= endByte) continue;   // a word of the quad outside the run
        uint from = uint(int(4u * w + delta) >> 2);
        uint low = inputWord(min(from, lastWord)), high = inputWord(min(from + 1u, lastWord));
        uint value = shift == 0u ? low : (low >> shift) | (high << (32u - shift));
        uint mask = (endByte - 4u * w == 4u ? 0xFFFFFFFFu : (1u << (8u * (endByte - 4u * w))) - 1u) &
                    ~((1u << (8u * (firstByte - 4u * w))) - 1u);
        if (mask == 0xFFFFFFFFu) dst.words[w] = value;
        for (uint merge = 0; merge < (mask == 0xFFFFFFFFu ? 0u : 1u); ++merge) {
            atomicAnd(dst.words[w], ~mask);
            atomicOr(dst.words[w], value & mask);
        }
    }
}

void main() {
    if (ELEMENT_BYTES >= 4) copyWords();   // a specialization constant: the driver keeps one of the two
    else copyBytes();
}
