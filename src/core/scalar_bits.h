// Scalars of operator descs (PADDING's FLOAT PaddingValue, DML_SCALAR_UNION values) as the bits of one element of
// a tensor's data type: what the kernels write.
#pragma once

#include <vkdml/vkdml.h>

#include <cstdint>

namespace vkdml {

// The first element-size bytes of the union (little-endian): the value as ValueDataType says.
uint64_t ScalarUnionBits(const DML_SCALAR_UNION& value, DML_TENSOR_DATA_TYPE type);

// A FLOAT converted to `type` (DirectML: "10.6 becomes 10" for integer tensors): FLOAT16 rounds to nearest even
// (overflow to infinity), FLOAT64 is exact; integer types truncate toward zero and saturate to the type's range,
// NaN becomes 0.
uint64_t FloatToElementBits(float value, DML_TENSOR_DATA_TYPE type);

// IEEE binary32 -> binary16 bits, round to nearest even; NaN stays NaN (quiet, sign and top payload bits kept).
uint16_t FloatToHalfBits(float value);

}  // namespace vkdml
