// core/fast_division.h on the host: the kernels divide every box index by each dimension's size with these
// constants (shaders/launch_params.glsl's divideBySize is the same formula), so they must equal x / n for every
// 32-bit x and every divisor a launch can have. Exhaustive over small divisors and dividends, plus the edges of each
// power of two and random pairs.
#include "core/fast_division.h"

#include <gtest/gtest.h>

#include <random>

namespace {

using vkdml::FastDivide;
using vkdml::MakeFastDivisor;

TEST(FastDivision, SmallDivisorsAndDividends) {
    for (uint32_t n = 1; n <= 1024; ++n) {
        auto d = MakeFastDivisor(n);
        for (uint32_t x = 0; x <= 4096; ++x) ASSERT_EQ(FastDivide(x, d), x / n) << x << " / " << n;
    }
}

TEST(FastDivision, PowersOfTwoAndTheirNeighbours) {
    const uint32_t dividends[] = {0u, 1u, 2u, 0x7FFFFFFFu, 0x80000000u, 0x80000001u, 0xFFFFFFFEu, 0xFFFFFFFFu};
    for (uint32_t bit = 0; bit < 32; ++bit)
        for (int64_t delta = -1; delta <= 1; ++delta) {
            int64_t n64 = (int64_t(1) << bit) + delta;
            if (n64 < 1 || n64 > 0xFFFFFFFF) continue;
            uint32_t n = uint32_t(n64);
            auto d = MakeFastDivisor(n);
            for (uint32_t x : dividends) ASSERT_EQ(FastDivide(x, d), x / n) << x << " / " << n;
            for (uint32_t k = 1; k < 5; ++k) {   // around multiples of n
                uint64_t m = uint64_t(n) * k;
                if (m > 0xFFFFFFFFu) break;
                for (int64_t e = -1; e <= 1; ++e) {
                    int64_t x = int64_t(m) + e;
                    if (x < 0 || x > 0xFFFFFFFF) continue;
                    ASSERT_EQ(FastDivide(uint32_t(x), d), uint32_t(x) / n) << x << " / " << n;
                }
            }
        }
}

TEST(FastDivision, RandomPairs) {
    std::mt19937 rng(0xD1Fu);
    for (int i = 0; i < 2000000; ++i) {
        uint32_t n = rng() >> (rng() % 32);
        if (n == 0) n = 1;
        uint32_t x = rng();
        ASSERT_EQ(FastDivide(x, MakeFastDivisor(n)), x / n) << x << " / " << n;
    }
}

}  // namespace
