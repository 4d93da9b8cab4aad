#version 450
// output[box] = output[box] + input[box] in the output's DATA_TYPE (element_arithmetic.glsl: floats rounded once per
// add, integers modulo 2^bits): FOLD's pass for one window position, which adds its rows to the elements they
// overlap. A launch never meets the same output element twice (the host's views are one-to-one), so each element is
// read, added to and stored by one invocation; the passes run one after another, in the order the sum is defined.
#extension GL_GOOGLE_include_directive : require
#include "launch_params.glsl"
#include "element_arithmetic.glsl"

bool elementValue(inout uvec4 offsets, bool inside, out uvec2 value) {
    value = addOrMultiply(readOutput(offsets.x), readInput(offsets.y), false);
    return true;
}

#include "launch_main.glsl"
