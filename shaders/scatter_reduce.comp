#version 450
// The second pass of the vkdml extensions SCATTER_ELEMENTS_REDUCE and SCATTER_ND_REDUCE (the first copies the input
// to the output). The box walks the updates and index tuples as shaders/scatter.comp does. The result must equal
// applying the updates one at a time in box (row-major) order, bit for bit, with no float atomics: for each output
// element, the first update that targets it (in box order) is its "leader"; the leader's invocation reads the
// element, combines it with every update that targets it, in order, and writes it once. Every other invocation
// whose element has an earlier update returns. Cost: each invocation rescans the updates before it (and its leader
// those after it) - O(updates^2) - which is the price of determinism without sorting.
//
// MODE is the VKDML_SCATTER_REDUCTION: 0 NONE (the last update wins), 1 ADD, 2 MULTIPLY, 3 MIN, 4 MAX, in the
// arithmetic of DATA_TYPE (element_arithmetic.glsl): FLOAT32 and FLOAT16 rounded to nearest even after every step
// (subnormals kept, whatever the device's float hardware does), integers wrapping modulo 2^bits (64-bit as word
// pairs), MIN/MAX on bit patterns as numpy's minimum/maximum: a NaN operand wins (the current one first), equal values
// (-0 and +0) give the update.
// FLOAT64 runs NONE, MIN and MAX only (the validator refuses the rest).
#extension GL_GOOGLE_include_directive : require
#define WHOLE_ELEMENT_WRITES
#include "launch_params.glsl"
#include "index_values.glsl"
#include "element_arithmetic.glsl"

#define REDUCE_NONE 0u
#define REDUCE_ADD 1u
#define REDUCE_MULTIPLY 2u
#define REDUCE_MIN 3u
#define REDUCE_MAX 4u

// Where update e of the box goes: false when an index lies outside its axis (nothing is written), or outside this
// launch's part of index axis 0.
bool target(uint e, out uint outputOffset, out uint updateOffset) {
    uvec4 offsets;
    uint innermost;
    elementOffsets(e, offsets, innermost);
    outputOffset = offsets.x;
    updateOffset = offsets.y;
    for (uint j = 0; j < P.axisCount; ++j) {
        uint index;
        if (!readIndex(offsets.z + j * uint(P.tupleStride), axisSize(j), index)) return false;
        if (j == 0) {
            if (index < P.axisLo || index >= P.axisHi) return false;
            index -= P.axisLo;
        }
        outputOffset += index * axisStride(j);
    }
    return true;
}

// ---- comparisons on bit patterns (isNanBits: element_arithmetic.glsl) ----

// The element as a 64-bit two's complement (integers, sign-extended) or as sign + magnitude (floats).
uvec2 widenInteger(uvec2 v) {
    uint bits = ELEMENT_BYTES * 8u;
    if (bits == 64u) return v;
    uint x = v.x & ELEMENT_MASK;
    bool negative = isSignedType(DATA_TYPE) && ((x >> (bits - 1u)) & 1u) != 0u;
    return negative ? uvec2(x | ~ELEMENT_MASK, 0xFFFFFFFFu) : uvec2(x, 0u);
}

// a < b as numbers (neither a NaN).
bool numberLess(uvec2 a, uvec2 b) {
    if (isFloatType(DATA_TYPE)) {
        uint signBit = DATA_TYPE == TYPE_FLOAT16 ? 0x8000u : 0x80000000u;
        bool aNeg, bNeg;
        uvec2 ma, mb;
        if (DATA_TYPE == TYPE_FLOAT64) {
            aNeg = (a.y & signBit) != 0u;
            bNeg = (b.y & signBit) != 0u;
            ma = uvec2(a.x, a.y & ~signBit);
            mb = uvec2(b.x, b.y & ~signBit);
        } else {
            aNeg = (a.x & signBit) != 0u;
            bNeg = (b.x & signBit) != 0u;
            ma = uvec2(a.x & ~signBit & ELEMENT_MASK, 0u);
            mb = uvec2(b.x & ~signBit & ELEMENT_MASK, 0u);
        }
        if (u64IsZero(ma) && u64IsZero(mb)) return false;   // -0 == +0
        if (aNeg != bNeg) return aNeg;
        return aNeg ? u64Less(mb, ma) : u64Less(ma, mb);
    }
    uvec2 wa = widenInteger(a), wb = widenInteger(b);
    if (isSignedType(DATA_TYPE) && wa.y != wb.y) return int(wa.y) < int(wb.y);
    return u64Less(wa, wb);
}

uvec2 combine(uvec2 current, uvec2 update) {
    if (MODE == REDUCE_NONE) return update;
    if (MODE == REDUCE_ADD) return addOrMultiply(current, update, false);
    if (MODE == REDUCE_MULTIPLY) return addOrMultiply(current, update, true);
    if (isNanBits(current)) return current;
    if (isNanBits(update)) return update;
    // numpy's minimum/maximum (ONNX's reference): a < b ? a : b, so equal values (-0 and +0) give the update.
    bool keepCurrent = MODE == REDUCE_MIN ? numberLess(current, update) : numberLess(update, current);
    return keepCurrent ? current : update;
}

void main() {
    uint id = linearInvocation();
    if (id >= P.count) return;
    uint out0, update0;
    if (!target(id, out0, update0)) return;
    uint outE, updateE;
    for (uint e = 0u; e < id; ++e)
        if (target(e, outE, updateE) && outE == out0) return;   // an earlier update leads this element
    uvec2 value = combine(readOutput(out0), readInput(update0));
    for (uint e = id + 1u; e < P.count; ++e)
        if (target(e, outE, updateE) && outE == out0) value = combine(value, readInput(updateE));
    writeOutputElement(out0, value);
}
