#version 450
// output[box] = output[box] + input[box] in the output's DATA_TYPE (element_arithmetic.glsl: floats rounded once per
// add, integers modulo 2^bits): FOLD's passes (src/ops/fold.cpp), each adding the values of some window positions to
// the elements they land on. A launch never meets the same output element twice (the host's views are one-to-one),
// so each element is read, added to and stored by one invocation; the passes run one after another, in the order the
// sum is defined.
#extension GL_GOOGLE_include_directive : require
#include "launch_params.glsl"
#include "element_arithmetic.glsl"

// MODE (src/ops/plan.h's AccumulateMode): 0 adds to the output element, 1 to +0 (the first pass over an element).
#define MODE_FIRST 1u

bool elementValue(inout uvec4 offsets, bool inside, out uvec2 value) {
    uvec2 sum = MODE == MODE_FIRST ? uvec2(0u) : readOutput(offsets.x);   // a specialization constant: one side
    value = addOrMultiply(sum, readInput(offsets.y), false);
    return true;
}

#include "launch_main.glsl"
