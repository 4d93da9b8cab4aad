// vkdml-bench: running one case through vkdml's public API on the bench's device - create, compile, initialize,
// bind into the work buffers, record once with vkdmlRecordDispatch between timestamps, submit repeatedly.
#pragma once

#include "cases.h"
#include "gpu_baselines.h"
#include "numpy_runner.h"
#include "report.h"
#include "vk_context.h"

#include <vkdml/vkdml.h>

#include <string>

namespace vkdml_bench {

struct WorkBuffers {
    Buffer source, destination, indices;
    const Buffer& Get(WorkBuffer which) const {
        return which == WorkBuffer::Source ? source : which == WorkBuffer::Destination ? destination : indices;
    }
};

// A compiled, initialized and bound operator; released by the destructor.
class BoundOperator {
public:
    BoundOperator() = default;
    BoundOperator(const BoundOperator&) = delete;
    BoundOperator& operator=(const BoundOperator&) = delete;
    ~BoundOperator();

    // Each step separately, so that compile_time.cpp can time them; Prepare does all of them.
    bool Create(VkdmlDevice device, const BuiltCase& c, std::string* error);
    bool Compile(std::string* error);
    bool Initialize(VkContext& ctx, std::string* error);   // records the initializer once and runs it
    bool Bind(const BuiltCase& c, const WorkBuffers& buffers, std::string* error);
    bool Prepare(VkContext& ctx, VkdmlDevice device, const BuiltCase& c, const WorkBuffers& buffers,
                 std::string* error);
    bool Record(VkCommandBuffer cb, std::string* error);

    DML_EXECUTION_FLAGS compileFlags = DML_EXECUTION_FLAG_NONE;   // for Compile
    VkdmlDevice device = nullptr;
    VkdmlOperator op = nullptr;
    VkdmlCompiledOperator compiled = nullptr;
    VkdmlBindingTable table = nullptr;
    VkdmlCommandRecorder recorder = nullptr;
    VkBuffer temporary = VK_NULL_HANDLE;   // the temporary resource, where the operator needs one (vkdmlCreateBuffer)
};

// "VKDML_ERROR_UNSUPPORTED: <message>" for the last failed vkdml call.
std::string VkdmlError(const char* call, VKDML_STATUS status);

// Measures a case on `device` (which must count commands, see command_counter.h), its repetitions interleaved
// with those of vkCmdCopyBuffer and the compute copy of `baselineBytes` (the case's output size), and of the
// u64vec2 compute copy and its texel-loads build where `kernel64` and `kernelTexel` are given, and of numpy doing
// the same on the CPU where `numpy` is given (running) and the case has a numpy spec. Up to `repeat` rounds; with
// budgetSeconds > 0 fewer (at least minRepeat) once the rounds' device work has taken that long (numpy's turns
// do not count against the budget).
void RunCase(VkContext& ctx, VkdmlDevice device, ComputeCopyKernel& kernel, ComputeCopyKernel* kernel64,
             ComputeCopyKernel* kernelTexel, NumpySession* numpy, const BuiltCase& c, const WorkBuffers& buffers,
             uint64_t baselineBytes, int warmup, int repeat, double budgetSeconds, int minRepeat,
             DML_EXECUTION_FLAGS compileFlags, CaseResult* out);

}  // namespace vkdml_bench
