// Element arithmetic in the output's DATA_TYPE, exact on every device (no float hardware): + and * of FLOAT32 and
// FLOAT16 rounded once to nearest even, integers modulo 2^bits (64-bit as word pairs). FLOAT64 arithmetic is not
// here (its callers refuse it). Shared by scatter_reduce.comp (SCATTER_*_REDUCE) and accumulate.comp (FOLD).
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
