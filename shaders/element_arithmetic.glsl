// Element arithmetic in the output's DATA_TYPE, the same on every device: + and * of FLOAT32 and FLOAT16 rounded once
// to nearest even with subnormals kept, NaNs as x86 SSE gives them (the first NaN operand, quieted; inf - inf and
// 0 * inf the default NaN, sign set), integers modulo 2^bits (64-bit as word pairs). FLOAT64 arithmetic is not here
// (its callers refuse it). Shared by scatter_reduce.comp (SCATTER_*_REDUCE) and accumulate.comp (FOLD).
// Include after launch_params.glsl.
#include "number_bits.glsl"

// The output element's bits; .y is used by 8-byte elements only.
uvec2 readOutput(uint offset) {
    if (ELEMENT_BYTES == 8) return uvec2(dst.words[2 * offset], dst.words[2 * offset + 1]);
    if (ELEMENT_BYTES == 4) return uvec2(dst.words[offset], 0u);
    uint shift = (offset % ELEMENTS_PER_WORD) * ELEMENT_BITS;
    return uvec2((dst.words[offset / ELEMENTS_PER_WORD] >> shift) & ELEMENT_MASK, 0u);
}

// True for a NaN of a floating-point DATA_TYPE.
bool isNanBits(uvec2 v) {
    if (DATA_TYPE == TYPE_FLOAT16) return (v.x & 0x7FFFu) > 0x7C00u;
    if (DATA_TYPE == TYPE_FLOAT32) return (v.x & 0x7FFFFFFFu) > 0x7F800000u;
    if (DATA_TYPE == TYPE_FLOAT64) {
        uint hi = v.y & 0x7FFFFFFFu;
        return hi > 0x7FF00000u || (hi == 0x7FF00000u && v.x != 0u);
    }
    return false;
}

// FLOAT32 / FLOAT16 * computed exactly in integers and rounded once to nearest even (number_bits.glsl), so
// subnormals are kept on every device (SwiftShader's float hardware flushes them).
uint floatMultiply(uint a, uint b) {
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

// ---- the add, on the device's FLOAT32 adder ----
//
// Vulkan rounds a FLOAT32 add correctly (to nearest even) but may flush subnormal operands and results to zero, and
// leaves NaNs, and without SignedZeroInfNanPreserve the signs of zeros and infinities, to the implementation. So the
// adder gets only operands and sums it cannot flush, and the rest is chosen in integers: NaNs, infinities, zero sums
// and overflow. Branch-free: lavapipe runs both sides of a branch, and this add was FOLD's whole cost when it was
// done in integers (README, "FOLD as passes of adds").

// FLOAT32 bits scaled by 2^64 as a normal number or a zero, for magnitudes below 2^-63: a subnormal's significand m
// (m x 2^-149) becomes the normal m x 2^-85 (m converts exactly), a normal's exponent grows by 64.
uint scaledUp64(uint x) {
    uint sign = x & 0x80000000u, m = x & 0x7FFFFFu;
    uint subnormal = m != 0u ? floatBitsToUint(float(m)) - (85u << 23) : 0u;
    return sign | ((x & 0x7F800000u) == 0u ? subnormal : (x & 0x7FFFFFFFu) + (64u << 23));
}

// The sum of two such numbers scaled back by 2^-64, exactly: the sum is a multiple of 2^-85 (or 0), so where it lies
// below 2^-62 (a subnormal once scaled back) its significand shifts right without losing a bit.
uint scaledDown64(uint x) {
    uint sign = x & 0x80000000u, e = (x >> 23) & 0xFFu;
    uint normal = (x & 0x7FFFFFFFu) - (64u << 23);
    uint subnormal = ((x & 0x7FFFFFu) | 0x800000u) >> min(65u - min(e, 65u), 31u);
    return sign | (e > 64u ? normal : e == 0u ? 0u : subnormal);
}

// The sum of two FLOAT32 values, a and b, neither a NaN nor an infinity: where both lie below 2^-63 it is taken with
// both scaled by 2^64, so that no operand or sum is subnormal (a sum of multiples of 2^-85 is 0 or at least 2^-85);
// otherwise a subnormal operand is at most 2^-63 x 2^-23 x 2^-40 of the other's last place, and a flushed one changes
// no rounding, while a cancelling sum of normals is a multiple of 2^-87 or more.
uint float32Sum(uint a, uint b) {
    bool small = max(a & 0x7FFFFFFFu, b & 0x7FFFFFFFu) < (64u << 23);
    precise float sum = uintBitsToFloat(small ? scaledUp64(a) : a) + uintBitsToFloat(small ? scaledUp64(b) : b);
    uint r = floatBitsToUint(sum);
    return small ? scaledDown64(r) : r;
}

// The sum of two FLOAT16 values, neither a NaN nor an infinity: both are exact FLOAT32 normals or zeros, their
// FLOAT32 sum is 0 or at least 2^-24 (no flush), and rounding it to FLOAT16 rounds the exact sum once in effect
// (FLOAT32 carries 24 >= 2 x 11 + 2 bits, for which rounding twice is innocuous: Figueroa, 1995).
uint float16Sum(uint a, uint b) {
    precise float sum = uintBitsToFloat(float16To32(a)) + uintBitsToFloat(float16To32(b));
    return float32To16(floatBitsToUint(sum));
}

uint floatAdd(uint a, uint b) {
    const bool float16 = DATA_TYPE == TYPE_FLOAT16;
    const uint signBit = float16 ? 0x8000u : 0x80000000u, infinity = float16 ? 0x7C00u : 0x7F800000u;
    const uint quiet = float16 ? 0x200u : 0x400000u, defaultNan = signBit | infinity | quiet;
    uint magA = a & ~signBit, magB = b & ~signBit;
    uint r = float16 ? float16Sum(a, b) : float32Sum(a, b), magR = r & ~signBit;
    // A zero sum: -0 from -0 + -0 only, else +0 (x + -x, rounding to nearest). An infinite one from finite operands
    // overflows, and they have one sign.
    uint sum = magR == 0u ? (a == signBit && b == signBit ? signBit : 0u)
               : magR >= infinity ? (a & signBit) | infinity : r;
    return magA > infinity ? a | quiet
           : magB > infinity ? b | quiet
           : magA == infinity && magB == infinity && a != b ? defaultNan
           : magA == infinity ? a
           : magB == infinity ? b
                              : sum;
}

uvec2 addOrMultiply(uvec2 a, uvec2 b, bool multiply) {
    if (DATA_TYPE == TYPE_FLOAT32 || DATA_TYPE == TYPE_FLOAT16)
        return uvec2(multiply ? floatMultiply(a.x, b.x) : floatAdd(a.x, b.x), 0u);
    if (ELEMENT_BYTES == 8) {
        if (!multiply) return u64Add(a, b);
        uint hi, lo;
        umulExtended(a.x, b.x, hi, lo);
        return uvec2(lo, hi + a.x * b.y + a.y * b.x);   // modulo 2^64
    }
    return uvec2((multiply ? a.x * b.x : a.x + b.x) & ELEMENT_MASK, 0u);   // modulo 2^bits
}
