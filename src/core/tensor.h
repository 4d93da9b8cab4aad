// Tensor: an owned, normalized copy of a DML_BUFFER_TENSOR_DESC (strides filled in, rank known), and the generic
// checks every tensor desc passes before an operator looks at it.
#pragma once

#include "core/status.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>

namespace vkdml {

constexpr uint32_t kMaxRank = DML_TENSOR_DIMENSION_COUNT_MAX1;

struct Tensor {
    std::string name;                      // "InputTensor", "OutputTensors[2]": used in every message
    bool isOutput = false;
    bool present = true;                   // false: an optional tensor the desc leaves NULL (bound as NONE)
    DML_TENSOR_DATA_TYPE dataType = DML_TENSOR_DATA_TYPE_UNKNOWN;
    DML_TENSOR_FLAGS flags = DML_TENSOR_FLAG_NONE;
    uint32_t rank = 0;
    std::array<uint32_t, kMaxRank> sizes{};
    std::array<uint32_t, kMaxRank> strides{};   // in elements; packed row-major when the desc had none
    bool hasExplicitStrides = false;
    uint64_t totalBytes = 0;               // TotalTensorSizeInBytes
    uint32_t baseAlignment = 0;            // GuaranteedBaseOffsetAlignment
    uint32_t elementBytes = 0;

    uint64_t ElementCount() const;
    bool IsEmpty() const { return ElementCount() == 0; }   // zero-volume: a size is 0 (ZERO_VOLUME_TENSORS devices)
    bool SameLayout(const Tensor& other) const;   // same type, sizes and strides
    // What the desc promises about the binding offset: GuaranteedBaseOffsetAlignment, or
    // DML_MINIMUM_BUFFER_TENSOR_ALIGNMENT (16) where that is 0. A power of two; the binding table accepts multiples
    // of it or of 16, so every bound offset is a multiple of the smaller of the two.
    uint32_t GuaranteedBaseAlignment() const;
};

// Copies and checks one tensor desc. operatorName prefixes messages ("DML_OPERATOR_SLICE1: ...").
// Sizes of 0 are accepted here (a zero-volume tensor: no element, no layout checks, any size in bytes);
// callers that do not allow them refuse such a tensor with RejectZeroVolume.
Status ReadTensor(const char* operatorName, std::string tensorName, bool isOutput, const DML_TENSOR_DESC* desc,
                  Tensor* out);

// The error for a tensor with a zero size, naming the dimension (Ok when every size is at least 1).
Status RejectZeroVolume(const char* operatorName, const Tensor& t);

// DMLCalcBufferTensorSize: bytes from element 0 to the last element, rounded up to 4; 0 when a size is 0;
// nullopt on an unknown type or overflow.
std::optional<uint64_t> CalcBufferTensorSize(DML_TENSOR_DATA_TYPE dataType, uint32_t rank, const uint32_t* sizes,
                                             const uint32_t* strides);

// "{1, 2, 3}"
std::string FormatDims(const uint32_t* values, uint32_t count);

}  // namespace vkdml
