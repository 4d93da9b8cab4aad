/*
 * vkdml/layout.h - layout algebra over DML_BUFFER_TENSOR_DESC: the oneDNN memory-descriptor operations (size,
 * format tags, equality, reshape, permute_axes, submemory_desc) and MLIR's tensor.bitcast, as views of a buffer.
 *
 * None of these functions allocates or touches a device. A function that produces a desc writes it to *out and
 * its Sizes and Strides into the caller's arrays outSizes and outStrides, which must each hold the result's
 * DimensionCount values (VKDML_LAYOUT_MAX_DIMENSIONS always suffices); out->Sizes and out->Strides then point at
 * those arrays, so they must live as long as the desc is used. The result always has explicit Strides (in
 * elements), a TotalTensorSizeInBytes that covers it, and is valid wherever the input was. The output may alias
 * the input (out == desc, outSizes == desc->Sizes, ...): every input is read before anything is written, and
 * nothing is written on failure.
 *
 * Every desc argument must be a valid buffer tensor desc (as vkdmlCreateOperator would accept for an input:
 * known DataType, DimensionCount 1-8, every size at least 1, TotalTensorSizeInBytes at least
 * vkdmlCalcBufferTensorSize and a multiple of 4). Strides NULL means packed row-major.
 * Every function returns a VKDML_STATUS; on failure vkdmlGetLastErrorMessage() names the function, the argument
 * or field, and the rule that failed.
 *
 * C99 and C++.
 */
#ifndef VKDML_LAYOUT_H
#define VKDML_LAYOUT_H

#include <vkdml/vkdml.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The capacity that always suffices for outSizes/outStrides. */
#define VKDML_LAYOUT_MAX_DIMENSIONS DML_TENSOR_DIMENSION_COUNT_MAX1

/* DMLCalcBufferTensorSize: the bytes from element 0 to the last element, rounded up to 4 (strides NULL = packed).
 * Unlike vkdmlCalcBufferTensorSize, an unknown type, a size of 0 or a result beyond 64 bits is an error, never
 * 0 or a wrapped value. */
VKDML_API VKDML_STATUS vkdmlLayoutCalcSize(DML_TENSOR_DATA_TYPE dataType, UINT dimensionCount, const UINT* sizes,
                                           const UINT* strides, UINT64* outSizeInBytes);

/* A packed desc from oneDNN format tag: letters a-h name the logical dimensions (a = sizes[0]) from the outermost
 * to the innermost in memory ("ab" row-major, "ba" its transpose, "acdb" channels last), each exactly once, one
 * per dimension. Aliases are accepted: x, nc, cn, tn, nt, ncw, nwc, nchw, nhwc, chwn, ncdhw, ndhwc, oi, io, oiw,
 * owi, wio, iwo, oihw, hwio, ohwi, ihwo, iohw, oidhw, dhwio, odhwi, idhwo, goiw, wigo, goihw, hwigo, giohw,
 * goidhw, giodhw, dhwigo, tnc, ntc, ldnc, ldigo, ldgoi, ldio, ldoi, ldgo (sizes are always in the logical order:
 * nhwc takes {N, C, H, W}). Blocked tags (upper-case letters, block sizes) and "any" are errors, as is any unknown
 * tag. Flags and GuaranteedBaseOffsetAlignment are 0. */
VKDML_API VKDML_STATUS vkdmlLayoutFromFormatTag(DML_TENSOR_DATA_TYPE dataType, UINT dimensionCount,
                                                const UINT* sizes, const char* tag, DML_BUFFER_TENSOR_DESC* out,
                                                UINT* outSizes, UINT* outStrides);

/* "Do I need a reorder?": *outEqual = TRUE when a and b have the same DataType, DimensionCount and Sizes and the
 * same effective strides (NULL = packed) in every dimension whose size is not 1. Flags, TotalTensorSizeInBytes
 * and GuaranteedBaseOffsetAlignment are not compared. */
VKDML_API VKDML_STATUS vkdmlLayoutEqual(const DML_BUFFER_TENSOR_DESC* a, const DML_BUFFER_TENSOR_DESC* b,
                                        BOOL* outEqual);

/* oneDNN's memory::desc::reshape, a view of the same bytes with new sizes (the element count must not change).
 * Possible when the change is a combination of: (1) adding a size-1 dimension; (2) removing a size-1 dimension;
 * (3) splitting a dimension into several whose product is its size; (4) joining consecutive dimensions that are
 * dense and in order (Strides[i] == Strides[i + 1] * Sizes[i + 1] across the group). Otherwise the error names the
 * dimensions and the rule that fails; copy with DML_OPERATOR_ELEMENT_WISE_IDENTITY into a packed tensor first. */
VKDML_API VKDML_STATUS vkdmlLayoutReshape(const DML_BUFFER_TENSOR_DESC* desc, UINT dimensionCount,
                                          const UINT* sizes, DML_BUFFER_TENSOR_DESC* out, UINT* outSizes,
                                          UINT* outStrides);

/* oneDNN's memory::desc::permute_axes: out->Sizes[permutation[i]] = desc->Sizes[i] (and the same for strides), for
 * i < DimensionCount; permutation must hold each of 0 .. DimensionCount-1 once. The same bytes seen with the axes
 * moved: DML_OPERATOR_ELEMENT_WISE_IDENTITY from it into a packed tensor is a transpose. */
VKDML_API VKDML_STATUS vkdmlLayoutPermuteAxes(const DML_BUFFER_TENSOR_DESC* desc, const UINT* permutation,
                                              DML_BUFFER_TENSOR_DESC* out, UINT* outSizes, UINT* outStrides);

/* oneDNN's memory::desc::submemory_desc: the region sizes[d] x ... starting at offsets[d] in each dimension of the
 * parent desc (DimensionCount values each; offsets[d] + sizes[d] <= desc->Sizes[d]). The result has the parent's
 * strides; *outByteOffset is what to add to the parent's binding offset when binding the view (MLIR's
 * extract_slice / insert_slice with unit strides: IDENTITY from / into the view). TotalTensorSizeInBytes is the
 * view's own; byte offset + that size must stay within the parent's TotalTensorSizeInBytes.
 * GuaranteedBaseOffsetAlignment is lowered to what the view's offset still guarantees (the largest power of two
 * dividing the byte offset, when that is below the parent's), so vkdml accepts the binding; DirectML itself only
 * accepts binding offsets that are multiples of 16, so portable code keeps *outByteOffset a multiple of 16. */
VKDML_API VKDML_STATUS vkdmlLayoutSubView(const DML_BUFFER_TENSOR_DESC* desc, const UINT* sizes,
                                          const UINT* offsets, DML_BUFFER_TENSOR_DESC* out, UINT* outSizes,
                                          UINT* outStrides, UINT64* outByteOffset);

/* MLIR's tensor.bitcast: the same sizes and strides read as dataType, which must have the same element width
 * (FLOAT32/UINT32/INT32, FLOAT16/UINT16/INT16, UINT8/INT8, FLOAT64/UINT64/INT64, UINT4/INT4). */
VKDML_API VKDML_STATUS vkdmlLayoutBitcast(const DML_BUFFER_TENSOR_DESC* desc, DML_TENSOR_DATA_TYPE dataType,
                                          DML_BUFFER_TENSOR_DESC* out, UINT* outSizes, UINT* outStrides);

#ifdef __cplusplus
}
#endif

#endif /* VKDML_LAYOUT_H */
