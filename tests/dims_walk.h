// Small helpers of the layout and MLIR device tests: multi-indices over a shape in row-major order, element widths
// and seeded random bytes. Header-only; every name is in vkdml_test::walk.
#pragma once

#include <vkdml/vkdml.h>

#include <cstdint>
#include <functional>
#include <numeric>
#include <random>
#include <vector>

namespace vkdml_test::walk {

using Dims = std::vector<UINT>;
using Bytes = std::vector<uint8_t>;

inline uint32_t ElementBytes(DML_TENSOR_DATA_TYPE type) {
    switch (type) {
        case DML_TENSOR_DATA_TYPE_UINT8: case DML_TENSOR_DATA_TYPE_INT8: return 1;
        case DML_TENSOR_DATA_TYPE_UINT16: case DML_TENSOR_DATA_TYPE_INT16: case DML_TENSOR_DATA_TYPE_FLOAT16: return 2;
        case DML_TENSOR_DATA_TYPE_UINT64: case DML_TENSOR_DATA_TYPE_INT64: case DML_TENSOR_DATA_TYPE_FLOAT64: return 8;
        default: return 4;
    }
}

inline uint64_t Count(const Dims& sizes) {
    return std::accumulate(sizes.begin(), sizes.end(), uint64_t(1), std::multiplies<uint64_t>());
}

// Calls f(index) for every multi-index of sizes in row-major order.
inline void ForEachIndex(const Dims& sizes, const std::function<void(const Dims&)>& f) {
    Dims index(sizes.size(), 0);
    for (uint64_t k = 0, n = Count(sizes); k < n; ++k) {
        f(index);
        for (size_t d = sizes.size(); d-- > 0;) {
            if (++index[d] < sizes[d]) break;
            index[d] = 0;
        }
    }
}

// Row-major position of index in a packed tensor of sizes, and back.
inline uint64_t Linear(const Dims& index, const Dims& sizes) {
    uint64_t k = 0;
    for (size_t d = 0; d < sizes.size(); ++d) k = k * sizes[d] + index[d];
    return k;
}

inline Dims Unlinear(uint64_t k, const Dims& sizes) {
    Dims index(sizes.size());
    for (size_t d = sizes.size(); d-- > 0;) {
        index[d] = UINT(k % sizes[d]);
        k /= sizes[d];
    }
    return index;
}

inline Bytes RandomBytes(uint64_t count, uint32_t seed) {
    std::mt19937 rng(seed);
    Bytes bytes(count);
    for (uint8_t& b : bytes) b = uint8_t(rng());
    return bytes;
}

}  // namespace vkdml_test::walk
