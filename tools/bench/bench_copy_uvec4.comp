#version 450
// The raw compute-copy baseline of vkdml-bench: each invocation copies 4 consecutive uvec4 (64 bytes), the best
// plain copy kernel measured on lavapipe (ARCHITECTURE.md). A 2-D grid covers more than 65535 groups.
// Built three times (tools/bench/CMakeLists.txt): as is, the baseline issue 6 names; with INT64_WORDS (shaderInt64)
// each 16 bytes move as a u64vec2, which lavapipe loads in about half the time (two scalars per lane instead of
// four): an informational baseline beside the kernels' own 64-bit loads; and with TEXEL_LOADS as well, the source
// read through an R32G32B32A32_UINT uniform texel buffer view (informational, beside the kernels' own texel loads,
// VKDML_EXECUTION_FLAG_TEXEL_INPUTS).
#ifdef INT64_WORDS
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require
#define QUAD u64vec2
#else
#define QUAD uvec4
#endif
layout(local_size_x = 64) in;

#ifdef TEXEL_LOADS
layout(set = 0, binding = 0) uniform usamplerBuffer sourceTexels;
QUAD source(uint i) {
    uvec4 q = texelFetch(sourceTexels, int(i));
    return QUAD(packUint2x32(q.xy), packUint2x32(q.zw));
}
#else
layout(std430, set = 0, binding = 0) readonly buffer Source { QUAD src[]; };
QUAD source(uint i) { return src[i]; }
#endif
layout(std430, set = 0, binding = 1) writeonly buffer Destination { QUAD dst[]; };

// 128 bytes, so that the record-overhead baseline can push as many bytes as a vkdml launch does.
layout(push_constant) uniform Params {
    uint count;   // 16-byte elements to copy
    uint pad[31];
} P;

void main() {
    uint invocation = (gl_WorkGroupID.y * gl_NumWorkGroups.x + gl_WorkGroupID.x) * 64u + gl_LocalInvocationID.x;
    uint base = invocation * 4u;
    if (base + 4u <= P.count) {
        dst[base] = source(base);
        dst[base + 1u] = source(base + 1u);
        dst[base + 2u] = source(base + 2u);
        dst[base + 3u] = source(base + 3u);
    } else {
        for (uint i = base; i < P.count; ++i) dst[i] = source(i);
    }
}
