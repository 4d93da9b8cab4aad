// vkdml-bench: which Vulkan commands vkdml records. vkdml loads its device functions through the
// getInstanceProcAddr the application passes to vkdmlCreateDevice; the bench passes CountingGetInstanceProcAddr,
// whose vkGetDeviceProcAddr hands out thin wrappers for the vkCmd* that do work (dispatches, transfers, barriers,
// bindings). So the launch count of an operator is counted from what it really records, not inferred from its
// descriptor count. Only the device used for the operator cases goes through the wrappers; the record-overhead
// timing uses a device loaded without them.
#pragma once

#include <vulkan/vulkan.h>

#include <cstdint>
#include <string>
#include <vector>

namespace vkdml_bench {

enum class CommandKind : uint8_t {
    Dispatch, DispatchIndirect, DispatchBase, CopyBuffer, FillBuffer, UpdateBuffer, PipelineBarrier, BindPipeline,
    BindDescriptorSets, PushConstants, PushDescriptorSet, Other
};

struct RecordedCommand {
    CommandKind kind;
    uint32_t a = 0, b = 0, c = 0;   // dispatch: group counts; copy: region count; push: byte size; sets: set count
};

struct CommandCounts {
    uint32_t dispatches = 0;        // vkCmdDispatch / DispatchBase / DispatchIndirect
    uint32_t copyBuffers = 0;       // vkCmdCopyBuffer
    uint32_t copyRegions = 0;
    uint32_t fills = 0;             // vkCmdFillBuffer / vkCmdUpdateBuffer
    uint32_t barriers = 0;
    uint32_t total = 0;             // every recorded command, bindings included
    // Work launches: kernel dispatches plus transfer commands (one transfer command with N regions counts 1).
    uint32_t Launches() const { return dispatches + copyBuffers + fills; }
};

// Start a fresh capture; Captured() returns the commands recorded since, in order.
void BeginCapture();
const std::vector<RecordedCommand>& Captured();
CommandCounts Count(const std::vector<RecordedCommand>& commands);
// "bind pipeline, bind sets, push 12 B, dispatch" (runs of the same command are written "4x dispatch").
std::string Describe(const std::vector<RecordedCommand>& commands);

// Pass as VKDML_DEVICE_DESC::getInstanceProcAddr. Forwards to the loader's vkGetInstanceProcAddr.
VKAPI_ATTR PFN_vkVoidFunction VKAPI_CALL CountingGetInstanceProcAddr(VkInstance instance, const char* name);

}  // namespace vkdml_bench
