#include "ops/nest_blocks.h"

#include <cstdlib>

namespace vkdml {

NestDimension DimensionOf(const LoopNest& n, uint32_t d) {
    NestDimension dim{n.sizes[d], {}};
    for (uint32_t c = 0; c < kChannelCount; ++c) dim.strides[c] = n.strides[c][d];
    return dim;
}

NestDimension Outer(NestDimension d, uint32_t block) {
    d.size /= block;
    for (int64_t& s : d.strides) s *= block;
    return d;
}

NestDimension Inner(NestDimension d, uint32_t block) {
    d.size = block;
    return d;
}

uint32_t QuadBlockSide(uint32_t elementBytes) { return 16 / elementBytes; }

bool ScalesTo32Bits(int64_t stride, uint32_t block) { return std::llabs(stride) * block <= INT32_MAX; }

void SetDimensions(LoopNest& n, const std::vector<NestDimension>& dims) {
    n.rank = 0;
    for (const NestDimension& d : dims)
        n.AddDimension(d.size, d.strides[kSlotOutput], d.strides[kSlotInput], d.strides[kSlotIndices],
                       d.strides[kChannelCoordinate]);
}

void SetBlocks(LoopNest& n, uint32_t d, uint32_t side, uint32_t innerBlock) {
    const uint32_t inner = n.rank - 1;
    std::vector<NestDimension> dims;
    for (uint32_t k = 0; k < inner; ++k)
        if (k != d) dims.push_back(DimensionOf(n, k));
    dims.push_back(Outer(DimensionOf(n, d), side));
    dims.push_back(Outer(DimensionOf(n, inner), innerBlock));
    dims.push_back(Inner(DimensionOf(n, d), side));
    dims.push_back(Inner(DimensionOf(n, inner), innerBlock));
    SetDimensions(n, dims);
}

}  // namespace vkdml
