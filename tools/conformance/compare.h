// Comparing what the device produced with the expected ONNX output tensor.
#pragma once

#include "onnx_data.h"

#include <string>
#include <vector>

namespace conformance {

enum class CompareMode {
    kBitExact,     // data movement: every byte as expected (a NaN payload included)
    kValueExact,   // conversions: equal values, any NaN equals any NaN, +0 == -0
};

// "" when `got` matches `expected`; else the first mismatching element: flat index, coordinate, expected vs got.
std::string CompareTensor(const HostTensor& expected, const std::vector<uint8_t>& got, CompareMode mode);

// One element as text ("1.5 (0x3fc00000)", "-3", "true").
std::string FormatElement(int32_t onnxType, const uint8_t* element);

}  // namespace conformance
