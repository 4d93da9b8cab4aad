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

// The output element made from an input element's bits.
uvec2 outputBits(uvec2 bits) {
    uvec2 value = MODE == MODE_SCALE_BIAS ? scaleBias(bits) : convertNumber(bits, INPUT_TYPE, DATA_TYPE);
    return uvec2(value.x & ELEMENT_MASK, ELEMENT_BYTES == 8 ? value.y : 0u);
}

bool elementValue(inout uvec4 offsets, bool inside, out uvec2 value) {
    value = outputBits(readInput(offsets.y));
    return true;
}

// Rows stepping by 1 input element from an element that starts a word: an output quad's QUAD_ELEMENTS elements come
// from QUAD_INPUT_WORDS whole input words (1 for UINT8 -> FLOAT32, 8 for FLOAT32 -> FLOAT16) rather than a load per
// element. Those words hold exactly the quad's elements, so they lie inside the input tensor.
#define QUAD_VALUES
const uint QUAD_INPUT_WORDS = QUAD_ELEMENTS * INPUT_BYTES / 4u;   // at most 32 (8-byte input, 1-byte output)

// Where those words are whole input quads, they are read as quads (one load instruction rather than four).
const bool INPUT_QUADS = QUAD_INPUT_WORDS % 4u == 0u;

uint firstInputWord(uvec4 offsets) {
    return INPUT_BYTES >= 4 ? offsets.y * (INPUT_BYTES / 4u) : offsets.y / INPUT_PER_WORD;
}

bool quadValuesApply(uvec4 offsets, uvec4 strides) {
    return strides.y == 1u && offsets.y % INPUT_PER_WORD == 0u && (!INPUT_QUADS || firstInputWord(offsets) % 4u == 0u);
}

// The output quad whose elements are in words[first], words[first + 1], ... (QUAD_INPUT_WORDS of them).
uvec4 quadFromWords(uint words[32], uint first) {
    uvec4 quad = uvec4(0u);
    for (uint k = 0; k < QUAD_ELEMENTS; ++k) {   // constant trip counts: unrolled, constant indices
        uint w = first + (INPUT_BYTES == 8 ? 2u * k : k / INPUT_PER_WORD);
        uvec2 bits = INPUT_BYTES == 8   ? uvec2(words[w], words[w + 1u])
                     : INPUT_BYTES == 4 ? uvec2(words[w], 0u)
                                        : uvec2((words[w] >> ((k % INPUT_PER_WORD) * INPUT_BITS)) & INPUT_MASK, 0u);
        quad[k / ELEMENTS_PER_WORD] |= outputBits(bits).x << ((k % ELEMENTS_PER_WORD) * ELEMENT_BITS);
    }
    return quad;
}

uvec4 quadValues(uvec4 offsets, uvec4 strides) {
    uint first = firstInputWord(offsets);
    uint words[32];
    if (INPUT_QUADS) {
        for (uint i = 0; i < QUAD_INPUT_WORDS / 4u; ++i) {
            uvec4 quad = loadInputQuad(first / 4u + i);
            for (uint k = 0; k < 4u; ++k) words[4u * i + k] = quad[k];
        }
    } else {
        for (uint i = 0; i < QUAD_INPUT_WORDS; ++i) words[i] = inputWord(first + i);
    }
    return quadFromWords(words, 0u);
}

// Where an output quad takes 1 or 2 input words (UINT8 -> FLOAT32; FLOAT16 -> FLOAT32, UINT8 -> FLOAT16), one input
// quad makes QUAD_GROUP consecutive output quads: one load for all of them (launch_main.glsl's QUAD_GROUPS). The
// group's elements fill the input quad, so it lies inside the input tensor.
#define QUAD_GROUPS
const uint QUAD_GROUP = QUAD_INPUT_WORDS == 1u ? 4u : QUAD_INPUT_WORDS == 2u ? 2u : 1u;

bool quadGroupsApply(uvec4 offsets) {
    return QUAD_GROUP > 1u && firstInputWord(offsets) % 4u == 0u;
}

void quadGroupValues(uvec4 offsets, out uvec4 quads[4]) {
    uvec4 inputQuad = loadInputQuad(firstInputWord(offsets) / 4u);
    uint words[32];
    for (uint k = 0; k < 4u; ++k) words[k] = inputQuad[k];
    for (uint g = 0; g < QUAD_GROUP; ++g) quads[g] = quadFromWords(words, g * QUAD_INPUT_WORDS);
}

#include "launch_main.glsl"
