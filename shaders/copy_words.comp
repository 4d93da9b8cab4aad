#version 450
// Contiguous word copy: the fast path for a StridedCopy launch whose output and input are each one packed run of
// whole words (4- or 8-byte elements, stride 1 after merging dimensions) - contiguous IDENTITY, SLICE of whole rows,
// SPLIT and JOIN along outer axes. No index math: each invocation moves WORDS_PER_INVOCATION consecutive words.
#extension GL_GOOGLE_include_directive : require
#include "launch_params.glsl"

const uint WORDS_PER_INVOCATION = 16;
const uint WORDS_PER_ELEMENT = ELEMENT_BYTES / 4;

void main() {
    // A launch spans at most 2^31 bytes, so word counts and offsets fit 32 bits.
    uint words = P.count * WORDS_PER_ELEMENT;
    uint first = linearInvocation() * WORDS_PER_INVOCATION;
    uint outputBase = B.base[SLOT_OUTPUT] * WORDS_PER_ELEMENT;
    uint inputBase = B.base[SLOT_INPUT] * WORDS_PER_ELEMENT;
    for (uint k = 0; k < WORDS_PER_INVOCATION; ++k) {
        uint word = first + k;
        if (word < words) dst.words[outputBase + word] = src.words[inputBase + word];
    }
}
