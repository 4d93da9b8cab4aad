// vkdml-bench: device bring-up, buffers and timed submissions.
#include "vk_context.h"

#include "stats.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <vector>

namespace vkdml_bench {
namespace {

#define BENCH_VK(call, what)                                                   \
    do {                                                                       \
        VkResult result_ = (call);                                             \
        if (result_ != VK_SUCCESS) {                                           \
            *error = std::string(what) + " failed: " + VkResultName(result_);  \
            return false;                                                      \
        }                                                                      \
    } while (0)

// As vkdml's embedded default: lower is better.
int TypeRank(VkPhysicalDeviceType type) {
    switch (type) {
        case VK_PHYSICAL_DEVICE_TYPE_DISCRETE_GPU: return 0;
        case VK_PHYSICAL_DEVICE_TYPE_INTEGRATED_GPU: return 1;
        case VK_PHYSICAL_DEVICE_TYPE_VIRTUAL_GPU: return 2;
        case VK_PHYSICAL_DEVICE_TYPE_CPU: return 4;
        default: return 3;
    }
}

const char* TypeName(VkPhysicalDeviceType type) {
    switch (type) {
        case VK_PHYSICAL_DEVICE_TYPE_DISCRETE_GPU: return "discrete GPU";
        case VK_PHYSICAL_DEVICE_TYPE_INTEGRATED_GPU: return "integrated GPU";
        case VK_PHYSICAL_DEVICE_TYPE_VIRTUAL_GPU: return "virtual GPU";
        case VK_PHYSICAL_DEVICE_TYPE_CPU: return "CPU";
        default: return "other";
    }
}

std::string Lower(std::string text) {
    for (char& c : text) c = char(std::tolower(static_cast<unsigned char>(c)));
    return text;
}

}  // namespace

std::string VkResultName(VkResult result) {
    switch (result) {
        case VK_SUCCESS: return "VK_SUCCESS";
        case VK_NOT_READY: return "VK_NOT_READY";
        case VK_TIMEOUT: return "VK_TIMEOUT";
        case VK_ERROR_OUT_OF_HOST_MEMORY: return "VK_ERROR_OUT_OF_HOST_MEMORY";
        case VK_ERROR_OUT_OF_DEVICE_MEMORY: return "VK_ERROR_OUT_OF_DEVICE_MEMORY";
        case VK_ERROR_INITIALIZATION_FAILED: return "VK_ERROR_INITIALIZATION_FAILED";
        case VK_ERROR_DEVICE_LOST: return "VK_ERROR_DEVICE_LOST";
        case VK_ERROR_LAYER_NOT_PRESENT: return "VK_ERROR_LAYER_NOT_PRESENT";
        case VK_ERROR_EXTENSION_NOT_PRESENT: return "VK_ERROR_EXTENSION_NOT_PRESENT";
        case VK_ERROR_INCOMPATIBLE_DRIVER: return "VK_ERROR_INCOMPATIBLE_DRIVER";
        default: return "VkResult " + std::to_string(int(result));
    }
}

VkContext::~VkContext() {
    if (device) {
        vkDeviceWaitIdle(device);
        if (queries_) vkDestroyQueryPool(device, queries_, nullptr);
        if (fence_) vkDestroyFence(device, fence_, nullptr);
        if (pool_) vkDestroyCommandPool(device, pool_, nullptr);
        vkDestroyDevice(device, nullptr);
    }
    if (instance) vkDestroyInstance(instance, nullptr);
}

bool VkContext::Create(std::optional<uint32_t> deviceIndex, bool int64, DeviceReport* report, std::string* error) {
    VkApplicationInfo app{VK_STRUCTURE_TYPE_APPLICATION_INFO};
    app.pApplicationName = "vkdml-bench";
    app.apiVersion = VK_API_VERSION_1_1;
    VkInstanceCreateInfo info{VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO};
    info.pApplicationInfo = &app;
    BENCH_VK(vkCreateInstance(&info, nullptr, &instance), "vkCreateInstance (is a Vulkan driver installed?)");

    uint32_t count = 0;
    BENCH_VK(vkEnumeratePhysicalDevices(instance, &count, nullptr), "vkEnumeratePhysicalDevices");
    std::vector<VkPhysicalDevice> devices(count);
    BENCH_VK(vkEnumeratePhysicalDevices(instance, &count, devices.data()), "vkEnumeratePhysicalDevices");
    if (devices.empty()) {
        *error = "no Vulkan physical device";
        return false;
    }
    std::vector<VkPhysicalDeviceProperties> props(count);
    for (uint32_t i = 0; i < count; ++i) vkGetPhysicalDeviceProperties(devices[i], &props[i]);

    uint32_t chosen = 0;
    report->chosenBy = "ranking (discrete, integrated, virtual, other, CPU)";
    const char* env = std::getenv("VKDML_DEVICE");
    if (deviceIndex) {
        if (*deviceIndex >= count) {
            *error = "--device " + std::to_string(*deviceIndex) + ": there are " + std::to_string(count) +
                     " Vulkan devices (0.." + std::to_string(count - 1) + ")";
            return false;
        }
        chosen = *deviceIndex;
        report->chosenBy = "--device";
    } else if (env && *env) {
        char* end = nullptr;
        long index = std::strtol(env, &end, 10);
        report->chosenBy = std::string("VKDML_DEVICE=") + env;
        if (*end == '\0') {
            if (index < 0 || index >= long(count)) {
                *error = std::string("VKDML_DEVICE=") + env + " but there are " + std::to_string(count) +
                         " Vulkan devices";
                return false;
            }
            chosen = uint32_t(index);
        } else {
            chosen = count;
            for (uint32_t i = 0; i < count && chosen == count; ++i)
                if (Lower(props[i].deviceName).find(Lower(env)) != std::string::npos) chosen = i;
            if (chosen == count) {
                *error = std::string("VKDML_DEVICE=") + env + " matches no Vulkan device name";
                return false;
            }
        }
    } else {
        for (uint32_t i = 1; i < count; ++i)
            if (TypeRank(props[i].deviceType) < TypeRank(props[chosen].deviceType)) chosen = i;
    }
    physical = devices[chosen];
    properties = props[chosen];
    if (VK_API_VERSION_MAJOR(properties.apiVersion) == 1 && VK_API_VERSION_MINOR(properties.apiVersion) < 1) {
        *error = std::string(properties.deviceName) + " supports only Vulkan 1.0; vkdml needs 1.1";
        return false;
    }
    vkGetPhysicalDeviceMemoryProperties(physical, &memory_);

    uint32_t familyCount = 0;
    vkGetPhysicalDeviceQueueFamilyProperties(physical, &familyCount, nullptr);
    std::vector<VkQueueFamilyProperties> families(familyCount);
    vkGetPhysicalDeviceQueueFamilyProperties(physical, &familyCount, families.data());
    // A compute family; prefer one with timestamps.
    family = familyCount;
    for (uint32_t f = 0; f < familyCount; ++f) {
        if (!(families[f].queueFlags & VK_QUEUE_COMPUTE_BIT)) continue;
        if (family == familyCount || (families[family].timestampValidBits == 0 && families[f].timestampValidBits > 0))
            family = f;
    }
    if (family == familyCount) {
        *error = std::string(properties.deviceName) + " has no compute queue family";
        return false;
    }
    float priority = 1;
    VkDeviceQueueCreateInfo q{VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO};
    q.queueFamilyIndex = family;
    q.queueCount = 1;
    q.pQueuePriorities = &priority;
    VkPhysicalDeviceFeatures supported{};
    vkGetPhysicalDeviceFeatures(physical, &supported);
    enabledFeatures.shaderInt64 = int64 ? supported.shaderInt64 : VK_FALSE;
    VkDeviceCreateInfo d{VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO};
    d.queueCreateInfoCount = 1;
    d.pQueueCreateInfos = &q;
    d.pEnabledFeatures = &enabledFeatures;
    BENCH_VK(vkCreateDevice(physical, &d, nullptr, &device), "vkCreateDevice");
    vkGetDeviceQueue(device, family, 0, &queue);

#define BENCH_LOAD(member, name) fn.member = reinterpret_cast<PFN_##name>(vkGetDeviceProcAddr(device, #name))
    BENCH_LOAD(cmdBindPipeline, vkCmdBindPipeline);
    BENCH_LOAD(cmdBindDescriptorSets, vkCmdBindDescriptorSets);
    BENCH_LOAD(cmdPushConstants, vkCmdPushConstants);
    BENCH_LOAD(cmdDispatch, vkCmdDispatch);
    BENCH_LOAD(cmdCopyBuffer, vkCmdCopyBuffer);
    BENCH_LOAD(cmdFillBuffer, vkCmdFillBuffer);
    BENCH_LOAD(cmdUpdateBuffer, vkCmdUpdateBuffer);
    BENCH_LOAD(cmdPipelineBarrier, vkCmdPipelineBarrier);
    BENCH_LOAD(cmdWriteTimestamp, vkCmdWriteTimestamp);
    BENCH_LOAD(cmdResetQueryPool, vkCmdResetQueryPool);
#undef BENCH_LOAD

    VkCommandPoolCreateInfo poolInfo{VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO};
    poolInfo.flags = VK_COMMAND_POOL_CREATE_RESET_COMMAND_BUFFER_BIT;
    poolInfo.queueFamilyIndex = family;
    BENCH_VK(vkCreateCommandPool(device, &poolInfo, nullptr, &pool_), "vkCreateCommandPool");
    VkCommandBufferAllocateInfo alloc{VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO};
    alloc.commandPool = pool_;
    alloc.commandBufferCount = 1;
    BENCH_VK(vkAllocateCommandBuffers(device, &alloc, &cb_), "vkAllocateCommandBuffers");
    VkFenceCreateInfo fenceInfo{VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
    BENCH_VK(vkCreateFence(device, &fenceInfo, nullptr, &fence_), "vkCreateFence");

    // Timestamps need valid bits on the queue family and a non-zero period.
    const uint32_t validBits = families[family].timestampValidBits;
    timestampPeriodNs_ = properties.limits.timestampPeriod;
    timestamps_ = validBits > 0 && timestampPeriodNs_ > 0;
    timestampMask_ = validBits >= 64 ? ~uint64_t(0) : (uint64_t(1) << validBits) - 1;
    if (timestamps_) {
        VkQueryPoolCreateInfo qp{VK_STRUCTURE_TYPE_QUERY_POOL_CREATE_INFO};
        qp.queryType = VK_QUERY_TYPE_TIMESTAMP;
        qp.queryCount = 2;
        if (vkCreateQueryPool(device, &qp, nullptr, &queries_) != VK_SUCCESS) timestamps_ = false;
    }

    report->index = chosen;
    report->deviceCount = count;
    report->name = properties.deviceName;
    report->type = TypeName(properties.deviceType);
    report->apiVersion = std::to_string(VK_API_VERSION_MAJOR(properties.apiVersion)) + "." +
                         std::to_string(VK_API_VERSION_MINOR(properties.apiVersion)) + "." +
                         std::to_string(VK_API_VERSION_PATCH(properties.apiVersion));
    if (VK_API_VERSION_MINOR(properties.apiVersion) >= 2) {
        VkPhysicalDeviceDriverProperties driver{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_DRIVER_PROPERTIES};
        VkPhysicalDeviceProperties2 p2{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2};
        p2.pNext = &driver;
        vkGetPhysicalDeviceProperties2(physical, &p2);
        report->driver = driver.driverName;
        if (driver.driverInfo[0]) report->driver += std::string(", ") + driver.driverInfo;
    }
    report->timestamps = timestamps_;
    report->timestampValidBits = validBits;
    report->timestampPeriodNs = timestampPeriodNs_;
    report->maxStorageBufferRange = properties.limits.maxStorageBufferRange;
    return true;
}

bool VkContext::MemoryType(uint32_t bits, VkMemoryPropertyFlags want, uint32_t* type) const {
    for (uint32_t i = 0; i < memory_.memoryTypeCount; ++i)
        if (((bits >> i) & 1) && (memory_.memoryTypes[i].propertyFlags & want) == want) {
            *type = i;
            return true;
        }
    return false;
}

bool VkContext::CreateRawBuffer(VkDeviceSize size, VkBufferUsageFlags usage, VkMemoryPropertyFlags want, bool map,
                                Buffer* out, std::string* error) {
    VkBufferCreateInfo b{VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO};
    b.size = size;
    b.usage = usage;
    BENCH_VK(vkCreateBuffer(device, &b, nullptr, &out->buffer), "vkCreateBuffer");
    VkMemoryRequirements r;
    vkGetBufferMemoryRequirements(device, out->buffer, &r);
    uint32_t type = 0;
    if (!MemoryType(r.memoryTypeBits, want, &type) && !MemoryType(r.memoryTypeBits, 0, &type)) {
        *error = "no memory type for a buffer";
        return false;
    }
    if (map && !(memory_.memoryTypes[type].propertyFlags & VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT)) {
        *error = "no host-visible memory type for a staging buffer";
        return false;
    }
    VkMemoryAllocateInfo a{VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO};
    a.allocationSize = r.size;
    a.memoryTypeIndex = type;
    BENCH_VK(vkAllocateMemory(device, &a, nullptr, &out->memory), "vkAllocateMemory");
    BENCH_VK(vkBindBufferMemory(device, out->buffer, out->memory, 0), "vkBindBufferMemory");
    out->size = size;
    if (map) BENCH_VK(vkMapMemory(device, out->memory, 0, VK_WHOLE_SIZE, 0, &out->mapped), "vkMapMemory");
    return true;
}

bool VkContext::CreateBuffer(VkDeviceSize size, Buffer* out, std::string* error) {
    return CreateRawBuffer(size,
                           VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_TRANSFER_SRC_BIT |
                               VK_BUFFER_USAGE_TRANSFER_DST_BIT | VK_BUFFER_USAGE_UNIFORM_TEXEL_BUFFER_BIT,
                           VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT, false, out, error);
}

void VkContext::DestroyBuffer(Buffer* buffer) {
    if (buffer->buffer) vkDestroyBuffer(device, buffer->buffer, nullptr);
    if (buffer->memory) vkFreeMemory(device, buffer->memory, nullptr);
    *buffer = Buffer{};
}

bool VkContext::Fill(const Buffer& buffer, uint32_t value, std::string* error) {
    return RunOnce(
        [&](VkCommandBuffer cb, std::string*) {
            fn.cmdFillBuffer(cb, buffer.buffer, 0, VK_WHOLE_SIZE, value);
            return true;
        },
        error);
}

bool VkContext::Upload(const Buffer& buffer, VkDeviceSize offset, const void* data, VkDeviceSize size,
                       std::string* error) {
    Buffer staging;
    if (!CreateRawBuffer(size, VK_BUFFER_USAGE_TRANSFER_SRC_BIT,
                         VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT, true, &staging,
                         error)) {
        DestroyBuffer(&staging);
        return false;
    }
    std::memcpy(staging.mapped, data, size);
    bool ok = RunOnce(
        [&](VkCommandBuffer cb, std::string*) {
            VkBufferCopy region{0, offset, size};
            fn.cmdCopyBuffer(cb, staging.buffer, buffer.buffer, 1, &region);
            return true;
        },
        error);
    DestroyBuffer(&staging);
    return ok;
}

bool VkContext::SubmitAndWait(VkCommandBuffer cb, std::string* error) {
    VkSubmitInfo submit{VK_STRUCTURE_TYPE_SUBMIT_INFO};
    submit.commandBufferCount = 1;
    submit.pCommandBuffers = &cb;
    BENCH_VK(vkQueueSubmit(queue, 1, &submit, fence_), "vkQueueSubmit");
    BENCH_VK(vkWaitForFences(device, 1, &fence_, VK_TRUE, UINT64_MAX), "vkWaitForFences");
    BENCH_VK(vkResetFences(device, 1, &fence_), "vkResetFences");
    return true;
}

bool VkContext::RunOnce(const RecordFn& record, std::string* error) {
    BENCH_VK(vkResetCommandBuffer(cb_, 0), "vkResetCommandBuffer");
    VkCommandBufferBeginInfo begin{VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    begin.flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT;
    BENCH_VK(vkBeginCommandBuffer(cb_, &begin), "vkBeginCommandBuffer");
    if (!record(cb_, error)) {
        vkEndCommandBuffer(cb_);
        return false;
    }
    // Whatever ran is visible to the host and to later commands.
    VkMemoryBarrier barrier{VK_STRUCTURE_TYPE_MEMORY_BARRIER};
    barrier.srcAccessMask = VK_ACCESS_SHADER_WRITE_BIT | VK_ACCESS_TRANSFER_WRITE_BIT;
    barrier.dstAccessMask = VK_ACCESS_HOST_READ_BIT;
    fn.cmdPipelineBarrier(cb_, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT | VK_PIPELINE_STAGE_TRANSFER_BIT,
                          VK_PIPELINE_STAGE_HOST_BIT, 0, 1, &barrier, 0, nullptr, 0, nullptr);
    BENCH_VK(vkEndCommandBuffer(cb_), "vkEndCommandBuffer");
    return SubmitAndWait(cb_, error);
}

void VkContext::BeginTimed(VkCommandBuffer cb, VkQueryPool pool) {
    if (!timestamps_) return;
    fn.cmdResetQueryPool(cb, pool, 0, 2);
    fn.cmdWriteTimestamp(cb, VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT, pool, 0);
}

void VkContext::EndTimed(VkCommandBuffer cb, VkQueryPool pool) {
    if (timestamps_) fn.cmdWriteTimestamp(cb, VK_PIPELINE_STAGE_BOTTOM_OF_PIPE_BIT, pool, 1);
}

bool VkContext::ReadTimestamps(VkQueryPool pool, double* seconds, std::string* error) {
    uint64_t ticks[2] = {0, 0};
    BENCH_VK(vkGetQueryPoolResults(device, pool, 0, 2, sizeof(ticks), ticks, sizeof(uint64_t),
                                   VK_QUERY_RESULT_64_BIT | VK_QUERY_RESULT_WAIT_BIT),
             "vkGetQueryPoolResults");
    uint64_t delta = (ticks[1] - ticks[0]) & timestampMask_;
    *seconds = double(delta) * timestampPeriodNs_ * 1e-9;
    return true;
}

TimedCommands::~TimedCommands() {
    if (cb_) vkFreeCommandBuffers(ctx_.device, ctx_.pool_, 1, &cb_);
    if (queries_) vkDestroyQueryPool(ctx_.device, queries_, nullptr);
}

bool TimedCommands::Record(const RecordFn& record, std::string* error) {
    VkDevice device = ctx_.device;
    if (!cb_) {
        VkCommandBufferAllocateInfo alloc{VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO};
        alloc.commandPool = ctx_.pool_;
        alloc.commandBufferCount = 1;
        BENCH_VK(vkAllocateCommandBuffers(device, &alloc, &cb_), "vkAllocateCommandBuffers");
    }
    if (ctx_.timestamps_ && !queries_) {
        VkQueryPoolCreateInfo qp{VK_STRUCTURE_TYPE_QUERY_POOL_CREATE_INFO};
        qp.queryType = VK_QUERY_TYPE_TIMESTAMP;
        qp.queryCount = 2;
        BENCH_VK(vkCreateQueryPool(device, &qp, nullptr, &queries_), "vkCreateQueryPool");
    }
    BENCH_VK(vkResetCommandBuffer(cb_, 0), "vkResetCommandBuffer");
    VkCommandBufferBeginInfo begin{VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    BENCH_VK(vkBeginCommandBuffer(cb_, &begin), "vkBeginCommandBuffer");
    ctx_.BeginTimed(cb_, queries_);
    if (!record(cb_, error)) {
        vkEndCommandBuffer(cb_);
        return false;
    }
    ctx_.EndTimed(cb_, queries_);
    BENCH_VK(vkEndCommandBuffer(cb_), "vkEndCommandBuffer");
    return true;
}

bool TimedCommands::Run(bool warmup, Timing* timing, std::string* error) {
    double t0 = WallSeconds();
    if (!ctx_.SubmitAndWait(cb_, error)) return false;
    double t1 = WallSeconds();
    double gpu = 0;
    if (ctx_.timestamps_ && !ctx_.ReadTimestamps(queries_, &gpu, error)) return false;
    timing->gpuValid = ctx_.timestamps_;
    if (!warmup) timing->Add(gpu, t1 - t0);
    return true;
}

bool VkContext::TimeInterleaved(const std::vector<RecordFn>& records, int warmup, int repeat,
                                std::vector<Timing>* out, std::string* error, double budgetSeconds,
                                int minRepeat, const std::function<bool(bool warmupRound)>& afterRound) {
    std::vector<std::unique_ptr<TimedCommands>> commands;
    for (const RecordFn& record : records) {
        commands.push_back(std::make_unique<TimedCommands>(*this));
        if (!commands.back()->Record(record, error)) return false;
    }
    out->assign(records.size(), Timing{});
    double spent = 0;   // in the timed rounds' submissions
    for (int i = 0; i < warmup + repeat; ++i) {
        const double start = WallSeconds();
        for (size_t k = 0; k < commands.size(); ++k)
            if (!commands[k]->Run(i < warmup, &(*out)[k], error)) return false;
        if (i >= warmup) spent += WallSeconds() - start;
        Timing untimed;
        if (afterRound && afterRound(i < warmup) && !commands.back()->Run(true, &untimed, error)) return false;
        if (budgetSeconds > 0 && i + 1 - warmup >= minRepeat && spent > budgetSeconds) break;
    }
    for (Timing& t : *out) t.Finish();
    return true;
}

bool VkContext::TimeRecordSubmit(const RecordFn& record, int warmup, int repeat, Timing* out, std::string* error) {
    *out = Timing{};
    out->gpuValid = timestamps_;
    for (int i = 0; i < warmup + repeat; ++i) {
        double t0 = WallSeconds();
        BENCH_VK(vkResetCommandBuffer(cb_, 0), "vkResetCommandBuffer");
        VkCommandBufferBeginInfo begin{VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
        begin.flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT;
        BENCH_VK(vkBeginCommandBuffer(cb_, &begin), "vkBeginCommandBuffer");
        BeginTimed(cb_, queries_);
        if (!record(cb_, error)) {
            vkEndCommandBuffer(cb_);
            return false;
        }
        EndTimed(cb_, queries_);
        BENCH_VK(vkEndCommandBuffer(cb_), "vkEndCommandBuffer");
        if (!SubmitAndWait(cb_, error)) return false;
        double t1 = WallSeconds();
        double g = 0;
        if (timestamps_ && !ReadTimestamps(queries_, &g, error)) return false;
        if (i >= warmup) out->Add(g, t1 - t0);
    }
    out->Finish();
    return true;
}

}  // namespace vkdml_bench
