// Numbers of every DML data type, converted with 32-bit integer arithmetic only: SwiftShader has neither shaderInt64
// nor shaderFloat64, and GLSL leaves the rounding of packHalf2x16 open, so CAST and FILL_VALUE_SEQUENCE never rely
// on the hardware for a conversion. 64-bit integers are uvec2(low word, high word).
//
// A decoded number is magnitude * 2^exponent with a sign, or an infinity, or a NaN (its fraction bits kept,
// left-aligned in 64 bits). Encoding rounds to nearest, ties to even, for floating-point types; for integer types it
// either truncates toward zero and saturates (from floating point) or keeps the low bits of the two's complement
// (from integers: ONNX's wrap).

#define TYPE_FLOAT32 1
#define TYPE_FLOAT16 2
#define TYPE_UINT32 3
#define TYPE_UINT16 4
#define TYPE_UINT8 5
#define TYPE_INT32 6
#define TYPE_INT16 7
#define TYPE_INT8 8
#define TYPE_FLOAT64 9
#define TYPE_UINT64 10
#define TYPE_INT64 11

bool isFloatType(uint type) { return type == TYPE_FLOAT32 || type == TYPE_FLOAT16 || type == TYPE_FLOAT64; }
bool isSignedType(uint type) { return type == TYPE_INT8 || type == TYPE_INT16 || type == TYPE_INT32 || type == TYPE_INT64; }
uint typeBits(uint type) {
    if (type == TYPE_FLOAT64 || type == TYPE_UINT64 || type == TYPE_INT64) return 64u;
    if (type == TYPE_FLOAT32 || type == TYPE_UINT32 || type == TYPE_INT32) return 32u;
    if (type == TYPE_FLOAT16 || type == TYPE_UINT16 || type == TYPE_INT16) return 16u;
    return 8u;
}

// ---- 64-bit unsigned arithmetic on uvec2 ----

uvec2 u64Add(uvec2 a, uvec2 b) {
    uint carry;
    uint lo = uaddCarry(a.x, b.x, carry);
    return uvec2(lo, a.y + b.y + carry);
}
uvec2 u64Sub(uvec2 a, uvec2 b) {
    uint borrow;
    uint lo = usubBorrow(a.x, b.x, borrow);
    return uvec2(lo, a.y - b.y - borrow);
}
uvec2 u64Negate(uvec2 a) { return u64Sub(uvec2(0u), a); }
uvec2 u64Shl(uvec2 a, uint n) {
    if (n == 0u) return a;
    if (n >= 64u) return uvec2(0u);
    if (n >= 32u) return uvec2(0u, a.x << (n - 32u));
    return uvec2(a.x << n, (a.y << n) | (a.x >> (32u - n)));
}
uvec2 u64Shr(uvec2 a, uint n) {
    if (n == 0u) return a;
    if (n >= 64u) return uvec2(0u);
    if (n >= 32u) return uvec2(a.y >> (n - 32u), 0u);
    return uvec2((a.x >> n) | (a.y << (32u - n)), a.y >> n);
}
bool u64Less(uvec2 a, uvec2 b) { return a.y < b.y || (a.y == b.y && a.x < b.x); }
bool u64IsZero(uvec2 a) { return (a.x | a.y) == 0u; }
int u64Msb(uvec2 a) { return a.y != 0u ? 32 + findMSB(a.y) : findMSB(a.x); }   // -1 for zero
// a * b modulo 2^64.
uvec2 u64MulU32(uvec2 a, uint b) {
    uint hi, lo;
    umulExtended(a.x, b, hi, lo);
    return uvec2(lo, hi + a.y * b);
}
uvec2 u64LowMask(uint bits) { return bits >= 64u ? uvec2(0xFFFFFFFFu) : u64Sub(u64Shl(uvec2(1u, 0u), bits), uvec2(1u, 0u)); }

// ---- Decoding ----

#define NUMBER_FINITE 0u
#define NUMBER_INFINITE 1u
#define NUMBER_NAN 2u

struct Number {
    uint kind;
    bool negative;
    uvec2 magnitude;   // finite: value = magnitude * 2^exponent
    int exponent;
    uvec2 fraction;    // NaN: the fraction bits, left-aligned
    bool fromInteger;  // decoded from an integer type
};

Number decodeFloat(bool negative, uint exponentField, uint maxField, uvec2 mantissa, uint mantissaBits, int bias) {
    Number n;
    n.negative = negative;
    n.fromInteger = false;
    n.fraction = u64Shl(mantissa, 64u - mantissaBits);
    n.magnitude = mantissa;
    n.exponent = 1 - bias - int(mantissaBits);   // subnormal (and zero) scale
    n.kind = NUMBER_FINITE;
    if (exponentField == maxField) {
        n.kind = u64IsZero(mantissa) ? NUMBER_INFINITE : NUMBER_NAN;
    } else if (exponentField != 0u) {
        n.magnitude = u64Add(mantissa, u64Shl(uvec2(1u, 0u), mantissaBits));
        n.exponent = int(exponentField) - bias - int(mantissaBits);
    }
    return n;
}

// `bits` holds an element of `type` (.y only for 64-bit types).
Number decodeNumber(uvec2 bits, uint type) {
    if (type == TYPE_FLOAT16)
        return decodeFloat((bits.x & 0x8000u) != 0u, (bits.x >> 10) & 0x1Fu, 0x1Fu, uvec2(bits.x & 0x3FFu, 0u), 10u, 15);
    if (type == TYPE_FLOAT32)
        return decodeFloat((bits.x >> 31) != 0u, (bits.x >> 23) & 0xFFu, 0xFFu, uvec2(bits.x & 0x7FFFFFu, 0u), 23u, 127);
    if (type == TYPE_FLOAT64)
        return decodeFloat((bits.y >> 31) != 0u, (bits.y >> 20) & 0x7FFu, 0x7FFu, uvec2(bits.x, bits.y & 0xFFFFFu), 52u,
                           1023);
    Number n;
    n.kind = NUMBER_FINITE;
    n.exponent = 0;
    n.fraction = uvec2(0u);
    n.fromInteger = true;
    uint width = typeBits(type);
    uvec2 value = width == 64u ? bits : uvec2(bits.x & u64LowMask(width).x, 0u);
    bool negative = isSignedType(type) && (width == 64u ? int(value.y) < 0 : ((value.x >> (width - 1u)) & 1u) != 0u);
    if (negative && width < 64u) value = uvec2(value.x | ~u64LowMask(width).x, 0xFFFFFFFFu);   // sign-extend
    n.negative = negative;
    n.magnitude = negative ? u64Negate(value) : value;
    return n;
}

// ---- Encoding ----

// A floating-point element with `mantissaBits` stored fraction bits and `exponentBits` exponent bits.
uvec2 encodeFloat(Number n, uint mantissaBits, uint exponentBits) {
    int bias = (1 << (exponentBits - 1u)) - 1;
    uint p = mantissaBits + 1u;   // precision, with the implicit bit
    uvec2 sign = n.negative ? u64Shl(uvec2(1u, 0u), mantissaBits + exponentBits) : uvec2(0u);
    uvec2 infinity = u64Shl(u64LowMask(exponentBits), mantissaBits);
    if (n.kind == NUMBER_NAN) {   // quiet, with the top fraction bits kept
        uvec2 quiet = u64Shl(uvec2(1u, 0u), mantissaBits - 1u);
        uvec2 bits = infinity;
        bits = uvec2(bits.x | quiet.x, bits.y | quiet.y);
        uvec2 payload = u64Shr(n.fraction, 64u - mantissaBits);
        return uvec2(sign.x | bits.x | payload.x, sign.y | bits.y | payload.y);
    }
    if (n.kind == NUMBER_INFINITE) return uvec2(sign.x | infinity.x, sign.y | infinity.y);
    int msb = u64Msb(n.magnitude);
    if (msb < 0) return sign;
    int x = msb + n.exponent;   // the value lies in [2^x, 2^(x + 1))
    if (x > bias) return uvec2(sign.x | infinity.x, sign.y | infinity.y);
    int top = max(x, 1 - bias);        // exponent of the leading kept bit: subnormals keep fewer bits
    int drop = top - int(p - 1u) - n.exponent;
    uvec2 kept;
    if (drop <= 0) {
        kept = u64Shl(n.magnitude, uint(-drop));
    } else if (drop > 64) {
        kept = uvec2(0u);   // below half the smallest subnormal
    } else {
        kept = u64Shr(n.magnitude, uint(drop));
        uvec2 rest = u64Sub(n.magnitude, u64Shl(kept, uint(drop)));
        uvec2 halfway = u64Shl(uvec2(1u, 0u), uint(drop - 1));
        if (u64Less(halfway, rest) || (rest == halfway && (kept.x & 1u) != 0u)) kept = u64Add(kept, uvec2(1u, 0u));
    }
    // The exponent field minus one above the significand: its implicit bit (or a rounding carry) adds the one.
    uvec2 bits = u64Add(u64Shl(uvec2(uint(top + bias - 1), 0u), mantissaBits), kept);
    return uvec2(sign.x | bits.x, sign.y | bits.y);
}

// An integer element of `width` bits. From floating point: truncated toward zero, saturated, NaN -> 0. From an
// integer: the low bits of its two's complement.
uvec2 encodeInteger(Number n, uint width, bool isSigned) {
    uvec2 mask = u64LowMask(width);
    if (n.fromInteger) {
        uvec2 value = n.negative ? u64Negate(n.magnitude) : n.magnitude;
        return uvec2(value.x & mask.x, value.y & mask.y);
    }
    if (n.kind == NUMBER_NAN) return uvec2(0u);
    uvec2 maxPositive = isSigned ? u64Shr(mask, 1u) : mask;
    uvec2 maxNegative = isSigned ? u64Add(maxPositive, uvec2(1u, 0u)) : uvec2(0u);   // magnitude of the minimum
    uvec2 magnitude;
    bool saturated = n.kind == NUMBER_INFINITE;
    if (!saturated) {
        int msb = u64Msb(n.magnitude);
        if (n.exponent >= 0) {
            saturated = msb >= 0 && msb + n.exponent >= 64;
            magnitude = u64Shl(n.magnitude, uint(n.exponent));
        } else {
            magnitude = u64Shr(n.magnitude, uint(-n.exponent));
        }
    }
    uvec2 limit = n.negative ? maxNegative : maxPositive;
    if (saturated || u64Less(limit, magnitude)) magnitude = limit;
    uvec2 value = n.negative ? u64Negate(magnitude) : magnitude;
    return uvec2(value.x & mask.x, value.y & mask.y);
}

uvec2 encodeNumber(Number n, uint type) {
    if (type == TYPE_FLOAT16) return encodeFloat(n, 10u, 5u);
    if (type == TYPE_FLOAT32) return encodeFloat(n, 23u, 8u);
    if (type == TYPE_FLOAT64) return encodeFloat(n, 52u, 11u);
    return encodeInteger(n, typeBits(type), isSignedType(type));
}

// ---- The commonest pairs in 32-bit steps (bit for bit what decodeNumber + encodeNumber give) ----

// FLOAT16 -> FLOAT32: exact. Here and in float32To16 each case is a few operations without a branch, and one is
// selected: lavapipe runs both sides of a branch under a lane mask, and the conversion is a third of CAST's time
// there (docs/performance-sessions.md, Session 29).
uint float16To32(uint h) {
    uint sign = (h & 0x8000u) << 16, e = (h >> 10) & 0x1Fu, m = h & 0x3FFu;
    // Normal: the exponent rebased by 112 (127 - 15), the fraction moved up 13 bits.
    uint normal = ((h & 0x7FFFu) << 13) + 0x38000000u;
    // Infinity, NaN (quiet, payload kept).
    uint special = 0x7F800000u | (m != 0u ? 0x400000u | (m << 13) : 0u);
    // Subnormal: m * 2^-24, a normal FLOAT32: the exact FLOAT32 of the integer m with 24 taken off its exponent.
    uint subnormal = m != 0u ? floatBitsToUint(float(m)) - (24u << 23) : 0u;
    return sign | (e == 0x1Fu ? special : e == 0u ? subnormal : normal);
}

// FLOAT32 -> FLOAT16: rounded to nearest, ties to even; overflow to infinity, subnormals kept.
uint float32To16(uint f) {
    uint sign = (f >> 16) & 0x8000u, a = f & 0x7FFFFFFFu, e = a >> 23;
    // FLOAT16's normal range and above: the exponent rebased by 112 (127 - 15) and the 13 bits dropped rounded to
    // nearest, ties to even (adding just under half, plus the kept lowest bit); a carry moves into the exponent,
    // and past the largest finite value the result is infinity (infinity too).
    uint normal = min((a - 0x38000000u + 0xFFFu + ((a >> 13) & 1u)) >> 13, 0x7C00u);
    // Below 2^-14: the significand with its implicit bit, shifted right by 126 - e (14 for a subnormal's largest
    // values, up to 25: below 2^-25, or exactly it, everything rounds to 0), rounded the same way.
    uint significand = (a & 0x7FFFFFu) | 0x800000u, drop = min(126u - min(e, 112u), 25u);
    uint subnormal = (significand + (1u << (drop - 1u)) - 1u + ((significand >> drop) & 1u)) >> drop;
    uint bits = e >= 113u ? normal : subnormal;
    return sign | (a > 0x7F800000u ? 0x7E00u | ((a >> 13) & 0x3FFu) : bits);   // NaN: quiet, payload's top bits kept
}

// `bits` of a signed or unsigned integer type of at most 16 bits -> FLOAT32: exact.
uint smallIntegerToFloat32(uint bits, uint type) {
    int width = int(typeBits(type));
    int value = isSignedType(type) ? bitfieldExtract(int(bits), 0, width) : int(bits & ((1u << width) - 1u));
    return floatBitsToUint(float(value));
}

// An element of type `from` as type `to` (CAST's rules, README).
uvec2 convertNumber(uvec2 bits, uint from, uint to) {
    if (from == to) return bits;
    if (from == TYPE_FLOAT16 && to == TYPE_FLOAT32) return uvec2(float16To32(bits.x), 0u);
    if (from == TYPE_FLOAT32 && to == TYPE_FLOAT16) return uvec2(float32To16(bits.x), 0u);
    if (to == TYPE_FLOAT32 && !isFloatType(from) && typeBits(from) <= 16u)
        return uvec2(smallIntegerToFloat32(bits.x, from), 0u);
    return encodeNumber(decodeNumber(bits, from), to);
}
