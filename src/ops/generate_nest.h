// The loop nest of the Generate kernel (FILL_VALUE_CONSTANT, FILL_VALUE_SEQUENCE, DIAGONAL_MATRIX(1), and the
// zero fill of SLICE_GRAD): it walks every element of an output and computes its value.
#pragma once

#include "core/operator_desc.h"
#include "ops/loop_nest.h"

namespace vkdml {

// Without an input tensor, the input slot views the output range itself (never read): the kernel's descriptor-set
// layout has an input binding, and every binding a pipeline uses must be valid.
LoopNest GenerateNest(const Tensor& output, TensorRef outputRef, GenerateMode mode, DML_TENSOR_DATA_TYPE type);

// The same over a box of the output: coordinates [lo, hi) of each dimension.
LoopNest GenerateBoxNest(const Tensor& output, TensorRef outputRef, GenerateMode mode, DML_TENSOR_DATA_TYPE type,
                         const std::array<uint32_t, kMaxRank>& lo, const std::array<uint32_t, kMaxRank>& hi);

}  // namespace vkdml
