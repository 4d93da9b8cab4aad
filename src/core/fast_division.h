// Division of 32-bit unsigned values by a divisor known on the host, as a multiply-high, an add and two shifts
// (Granlund & Montgomery's round-up method, as in Hacker's Delight 10-8 and libdivide). Kernels divide each box
// index by every dimension's size; `/` and `%` by a runtime value compile to a long instruction sequence on most
// GPUs and to a libcall-sized loop on lavapipe, so the host computes these constants once per launch.
//
// For a divisor n in [1, 2^32 - 1] and every 32-bit x:
//     t = mulhi(magic, x);   x / n == (t + ((x - t) >> preShift)) >> postShift
// (x - t cannot underflow: t <= x because magic < 2^32). shaders/launch_params.glsl's fastDivide is the same.
#pragma once

#include <cstdint>

namespace vkdml {

struct FastDivisor {
    uint32_t magic = 1;
    uint32_t preShift = 0;
    uint32_t postShift = 0;
};

inline FastDivisor MakeFastDivisor(uint32_t n) {
    if (n <= 1) return {};   // magic 1: t = 0, x >> 0 >> 0 = x (0 is never a box size; treated as 1)
    uint32_t l = 0;          // ceil(log2(n)), 1..32
    while (l < 32 && (uint64_t(1) << l) < n) ++l;
    // magic = floor(2^32 * (2^l - n) / n) + 1; 2^l - n < n <= 2^32 - 1, so the shifted value fits 64 bits and
    // magic fits 32.
    uint64_t magic = ((((uint64_t(1) << l) - n) << 32) / n) + 1;
    return {uint32_t(magic), 1, l - 1};
}

inline uint32_t FastDivide(uint32_t x, const FastDivisor& d) {
    uint32_t t = uint32_t((uint64_t(d.magic) * x) >> 32);
    return (t + ((x - t) >> d.preShift)) >> d.postShift;
}

}  // namespace vkdml
