#version 450
// N-D strided copy: output[box] = input[box], each with its own strides. IDENTITY (reorder, transpose, broadcast),
// SLICE/SLICE1 (offset + signed strides), SPLIT and JOIN (one launch per part), DEPTH_TO_SPACE/SPACE_TO_DEPTH (a
// reshaped transpose) and SLICE_GRAD's second pass lower to it as is; with an input map (MODE) it also pads
// (PADDING, PADDING1: constant, edge, reflection, symmetric, wrap) and tiles (TILE = wrap without shift).
#extension GL_GOOGLE_include_directive : require
#define HAS_INPUT_MAP
#define VALUE_IS_INPUT   // elementValue below is the input element: linear rows are plain (launch_main.glsl)
#include "launch_params.glsl"

bool elementValue(inout uvec4 offsets, bool inside, out uvec2 value) {
    value = inside ? readInput(offsets.y) : fillValue();
    return true;
}

#include "launch_main.glsl"
