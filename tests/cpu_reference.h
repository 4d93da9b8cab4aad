// A plain CPU reference for vkdml's data-movement operators, used by the randomized tests.
//
// It works on raw bytes: every tensor is an element width (1, 2, 4 or 8 bytes), sizes, strides in elements (empty =
// packed row-major) and a byte vector; only GATHER's index tensor is ever interpreted as numbers. Each function writes
// exactly the bytes of the output elements and leaves every other byte of the output vector unchanged. Nothing here
// knows vkdml or Vulkan; the functions are written for obviousness, not speed: they walk every output coordinate in
// row-major order and compute both offsets as dot(coordinate, strides).
//
// Inconsistent arguments (rank or element-width mismatch, a read or write outside its byte vector, a window that leaves
// the input, output sizes that do not match the operator's rule) throw std::invalid_argument naming the operator.
#pragma once

#include <cstdint>
#include <vector>

namespace vkdml_ref {

struct TensorLayout {
    uint32_t elementSize = 4;              // bytes per element: 1, 2, 4 or 8
    std::vector<uint32_t> sizes;           // all >= 1
    std::vector<uint32_t> strides;         // in elements; empty = packed row-major (last dimension fastest)
};

using Bytes = std::vector<uint8_t>;

enum class IndexType { UInt32, Int32, UInt64, Int64 };

// ---- Layout helpers -----------------------------------------------------------------------------------------------
std::vector<uint32_t> PackedStrides(const std::vector<uint32_t>& sizes);
// The layout's strides, or the packed ones when it has none.
std::vector<uint32_t> EffectiveStrides(const TensorLayout& layout);
uint64_t ElementCount(const std::vector<uint32_t>& sizes);
// DMLCalcBufferTensorSize: (dot(sizes - 1, strides) + 1) * elementSize (packed: product(sizes) * elementSize),
// rounded up to a multiple of 4.
uint64_t MinimumTensorBytes(const TensorLayout& layout);
// The byte offset of every element, in row-major coordinate order (last dimension fastest).
std::vector<uint64_t> ElementByteOffsets(const TensorLayout& layout);
// Advances coordinate to the next one in row-major order; false after the last one (coordinate is then all zeros).
bool NextCoordinate(std::vector<uint32_t>& coordinate, const std::vector<uint32_t>& sizes);

// GATHER's index rule: signed values below zero count from the end of the axis (v + axisSize); the result is then
// clamped into [0, axisSize - 1]. Unsigned values are only clamped (0xFFFFFFFF is "very large", never -1).
uint32_t ResolveGatherIndex(IndexType type, uint64_t rawBits, uint32_t axisSize);

// ---- Operators ----------------------------------------------------------------------------------------------------

// ELEMENT_WISE_IDENTITY without ScaleBias: output[c] = input[c]; sizes must be equal; input strides may be 0.
void Identity(const TensorLayout& input, const Bytes& inputBytes, const TensorLayout& output, Bytes& outputBytes);

// SLICE: output[c] = input[offsets + strides * c] (the operator's Sizes are the output sizes).
void Slice(const TensorLayout& input, const Bytes& inputBytes, const TensorLayout& output, Bytes& outputBytes,
           const std::vector<uint32_t>& offsets, const std::vector<uint32_t>& strides);

// SLICE1: start = windowOffsets (+ windowSizes - 1 in dimensions with a negative stride);
// output[c] = input[start + windowStrides * c]; every read must stay inside the window.
void Slice1(const TensorLayout& input, const Bytes& inputBytes, const TensorLayout& output, Bytes& outputBytes,
            const std::vector<uint32_t>& windowOffsets, const std::vector<uint32_t>& windowSizes,
            const std::vector<int32_t>& windowStrides);

// GATHER: output[...] = input[pre..., index(indices[idx...]), post...]. The output's non-1 dimensions are matched, in
// order, to the non-1 entries of {input sizes before axis, last indexDimensions index sizes, input sizes after axis};
// every entry of size 1 contributes coordinate 0. The leading (rank - indexDimensions) index dimensions must be 1.
// indices.elementSize must be 4 (UInt32/Int32) or 8 (UInt64/Int64).
void Gather(const TensorLayout& input, const Bytes& inputBytes, const TensorLayout& indices, const Bytes& indexBytes,
            IndexType indexType, const TensorLayout& output, Bytes& outputBytes, uint32_t axis,
            uint32_t indexDimensions);

// SPLIT: outputs[j][c] = input[c + (sum of earlier outputs' axis sizes) along axis].
void Split(const TensorLayout& input, const Bytes& inputBytes, const std::vector<TensorLayout>& outputs,
           std::vector<Bytes>& outputBytes, uint32_t axis);

// JOIN: output[c + (sum of earlier inputs' axis sizes) along axis] = inputs[j][c].
void Join(const std::vector<TensorLayout>& inputs, const std::vector<Bytes>& inputBytes, const TensorLayout& output,
          Bytes& outputBytes, uint32_t axis);

}  // namespace vkdml_ref
