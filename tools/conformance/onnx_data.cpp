#include "onnx_data.h"

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <fstream>

namespace conformance {

namespace fs = std::filesystem;
using onnx::TensorProto;

// Saturates at UINT64_MAX, so a hostile shape can never wrap into a small count.
uint64_t ElementCount(const std::vector<int64_t>& shape) {
    uint64_t count = 1;
    for (int64_t d : shape)
        if (__builtin_mul_overflow(count, uint64_t(d < 0 ? 0 : d), &count)) return UINT64_MAX;
    return count;
}

std::string FormatShape(const std::vector<int64_t>& shape) {
    std::string text = "{";
    for (size_t i = 0; i < shape.size(); ++i) text += (i ? "," : "") + std::to_string(shape[i]);
    return text + "}";
}

uint64_t HostTensor::ElementCount() const { return conformance::ElementCount(shape); }
uint32_t HostTensor::ElementBytes() const { return OnnxElementBytes(onnxType); }

bool HostTensor::ToInt64(std::vector<int64_t>* values) const {
    uint64_t n = ElementCount();
    values->resize(n);
    for (uint64_t i = 0; i < n; ++i) {
        const uint8_t* p = bytes.data() + i * ElementBytes();
        switch (onnxType) {
            case TensorProto::INT64: { int64_t v; std::memcpy(&v, p, 8); (*values)[i] = v; break; }
            case TensorProto::INT32: { int32_t v; std::memcpy(&v, p, 4); (*values)[i] = v; break; }
            case TensorProto::UINT32: { uint32_t v; std::memcpy(&v, p, 4); (*values)[i] = v; break; }
            case TensorProto::UINT64: { uint64_t v; std::memcpy(&v, p, 8); (*values)[i] = int64_t(v); break; }
            case TensorProto::INT16: { int16_t v; std::memcpy(&v, p, 2); (*values)[i] = v; break; }
            case TensorProto::UINT16: { uint16_t v; std::memcpy(&v, p, 2); (*values)[i] = v; break; }
            case TensorProto::INT8: (*values)[i] = int8_t(*p); break;
            case TensorProto::UINT8: (*values)[i] = *p; break;
            default: return false;
        }
    }
    return true;
}

const char* OnnxTypeName(int32_t t) {
    switch (t) {
        case TensorProto::FLOAT: return "FLOAT";
        case TensorProto::UINT8: return "UINT8";
        case TensorProto::INT8: return "INT8";
        case TensorProto::UINT16: return "UINT16";
        case TensorProto::INT16: return "INT16";
        case TensorProto::INT32: return "INT32";
        case TensorProto::INT64: return "INT64";
        case TensorProto::STRING: return "STRING";
        case TensorProto::BOOL: return "BOOL";
        case TensorProto::FLOAT16: return "FLOAT16";
        case TensorProto::DOUBLE: return "DOUBLE";
        case TensorProto::UINT32: return "UINT32";
        case TensorProto::UINT64: return "UINT64";
        case TensorProto::COMPLEX64: return "COMPLEX64";
        case TensorProto::COMPLEX128: return "COMPLEX128";
        case TensorProto::BFLOAT16: return "BFLOAT16";
        default: return "UNDEFINED";
    }
}

DML_TENSOR_DATA_TYPE DmlTypeOf(int32_t t) {
    switch (t) {
        case TensorProto::FLOAT: return DML_TENSOR_DATA_TYPE_FLOAT32;
        case TensorProto::UINT8: return DML_TENSOR_DATA_TYPE_UINT8;
        case TensorProto::INT8: return DML_TENSOR_DATA_TYPE_INT8;
        case TensorProto::UINT16: return DML_TENSOR_DATA_TYPE_UINT16;
        case TensorProto::INT16: return DML_TENSOR_DATA_TYPE_INT16;
        case TensorProto::INT32: return DML_TENSOR_DATA_TYPE_INT32;
        case TensorProto::INT64: return DML_TENSOR_DATA_TYPE_INT64;
        case TensorProto::BOOL: return DML_TENSOR_DATA_TYPE_UINT8;
        case TensorProto::FLOAT16: return DML_TENSOR_DATA_TYPE_FLOAT16;
        case TensorProto::DOUBLE: return DML_TENSOR_DATA_TYPE_FLOAT64;
        case TensorProto::UINT32: return DML_TENSOR_DATA_TYPE_UINT32;
        case TensorProto::UINT64: return DML_TENSOR_DATA_TYPE_UINT64;
        default: return DML_TENSOR_DATA_TYPE_UNKNOWN;
    }
}

const char* DmlTypeName(DML_TENSOR_DATA_TYPE t) {
    switch (t) {
        case DML_TENSOR_DATA_TYPE_FLOAT32: return "FLOAT32";
        case DML_TENSOR_DATA_TYPE_FLOAT16: return "FLOAT16";
        case DML_TENSOR_DATA_TYPE_UINT32: return "UINT32";
        case DML_TENSOR_DATA_TYPE_UINT16: return "UINT16";
        case DML_TENSOR_DATA_TYPE_UINT8: return "UINT8";
        case DML_TENSOR_DATA_TYPE_INT32: return "INT32";
        case DML_TENSOR_DATA_TYPE_INT16: return "INT16";
        case DML_TENSOR_DATA_TYPE_INT8: return "INT8";
        case DML_TENSOR_DATA_TYPE_FLOAT64: return "FLOAT64";
        case DML_TENSOR_DATA_TYPE_UINT64: return "UINT64";
        case DML_TENSOR_DATA_TYPE_INT64: return "INT64";
        case DML_TENSOR_DATA_TYPE_UINT4: return "UINT4";
        case DML_TENSOR_DATA_TYPE_INT4: return "INT4";
        default: return "UNKNOWN";
    }
}

uint32_t OnnxElementBytes(int32_t t) {
    switch (t) {
        case TensorProto::UINT8: case TensorProto::INT8: case TensorProto::BOOL: return 1;
        case TensorProto::UINT16: case TensorProto::INT16: case TensorProto::FLOAT16: case TensorProto::BFLOAT16: return 2;
        case TensorProto::FLOAT: case TensorProto::INT32: case TensorProto::UINT32: return 4;
        case TensorProto::INT64: case TensorProto::UINT64: case TensorProto::DOUBLE: case TensorProto::COMPLEX64: return 8;
        case TensorProto::COMPLEX128: return 16;
        default: return 0;
    }
}

namespace {

template <typename Field, typename T>
void PackAs(const Field& field, std::vector<uint8_t>* bytes) {
    bytes->resize(size_t(field.size()) * sizeof(T));
    for (int i = 0; i < field.size(); ++i) {
        T v = static_cast<T>(field.Get(i));
        std::memcpy(bytes->data() + size_t(i) * sizeof(T), &v, sizeof(T));
    }
}

}  // namespace

std::string TensorFromProto(const TensorProto& proto, HostTensor* out) {
    HostTensor t;
    t.onnxType = proto.data_type();
    t.shape.assign(proto.dims().begin(), proto.dims().end());
    for (int64_t d : t.shape)
        if (d < 0) return "tensor '" + proto.name() + "' has a negative dimension";
    // An empty tensor may still list huge dimensions beside its 0 ({3, 2^61, 12, 0}); lowerings multiply runs of
    // dimensions (outer/inner products, strides), so every such product must fit int64 whatever the zeros.
    int64_t nonZeroVolume = 1;
    for (int64_t d : t.shape)
        if (d != 0 && __builtin_mul_overflow(nonZeroVolume, d, &nonZeroVolume))
            return "tensor '" + proto.name() + "' has shape " + FormatShape(t.shape) +
                   ", whose non-zero dimensions multiply past 64 bits";
    if (proto.data_location() == TensorProto::EXTERNAL)
        return "tensor '" + proto.name() + "' keeps its data in an external file (not supported)";
    if (proto.has_segment()) return "tensor '" + proto.name() + "' is segmented (not supported)";
    const uint32_t elementBytes = OnnxElementBytes(t.onnxType);
    if (elementBytes == 0) return std::string("tensor '") + proto.name() + "' has type " + OnnxTypeName(t.onnxType) +
                                  ", which has no fixed-size element";
    const uint64_t count = t.ElementCount();
    if (proto.has_raw_data()) {
        t.bytes.assign(proto.raw_data().begin(), proto.raw_data().end());
    } else {
        switch (t.onnxType) {
            case TensorProto::FLOAT: case TensorProto::COMPLEX64: PackAs<decltype(proto.float_data()), float>(proto.float_data(), &t.bytes); break;
            case TensorProto::DOUBLE: case TensorProto::COMPLEX128: PackAs<decltype(proto.double_data()), double>(proto.double_data(), &t.bytes); break;
            case TensorProto::INT64: PackAs<decltype(proto.int64_data()), int64_t>(proto.int64_data(), &t.bytes); break;
            case TensorProto::UINT32: PackAs<decltype(proto.uint64_data()), uint32_t>(proto.uint64_data(), &t.bytes); break;
            case TensorProto::UINT64: PackAs<decltype(proto.uint64_data()), uint64_t>(proto.uint64_data(), &t.bytes); break;
            case TensorProto::INT32: PackAs<decltype(proto.int32_data()), int32_t>(proto.int32_data(), &t.bytes); break;
            case TensorProto::INT16: PackAs<decltype(proto.int32_data()), int16_t>(proto.int32_data(), &t.bytes); break;
            case TensorProto::UINT16: case TensorProto::FLOAT16: case TensorProto::BFLOAT16:
                PackAs<decltype(proto.int32_data()), uint16_t>(proto.int32_data(), &t.bytes); break;
            case TensorProto::INT8: PackAs<decltype(proto.int32_data()), int8_t>(proto.int32_data(), &t.bytes); break;
            case TensorProto::UINT8: case TensorProto::BOOL:
                PackAs<decltype(proto.int32_data()), uint8_t>(proto.int32_data(), &t.bytes); break;
            default: return std::string("tensor '") + proto.name() + "' has type " + OnnxTypeName(t.onnxType);
        }
    }
    if (count > t.bytes.size() / elementBytes || t.bytes.size() != count * elementBytes)
        return "tensor '" + proto.name() + "' holds " + std::to_string(t.bytes.size()) + " bytes; its shape " +
               FormatShape(t.shape) + " needs " + std::to_string(count * elementBytes);
    *out = std::move(t);
    return "";
}

std::string ReadModelFile(const std::string& path, onnx::ModelProto* model) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return "cannot open " + path;
    if (!model->ParseFromIstream(&in)) return "cannot parse " + path + " as onnx.ModelProto";
    return "";
}

std::string ReadTensorFile(const std::string& path, HostTensor* out) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return "cannot open " + path;
    TensorProto proto;
    if (!proto.ParseFromIstream(&in)) return "cannot parse " + path + " as onnx.TensorProto";
    std::string error = TensorFromProto(proto, out);
    return error.empty() ? "" : path + ": " + error;
}

int64_t DefaultOpset(const onnx::ModelProto& model) {
    for (const auto& import : model.opset_import())
        if (import.domain().empty() || import.domain() == "ai.onnx") return import.version();
    return 0;
}

std::string FindCases(const std::string& path, std::vector<TestCase>* cases) {
    std::error_code ec;
    fs::path root(path);
    if (!fs::is_directory(root, ec)) return path + " is not a directory";
    auto name = [](const fs::path& p) {
        std::string n = p.filename().string();
        return n.empty() ? p.parent_path().filename().string() : n;   // "dir/" has an empty filename
    };
    if (fs::exists(root / "model.onnx", ec)) {
        cases->push_back({name(root), root.string()});
        return "";
    }
    std::vector<TestCase> found;
    for (const auto& entry : fs::directory_iterator(root, ec))
        if (entry.is_directory(ec) && fs::exists(entry.path() / "model.onnx", ec))
            found.push_back({name(entry.path()), entry.path().string()});
    if (ec) return path + ": " + ec.message();
    if (found.empty()) return path + " holds no model.onnx, and none of its subdirectories does";
    std::sort(found.begin(), found.end(), [](const TestCase& a, const TestCase& b) { return a.name < b.name; });
    cases->insert(cases->end(), found.begin(), found.end());
    return "";
}

std::vector<std::string> FindDataSets(const std::string& caseDir) {
    std::vector<std::pair<long, std::string>> sets;
    std::error_code ec;
    const std::string prefix = "test_data_set_";
    for (const auto& entry : fs::directory_iterator(caseDir, ec)) {
        std::string n = entry.path().filename().string();
        if (!entry.is_directory(ec) || n.rfind(prefix, 0) != 0) continue;
        char* end = nullptr;
        long index = std::strtol(n.c_str() + prefix.size(), &end, 10);
        if (end && *end == '\0') sets.emplace_back(index, entry.path().string());
    }
    std::sort(sets.begin(), sets.end());
    std::vector<std::string> dirs;
    for (auto& s : sets) dirs.push_back(std::move(s.second));
    return dirs;
}

std::string ValueKind(const onnx::TypeProto& type) {
    switch (type.value_case()) {
        case onnx::TypeProto::kTensorType: return "tensor";
        case onnx::TypeProto::kSequenceType: return "sequence";
        case onnx::TypeProto::kOptionalType: return "optional";
        case onnx::TypeProto::kMapType: return "map";
        case onnx::TypeProto::kSparseTensorType: return "sparse tensor";
        default: return "unknown";
    }
}

}  // namespace conformance
