// vkdml-bench: operator create + compile time. Each repetition adopts the bench's VkDevice into a new VkdmlDevice
// (so vkdml's per-device pipelines start empty; the driver's own caches, e.g. Mesa's disk cache, are left as they
// are), then creates and compiles an operator (cold), and another operator that uses the same kernel (shared).
// The first dispatch of each (record + submit + wait) is timed too: a driver that compiles lazily pays there.
#pragma once

#include "cases.h"
#include "operator_runner.h"
#include "report.h"
#include "vk_context.h"

#include <vkdml/vkdml.h>

namespace vkdml_bench {

void MeasureCompile(VkContext& ctx, const VKDML_DEVICE_DESC& deviceDesc, const WorkBuffers& buffers,
                    const CompilePair& pair, int repeat, CompileResult* out);

}  // namespace vkdml_bench
