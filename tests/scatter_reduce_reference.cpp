// The CPU reference of the vkdml scatter reductions: how one update combines with the element it targets. Written
// independently of the kernel (whose add runs on the device's FLOAT32 adder): ADD and MULTIPLY are cpu_reference.cpp's
// AddBits and MultiplyBits (floats computed in double, then rounded once to the type), MIN and MAX compare here.
#include "cpu_reference.h"

#include "half_float.h"

#include <cmath>
#include <cstring>
#include <stdexcept>

namespace vkdml_ref {
namespace {

bool IsFloat(NumberType t) { return t == NumberType::Float16 || t == NumberType::Float32 || t == NumberType::Float64; }
bool IsSigned(NumberType t) {
    return t == NumberType::Int8 || t == NumberType::Int16 || t == NumberType::Int32 || t == NumberType::Int64;
}

double ToDouble(NumberType t, uint64_t bits) {
    if (t == NumberType::Float16) return vkdml_test::HalfBitsToDouble(uint16_t(bits));
    if (t == NumberType::Float32) {
        float f;
        uint32_t b = uint32_t(bits);
        std::memcpy(&f, &b, 4);
        return f;
    }
    double d;
    std::memcpy(&d, &bits, 8);
    return d;
}

// An integer element as int64 (sign-extended for signed types) or uint64.
int64_t AsSigned(NumberType t, uint64_t bits) {
    const uint32_t width = NumberBytes(t) * 8;
    if (width == 64) return int64_t(bits);
    const uint64_t sign = uint64_t(1) << (width - 1);
    bits &= (sign << 1) - 1;
    return int64_t((bits ^ sign) - sign);
}

bool IsNan(NumberType t, uint64_t bits) { return IsFloat(t) && std::isnan(ToDouble(t, bits)); }

bool Less(NumberType t, uint64_t a, uint64_t b) {
    if (IsFloat(t)) return ToDouble(t, a) < ToDouble(t, b);   // -0 < +0 is false, as it should be
    if (IsSigned(t)) return AsSigned(t, a) < AsSigned(t, b);
    return a < b;
}

}  // namespace

uint64_t ScatterReduceBits(NumberType type, ScatterReduction reduction, uint64_t current, uint64_t update) {
    const uint32_t width = NumberBytes(type) * 8;
    const uint64_t mask = width == 64 ? ~uint64_t(0) : (uint64_t(1) << width) - 1;
    current &= mask;
    update &= mask;
    switch (reduction) {
        case ScatterReduction::None: return update;
        case ScatterReduction::Add: return AddBits(type, current, update);
        case ScatterReduction::Multiply: return MultiplyBits(type, current, update);
        case ScatterReduction::Min:
        case ScatterReduction::Max: {
            if (IsNan(type, current)) return current;
            if (IsNan(type, update)) return update;
            // numpy's minimum/maximum: current < update ? current : update (equal values give the update).
            const bool keepCurrent = reduction == ScatterReduction::Min ? Less(type, current, update)
                                                                        : Less(type, update, current);
            return keepCurrent ? current : update;
        }
    }
    throw std::invalid_argument("ScatterReduceBits: unknown reduction");
}

}  // namespace vkdml_ref
