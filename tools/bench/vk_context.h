// vkdml-bench: the one Vulkan device of a run, created by the tool through the system loader (as an application
// would) and shared by the raw baselines and by vkdml (adopted with vkdmlCreateDevice): buffers, one-shot
// submissions, and timed submissions with GPU timestamps (vkCmdWriteTimestamp) and wall clock.
#pragma once

#include "report.h"

#include <vulkan/vulkan.h>

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace vkdml_bench {

struct Buffer {
    VkBuffer buffer = VK_NULL_HANDLE;
    VkDeviceMemory memory = VK_NULL_HANDLE;
    VkDeviceSize size = 0;
    void* mapped = nullptr;
};

// The hot vkCmd* functions, from vkGetDeviceProcAddr (the driver's own entry points, as vkdml's volk table has
// them), so raw baselines pay no loader trampoline that vkdml does not pay either.
struct DeviceFunctions {
    PFN_vkCmdBindPipeline cmdBindPipeline = nullptr;
    PFN_vkCmdBindDescriptorSets cmdBindDescriptorSets = nullptr;
    PFN_vkCmdPushConstants cmdPushConstants = nullptr;
    PFN_vkCmdDispatch cmdDispatch = nullptr;
    PFN_vkCmdCopyBuffer cmdCopyBuffer = nullptr;
    PFN_vkCmdFillBuffer cmdFillBuffer = nullptr;
    PFN_vkCmdUpdateBuffer cmdUpdateBuffer = nullptr;
    PFN_vkCmdPipelineBarrier cmdPipelineBarrier = nullptr;
    PFN_vkCmdWriteTimestamp cmdWriteTimestamp = nullptr;
    PFN_vkCmdResetQueryPool cmdResetQueryPool = nullptr;
};

// Records the measured work into a command buffer; returns false with *error on failure.
using RecordFn = std::function<bool(VkCommandBuffer, std::string* error)>;

class VkContext;

// A command buffer recorded once between two timestamps of its own, submitted as often as needed.
class TimedCommands {
public:
    explicit TimedCommands(VkContext& ctx) : ctx_(ctx) {}
    TimedCommands(const TimedCommands&) = delete;
    TimedCommands& operator=(const TimedCommands&) = delete;
    ~TimedCommands();

    bool Record(const RecordFn& record, std::string* error);
    // Submits, waits, and adds the GPU and wall-clock time of this submission to *timing unless warmup.
    bool Run(bool warmup, Timing* timing, std::string* error);

private:
    VkContext& ctx_;
    VkCommandBuffer cb_ = VK_NULL_HANDLE;
    VkQueryPool queries_ = VK_NULL_HANDLE;
};

class VkContext {
public:
    VkContext() = default;
    VkContext(const VkContext&) = delete;
    VkContext& operator=(const VkContext&) = delete;
    ~VkContext();

    // Picks the physical device as vkdml's embedded default does (--device, else VKDML_DEVICE as an index or a
    // name substring, else discrete, integrated, virtual, other, CPU last) and creates a device with one queue of
    // a compute family. Fills the device part of the report.
    // `int64`: enable shaderInt64 where the device has it (enabledFeatures says what was enabled).
    bool Create(std::optional<uint32_t> deviceIndex, bool int64, DeviceReport* report, std::string* error);

    // A storage + transfer buffer: device-local memory when the device has it, else host-visible.
    bool CreateBuffer(VkDeviceSize size, Buffer* out, std::string* error);
    void DestroyBuffer(Buffer* buffer);
    // Fills (touching every page) with vkCmdFillBuffer, or writes bytes through a staging buffer.
    bool Fill(const Buffer& buffer, uint32_t value, std::string* error);
    bool Upload(const Buffer& buffer, VkDeviceSize offset, const void* data, VkDeviceSize size, std::string* error);

    // Records, submits once and waits.
    bool RunOnce(const RecordFn& record, std::string* error);
    // Records each of `records` once between two timestamps, then submits them warmup + repeat times, taking turns
    // (0, 1, 2, 0, 1, 2, ...) and waiting each time; out[i] for records[i].
    // With budgetSeconds > 0, stops after the first round that ends past the budget once minRepeat rounds ran.
    // afterRound, where given, runs at the end of each round (its argument: whether the round is a warm-up); its time
    // does not count against the budget. Where it returns true (it did work that leaves the CPU's caches in another
    // state, such as numpy's turn), the round's last command runs once more, untimed, so that the next round's
    // first command follows it as in a round without that work.
    bool TimeInterleaved(const std::vector<RecordFn>& records, int warmup, int repeat, std::vector<Timing>* out,
                         std::string* error, double budgetSeconds = 0, int minRepeat = 0,
                         const std::function<bool(bool warmupRound)>& afterRound = {});
    // Re-records the command buffer every repetition inside the wall-clock window: record + submit + wait.
    bool TimeRecordSubmit(const RecordFn& record, int warmup, int repeat, Timing* out, std::string* error);

    VkInstance instance = VK_NULL_HANDLE;
    VkPhysicalDevice physical = VK_NULL_HANDLE;
    VkDevice device = VK_NULL_HANDLE;
    VkQueue queue = VK_NULL_HANDLE;
    uint32_t family = 0;
    VkPhysicalDeviceProperties properties{};
    VkPhysicalDeviceFeatures enabledFeatures{};
    DeviceFunctions fn;

    bool timestamps() const { return timestamps_; }

private:
    friend class TimedCommands;
    void BeginTimed(VkCommandBuffer cb, VkQueryPool pool);
    void EndTimed(VkCommandBuffer cb, VkQueryPool pool);
    bool SubmitAndWait(VkCommandBuffer cb, std::string* error);
    bool ReadTimestamps(VkQueryPool pool, double* seconds, std::string* error);
    bool MemoryType(uint32_t bits, VkMemoryPropertyFlags want, uint32_t* type) const;
    bool CreateRawBuffer(VkDeviceSize size, VkBufferUsageFlags usage, VkMemoryPropertyFlags want, bool map,
                         Buffer* out, std::string* error);

    VkPhysicalDeviceMemoryProperties memory_{};
    VkCommandPool pool_ = VK_NULL_HANDLE;
    VkCommandBuffer cb_ = VK_NULL_HANDLE;
    VkFence fence_ = VK_NULL_HANDLE;
    VkQueryPool queries_ = VK_NULL_HANDLE;
    bool timestamps_ = false;
    uint64_t timestampMask_ = 0;
    double timestampPeriodNs_ = 0;
};

std::string VkResultName(VkResult result);

}  // namespace vkdml_bench
