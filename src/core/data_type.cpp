#include "core/data_type.h"

#include <cstdio>

namespace vkdml {
namespace {

constexpr DataTypeInfo kDataTypes[] = {
    {DML_TENSOR_DATA_TYPE_FLOAT32, "FLOAT32", 32, true, true},
    {DML_TENSOR_DATA_TYPE_FLOAT16, "FLOAT16", 16, true, true},
    {DML_TENSOR_DATA_TYPE_UINT32, "UINT32", 32, false, false},
    {DML_TENSOR_DATA_TYPE_UINT16, "UINT16", 16, false, false},
    {DML_TENSOR_DATA_TYPE_UINT8, "UINT8", 8, false, false},
    {DML_TENSOR_DATA_TYPE_INT32, "INT32", 32, true, false},
    {DML_TENSOR_DATA_TYPE_INT16, "INT16", 16, true, false},
    {DML_TENSOR_DATA_TYPE_INT8, "INT8", 8, true, false},
    {DML_TENSOR_DATA_TYPE_FLOAT64, "FLOAT64", 64, true, true},
    {DML_TENSOR_DATA_TYPE_UINT64, "UINT64", 64, false, false},
    {DML_TENSOR_DATA_TYPE_INT64, "INT64", 64, true, false},
    {DML_TENSOR_DATA_TYPE_UINT4, "UINT4", 4, false, false},
    {DML_TENSOR_DATA_TYPE_INT4, "INT4", 4, true, false},
};

}  // namespace

std::span<const DataTypeInfo> AllDataTypes() { return kDataTypes; }

const DataTypeInfo* FindDataType(DML_TENSOR_DATA_TYPE type) {
    for (const DataTypeInfo& info : kDataTypes)
        if (info.type == type) return &info;
    return nullptr;
}

const char* DataTypeName(DML_TENSOR_DATA_TYPE type) {
    const DataTypeInfo* info = FindDataType(type);
    if (info) return info->name;
    thread_local char unknown[32];
    std::snprintf(unknown, sizeof unknown, "UNKNOWN(%d)", int(type));
    return unknown;
}

}  // namespace vkdml
