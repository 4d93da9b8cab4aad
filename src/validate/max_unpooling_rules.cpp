// MAX_UNPOOLING: the inverse of a max pooling's scatter of maxima. Each input element goes to the output element its
// index names, the index counting the output's elements as one contiguous row-major array (as MAX_POOLING1's
// OutputIndicesTensor counts the pooled tensor's); every other output element is 0.
#include "validate/operator_rules.h"
#include "validate/tensor_rules.h"

namespace vkdml {

Status ReadMaxUnpooling(const void* d, OperatorDesc* op) {
    const auto& desc = *static_cast<const DML_MAX_UNPOOLING_OPERATOR_DESC*>(d);
    return ReadTensors(op, {{"InputTensor", desc.InputTensor}, {"IndicesTensor", desc.IndicesTensor}},
                       {{"OutputTensor", desc.OutputTensor}});
}

// InputTensor and IndicesTensor have the same sizes; OutputTensor has the input's type and dimension count, any sizes.
// (No tensor has more than 2^32 - 1 elements - ReadTensor's rule -, so the kernel reads an index as a 32-bit element
// number once it has checked the value's high word.)
Status ValidateMaxUnpooling(const OperatorDesc& op, DML_FEATURE_LEVEL) {
    const Tensor& in = op.inputs[0];
    const Tensor& out = op.outputs[0];
    VKDML_RETURN_IF_ERROR(CheckSameDataType(op, in, out));
    VKDML_RETURN_IF_ERROR(CheckSameRank(op, in, out));
    return CheckSameSizes(op, in, op.inputs[1]);
}

}  // namespace vkdml
