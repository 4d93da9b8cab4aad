// vkdml-bench: the raw Vulkan baselines on the bench's device - vkCmdCopyBuffer of the bytes, and the compute copy
// kernel (bench_copy_uvec4.comp: 4 consecutive uvec4 per invocation; its u64vec2 build with shaderInt64, and that
// build reading through a texel view). The kernel's pipeline also serves as the raw side of the per-dispatch and
// record overhead measurements.
#pragma once

#include "report.h"
#include "vk_context.h"

#include <string>
#include <vector>

namespace vkdml_bench {

// The builds of the copy kernel: uvec4 (issue 6's baseline), u64vec2 (shaderInt64), u64vec2 with the source read
// through an R32G32B32A32_UINT uniform texel buffer view (shaderInt64; the source buffer needs the texel usage).
enum class CopyBuild { Uvec4, U64vec2, TexelLoads };

class ComputeCopyKernel {
public:
    explicit ComputeCopyKernel(VkContext& ctx, CopyBuild build = CopyBuild::Uvec4) : ctx_(ctx), build_(build) {}
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
    CopyBuild build_;
    VkShaderModule module_ = VK_NULL_HANDLE;
    VkDescriptorSetLayout setLayout_ = VK_NULL_HANDLE;
    VkDescriptorPool pool_ = VK_NULL_HANDLE;
    std::vector<VkDescriptorSet> sets_;
    std::vector<VkBufferView> views_;   // TexelLoads: the source views of sets_
};

// The command-buffer contents of the two GPU baselines copying `bytes` from src to dst (offset 0). The compute
// copy allocates descriptor sets from the kernel: call kernel.ReleaseSets() once the command buffer is done.
RecordFn CopyBufferCommands(VkContext& ctx, const Buffer& src, const Buffer& dst, VkDeviceSize bytes);
RecordFn ComputeCopyCommands(ComputeCopyKernel& kernel, const Buffer& src, const Buffer& dst, VkDeviceSize bytes);

}  // namespace vkdml_bench
