// Decoding arbitrary bytes into a DML_OPERATOR_DESC tree, and running it through the public API with every check
// the fuzz target makes. Shared by tests/fuzz/operator_desc_fuzzer.cpp (libFuzzer) and tests/fuzz_replay_test.cpp
// (the normal suite replays the seed corpus and every crash ever found, through the same code).
//
// The encoding (tests/fuzz/make_seeds.py writes it; every byte string decodes to something, missing bytes read 0):
//   input      := level:u8 opType:num32 descKind:u8 fields...   (fields: per operator, in its struct's field order)
//                 level: 0 6_4, 1 3_0, 2 2_1, 3 1_0 (mod 4), bit 2: zero-volume tensors allowed · descKind: 1 desc pointer NULL, 2 desc->Desc NULL
//   num32      := b < 0xE0: b | 0xE0+k: kEdges32[k] (0xE0..0xEF) | 0xF0 u16 | 0xF1 u32 | 0xF2 s: 1<<(s%32)
//                 | 0xF3 s: UINT32_MAX-s | other: b
//   num64      := like num32, plus 0xF5 u64 and 0xF6 s: 1<<(s%64)
//   tensorRef  := 0: NULL | 1: a new tensor | r >= 2: the ((r-2) % n)-th tensor decoded so far (or a new one)
//   tensor     := bits:u8 [type:num32] dataType:num32 dimensionCount:num32 sizes:num32*n [strides:num32*n]
//                 [flags:num32] [total:num64] [delta:u8] [alignment:num32]
//                 bits: 1 Type is not BUFFER (type follows) · 2 Desc NULL · 4 strides present · 8 explicit total
//                 (else vkdmlCalcBufferTensorSize) · 16 Flags follow · 32 alignment follows · 64 Sizes NULL ·
//                 128 total += 4*delta
//   arrays     := count:num32 (nullFlag:u8 values:num32*count)* -- one count, then each array it sizes;
//                 at most kMaxArrayValues values are stored
//   tensorArray:= count:num32 nullFlag:u8 tensorRef*count        -- at most kMaxArrayTensors descs are stored
// Pointers are NULL or valid: an array holds the count its field claims up to the caps above; vkdml must refuse a
// larger count (DimensionCount > 8, more than 65536 parts) before reading it. Everything else is arbitrary: enum
// values, dimension counts up to 255 (and beyond), sizes and strides up to UINT32_MAX, 64-bit totals.
#pragma once

#include <vkdml/vkdml.h>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace vkdml_fuzz {

constexpr uint32_t kMaxArrayValues = 4096;
constexpr uint32_t kMaxArrayTensors = 65536;

// A decoded desc tree: owns every struct and array it points into.
struct DecodedOperator {
    DML_FEATURE_LEVEL level = DML_FEATURE_LEVEL_6_4;   // which of the fuzzer's devices runs it
    bool zeroVolume = false;                           // ... one with VKDML_CREATE_DEVICE_FLAG_ZERO_VOLUME_TENSORS
    DML_OPERATOR_DESC desc{};
    bool nullDesc = false;                             // pass NULL instead of &desc
    const DML_OPERATOR_DESC* DescPointer() const { return nullDesc ? nullptr : &desc; }
    // Binding order (DirectML's: the desc's tensor fields in order, arrays flattened); NULL = optional, unbound.
    std::vector<const DML_TENSOR_DESC*> inputs, outputs;
    bool bindingOrderKnown = false;                    // false for operator types without a struct in vkdml.h
    std::vector<std::shared_ptr<void>> storage;
};

DecodedOperator Decode(const uint8_t* data, size_t size);

struct RunLimits {
    uint64_t maxExecuteBytes = 16384;   // execute only when every bound tensor is at most this large
    uint64_t guardBytes = 256;          // canary bytes before and after every bound range
};

struct RunStats {
    uint64_t created = 0, compiled = 0, executed = 0, guardBytesChecked = 0;
};

// Creates (and when valid compiles, queries, binds and executes) the operator on `device`. Returns "" when vkdml
// behaved: every call returned a status (a crash never returns), a compiled operator binds and executes, guard
// regions and inputs are unchanged. Otherwise the reason, for the fuzzer to abort on.
std::string Run(VkdmlDevice device, const DecodedOperator& op, const RunLimits& limits, RunStats* stats);

}  // namespace vkdml_fuzz
