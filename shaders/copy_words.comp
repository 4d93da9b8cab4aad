#version 450
// Contiguous word copy: the fast path for a StridedCopy launch whose output and input are each one packed run of
// whole words (4- or 8-byte elements, stride 1 after merging dimensions) - contiguous IDENTITY, SLICE of whole rows,
// SPLIT and JOIN along outer axes. No index math: each invocation owns QUADS_PER_INVOCATION consecutive 16-byte
// quads of the output range. Where they lie wholly inside the run they are 16-byte stores (of 16-byte loads when the
// input run starts at the same word of a quad, else of word loads); the invocations at the run's two ends go word by
// word, so nothing outside the run is written.
//
// lavapipe runs both sides of a branch (masked) and unrolls loops with a constant trip count into the same; a loop
// no invocation enters costs next to nothing. So the rarer paths are loops with a runtime trip count.
#extension GL_GOOGLE_include_directive : require
#extension GL_EXT_control_flow_attributes : require
#include "launch_params.glsl"

// Host mirror: kQuadsPerCopyInvocation in src/ops/loop_nest.cpp.
const uint QUADS_PER_INVOCATION = 4;
const uint WORDS_PER_ELEMENT = ELEMENT_BYTES / 4;

void main() {
    // A launch spans at most 2^31 bytes, so word counts and offsets fit 32 bits.
    uint words = P.count * WORDS_PER_ELEMENT;
    uint outputBegin = B.base[SLOT_OUTPUT] * WORDS_PER_ELEMENT;
    uint outputEnd = outputBegin + words;
    uint inputBegin = B.base[SLOT_INPUT] * WORDS_PER_ELEMENT;
    uint firstQuad = (outputBegin >> 2) + linearInvocation() * QUADS_PER_INVOCATION;
    uint word = firstQuad * 4u;
    if (word >= outputEnd) return;
    uint source = inputBegin + (word - outputBegin);   // wraps below outputBegin; only used inside the run
    if (word >= outputBegin && word + 4u * QUADS_PER_INVOCATION <= outputEnd) {
        bool inputQuads = ((inputBegin - outputBegin) & 3u) == 0u;
        if (inputQuads) {
            [[unroll]] for (uint k = 0; k < QUADS_PER_INVOCATION; ++k)
                dst4.quads[firstQuad + k] = src4.quads[(source >> 2) + k];
        }
        for (uint k = 0; k < (inputQuads ? 0u : QUADS_PER_INVOCATION); ++k) {
            uint from = source + 4u * k;
            dst4.quads[firstQuad + k] =
                uvec4(src.words[from], src.words[from + 1u], src.words[from + 2u], src.words[from + 3u]);
        }
        return;
    }
    // The run's first or last invocation: word by word, inside the run only.
    uint begin = max(word, outputBegin), end = min(word + 4u * QUADS_PER_INVOCATION, outputEnd);
    for (uint w = begin; w < end; ++w) dst.words[w] = src.words[source + (w - word)];
}
