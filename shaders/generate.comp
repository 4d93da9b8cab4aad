#version 450
// Values computed from where an element is (MODE = src/ops/plan.h's GenerateMode); the box walks the output.
//   CONSTANT (FILL_VALUE_CONSTANT, SLICE_GRAD's zero fill): the value bits.
//   SEQUENCE (FILL_VALUE_SEQUENCE): start + i * delta, i = the coordinate channel (the element's row-major index).
//     Integers wrap modulo 2^bits; FLOAT32 computes start + float(i) * delta in FLOAT32, FLOAT16 the same in FLOAT32
//     from the widened start and delta, rounded once to FLOAT16 (to nearest even, in integer arithmetic).
//   DIAGONAL, DIAGONAL_OVER_INPUT (DIAGONAL_MATRIX, DIAGONAL_MATRIX1): the coordinate channel is x - y; the element
//     gets the value where DIAGONAL_MATRIX1's rule (End >= Begin) xor (x - y >= Begin) xor (x - y < End) holds,
//     else 0 or the input's element.
// Without an input tensor the input slot views the output (never read).
#extension GL_GOOGLE_include_directive : require
#include "launch_params.glsl"
#include "number_bits.glsl"

#define MODE_CONSTANT 0
#define MODE_SEQUENCE 1
#define MODE_DIAGONAL 2
#define MODE_DIAGONAL_OVER_INPUT 3

uvec2 sequenceValue(uint i) {
    if (!isFloatType(DATA_TYPE)) return u64Add(P.values.xy, u64MulU32(P.values.zw, i));
    if (DATA_TYPE == TYPE_FLOAT32) {
        precise float value = uintBitsToFloat(P.values.x) + float(i) * uintBitsToFloat(P.values.z);
        return uvec2(floatBitsToUint(value), 0u);
    }
    // FLOAT16: widen exactly, compute in FLOAT32, round once.
    Number start = decodeNumber(P.values.xy, TYPE_FLOAT16), delta = decodeNumber(P.values.zw, TYPE_FLOAT16);
    float s = uintBitsToFloat(encodeFloat(start, 23u, 8u).x), d = uintBitsToFloat(encodeFloat(delta, 23u, 8u).x);
    precise float value = s + float(i) * d;
    return encodeFloat(decodeNumber(uvec2(floatBitsToUint(value), 0u), TYPE_FLOAT32), 10u, 5u);
}

bool elementValue(inout uvec4 offsets, bool inside, out uvec2 value) {
    if (MODE == MODE_CONSTANT) {
        value = fillValue();
    } else if (MODE == MODE_SEQUENCE) {
        value = sequenceValue(offsets.w);
    } else {
        int t = int(offsets.w);
        bool onDiagonal = (P.rangeEnd >= P.rangeBegin) != (t >= P.rangeBegin) != (t < P.rangeEnd);
        value = onDiagonal ? fillValue() : (MODE == MODE_DIAGONAL_OVER_INPUT ? readInput(offsets.y) : uvec2(0u));
    }
    value = uvec2(value.x & ELEMENT_MASK, ELEMENT_BYTES == 8 ? value.y : 0u);
    return true;
}

// Rows of 4-byte elements, and of packed 1- and 2-byte ones but for SEQUENCE, make whole output quads at once
// (launch_main.glsl's QUAD_VALUES): elementValue for each of the quad's elements, then one store, where the generic
// quad path also tracks which elements were written (a sub-word SEQUENCE stays with the dense words: its quads are
// not measured yet).
// DIAGONAL_OVER_INPUT reads the input element by element and stays with that path.
#define QUAD_VALUES

bool quadValuesApply(uvec4 offsets, uvec4 strides) {
    if (ELEMENT_BYTES > 4 || MODE == MODE_DIAGONAL_OVER_INPUT) return false;
    return ELEMENT_BYTES == 4 || MODE != MODE_SEQUENCE;
}

uvec4 quadValues(uvec4 offsets, uvec4 strides) {
    uvec4 quad = uvec4(0u);
    for (uint k = 0; k < QUAD_ELEMENTS; ++k) {
        uvec4 elementSlots = offsets + k * strides;
        uvec2 value;
        elementValue(elementSlots, true, value);
        quad[k / ELEMENTS_PER_WORD] |= value.x << ((k % ELEMENTS_PER_WORD) * ELEMENT_BITS);
    }
    return quad;
}

// CONSTANT rows are one run of the value. DIAGONAL rows along which x - y steps by 1 (the output's last dimension
// innermost): the elements below the range, in it and past it (the range's complement where End < Begin) are runs of
// one value each, stored as they are; quadValues makes only the quads holding the range's ends (two at most). Every
// other row: quadValues throughout.
#define QUAD_RUNS

// The elements of a row of `n` from coordinate t0 on, stepping by 1, whose coordinate is below `bound`.
uint elementsBelow(int bound, int t0, uint n) {
    return bound <= t0 ? 0u : min(uint(bound) - uint(t0), n);
}

void quadRuns(uvec4 offsets, uvec4 strides, uint count, out uint cuts[4], out uvec4 runs[3]) {
    uint value = (fillValue().x & ELEMENT_MASK) * (0xFFFFFFFFu / ELEMENT_MASK);   // in every element of a word
    cuts = uint[4](0u, 0u, 0u, 0u);
    runs = uvec4[3](uvec4(0u), uvec4(0u), uvec4(value));
    if (MODE == MODE_CONSTANT) return;
    cuts = uint[4](0u, count, count, count);
    if (MODE != MODE_DIAGONAL || strides.w != 1u) return;
    int lo = min(P.rangeBegin, P.rangeEnd), hi = max(P.rangeBegin, P.rangeEnd);
    uint n = count * QUAD_ELEMENTS, first = elementsBelow(lo, int(offsets.w), n);
    uint last = elementsBelow(hi, int(offsets.w), n);   // the range's elements: [first, last)
    bool complement = P.rangeEnd < P.rangeBegin;
    runs[0] = runs[2] = uvec4(complement ? value : 0u);
    runs[1] = uvec4(complement ? 0u : value);
    cuts[0] = first / QUAD_ELEMENTS;
    cuts[1] = (first + QUAD_ELEMENTS - 1u) / QUAD_ELEMENTS;
    cuts[2] = max(last / QUAD_ELEMENTS, cuts[1]);
    cuts[3] = max((last + QUAD_ELEMENTS - 1u) / QUAD_ELEMENTS, cuts[2]);
}

#include "launch_main.glsl"
