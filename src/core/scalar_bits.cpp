#include "core/scalar_bits.h"

#include "core/data_type.h"

#include <cmath>
#include <cstring>

namespace vkdml {

uint64_t ScalarUnionBits(const DML_SCALAR_UNION& value, DML_TENSOR_DATA_TYPE type) {
    const DataTypeInfo* info = FindDataType(type);
    uint32_t bytes = info ? (info->bits + 7) / 8 : 8;
    uint64_t bits = 0;
    for (uint32_t i = 0; i < bytes && i < 8; ++i) bits |= uint64_t(value.Bytes[i]) << (8 * i);
    return bits;
}

uint16_t FloatToHalfBits(float value) {
    uint32_t f;
    std::memcpy(&f, &value, 4);
    const uint32_t sign = (f >> 16) & 0x8000u;
    const uint32_t exponent = (f >> 23) & 0xFFu;
    uint32_t mantissa = f & 0x7FFFFFu;
    if (exponent == 0xFFu) return uint16_t(sign | 0x7C00u | (mantissa ? 0x200u | (mantissa >> 13) : 0u));
    // value = significand * 2^(e - 23), significand with the implicit bit where there is one.
    int e = exponent ? int(exponent) - 127 : -126;
    uint32_t significand = exponent ? (mantissa | 0x800000u) : mantissa;
    if (significand == 0) return uint16_t(sign);
    // Keep the bits of binary16's quantum at this magnitude: 2^(max(e, -14) - 10).
    int lsbExponent = (e < -14 ? -14 : e) - 10;
    int drop = lsbExponent - (e - 23);   // >= 13
    if (drop > 31) return uint16_t(sign);   // below half the smallest subnormal
    uint32_t kept = significand >> drop;
    uint32_t rest = significand & ((1u << drop) - 1u), half = 1u << (drop - 1);
    if (rest > half || (rest == half && (kept & 1u))) ++kept;
    // Biased exponent minus one above the significand: the implicit bit (or a carry) adds the missing one.
    uint32_t bits = (uint32_t((e < -14 ? -14 : e) + 15 - 1) << 10) + kept;
    if (bits >= 0x7C00u || e > 15) return uint16_t(sign | 0x7C00u);   // overflow: infinity
    return uint16_t(sign | bits);
}

uint64_t FloatToElementBits(float value, DML_TENSOR_DATA_TYPE type) {
    auto saturate = [&](double lo, double hi) -> double {
        if (std::isnan(value)) return 0;
        double t = std::trunc(double(value));
        return t < lo ? lo : t > hi ? hi : t;
    };
    switch (type) {
        case DML_TENSOR_DATA_TYPE_FLOAT32: {
            uint32_t bits;
            std::memcpy(&bits, &value, 4);
            return bits;
        }
        case DML_TENSOR_DATA_TYPE_FLOAT16: return FloatToHalfBits(value);
        case DML_TENSOR_DATA_TYPE_FLOAT64: {
            double d = value;
            uint64_t bits;
            std::memcpy(&bits, &d, 8);
            return bits;
        }
        case DML_TENSOR_DATA_TYPE_UINT8: return uint8_t(saturate(0, 255));
        case DML_TENSOR_DATA_TYPE_UINT16: return uint16_t(saturate(0, 65535));
        case DML_TENSOR_DATA_TYPE_UINT32: return uint32_t(saturate(0, 4294967295.0));
        case DML_TENSOR_DATA_TYPE_INT8: return uint8_t(int8_t(saturate(-128, 127)));
        case DML_TENSOR_DATA_TYPE_INT16: return uint16_t(int16_t(saturate(-32768, 32767)));
        case DML_TENSOR_DATA_TYPE_INT32: return uint32_t(int32_t(saturate(-2147483648.0, 2147483647.0)));
        case DML_TENSOR_DATA_TYPE_UINT64: {
            double t = saturate(0, 18446744073709551615.0);
            return t >= 18446744073709551615.0 ? UINT64_MAX : uint64_t(t);
        }
        case DML_TENSOR_DATA_TYPE_INT64: {
            double t = saturate(-9223372036854775808.0, 9223372036854775807.0);
            return t >= 9223372036854775807.0 ? uint64_t(INT64_MAX) : uint64_t(int64_t(t));
        }
        default: return 0;
    }
}

}  // namespace vkdml
