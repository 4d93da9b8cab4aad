#version 450
// CAST: output[box] = the input element converted from P.inputType to P.outputType (number_bits.glsl: integer
// arithmetic only, so every pair of the 11 types converts on every device, with the rounding the README states).
// The types are launch parameters (uniform across the launch): 121 type pairs share the pipelines of their widths.
// MODE 1 is ELEMENT_WISE_IDENTITY's ScaleBias instead (P.values.x = scale, .y = bias, FLOAT32 bits).
#extension GL_GOOGLE_include_directive : require
#include "launch_params.glsl"
#include "number_bits.glsl"

#define MODE_CONVERT 0
#define MODE_SCALE_BIAS 1

// ELEMENT_WISE_IDENTITY's ScaleBias on FLOAT32 or FLOAT16 (widened exactly): x * scale + bias in FLOAT32, rounded
// after the product and after the sum (no fused multiply-add), then once more to FLOAT16.
uvec2 scaleBias(uvec2 bits) {
    float x = P.inputType == TYPE_FLOAT32 ? uintBitsToFloat(bits.x)
                                          : uintBitsToFloat(encodeFloat(decodeNumber(bits, TYPE_FLOAT16), 23u, 8u).x);
    precise float product = x * uintBitsToFloat(P.values.x);
    precise float y = product + uintBitsToFloat(P.values.y);
    if (P.outputType == TYPE_FLOAT32) return uvec2(floatBitsToUint(y), 0u);
    return encodeFloat(decodeNumber(uvec2(floatBitsToUint(y), 0u), TYPE_FLOAT32), 10u, 5u);
}

bool elementValue(inout uvec4 offsets, bool inside, out uvec2 value) {
    uvec2 bits = readInput(offsets.y);
    if (MODE == MODE_SCALE_BIAS) value = scaleBias(bits);
    else value = P.inputType == P.outputType ? bits : encodeNumber(decodeNumber(bits, P.inputType), P.outputType);
    value = uvec2(value.x & ELEMENT_MASK, ELEMENT_BYTES == 8 ? value.y : 0u);
    return true;
}

#include "launch_main.glsl"
