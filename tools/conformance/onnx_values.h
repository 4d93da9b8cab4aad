// ONNX values that are not a single tensor: sequences (SequenceProto) and optionals (OptionalProto), nested in any
// order, read from a data set's .pb files, and flattened to their element tensors for ops that act per element.
#pragma once

#include "onnx_data.h"

#include <string>
#include <vector>

namespace conformance {

struct HostValue {
    enum Kind { kTensor, kSequence, kOptional } kind = kTensor;
    HostTensor tensor;                // kTensor
    std::vector<HostValue> elements;  // kSequence: its elements; kOptional: none (empty) or its one value
};

// Whether the type is a tensor, or a sequence/optional of such types at any depth (no map or sparse tensor).
bool IsTensorTree(const onnx::TypeProto& type);

// Reads a .pb file as the proto `type` calls for (TensorProto, SequenceProto or OptionalProto). "" on success.
std::string ReadValueFile(const std::string& path, const onnx::TypeProto& type, HostValue* out);

// The shape of the nesting, for messages and for checking that two values nest the same way:
// "sequence[2](tensor,tensor)", "optional(sequence[0]())", "optional()", "tensor".
std::string Structure(const HostValue& value);

// The element tensors in depth-first order.
void CollectTensors(const HostValue& value, std::vector<const HostTensor*>* tensors);

}  // namespace conformance
