// vkdml-bench: the raw Vulkan baselines on the bench's device - vkCmdCopyBuffer of the bytes, and the compute copy
// kernel (bench_copy_uvec4.comp: 4 consecutive uvec4 per invocation; its u64vec2 build with shaderInt64). The
// kernel's pipeline also serves as the raw side of the per-dispatch and record overhead measurements.
#pragma once

#include "report.h"
#include "vk_context.h"

#include <string>
#include <vector>

namespace vkdml_bench {

class ComputeCopyKernel {
public:
    // `int64Words`: the u64vec2 build (the device must have shaderInt64 enabled).
    explicit ComputeCopyKernel(VkContext& ctx, bool int64Words = false) : ctx_(ctx), int64Words_(int64Words) {}
    ComputeCopyKernel(const ComputeCopyKernel&) = delete;
    ComputeCopyKernel& operator=(const ComputeCopyKernel&) = delete;
    ~ComputeCopyKernel();

    bool Create(std::string* error);
    // Records the copy of `bytes` (a multiple of 16) from src to dst, both at offset 0, in as few dispatches as
    // maxStorageBufferRange and maxComputeWorkGroupCount allow. Descriptor sets live until ReleaseSets().
    bool RecordCopy(VkCommandBuffer cb, const Buffer& src, const Buffer& dst, VkDeviceSize bytes,
                    std::string* error);
    void ReleaseSets();
    // A set over the first 16 bytes of src and dst, for the one-group tiny dispatch.
    bool TinySet(const Buffer& src, const Buffer& dst, VkDescriptorSet* out, std::string* error);

    VkPipeline pipeline = VK_NULL_HANDLE;
    VkPipelineLayout layout = VK_NULL_HANDLE;

private:
    bool AllocateSet(const Buffer& src, VkDeviceSize srcOffset, const Buffer& dst, VkDeviceSize dstOffset,
                     VkDeviceSize bytes, VkDescriptorSet* out, std::string* error);

    VkContext& ctx_;
    bool int64Words_;
    VkShaderModule module_ = VK_NULL_HANDLE;
    VkDescriptorSetLayout setLayout_ = VK_NULL_HANDLE;
    VkDescriptorPool pool_ = VK_NULL_HANDLE;
    std::vector<VkDescriptorSet> sets_;
};

// The command-buffer contents of the two GPU baselines copying `bytes` from src to dst (offset 0). The compute
// copy allocates descriptor sets from the kernel: call kernel.ReleaseSets() once the command buffer is done.
RecordFn CopyBufferCommands(VkContext& ctx, const Buffer& src, const Buffer& dst, VkDeviceSize bytes);
RecordFn ComputeCopyCommands(ComputeCopyKernel& kernel, const Buffer& src, const Buffer& dst, VkDeviceSize bytes);

}  // namespace vkdml_bench
