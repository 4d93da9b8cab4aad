// vkdml-bench: per-dispatch overhead. (1) record + submit + wait of a 16-byte IDENTITY against a raw one-group
// dispatch of the compute copy kernel and an empty submission; (2) the CPU time of vkdmlRecordDispatch alone
// against replaying, with raw vkCmd* calls, exactly the commands it records (captured through the counting
// wrappers), over many recordings into a command buffer that is never submitted.
#pragma once

#include "cases.h"
#include "gpu_baselines.h"
#include "operator_runner.h"
#include "report.h"
#include "vk_context.h"

#include <vkdml/vkdml.h>

namespace vkdml_bench {

// `plain` is a VkdmlDevice over ctx's device loaded without the counting wrappers; `counting` one with them.
void MeasureDispatchOverhead(VkContext& ctx, ComputeCopyKernel& kernel, VkdmlDevice plain,
                             const WorkBuffers& buffers, int repeat, DispatchOverhead* out);
// For `op` (small: it is bound to the start of the work buffers).
void MeasureRecordOverhead(VkContext& ctx, ComputeCopyKernel& kernel, VkdmlDevice plain, VkdmlDevice counting,
                           const WorkBuffers& buffers, const BuiltCase& op, int batches, int recordingsPerBatch,
                           RecordOverhead* out);

}  // namespace vkdml_bench
