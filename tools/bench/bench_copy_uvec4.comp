#version 450
// The raw compute-copy baseline of vkdml-bench: each invocation copies 4 consecutive uvec4 (64 bytes), the best
// plain copy kernel measured on lavapipe (ARCHITECTURE.md). A 2-D grid covers more than 65535 groups.
// Built twice (tools/bench/CMakeLists.txt): as is, the baseline issue 6 names; with INT64_WORDS (shaderInt64) each
// 16 bytes move as a u64vec2, which lavapipe loads in about half the time (two scalars per lane instead of four): an
// informational baseline beside the kernels' own 64-bit loads.
#ifdef INT64_WORDS
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require
#define QUAD u64vec2
#else
#define QUAD uvec4
#endif
layout(local_size_x = 64) in;

layout(std430, set = 0, binding = 0) readonly buffer Source { QUAD src[]; };
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
        dst[base] = src[base];
        dst[base + 1u] = src[base + 1u];
        dst[base + 2u] = src[base + 2u];
        dst[base + 3u] = src[base + 3u];
    } else {
        for (uint i = base; i < P.count; ++i) dst[i] = src[i];
    }
}
