// vkdml-bench: the operator cases - DirectML descs built for a nominal size, where each tensor is bound, how many
// bytes the operator moves, which target applies, and the same operation for numpy. Every case writes `size`
// bytes of output (FLOAT32 unless its name says otherwise; reading as many, plus the indices of a gather), so its
// GB/s compares directly with the baselines copying `size` bytes.
#pragma once

#include "report.h"

#include <vkdml/vkdml.h>

#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace vkdml_bench {

// Where a binding lives: one of the bench's three work buffers, at an offset.
enum class WorkBuffer { Source, Destination, Indices };
struct Placement {
    WorkBuffer buffer = WorkBuffer::Source;
    uint64_t offset = 0;
    uint64_t size = 0;
};

struct BuiltCase {
    BuiltCase() = default;
    BuiltCase(const BuiltCase&) = delete;             // descs point into the case itself
    BuiltCase& operator=(const BuiltCase&) = delete;

    std::string name, family, layout;
    TargetClass targetClass = TargetClass::Other;
    bool numpyTarget = false, oneLaunchTarget = false;
    uint32_t parts = 0;
    uint64_t bytesRead = 0, bytesWritten = 0;
    std::vector<Placement> inputs, outputs;           // in binding order
    std::vector<uint32_t> indices;                    // UINT32 contents of the Indices buffer (gathers)
    std::string numpySpec;                            // JSON object for numpy_bench.py, "" = no numpy side

    DML_OPERATOR_DESC op{};

    // Storage the descs point into.
    struct Tensor {
        std::vector<UINT> sizes, strides;
        DML_BUFFER_TENSOR_DESC buffer{};
        DML_TENSOR_DESC desc{};
    };
    // A FLOAT32 tensor unless `type` says otherwise (UINT32 indices, FLOAT16/UINT8 cases); strides empty = packed.
    const DML_TENSOR_DESC* AddTensor(std::vector<UINT> sizes, std::vector<UINT> strides = {},
                                     DML_TENSOR_DATA_TYPE type = DML_TENSOR_DATA_TYPE_FLOAT32);
    uint64_t Bytes(const DML_TENSOR_DESC* t) const;
    std::deque<Tensor> tensors;

    // The operator's desc, kept by the case: op = {type, &desc}. The caller fills it in.
    template <class Desc>
    Desc& SetOp(DML_OPERATOR_TYPE type) {
        auto desc = std::make_shared<Desc>();
        kept.push_back(desc);
        op = {type, desc.get()};
        return *desc;
    }
    // An array a desc points into (window offsets, padding, repeats, the tensors of a SPLIT), kept by the case.
    template <class T>
    const T* Keep(std::vector<T> values) {
        auto v = std::make_shared<std::vector<T>>(std::move(values));
        kept.push_back(v);
        return v->data();
    }
    std::vector<std::shared_ptr<void>> kept;
};

struct CaseSpec {
    std::string name;
    // Builds the case for `sizeMiB` MiB of output.
    std::function<std::unique_ptr<BuiltCase>(uint32_t sizeMiB)> build;
};

// Every case, in report order.
const std::vector<CaseSpec>& Catalog();

// Small operators for the compile-time measurement: two pairs, each pair sharing one kernel.
struct CompilePair {
    std::string name;
    std::function<std::unique_ptr<BuiltCase>()> first, second;
};
const std::vector<CompilePair>& CompilePairs();

// The 16-byte IDENTITY used for the dispatch and record overhead, and a small SPLIT into 8 parts (32 KiB) for
// the record overhead of a multi-part operator.
std::unique_ptr<BuiltCase> TinyIdentity();
std::unique_ptr<BuiltCase> SmallSplit8();

}  // namespace vkdml_bench
