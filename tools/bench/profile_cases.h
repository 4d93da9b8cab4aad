// vkdml-bench --profile: the selected cases' operators timed alone, without the baselines, numpy, overheads or
// targets, so that a profiler attached to the process (perf record, gdb) sees one kernel's code only. On lavapipe the
// kernels are JIT code without symbols; docs/performance-sessions.md (Session 65) shows how to read them.
#pragma once

#include "cases.h"
#include "operator_runner.h"
#include "vk_context.h"

#include <vkdml/vkdml.h>

#include <cstdint>
#include <vector>

namespace vkdml_bench {

// Runs each case at each size `warmup` + `repeat` times and prints a line per case and size: median [min-max] of
// the GPU time (the wall time where the device has no timestamps) and GB/s. Returns false if a case failed (its error
// printed in its line).
bool ProfileCases(VkContext& ctx, VkdmlDevice device, const std::vector<const CaseSpec*>& cases,
                  const std::vector<uint32_t>& sizesMiB, const WorkBuffers& buffers, int warmup, int repeat,
                  DML_EXECUTION_FLAGS compileFlags);

}  // namespace vkdml_bench
