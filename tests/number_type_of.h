// The CPU reference's number type of a DML tensor data type (the reference itself knows nothing of DML).
#pragma once

#include "cpu_reference.h"

#include <vkdml/vkdml.h>

namespace vkdml_test {

inline vkdml_ref::NumberType NumberTypeOf(DML_TENSOR_DATA_TYPE type) {
    using vkdml_ref::NumberType;
    switch (type) {
        case DML_TENSOR_DATA_TYPE_FLOAT16: return NumberType::Float16;
        case DML_TENSOR_DATA_TYPE_FLOAT32: return NumberType::Float32;
        case DML_TENSOR_DATA_TYPE_FLOAT64: return NumberType::Float64;
        case DML_TENSOR_DATA_TYPE_INT8: return NumberType::Int8;
        case DML_TENSOR_DATA_TYPE_INT16: return NumberType::Int16;
        case DML_TENSOR_DATA_TYPE_INT32: return NumberType::Int32;
        case DML_TENSOR_DATA_TYPE_INT64: return NumberType::Int64;
        case DML_TENSOR_DATA_TYPE_UINT8: return NumberType::UInt8;
        case DML_TENSOR_DATA_TYPE_UINT16: return NumberType::UInt16;
        case DML_TENSOR_DATA_TYPE_UINT32: return NumberType::UInt32;
        default: return NumberType::UInt64;
    }
}

}  // namespace vkdml_test
