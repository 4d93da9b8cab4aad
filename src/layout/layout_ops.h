// The layout algebra behind vkdml/layout.h, on normalized Tensors (explicit strides, rank known). Every function
// takes the C function's name for its messages and leaves *out untouched on failure.
#pragma once

#include "core/tensor.h"

namespace vkdml::layout {

// A desc argument, checked as vkdmlCreateOperator checks an input tensor (ReadTensor). name: "desc", "a", ...
Status ReadDescArgument(const char* function, const char* name, const DML_BUFFER_TENSOR_DESC* desc, Tensor* out);

// dataType, dimensionCount and sizes[] arguments: a known type, 1-8 dimensions, every size at least 1.
Status CheckShapeArguments(const char* function, DML_TENSOR_DATA_TYPE dataType, uint32_t rank, const uint32_t* sizes);

Status CalcSize(const char* function, DML_TENSOR_DATA_TYPE dataType, uint32_t rank, const uint32_t* sizes,
                const uint32_t* strides, uint64_t* bytes);
Status FromFormatTag(const char* function, DML_TENSOR_DATA_TYPE dataType, uint32_t rank, const uint32_t* sizes,
                     const char* tag, Tensor* out);
// Same type, rank and sizes, and the same strides wherever the size is not 1.
bool SameElements(const Tensor& a, const Tensor& b);
Status Reshape(const char* function, const Tensor& in, uint32_t rank, const uint32_t* sizes, Tensor* out);
Status PermuteAxes(const char* function, const Tensor& in, const uint32_t* permutation, Tensor* out);
Status SubView(const char* function, const Tensor& in, const uint32_t* sizes, const uint32_t* offsets, Tensor* out,
               uint64_t* byteOffset);
Status Bitcast(const char* function, const Tensor& in, DML_TENSOR_DATA_TYPE dataType, Tensor* out);

}  // namespace vkdml::layout
