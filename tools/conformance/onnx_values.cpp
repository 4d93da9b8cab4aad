#include "onnx_values.h"

#include <onnx/onnx-data.pb.h>

#include <fstream>

namespace conformance {
namespace {

std::string FromSequence(const onnx::SequenceProto& proto, HostValue* out);
std::string FromOptional(const onnx::OptionalProto& proto, HostValue* out);

std::string FromTensor(const onnx::TensorProto& proto, HostValue* out) {
    out->kind = HostValue::kTensor;
    return TensorFromProto(proto, &out->tensor);
}

std::string FromSequence(const onnx::SequenceProto& proto, HostValue* out) {
    out->kind = HostValue::kSequence;
    out->elements.clear();
    // Each element kind has its own repeated field; only the one elem_type names may be filled.
    const int used = (proto.tensor_values_size() > 0) + (proto.sequence_values_size() > 0) +
                     (proto.optional_values_size() > 0) + (proto.sparse_tensor_values_size() > 0) +
                     (proto.map_values_size() > 0);
    if (used > 1) return "sequence '" + proto.name() + "' fills more than one kind of element";
    if (proto.sparse_tensor_values_size() || proto.map_values_size())
        return "sequence '" + proto.name() + "' holds sparse tensors or maps";
    for (const auto& t : proto.tensor_values()) {
        out->elements.emplace_back();
        if (std::string e = FromTensor(t, &out->elements.back()); !e.empty()) return e;
    }
    for (const auto& s : proto.sequence_values()) {
        out->elements.emplace_back();
        if (std::string e = FromSequence(s, &out->elements.back()); !e.empty()) return e;
    }
    for (const auto& o : proto.optional_values()) {
        out->elements.emplace_back();
        if (std::string e = FromOptional(o, &out->elements.back()); !e.empty()) return e;
    }
    return "";
}

std::string FromOptional(const onnx::OptionalProto& proto, HostValue* out) {
    out->kind = HostValue::kOptional;
    out->elements.clear();
    if (proto.has_sparse_tensor_value() || proto.has_map_value())
        return "optional '" + proto.name() + "' holds a sparse tensor or a map";
    if (proto.has_tensor_value() + proto.has_sequence_value() + proto.has_optional_value() > 1)
        return "optional '" + proto.name() + "' holds more than one value";
    if (proto.has_tensor_value() || proto.has_sequence_value() || proto.has_optional_value()) {
        out->elements.emplace_back();
        if (proto.has_tensor_value()) return FromTensor(proto.tensor_value(), &out->elements.back());
        if (proto.has_sequence_value()) return FromSequence(proto.sequence_value(), &out->elements.back());
        return FromOptional(proto.optional_value(), &out->elements.back());
    }
    return "";   // an empty optional
}

template <typename Proto>
std::string Parse(const std::string& path, const char* protoName, Proto* proto) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return "cannot open " + path;
    if (!proto->ParseFromIstream(&in)) return "cannot parse " + path + " as onnx." + protoName;
    return "";
}

}  // namespace

bool IsTensorTree(const onnx::TypeProto& type) {
    switch (type.value_case()) {
        case onnx::TypeProto::kTensorType: return true;
        case onnx::TypeProto::kSequenceType: return IsTensorTree(type.sequence_type().elem_type());
        case onnx::TypeProto::kOptionalType: return IsTensorTree(type.optional_type().elem_type());
        default: return false;
    }
}

std::string ReadValueFile(const std::string& path, const onnx::TypeProto& type, HostValue* out) {
    std::string error;
    switch (type.value_case()) {
        case onnx::TypeProto::kTensorType:
            out->kind = HostValue::kTensor;
            return ReadTensorFile(path, &out->tensor);
        case onnx::TypeProto::kSequenceType: {
            onnx::SequenceProto proto;
            if (error = Parse(path, "SequenceProto", &proto); error.empty()) error = FromSequence(proto, out);
            break;
        }
        case onnx::TypeProto::kOptionalType: {
            onnx::OptionalProto proto;
            if (error = Parse(path, "OptionalProto", &proto); error.empty()) error = FromOptional(proto, out);
            break;
        }
        default: return path + ": values of type " + ValueKind(type) + " are not read";
    }
    return error.empty() || error.rfind(path, 0) == 0 ? error : path + ": " + error;
}

std::string Structure(const HostValue& value) {
    if (value.kind == HostValue::kTensor) return "tensor";
    std::string text = value.kind == HostValue::kSequence
                           ? "sequence[" + std::to_string(value.elements.size()) + "]("
                           : std::string("optional(");
    for (size_t i = 0; i < value.elements.size(); ++i) text += (i ? "," : "") + Structure(value.elements[i]);
    return text + ")";
}

void CollectTensors(const HostValue& value, std::vector<const HostTensor*>* tensors) {
    if (value.kind == HostValue::kTensor) {
        tensors->push_back(&value.tensor);
        return;
    }
    for (const HostValue& element : value.elements) CollectTensors(element, tensors);
}

}  // namespace conformance
