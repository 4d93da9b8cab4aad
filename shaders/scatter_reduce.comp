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
// arithmetic of DATA_TYPE: FLOAT32 and FLOAT16 exactly, in integers, rounded to nearest even after every step
// (subnormals kept, whatever the device's float hardware does), integers wrapping modulo 2^bits (64-bit as word
// pairs), MIN/MAX on bit patterns as numpy's minimum/maximum: a NaN operand wins (the current one first), equal values
// (-0 and +0) give the update.
// FLOAT64 runs NONE, MIN and MAX only (the validator refuses the rest).
#extension GL_GOOGLE_include_directive : require
#define WHOLE_ELEMENT_WRITES
#include "launch_params.glsl"
#include "index_values.glsl"
#include "number_bits.glsl"

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

uvec2 readOutput(uint offset) {
    if (ELEMENT_BYTES == 8) return uvec2(dst.words[2 * offset], dst.words[2 * offset + 1]);
    if (ELEMENT_BYTES == 4) return uvec2(dst.words[offset], 0u);
    uint shift = (offset % ELEMENTS_PER_WORD) * ELEMENT_BITS;
    return uvec2((dst.words[offset / ELEMENTS_PER_WORD] >> shift) & ELEMENT_MASK, 0u);
}

// ---- comparisons on bit patterns ----

bool isNanBits(uvec2 v) {
    if (DATA_TYPE == TYPE_FLOAT16) return (v.x & 0x7FFFu) > 0x7C00u;
    if (DATA_TYPE == TYPE_FLOAT32) return (v.x & 0x7FFFFFFFu) > 0x7F800000u;
    if (DATA_TYPE == TYPE_FLOAT64) {
        uint hi = v.y & 0x7FFFFFFFu;
        return hi > 0x7FF00000u || (hi == 0x7FF00000u && v.x != 0u);
    }
    return false;
}

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

// ---- arithmetic ----

// FLOAT32 / FLOAT16 + and * computed exactly in integers and rounded once to nearest even (number_bits.glsl), so
// subnormals are kept on every device (SwiftShader's float hardware flushes them). NaNs as x86 SSE - whose results
// numpy, and so ONNX's reference data, give - yields them: the first NaN operand, quieted; inf - inf and 0 * inf the
// default NaN (sign set, quiet bit).
uint floatAddOrMultiply(uint a, uint b, bool multiply) {
    const uint mantissaBits = DATA_TYPE == TYPE_FLOAT16 ? 10u : 23u;
    const uint exponentBits = DATA_TYPE == TYPE_FLOAT16 ? 5u : 8u;
    const uint quiet = 1u << (mantissaBits - 1u);
    const uint signBit = 1u << (mantissaBits + exponentBits);
    const uint infinity = ((1u << exponentBits) - 1u) << mantissaBits;
    const uint defaultNan = signBit | infinity | quiet;
    if (isNanBits(uvec2(a, 0u))) return a | quiet;
    if (isNanBits(uvec2(b, 0u))) return b | quiet;
    Number x = decodeNumber(uvec2(a, 0u), DATA_TYPE), y = decodeNumber(uvec2(b, 0u), DATA_TYPE);
    bool xInf = x.kind == NUMBER_INFINITE, yInf = y.kind == NUMBER_INFINITE;
    Number r = x;
    r.kind = NUMBER_FINITE;
    if (multiply) {
        r.negative = x.negative != y.negative;
        if (xInf || yInf) {
            if ((!xInf && u64IsZero(x.magnitude)) || (!yInf && u64IsZero(y.magnitude))) return defaultNan;
            return (r.negative ? signBit : 0u) | infinity;
        }
        uint hi, lo;
        umulExtended(x.magnitude.x, y.magnitude.x, hi, lo);   // magnitudes < 2^24: the product is exact
        r.magnitude = uvec2(lo, hi);
        r.exponent = x.exponent + y.exponent;
        return encodeFloat(r, mantissaBits, exponentBits).x;
    }
    if (xInf || yInf) {
        if (xInf && yInf && x.negative != y.negative) return defaultNan;
        return xInf ? a : b;
    }
    if (u64IsZero(x.magnitude) && u64IsZero(y.magnitude))
        return x.negative && y.negative ? signBit : 0u;   // -0 + -0 = -0, any other sum of zeros +0
    if (x.exponent < y.exponent) {
        Number t = x;
        x = y;
        y = t;
    }
    // x has the larger scale. Beyond 39 bits apart y lies below 2^-15 of x's last place (x is then normal), which
    // rounding to nearest never shows: the sum is x. Otherwise x's magnitude shifted up to y's scale fits 63 bits,
    // and the sum is exact before the one rounding.
    int d = x.exponent - y.exponent;
    if (d > 39) return encodeFloat(x, mantissaBits, exponentBits).x;
    uvec2 mx = u64Shl(x.magnitude, uint(d)), my = y.magnitude;
    r.exponent = y.exponent;
    if (x.negative == y.negative) {
        r.negative = x.negative;
        r.magnitude = u64Add(mx, my);
    } else if (u64Less(mx, my)) {
        r.negative = y.negative;
        r.magnitude = u64Sub(my, mx);
    } else {
        r.negative = x.negative;
        r.magnitude = u64Sub(mx, my);
        if (u64IsZero(r.magnitude)) return 0u;   // x - x = +0 when rounding to nearest
    }
    return encodeFloat(r, mantissaBits, exponentBits).x;
}

uvec2 addOrMultiply(uvec2 a, uvec2 b, bool multiply) {
    if (DATA_TYPE == TYPE_FLOAT32 || DATA_TYPE == TYPE_FLOAT16) return uvec2(floatAddOrMultiply(a.x, b.x, multiply), 0u);
    if (ELEMENT_BYTES == 8) {
        if (!multiply) return u64Add(a, b);
        uint hi, lo;
        umulExtended(a.x, b.x, hi, lo);
        return uvec2(lo, hi + a.x * b.y + a.y * b.x);   // modulo 2^64
    }
    return uvec2((multiply ? a.x * b.x : a.x + b.x) & ELEMENT_MASK, 0u);   // modulo 2^bits
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
