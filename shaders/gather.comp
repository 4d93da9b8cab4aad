#version 450
// GATHER: output[pre, i, post] = input[pre, indices[i], post]. The box walks the output; the indices slot gives
// the index tensor's offset, the input slot the offset of input[pre, 0, post] (relative to axisLo).
#extension GL_GOOGLE_include_directive : require
#include "launch_params.glsl"

// 0: UINT32, 1: INT32, 2: UINT64, 3: INT64 (64-bit indices are read as two words: no shaderInt64 needed).
layout(constant_id = 2) const uint INDEX_KIND = 0;

layout(set = 0, binding = 3, std430) readonly buffer IndexWords { uint words[]; } indices;

// The index at element offset `offset`, negative values counted from the end of the axis, then clamped into
// [0, axisSize) so that no index, however invalid, reads outside the input.
uint readIndex(uint offset) {
    uint last = P.axisSize - 1u;
    if (INDEX_KIND == 0) return min(indices.words[offset], last);
    if (INDEX_KIND == 1) {
        int v = int(indices.words[offset]);
        if (v < 0) v += int(P.axisSize);
        return v < 0 ? 0u : min(uint(v), last);
    }
    uint lo = indices.words[2 * offset];
    uint hi = indices.words[2 * offset + 1];
    if (INDEX_KIND == 2) return hi != 0u ? last : min(lo, last);
    if (int(hi) >= 0) return hi != 0u ? last : min(lo, last);
    // Negative: value = lo - 2^32 when hi is all ones; in range after adding axisSize only if lo >= 2^32 - axisSize.
    if (hi == 0xFFFFFFFFu && lo >= 0u - P.axisSize) return lo + P.axisSize;
    return 0u;
}

bool sourceOffset(uvec3 offsets, out uint inputOffset) {
    uint index = readIndex(offsets[SLOT_INDICES]);
    inputOffset = 0;
    if (index < P.axisLo || index >= P.axisHi) return false;
    inputOffset = offsets[SLOT_INPUT] + (index - P.axisLo) * uint(P.axisStride);
    return true;
}

#include "launch_main.glsl"
