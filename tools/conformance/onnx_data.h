// Reading the ONNX backend-test layout with the ONNX protobuf classes: case discovery (a directory holding
// model.onnx, or a directory of such directories), models, and TensorProto files turned into packed host tensors.
#pragma once

#include <onnx/onnx_pb.h>
#include <vkdml/vkdml.h>

#include <cstdint>
#include <string>
#include <vector>

namespace conformance {

// A tensor on the host: packed row-major, little endian, ElementBytes() per element (BOOL: one byte, 0 or 1).
struct HostTensor {
    int32_t onnxType = 0;                    // onnx::TensorProto_DataType
    std::vector<int64_t> shape;              // empty = rank 0 (a scalar, one element)
    std::vector<uint8_t> bytes;

    uint64_t ElementCount() const;
    uint32_t ElementBytes() const;
    // The values of an INT32/INT64 (or UINT*) tensor, for inputs an engine reads on the host (Slice starts,
    // Reshape shape...). Returns false for any other type.
    bool ToInt64(std::vector<int64_t>* values) const;
};

const char* OnnxTypeName(int32_t onnxType);
// The DML data type an engine binds an ONNX type as (BOOL -> UINT8); UNKNOWN when there is none (STRING,
// BFLOAT16, COMPLEX*).
DML_TENSOR_DATA_TYPE DmlTypeOf(int32_t onnxType);
const char* DmlTypeName(DML_TENSOR_DATA_TYPE type);
// 0 for types without a fixed-size element (STRING, UNDEFINED).
uint32_t OnnxElementBytes(int32_t onnxType);
uint64_t ElementCount(const std::vector<int64_t>& shape);
std::string FormatShape(const std::vector<int64_t>& shape);

// Each returns "" on success, otherwise why it could not.
std::string ReadModelFile(const std::string& path, onnx::ModelProto* model);
std::string ReadTensorFile(const std::string& path, HostTensor* out);
std::string TensorFromProto(const onnx::TensorProto& proto, HostTensor* out);

// The opset of the default ONNX domain ("" or "ai.onnx") the model imports; 0 if none.
int64_t DefaultOpset(const onnx::ModelProto& model);

struct TestCase {
    std::string name;   // the directory's name, e.g. test_slice_neg_steps
    std::string dir;
};

// Cases under `path`: `path` itself when it holds model.onnx, else its subdirectories that do (sorted by name).
// Returns "" on success.
std::string FindCases(const std::string& path, std::vector<TestCase>* cases);

// The test_data_set_N directories of a case, in order of N.
std::vector<std::string> FindDataSets(const std::string& caseDir);

// A ValueInfoProto's kind for messages: "tensor", "sequence", "optional", "map", "sparse tensor", "unknown".
std::string ValueKind(const onnx::TypeProto& type);

}  // namespace conformance
