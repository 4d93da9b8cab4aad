// vkdml-bench: counting wrappers for the vkCmd* functions vkdml records (see command_counter.h). The bench is
// single-threaded while it records, and every wrapped device is the one VkDevice the bench created, so one global
// pointer per function is enough.
#include "command_counter.h"

#include <cstring>

namespace vkdml_bench {
namespace {

std::vector<RecordedCommand> gCaptured;

PFN_vkGetDeviceProcAddr gRealGetDeviceProcAddr = nullptr;
PFN_vkCmdDispatch gDispatch = nullptr;
PFN_vkCmdDispatchIndirect gDispatchIndirect = nullptr;
PFN_vkCmdDispatchBase gDispatchBase = nullptr;
PFN_vkCmdCopyBuffer gCopyBuffer = nullptr;
PFN_vkCmdFillBuffer gFillBuffer = nullptr;
PFN_vkCmdUpdateBuffer gUpdateBuffer = nullptr;
PFN_vkCmdPipelineBarrier gPipelineBarrier = nullptr;
PFN_vkCmdBindPipeline gBindPipeline = nullptr;
PFN_vkCmdBindDescriptorSets gBindDescriptorSets = nullptr;
PFN_vkCmdPushConstants gPushConstants = nullptr;
PFN_vkCmdPushDescriptorSetKHR gPushDescriptorSet = nullptr;

void Note(CommandKind kind, uint32_t a = 0, uint32_t b = 0, uint32_t c = 0) { gCaptured.push_back({kind, a, b, c}); }

VKAPI_ATTR void VKAPI_CALL Dispatch(VkCommandBuffer cb, uint32_t x, uint32_t y, uint32_t z) {
    Note(CommandKind::Dispatch, x, y, z);
    gDispatch(cb, x, y, z);
}
VKAPI_ATTR void VKAPI_CALL DispatchIndirect(VkCommandBuffer cb, VkBuffer buffer, VkDeviceSize offset) {
    Note(CommandKind::DispatchIndirect);
    gDispatchIndirect(cb, buffer, offset);
}
VKAPI_ATTR void VKAPI_CALL DispatchBase(VkCommandBuffer cb, uint32_t bx, uint32_t by, uint32_t bz, uint32_t x,
                                        uint32_t y, uint32_t z) {
    Note(CommandKind::DispatchBase, x, y, z);
    gDispatchBase(cb, bx, by, bz, x, y, z);
}
VKAPI_ATTR void VKAPI_CALL CopyBuffer(VkCommandBuffer cb, VkBuffer src, VkBuffer dst, uint32_t count,
                                      const VkBufferCopy* regions) {
    Note(CommandKind::CopyBuffer, count);
    gCopyBuffer(cb, src, dst, count, regions);
}
VKAPI_ATTR void VKAPI_CALL FillBuffer(VkCommandBuffer cb, VkBuffer dst, VkDeviceSize offset, VkDeviceSize size,
                                      uint32_t data) {
    Note(CommandKind::FillBuffer);
    gFillBuffer(cb, dst, offset, size, data);
}
VKAPI_ATTR void VKAPI_CALL UpdateBuffer(VkCommandBuffer cb, VkBuffer dst, VkDeviceSize offset, VkDeviceSize size,
                                        const void* data) {
    Note(CommandKind::UpdateBuffer, uint32_t(size));
    gUpdateBuffer(cb, dst, offset, size, data);
}
VKAPI_ATTR void VKAPI_CALL PipelineBarrier(VkCommandBuffer cb, VkPipelineStageFlags src, VkPipelineStageFlags dst,
                                           VkDependencyFlags flags, uint32_t memoryCount,
                                           const VkMemoryBarrier* memory, uint32_t bufferCount,
                                           const VkBufferMemoryBarrier* buffers, uint32_t imageCount,
                                           const VkImageMemoryBarrier* images) {
    Note(CommandKind::PipelineBarrier, memoryCount, bufferCount);
    gPipelineBarrier(cb, src, dst, flags, memoryCount, memory, bufferCount, buffers, imageCount, images);
}
VKAPI_ATTR void VKAPI_CALL BindPipeline(VkCommandBuffer cb, VkPipelineBindPoint point, VkPipeline pipeline) {
    Note(CommandKind::BindPipeline);
    gBindPipeline(cb, point, pipeline);
}
VKAPI_ATTR void VKAPI_CALL BindDescriptorSets(VkCommandBuffer cb, VkPipelineBindPoint point, VkPipelineLayout layout,
                                              uint32_t first, uint32_t count, const VkDescriptorSet* sets,
                                              uint32_t dynamicCount, const uint32_t* dynamicOffsets) {
    Note(CommandKind::BindDescriptorSets, count, dynamicCount);
    gBindDescriptorSets(cb, point, layout, first, count, sets, dynamicCount, dynamicOffsets);
}
VKAPI_ATTR void VKAPI_CALL PushConstants(VkCommandBuffer cb, VkPipelineLayout layout, VkShaderStageFlags stages,
                                         uint32_t offset, uint32_t size, const void* values) {
    Note(CommandKind::PushConstants, size, offset);
    gPushConstants(cb, layout, stages, offset, size, values);
}
VKAPI_ATTR void VKAPI_CALL PushDescriptorSet(VkCommandBuffer cb, VkPipelineBindPoint point, VkPipelineLayout layout,
                                             uint32_t set, uint32_t count, const VkWriteDescriptorSet* writes) {
    Note(CommandKind::PushDescriptorSet, count);
    gPushDescriptorSet(cb, point, layout, set, count, writes);
}

// Returns the wrapper for `name` after storing the real function in *real, or null when `name` is not wrapped.
template <typename Pfn>
PFN_vkVoidFunction Wrap(VkDevice device, const char* name, Pfn* real, Pfn wrapper) {
    *real = reinterpret_cast<Pfn>(gRealGetDeviceProcAddr(device, name));
    return *real ? reinterpret_cast<PFN_vkVoidFunction>(wrapper) : nullptr;
}

VKAPI_ATTR PFN_vkVoidFunction VKAPI_CALL CountingGetDeviceProcAddr(VkDevice device, const char* name) {
    if (!std::strcmp(name, "vkCmdDispatch")) return Wrap(device, name, &gDispatch, &Dispatch);
    if (!std::strcmp(name, "vkCmdDispatchIndirect")) return Wrap(device, name, &gDispatchIndirect, &DispatchIndirect);
    if (!std::strcmp(name, "vkCmdDispatchBase") || !std::strcmp(name, "vkCmdDispatchBaseKHR"))
        return Wrap(device, name, &gDispatchBase, &DispatchBase);
    if (!std::strcmp(name, "vkCmdCopyBuffer")) return Wrap(device, name, &gCopyBuffer, &CopyBuffer);
    if (!std::strcmp(name, "vkCmdFillBuffer")) return Wrap(device, name, &gFillBuffer, &FillBuffer);
    if (!std::strcmp(name, "vkCmdUpdateBuffer")) return Wrap(device, name, &gUpdateBuffer, &UpdateBuffer);
    if (!std::strcmp(name, "vkCmdPipelineBarrier")) return Wrap(device, name, &gPipelineBarrier, &PipelineBarrier);
    if (!std::strcmp(name, "vkCmdBindPipeline")) return Wrap(device, name, &gBindPipeline, &BindPipeline);
    if (!std::strcmp(name, "vkCmdBindDescriptorSets"))
        return Wrap(device, name, &gBindDescriptorSets, &BindDescriptorSets);
    if (!std::strcmp(name, "vkCmdPushConstants")) return Wrap(device, name, &gPushConstants, &PushConstants);
    if (!std::strcmp(name, "vkCmdPushDescriptorSetKHR"))
        return Wrap(device, name, &gPushDescriptorSet, &PushDescriptorSet);
    return gRealGetDeviceProcAddr(device, name);
}

const char* KindName(CommandKind kind) {
    switch (kind) {
        case CommandKind::Dispatch: return "dispatch";
        case CommandKind::DispatchIndirect: return "dispatch indirect";
        case CommandKind::DispatchBase: return "dispatch base";
        case CommandKind::CopyBuffer: return "copy buffer";
        case CommandKind::FillBuffer: return "fill buffer";
        case CommandKind::UpdateBuffer: return "update buffer";
        case CommandKind::PipelineBarrier: return "barrier";
        case CommandKind::BindPipeline: return "bind pipeline";
        case CommandKind::BindDescriptorSets: return "bind sets";
        case CommandKind::PushConstants: return "push constants";
        case CommandKind::PushDescriptorSet: return "push descriptors";
        case CommandKind::Other: break;
    }
    return "other";
}

}  // namespace

void BeginCapture() { gCaptured.clear(); }
const std::vector<RecordedCommand>& Captured() { return gCaptured; }

CommandCounts Count(const std::vector<RecordedCommand>& commands) {
    CommandCounts c;
    for (const RecordedCommand& r : commands) {
        ++c.total;
        switch (r.kind) {
            case CommandKind::Dispatch:
            case CommandKind::DispatchIndirect:
            case CommandKind::DispatchBase: ++c.dispatches; break;
            case CommandKind::CopyBuffer: ++c.copyBuffers; c.copyRegions += r.a; break;
            case CommandKind::FillBuffer:
            case CommandKind::UpdateBuffer: ++c.fills; break;
            case CommandKind::PipelineBarrier: ++c.barriers; break;
            default: break;
        }
    }
    return c;
}

std::string Describe(const std::vector<RecordedCommand>& commands) {
    // A sequence that repeats one period (one launch per part) is written "8x (period)".
    const size_t n = commands.size();
    for (size_t p = 1; p <= n / 2; ++p) {
        if (n % p) continue;
        bool periodic = true;
        for (size_t i = p; i < n && periodic; ++i)
            periodic = commands[i].kind == commands[i % p].kind && commands[i].a == commands[i % p].a;
        if (periodic)
            return std::to_string(n / p) + "x (" +
                   Describe(std::vector<RecordedCommand>(commands.begin(), commands.begin() + p)) + ")";
    }
    std::string text;
    for (size_t i = 0; i < commands.size();) {
        size_t j = i;
        const bool sizeMatters =
            commands[i].kind == CommandKind::PushConstants || commands[i].kind == CommandKind::CopyBuffer;
        while (j < commands.size() && commands[j].kind == commands[i].kind &&
               (!sizeMatters || commands[j].a == commands[i].a))
            ++j;
        std::string item = KindName(commands[i].kind);
        if (commands[i].kind == CommandKind::PushConstants) item += " " + std::to_string(commands[i].a) + " B";
        if (commands[i].kind == CommandKind::CopyBuffer) item += " (" + std::to_string(commands[i].a) + " regions)";
        if (j - i > 1) item = std::to_string(j - i) + "x " + item;
        text += (text.empty() ? "" : ", ") + item;
        i = j;
    }
    return text;
}

VKAPI_ATTR PFN_vkVoidFunction VKAPI_CALL CountingGetInstanceProcAddr(VkInstance instance, const char* name) {
    if (!std::strcmp(name, "vkGetDeviceProcAddr")) {
        gRealGetDeviceProcAddr =
            reinterpret_cast<PFN_vkGetDeviceProcAddr>(vkGetInstanceProcAddr(instance, "vkGetDeviceProcAddr"));
        return reinterpret_cast<PFN_vkVoidFunction>(&CountingGetDeviceProcAddr);
    }
    return vkGetInstanceProcAddr(instance, name);
}

}  // namespace vkdml_bench
