// A plain CPU reference for vkdml's data-movement operators, used by the randomized tests.
//
// It works on raw bytes: every tensor is an element width (1, 2, 4 or 8 bytes), sizes, strides in elements (empty =
// packed row-major) and a byte vector; only index tensors, sequence lengths, FILL_VALUE_SEQUENCE and CAST interpret
// bytes as numbers (NONZERO_COORDINATES too, for the sign of the float types). Each function writes
// exactly the bytes of the output elements and leaves every other byte of the output vector unchanged. Nothing here
// knows vkdml or Vulkan; the functions are written for obviousness, not speed: they walk every output coordinate in
// row-major order and compute both offsets as dot(coordinate, strides).
//
// Inconsistent arguments (rank or element-width mismatch, a read or write outside its byte vector, a window that leaves
// the input, output sizes that do not match the operator's rule) throw std::invalid_argument naming the operator.
#pragma once

#include <cstdint>
#include <functional>
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

// TILE: output[c] = input[c mod input sizes]; output sizes must be input sizes times whole repeats.
void Tile(const TensorLayout& input, const Bytes& inputBytes, const TensorLayout& output, Bytes& outputBytes);

// DEPTH_TO_SPACE(1) / SPACE_TO_DEPTH(1) on {N, C, H, W}. DepthColumnRow: depth channel = (bh * B + bw) * C + c;
// ColumnRowDepth: depth channel = (c * B + bh) * B + bw; the space element is [n, c, h * B + bh, w * B + bw].
enum class DepthSpaceOrder { DepthColumnRow, ColumnRowDepth };
void DepthToSpace(const TensorLayout& input, const Bytes& inputBytes, const TensorLayout& output, Bytes& outputBytes,
                  uint32_t blockSize, DepthSpaceOrder order);
void SpaceToDepth(const TensorLayout& input, const Bytes& inputBytes, const TensorLayout& output, Bytes& outputBytes,
                  uint32_t blockSize, DepthSpaceOrder order);

// PADDING / PADDING1: output[c] = input[fold(c - start)] per dimension; Constant writes `valueBits` (the element's
// little-endian bytes) where c - start leaves the input. Folding: Edge clamps; Reflection mirrors without repeating the
// edge and Symmetric repeating it, again and again until inside; Wrap takes the coordinate modulo the size.
enum class PaddingMode { Constant, Edge, Reflection, Symmetric, Wrap };
void Padding(const TensorLayout& input, const Bytes& inputBytes, const TensorLayout& output, Bytes& outputBytes,
             PaddingMode mode, const std::vector<uint32_t>& startPadding, const std::vector<uint32_t>& endPadding,
             uint64_t valueBits);

// SLICE_GRAD: every output element 0, then output[start + windowStrides * c] = input[c] (SLICE1's window, roles
// swapped: the window lies in the output).
void SliceGrad(const TensorLayout& input, const Bytes& inputBytes, const TensorLayout& output, Bytes& outputBytes,
               const std::vector<uint32_t>& windowOffsets, const std::vector<uint32_t>& windowSizes,
               const std::vector<int32_t>& windowStrides);

// REVERSE_SUBSEQUENCES: along `axis`, coordinate i < L reads L - 1 - i, others read i; L = the length (UInt32 or
// UInt64) at the same coordinate with 0 along the axis, clamped to the axis size.
void ReverseSubsequences(const TensorLayout& input, const Bytes& inputBytes, const TensorLayout& lengths,
                         const Bytes& lengthBytes, IndexType lengthType, const TensorLayout& output,
                         Bytes& outputBytes, uint32_t axis);

// GATHER_ELEMENTS: output[c] = input[c with c[axis] = index(indices[c])] (ResolveGatherIndex: clamped); output sizes =
// indices sizes, which equal the input's except along the axis.
void GatherElements(const TensorLayout& input, const Bytes& inputBytes, const TensorLayout& indices,
                    const Bytes& indexBytes, IndexType indexType, const TensorLayout& output, Bytes& outputBytes,
                    uint32_t axis);

// GATHER_ND / GATHER_ND1 (batchDimensions 0 = GATHER_ND). The input's and the indices' leading (rank -
// inputDimensions / indicesDimensions) sizes must be 1. m = the indices' last size: each index tuple names the
// coordinates of the m input dimensions after the batch ones (each ResolveGatherIndex-clamped). The output's non-1
// dimensions pair, in order, with the non-1 entries of {batch sizes, the indices' meaningful sizes without the last,
// the input's meaningful sizes after batch + m}.
void GatherNd(const TensorLayout& input, const Bytes& inputBytes, const TensorLayout& indices, const Bytes& indexBytes,
              IndexType indexType, const TensorLayout& output, Bytes& outputBytes, uint32_t inputDimensions,
              uint32_t indicesDimensions, uint32_t batchDimensions);

// The scatter / ONE_HOT index rule: signed values below zero count from the end of the axis (v + axisSize); the index
// names an element only if the result lies in [0, axisSize). Returns false otherwise (nothing is written / no match).
bool ResolveScatterIndex(IndexType type, uint64_t rawBits, uint32_t axisSize, uint32_t* index);

// How a scatter writes an update onto the element it targets: empty = overwrite; otherwise new bits =
// combine(current bits, update bits) (the element's low elementSize bytes, little endian).
using ScatterCombine = std::function<uint64_t(uint64_t current, uint64_t update)>;

// SCATTER (= SCATTER_ELEMENTS): output = input, then output[c with c[axis] = index(indices[c])] = updates[c] for each
// updates coordinate c whose index resolves (ResolveScatterIndex); others write nothing. Duplicate targets are the
// caller's problem (DirectML leaves the winner unspecified): the reference applies updates in row-major order.
void ScatterElements(const TensorLayout& input, const Bytes& inputBytes, const TensorLayout& indices,
                     const Bytes& indexBytes, IndexType indexType, const TensorLayout& updates,
                     const Bytes& updateBytes, const TensorLayout& output, Bytes& outputBytes, uint32_t axis,
                     const ScatterCombine& combine = {});

// SCATTER_ND: output = input, then output[tuple at the indices, rest] = updates[...]; updates' non-1 dimensions pair
// with {the indices' meaningful sizes without the last, the input's meaningful sizes after the tuple} as in GatherNd
// (no batch). A tuple with any component outside its axis writes nothing.
void ScatterNd(const TensorLayout& input, const Bytes& inputBytes, const TensorLayout& indices, const Bytes& indexBytes,
               IndexType indexType, const TensorLayout& updates, const Bytes& updateBytes, const TensorLayout& output,
               Bytes& outputBytes, uint32_t inputDimensions, uint32_t indicesDimensions,
               const ScatterCombine& combine = {});

// ONE_HOT: output[c] = (index(indices[c with c[axis] = 0]) == c[axis]) ? on : off, where off = the values' element 0
// and on = the next element along the values' last dimension larger than 1; indices that do not resolve
// (ResolveScatterIndex against the output's axis) match nothing.
void OneHot(const TensorLayout& indices, const Bytes& indexBytes, IndexType indexType, const TensorLayout& values,
            const Bytes& valueBytes, const TensorLayout& output, Bytes& outputBytes, uint32_t axis);

// MAX_UNPOOLING: every output element 0, then, in the input's row-major order, the output element at row-major
// position index(indices[c]) (an unsigned UInt32 or UInt64 value) = input[c]; an index at or past the output's element
// count writes nothing. Input and indices have the same sizes; the output any sizes of the same rank.
void MaxUnpooling(const TensorLayout& input, const Bytes& inputBytes, const TensorLayout& indices,
                  const Bytes& indexBytes, IndexType indexType, const TensorLayout& output, Bytes& outputBytes);

// The numeric data types, for the operators that compute values (FILL_VALUE_SEQUENCE, CAST).
enum class NumberType { Float16, Float32, Float64, Int8, Int16, Int32, Int64, UInt8, UInt16, UInt32, UInt64 };
uint32_t NumberBytes(NumberType type);

// x + y (AddBits) and x x y (MultiplyBits) in the type's own arithmetic, as FOLD and the scatter reductions' ADD and
// MULTIPLY compute them: integers modulo 2^bits; Float32 and Float16 computed exactly in double and rounded once to
// nearest even, subnormals kept (no flush); the first NaN operand (x first) quieted (quiet bit set, payload kept); an
// invalid operation (inf - inf, 0 x inf) the default NaN (sign and quiet bit set: 0xFFC00000, 0xFE00). So -0 + -0 =
// -0 while every other sum of zeros, and x + (-x), is +0. Not Float64 (throws std::invalid_argument).
uint64_t AddBits(NumberType type, uint64_t x, uint64_t y);
uint64_t MultiplyBits(NumberType type, uint64_t x, uint64_t y);

// The vkdml extensions SCATTER_ELEMENTS_REDUCE / SCATTER_ND_REDUCE combine an update with its target
// (scatter_reduce_reference.cpp): Add / Multiply as AddBits / MultiplyBits (current, update), Min / Max as numpy's
// minimum / maximum: a NaN operand wins (the current one first), equal values (-0 vs +0) give the update. Float64 only
// for None, Min and Max.
enum class ScatterReduction { None, Add, Multiply, Min, Max };
uint64_t ScatterReduceBits(NumberType type, ScatterReduction reduction, uint64_t current, uint64_t update);

// FILL_VALUE_CONSTANT: every output element = valueBits (little-endian, the element's width).
void FillValueConstant(const TensorLayout& output, Bytes& outputBytes, uint64_t valueBits);

// FILL_VALUE_SEQUENCE: the element with row-major index i = start + i * delta. Integers wrap modulo 2^bits; Float32 is
// float(start) + float(i) * float(delta) in float arithmetic (no fused multiply-add); Float16 computes the same in
// float from the widened start and delta and rounds the result to half once (to nearest even).
void FillValueSequence(const TensorLayout& output, Bytes& outputBytes, NumberType type, uint64_t startBits,
                       uint64_t deltaBits);

// DIAGONAL_MATRIX1 (DIAGONAL_MATRIX = [Offset, Offset + 1)): with t = x - y (last two coordinates), the element gets
// valueBits where (end >= begin) xor (t >= begin) xor (t < end), else the input's element (input given) or 0.
void DiagonalMatrix(const TensorLayout* input, const Bytes* inputBytes, const TensorLayout& output, Bytes& outputBytes,
                    uint64_t valueBits, int32_t begin, int32_t end);

// One element converted as CAST does (the README's rules), written with the host's own conversions (the same type:
// the bits unchanged):
// - integer -> integer: the low bits of the two's complement (ONNX: "discard higher bits and reinterpret");
// - integer -> float, float -> float: rounded to nearest, ties to even (from the exact value, one rounding), overflow to
//   infinity; NaN stays NaN: sign kept, quiet bit set, the top fraction bits kept;
// - float -> integer: truncated toward zero, saturated to the type's range (infinities too), NaN -> 0.
uint64_t CastBits(uint64_t inputBits, NumberType from, NumberType to);

// ELEMENT_WISE_IDENTITY with ScaleBias on Float32 or Float16: output[c] = input[c] * scale + bias in float (rounded
// after the product and after the sum), Float16 widened first and rounded once at the end (to nearest even).
void IdentityScaleBias(const TensorLayout& input, const Bytes& inputBytes, const TensorLayout& output,
                       Bytes& outputBytes, NumberType type, float scale, float bias);

// CAST: output[c] = CastBits(input[c]); sizes must be equal.
void Cast(const TensorLayout& input, const Bytes& inputBytes, NumberType inputType, const TensorLayout& output,
          Bytes& outputBytes, NumberType outputType);

// NONZERO_COORDINATES: walks the input in row-major order; an element is non-zero when any of its bits is set, the sign
// bit aside for the float types (-0 is zero; NaN, infinities and denormals are not). count (4-byte elements, every size
// 1) gets the number of non-zero elements, as a UINT32, in every element; row r of coordinates (4-byte elements, sizes
// {1, ..., 1, M, N}: M the input's element count, N at least the input's rank without its leading sizes of 1 and at
// most its rank) gets the coordinates of the r-th non-zero element along the input's last N dimensions (column j: the
// coordinate along input dimension rank - N + j), as UINT32s. Rows from the count on are left unchanged (DirectML
// leaves them undefined). Returns the count.
uint32_t NonzeroCoordinates(const TensorLayout& input, const Bytes& inputBytes, NumberType inputType,
                            const TensorLayout& count, Bytes& countBytes, const TensorLayout& coordinates,
                            Bytes& coordinateBytes);

// UNFOLD (im2col) over D = windowSizes.size() spatial dimensions (every parameter vector holds D values; windows,
// strides and dilations at least 1): input sizes {1.., N, C, S_0..S_{D-1}}, output sizes {1.., N, C x K, L} with
// K = prod(windowSizes) and L = prod(B_d), B_d = (S_d + start_d + end_d - dilations_d x (windowSizes_d - 1) - 1) /
// strides_d + 1 (at least 1). output[n, c x K + k, b] = input[n, c, x] with x_d = b_d x strides_d + k_d x dilations_d
// - start_d, k and b row-major over (k_0..k_{D-1}) and (b_0..b_{D-1}); all bits zero where any x_d leaves [0, S_d).
void Unfold(const TensorLayout& input, const Bytes& inputBytes, const TensorLayout& output, Bytes& outputBytes,
            const std::vector<uint32_t>& windowSizes, const std::vector<uint32_t>& strides,
            const std::vector<uint32_t>& dilations, const std::vector<uint32_t>& startPadding,
            const std::vector<uint32_t>& endPadding);

// FOLD (col2im), UNFOLD's inverse with the same parameters and sizes, the tensors' roles swapped: input {1.., N, C x K,
// L} (the columns), output {1.., N, C, S_0..S_{D-1}} (the image), B_d computed from the output's S_d; both of `type`
// (not Float64). Every output element starts as all bits zero (+0); then, for n, c and k ascending and for each block
// b, input[n, c x K + k, b] is added (AddBits: output = output + value, rounded in the type) onto output[n, c, x] with
// x_d = b_d x strides_d + k_d x dilations_d - start_d, and dropped where any x_d leaves [0, S_d). No two blocks of one
// k land on the same element, so each element sums its values in ascending k (PyTorch's fold, ONNX Col2Im).
void Fold(const TensorLayout& input, const Bytes& inputBytes, const TensorLayout& output, Bytes& outputBytes,
          NumberType type, const std::vector<uint32_t>& windowSizes, const std::vector<uint32_t>& strides,
          const std::vector<uint32_t>& dilations, const std::vector<uint32_t>& startPadding,
          const std::vector<uint32_t>& endPadding);

}  // namespace vkdml_ref
