// IEEE binary16 conversions for the CPU references, written out so that they build with every compiler (clang 14
// has no _Float16 on x86-64). Rounding is to nearest even; NaN keeps the top payload bits and becomes quiet, as
// libgcc's conversions do.
#pragma once

#include <cstdint>
#include <cstring>

namespace vkdml_test {

inline uint16_t DoubleToHalfBits(double value) {
    uint64_t bits;
    std::memcpy(&bits, &value, sizeof bits);
    const uint16_t sign = uint16_t((bits >> 48) & 0x8000u);
    const int exponent = int((bits >> 52) & 0x7FF);
    uint64_t mantissa = bits & ((uint64_t(1) << 52) - 1);
    if (exponent == 0x7FF) return uint16_t(sign | 0x7C00u | (mantissa ? 0x200u | uint16_t(mantissa >> 42) : 0u));
    const int e = exponent - 1023 + 15;   // the binary16 biased exponent
    if (e >= 31) return uint16_t(sign | 0x7C00u);
    if (e <= 0) {
        if (e < -11 || exponent == 0) return sign;   // below half the smallest subnormal (or a double subnormal)
        mantissa |= uint64_t(1) << 52;
        const int shift = 43 - e;
        uint64_t half = mantissa >> shift;
        const uint64_t rest = mantissa & ((uint64_t(1) << shift) - 1), tie = uint64_t(1) << (shift - 1);
        if (rest > tie || (rest == tie && (half & 1))) ++half;
        return uint16_t(sign | half);
    }
    uint32_t half = (uint32_t(e) << 10) | uint32_t(mantissa >> 42);
    const uint64_t rest = mantissa & ((uint64_t(1) << 42) - 1), tie = uint64_t(1) << 41;
    if (rest > tie || (rest == tie && (half & 1))) ++half;   // a carry into the exponent is right, up to infinity
    return uint16_t(sign | half);
}

inline double HalfBitsToDouble(uint16_t half) {
    const int exponent = (half >> 10) & 0x1F;
    const uint32_t mantissa = half & 0x3FFu;
    double magnitude;
    if (exponent == 0x1F) {
        // Infinity, or a NaN whose payload moves to the top of the double's mantissa.
        uint64_t bits = (uint64_t(0x7FF) << 52) | (uint64_t(mantissa) << 42);
        std::memcpy(&magnitude, &bits, sizeof bits);
    } else if (exponent == 0) {
        magnitude = double(mantissa) * 0x1p-24;
    } else {
        magnitude = (1.0 + double(mantissa) * 0x1p-10) * double(uint64_t(1) << exponent) * 0x1p-15;
    }
    return (half & 0x8000u) ? -magnitude : magnitude;
}

}  // namespace vkdml_test
