#version 450
// N-D strided copy: output[box] = input[box], each with its own strides. IDENTITY (reorder, transpose, broadcast),
// SLICE/SLICE1 (offset + signed strides), SPLIT and JOIN (one launch per part) all lower to this kernel.
#extension GL_GOOGLE_include_directive : require
#include "launch_params.glsl"

bool sourceOffset(uvec3 offsets, out uint inputOffset) {
    inputOffset = offsets[SLOT_INPUT];
    return true;
}

#include "launch_main.glsl"
