// DML_TENSOR_DATA_TYPE facts, as one table.
#pragma once

#include <vkdml/vkdml.h>

#include <cstdint>
#include <span>

namespace vkdml {

struct DataTypeInfo {
    DML_TENSOR_DATA_TYPE type;
    const char* name;        // without the DML_TENSOR_DATA_TYPE_ prefix
    uint32_t bits;
    bool isSigned;
    bool isFloat;
};

std::span<const DataTypeInfo> AllDataTypes();
const DataTypeInfo* FindDataType(DML_TENSOR_DATA_TYPE type);   // nullptr if unknown
const char* DataTypeName(DML_TENSOR_DATA_TYPE type);             // "UNKNOWN(n)" style fallback
constexpr uint32_t DataTypeBit(DML_TENSOR_DATA_TYPE type) { return 1u << uint32_t(type); }

}  // namespace vkdml
