// vkdml-bench: what the case builders share (cases.cpp: the data movement of issue 6's list; operator_cases.cpp:
// the operators that landed after it). n, where a builder takes it, is the number of FLOAT32 elements of the
// nominal output size.
#pragma once

#include "cases.h"

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace vkdml_bench {

using Factors = std::vector<UINT>;

// n as k factors, as equal as divisibility allows, smallest first (16 MiB = 4 Mi floats -> 32 x 32 x 64 x 64).
Factors Factor(uint64_t n, int k);

// "[2,32,512,512]": in layout descriptions and, being valid JSON, in numpy specs.
std::string Dims(const std::vector<UINT>& d);

// 0..n-1 in a fixed pseudo-random order.
std::vector<uint32_t> Permutation(uint32_t n, uint32_t seed);

std::unique_ptr<BuiltCase> Start(const std::string& name, TargetClass targetClass);

// Binds one input in the Source buffer and one output in the Destination buffer, both at offset 0.
void OneToOne(BuiltCase* c, const DML_TENSOR_DESC* in, const DML_TENSOR_DESC* out);

// An element type of the cases: its suffix in case names, in DirectML and in numpy.
struct ElementType {
    const char* suffix;
    DML_TENSOR_DATA_TYPE type;
    UINT bytes;
    const char* name;
    const char* numpy;
};
constexpr ElementType kFloat32{"", DML_TENSOR_DATA_TYPE_FLOAT32, 4, "FLOAT32", "float32"};
constexpr ElementType kFloat16{"_f16", DML_TENSOR_DATA_TYPE_FLOAT16, 2, "FLOAT16", "float16"};
constexpr ElementType kUint8{"_u8", DML_TENSOR_DATA_TYPE_UINT8, 1, "UINT8", "uint8"};
constexpr ElementType kInt64{"_i64", DML_TENSOR_DATA_TYPE_INT64, 8, "INT64", "int64"};

// " FLOAT16" and the like in a layout description; nothing for FLOAT32, the type of every other case.
std::string TypeNote(const ElementType& t);

// The cases of the operators beyond issue 6's list, in report order (operator_cases.cpp).
std::vector<CaseSpec> OperatorCases();

// GATHER_ND1 of rows (operator_cases.cpp; also a compile-time pair with GATHER of rows).
std::unique_ptr<BuiltCase> GatherNdRows(uint64_t n);

// FLOAT32 elements in `sizeMiB` MiB.
inline uint64_t Elements(uint32_t sizeMiB) { return uint64_t(sizeMiB) << 18; }

// A catalog entry whose builder takes n, the FLOAT32 elements of the size the bench asks for.
CaseSpec SizedCase(const std::string& name, std::function<std::unique_ptr<BuiltCase>(uint64_t)> build);

}  // namespace vkdml_bench
