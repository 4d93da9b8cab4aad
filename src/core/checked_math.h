// Overflow-checked arithmetic for sizes, strides and offsets: every such computation goes through these, so an
// overflow is reported, never wrapped.
#pragma once

#include <cstdint>
#include <optional>

namespace vkdml {

inline std::optional<uint64_t> CheckedMul(uint64_t a, uint64_t b) {
    uint64_t r;
    if (__builtin_mul_overflow(a, b, &r)) return std::nullopt;
    return r;
}

inline std::optional<uint64_t> CheckedAdd(uint64_t a, uint64_t b) {
    uint64_t r;
    if (__builtin_add_overflow(a, b, &r)) return std::nullopt;
    return r;
}

inline std::optional<int64_t> CheckedMulSigned(int64_t a, int64_t b) {
    int64_t r;
    if (__builtin_mul_overflow(a, b, &r)) return std::nullopt;
    return r;
}

inline std::optional<int64_t> CheckedAddSigned(int64_t a, int64_t b) {
    int64_t r;
    if (__builtin_add_overflow(a, b, &r)) return std::nullopt;
    return r;
}

inline uint64_t AlignUp(uint64_t value, uint64_t alignment) { return (value + alignment - 1) / alignment * alignment; }
inline uint64_t AlignDown(uint64_t value, uint64_t alignment) { return value / alignment * alignment; }
inline bool IsPowerOfTwo(uint64_t value) { return value != 0 && (value & (value - 1)) == 0; }
// t mod n in [0, n), for any sign of t (n > 0).
inline int64_t FloorMod(int64_t t, int64_t n) { return ((t % n) + n) % n; }

}  // namespace vkdml
