#version 450
// Contiguous run copy: the fast path for a StridedCopy launch whose output and input are each one packed run (stride 1
// after merging dimensions) - contiguous IDENTITY, SLICE of whole rows, SPLIT and JOIN along outer axes. No index
// math: each invocation owns QUADS_PER_INVOCATION consecutive 16-byte quads of the output range. A quad wholly inside
// the run is one 16-byte store of
//   - a 16-byte load where the input run starts at the same byte of a quad,
//   - word loads where it starts at the same byte of a word,
//   - else (1- and 2-byte elements only), output word = the input word it straddles, shifted: five input quads give
//     four output quads.
// The invocations at the run's two ends go word by word, so nothing outside the run is written. Runs of 1- and
// 2-byte elements (only where both bindings start on a word: the host checks; src/ops/word_runs.h) are counted in
// bytes: they may start and end inside a word, which the end invocations build byte by byte and merge atomically
// (another row's or launch's invocation may write the rest of such a word at the same time). They may also come as
// rows of runs at any pitch (a SLICE of FLOAT16 rows of odd length, JOIN of UINT8 parts along the last axis).
//
// lavapipe runs both sides of a branch (masked) and unrolls loops with a constant trip count into the same; a loop
// runs its body at least once, under an empty lane mask where no invocation enters it, which costs a loop over the
// lanes per memory instruction. The rarer paths are loops with a runtime trip count. (Folding the word-load paths
// into the straddling one, so fewer untaken paths remain, measured no faster here.)
#extension GL_GOOGLE_include_directive : require
#extension GL_EXT_control_flow_attributes : require
#include "launch_params.glsl"
#include "quad_words.glsl"

// Host mirror: kQuadsPerCopyInvocation in src/ops/loop_nest.cpp.
const uint QUADS_PER_INVOCATION = 4;

// Output quads [firstQuad, firstQuad + QUADS_PER_INVOCATION), all inside the run, from the input bytes starting
// `shift` bits into input word `source`. Every invocation's first output word is a multiple of 4, so `source` is
// as far into its quad, and `shift` the same, in every invocation of a run: one path per run (per launch, but for
// rows at pitches that are not whole quads).
void copyQuads(uint firstQuad, uint source, uint shift) {
    bool inputQuads = (source & 3u) == 0u && shift == 0u;
    if (inputQuads) {
        [[unroll]] for (uint k = 0; k < QUADS_PER_INVOCATION; ++k)
            dst4.quads[firstQuad + k] = src4.quads[(source >> 2) + k];
    }
    for (uint k = 0; k < (!inputQuads && shift == 0u ? QUADS_PER_INVOCATION : 0u); ++k) {
        uint from = source + 4u * k;
        dst4.quads[firstQuad + k] =
            uvec4(src.words[from], src.words[from + 1u], src.words[from + 2u], src.words[from + 3u]);
    }
    // Straddling words: the input quad holding the last byte needed may end past the descriptor; where it does, word
    // loads (the two words an output word straddles both hold bytes of the run).
    uint firstInputQuad = source >> 2;
    bool inside = firstInputQuad + QUADS_PER_INVOCATION + 1u <= uint(src4.quads.length());
    for (uint g = 0; g < (shift != 0u && inside ? 1u : 0u); ++g) {
        uvec4 in4[QUADS_PER_INVOCATION + 1u];
        [[unroll]] for (uint k = 0; k <= QUADS_PER_INVOCATION; ++k) in4[k] = src4.quads[firstInputQuad + k];
        [[unroll]] for (uint k = 0; k < QUADS_PER_INVOCATION; ++k) {
            uvec4 low = wordsFrom(in4[k], in4[k + 1u], source & 3u);
            uvec4 high = (source & 3u) == 3u ? in4[k + 1u] : wordsFrom(in4[k], in4[k + 1u], (source & 3u) + 1u);
            dst4.quads[firstQuad + k] = (low >> shift) | (high << (32u - shift));
        }
    }
    for (uint k = 0; k < (shift != 0u && !inside ? QUADS_PER_INVOCATION : 0u); ++k) {
        uvec4 quad;
        for (uint i = 0; i < 4u; ++i) {
            uint from = source + 4u * k + i;
            quad[i] = (src.words[from] >> shift) | (src.words[from + 1u] << (32u - shift));
        }
        dst4.quads[firstQuad + k] = quad;
    }
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
        copyQuads(firstQuad, source, 0u);
        return;
    }
    // The run's first or last invocation: word by word, inside the run only.
    uint begin = max(word, outputBegin), end = min(word + 4u * QUADS_PER_INVOCATION, outputEnd);
    for (uint w = begin; w < end; ++w) dst.words[w] = src.words[source + (w - word)];
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
    if (4u * word >= outputBegin && 16u * (firstQuad + QUADS_PER_INVOCATION) <= outputEnd) {
        // The input word as (input byte) >> 2: delta wraps where the input run starts below the output run, and
        // shifting the wrapped delta first would land 2^30 words off, which only 32-bit address arithmetic hides.
        copyQuads(firstQuad, (4u * word + delta) >> 2, (delta & 3u) * 8u);
        return;
    }
    // The run's first or last invocation: the words it shares with the run, byte by byte inside the run only.
    uint begin = max(word, outputBegin >> 2), end = min(word + 4u * QUADS_PER_INVOCATION, (outputEnd + 3u) >> 2);
    for (uint w = begin; w < end; ++w) {
        uint value = 0u, mask = 0u;
        for (uint b = max(4u * w, outputBegin); b < min(4u * w + 4u, outputEnd); ++b) {
            uint from = b + delta;
            value |= ((src.words[from >> 2] >> ((from & 3u) * 8u)) & 0xFFu) << ((b & 3u) * 8u);
            mask |= 0xFFu << ((b & 3u) * 8u);
        }
        if (mask == 0xFFFFFFFFu) dst.words[w] = value;
        for (uint merge = 0; merge < (mask == 0xFFFFFFFFu ? 0u : 1u); ++merge) {
            atomicAnd(dst.words[w], ~mask);
            atomicOr(dst.words[w], value);
        }
    }
}

void main() {
    if (ELEMENT_BYTES >= 4) copyWords();   // a specialization constant: the driver keeps one of the two
    else copyBytes();
}
