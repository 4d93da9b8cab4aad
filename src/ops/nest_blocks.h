// Cutting loop-nest dimensions into blocks: a dimension of size S (a multiple of B) becomes an outer one that steps
// over S / B whole blocks and an inner one of B steps inside a block. The transforms that change only the order in
// which a kernel walks its box (transpose_tiles.h, transpose_quads.h, gather_columns.h) rebuild the nest from such
// pieces.
#pragma once

#include "ops/loop_nest.h"

#include <vector>

namespace vkdml {

// One box dimension: its size and what a step along it adds in each channel.
struct NestDimension {
    uint32_t size = 1;
    std::array<int64_t, kChannelCount> strides{};
};

NestDimension DimensionOf(const LoopNest& nest, uint32_t d);

// The steps over whole blocks of `block` elements: size / block steps of block x the stride.
NestDimension Outer(NestDimension d, uint32_t block);

// The steps inside one block.
NestDimension Inner(NestDimension d, uint32_t block);

// B: the elements of a 16-byte quad of `elementBytes`-byte elements, the side of a block of quads.
uint32_t QuadBlockSide(uint32_t elementBytes);

// Whether `stride` x `block` still fits a launch's 32-bit strides.
bool ScalesTo32Bits(int64_t stride, uint32_t block);

// Replaces the box of `nest` (one without an input map) with `dims`, outermost first.
void SetDimensions(LoopNest& nest, const std::vector<NestDimension>& dims);

// Blocks of `side` x `innerBlock` elements over dimension d and the innermost one: [.., d, .., inner] -> [.., ..,
// d / side, inner / innerBlock | side of d, innerBlock of inner]. The launch walks the blocks, stepping from block to
// block along the innermost dimension; the kernel walks the inside of each.
void SetBlocks(LoopNest& nest, uint32_t d, uint32_t side, uint32_t innerBlock);

}  // namespace vkdml
