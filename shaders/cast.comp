#version 450
// CAST: output[box] = the input element converted from INPUT_TYPE to DATA_TYPE (number_bits.glsl: integer
// arithmetic only, so every pair of the 11 types converts on every device, with the rounding the README states).
// The types are specialization constants: the driver folds the generic decode and encode to the pair's own steps
// (as launch parameters, every element paid for every type's branches: 20-30x slower than a copy on lavapipe).
// MODE 1 is ELEMENT_WISE_IDENTITY's ScaleBias instead (P.values.x = scale, .y = bias, FLOAT32 bits).
#extension GL_GOOGLE_include_directive : require
#include "launch_params.glsl"
#include "number_bits.glsl"

#define MODE_CONVERT 0
#define MODE_SCALE_BIAS 1

// ELEMENT_WISE_IDENTITY's ScaleBias on FLOAT32 or FLOAT16 (widened exactly): x * scale + bias in FLOAT32, rounded
// after the product and after the sum (no fused multiply-add), then once more to FLOAT16.
uvec2 scaleBias(uvec2 bits) {
    float x = uintBitsToFloat(INPUT_TYPE == TYPE_FLOAT32 ? bits.x : float16To32(bits.x));
    precise float product = x * uintBitsToFloat(P.values.x);
    precise float y = product + uintBitsToFloat(P.values.y);
    if (DATA_TYPE == TYPE_FLOAT32) return uvec2(floatBitsToUint(y), 0u);
    return uvec2(float32To16(floatBitsToUint(y)), 0u);
}

bool elementValue(inout uvec4 offsets, bool inside, out uvec2 value) {
    uvec2 bits = readInput(offsets.y);
    if (MODE == MODE_SCALE_BIAS) value = scaleBias(bits);
    else value = convertNumber(bits, INPUT_TYPE, DATA_TYPE);
    value = uvec2(value.x & ELEMENT_MASK, ELEMENT_BYTES == 8 ? value.y : 0u);
    return true;
}

#include "launch_main.glsl"
