// The operator schema: per DML_OPERATOR_TYPE, the feature level that introduced it and its tensor-support table
// per feature level. Data lives in operator_table.cpp; the validator and vkdml-info both read it from here.
#pragma once

#include <vkdml/vkdml.h>

#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

namespace vkdml::schema {

enum class TensorKind { Input, Output, InputArray, OutputArray, OptionalInput };

struct TensorSupportRow {
    DML_FEATURE_LEVEL level;   // the row applies from this level up to the next newer row
    const char* tensor;        // the desc's member name: "InputTensor", "OutputTensors", ...
    TensorKind kind;
    uint8_t minDims;
    uint8_t maxDims;
    uint32_t dataTypes;        // bit (1 << DML_TENSOR_DATA_TYPE) per supported type
};

struct OperatorSchema {
    DML_OPERATOR_TYPE type;
    const char* name;          // without the DML_OPERATOR_ prefix
    DML_FEATURE_LEVEL introduced;
    std::span<const TensorSupportRow> rows;   // newest level first; empty where the table is not recorded
    bool extension = false;    // a vkdml extension (VKDML_OPERATOR_*), not a DirectML operator
};

// "DML_OPERATOR_", or "VKDML_OPERATOR_" for the vkdml extension operators: the prefix of the operator's C name.
const char* OperatorPrefix(const OperatorSchema& op);

// The table itself (operator_table.cpp); read it through the functions below.
extern const OperatorSchema kOperatorSchemas[];
extern const size_t kOperatorSchemaCount;

std::span<const OperatorSchema> AllOperatorSchemas();
const OperatorSchema* FindOperatorSchema(DML_OPERATOR_TYPE type);
// "SLICE1", "slice1" or "DML_OPERATOR_SLICE1".
const OperatorSchema* FindOperatorSchemaByName(std::string_view name);
// The rows in force at `level`; empty if the operator is newer than `level` or has no recorded table.
std::vector<TensorSupportRow> RowsAt(const OperatorSchema& op, DML_FEATURE_LEVEL level);
// The row for one tensor in force at `level`, or nullptr.
const TensorSupportRow* FindRow(const OperatorSchema& op, DML_FEATURE_LEVEL level, std::string_view tensor);
const char* TensorKindName(TensorKind kind);   // "Input", "Output", "Array of inputs", "Array of outputs", ...

}  // namespace vkdml::schema
