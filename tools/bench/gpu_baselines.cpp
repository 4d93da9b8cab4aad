// vkdml-bench: vkCmdCopyBuffer and the compute copy kernel.
#include "gpu_baselines.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>

namespace vkdml::kernels {
extern const uint32_t k_bench_copy_uvec4_spirv[];
extern const size_t k_bench_copy_uvec4_spirv_words;
extern const uint32_t k_bench_copy_uvec4_int64_spirv[];
extern const size_t k_bench_copy_uvec4_int64_spirv_words;
extern const uint32_t k_bench_copy_uvec4_texel_spirv[];
extern const size_t k_bench_copy_uvec4_texel_spirv_words;
}  // namespace vkdml::kernels

namespace vkdml_bench {
namespace {

constexpr uint32_t kGroupSize = 64;         // local_size_x of the kernel
constexpr uint32_t kBytesPerInvocation = 64; // 4 x uvec4
constexpr uint32_t kMaxSets = 64;

// Binding 0 (the source) of the texel-loads build is a uniform texel buffer; everything else a storage buffer.
VkDescriptorType SourceType(CopyBuild build, uint32_t binding) {
    return build == CopyBuild::TexelLoads && binding == 0 ? VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER
                                                          : VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
}

#define BENCH_VK(call, what)                                                   \
    do {                                                                       \
        VkResult result_ = (call);                                             \
        if (result_ != VK_SUCCESS) {                                           \
            *error = std::string(what) + " failed: " + VkResultName(result_);  \
            return false;                                                      \
        }                                                                      \
    } while (0)

}  // namespace

ComputeCopyKernel::~ComputeCopyKernel() {
    VkDevice d = ctx_.device;
    if (!d) return;
    ReleaseSets();
    if (pool_) vkDestroyDescriptorPool(d, pool_, nullptr);
    if (pipeline) vkDestroyPipeline(d, pipeline, nullptr);
    if (layout) vkDestroyPipelineLayout(d, layout, nullptr);
    if (setLayout_) vkDestroyDescriptorSetLayout(d, setLayout_, nullptr);
    if (module_) vkDestroyShaderModule(d, module_, nullptr);
}

bool ComputeCopyKernel::Create(std::string* error) {
    VkDevice d = ctx_.device;
    VkShaderModuleCreateInfo m{VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO};
    namespace k = vkdml::kernels;
    m.codeSize = 4 * (build_ == CopyBuild::TexelLoads ? k::k_bench_copy_uvec4_texel_spirv_words
                      : build_ == CopyBuild::U64vec2  ? k::k_bench_copy_uvec4_int64_spirv_words
                                                      : k::k_bench_copy_uvec4_spirv_words);
    m.pCode = build_ == CopyBuild::TexelLoads ? k::k_bench_copy_uvec4_texel_spirv
              : build_ == CopyBuild::U64vec2  ? k::k_bench_copy_uvec4_int64_spirv
                                              : k::k_bench_copy_uvec4_spirv;
    BENCH_VK(vkCreateShaderModule(d, &m, nullptr, &module_), "vkCreateShaderModule");
    VkDescriptorSetLayoutBinding bindings[2] = {};
    for (uint32_t i = 0; i < 2; ++i) {
        bindings[i].binding = i;
        bindings[i].descriptorType = SourceType(build_, i);
        bindings[i].descriptorCount = 1;
        bindings[i].stageFlags = VK_SHADER_STAGE_COMPUTE_BIT;
    }
    VkDescriptorSetLayoutCreateInfo sl{VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO};
    sl.bindingCount = 2;
    sl.pBindings = bindings;
    BENCH_VK(vkCreateDescriptorSetLayout(d, &sl, nullptr, &setLayout_), "vkCreateDescriptorSetLayout");
    VkPushConstantRange push{VK_SHADER_STAGE_COMPUTE_BIT, 0, 128};
    VkPipelineLayoutCreateInfo pl{VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO};
    pl.setLayoutCount = 1;
    pl.pSetLayouts = &setLayout_;
    pl.pushConstantRangeCount = 1;
    pl.pPushConstantRanges = &push;
    BENCH_VK(vkCreatePipelineLayout(d, &pl, nullptr, &layout), "vkCreatePipelineLayout");
    VkComputePipelineCreateInfo cp{VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO};
    cp.stage.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO;
    cp.stage.stage = VK_SHADER_STAGE_COMPUTE_BIT;
    cp.stage.module = module_;
    cp.stage.pName = "main";
    cp.layout = layout;
    BENCH_VK(vkCreateComputePipelines(d, VK_NULL_HANDLE, 1, &cp, nullptr, &pipeline), "vkCreateComputePipelines");
    VkDescriptorPoolSize sizes[2] = {{VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 2 * kMaxSets},
                                     {VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER, kMaxSets}};
    VkDescriptorPoolCreateInfo dp{VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO};
    dp.flags = VK_DESCRIPTOR_POOL_CREATE_FREE_DESCRIPTOR_SET_BIT;
    dp.maxSets = kMaxSets;
    dp.poolSizeCount = 2;
    dp.pPoolSizes = sizes;
    BENCH_VK(vkCreateDescriptorPool(d, &dp, nullptr, &pool_), "vkCreateDescriptorPool");
    return true;
}

bool ComputeCopyKernel::AllocateSet(const Buffer& src, VkDeviceSize srcOffset, const Buffer& dst,
                                    VkDeviceSize dstOffset, VkDeviceSize bytes, VkDescriptorSet* out,
                                    std::string* error) {
    VkDescriptorSetAllocateInfo a{VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO};
    a.descriptorPool = pool_;
    a.descriptorSetCount = 1;
    a.pSetLayouts = &setLayout_;
    BENCH_VK(vkAllocateDescriptorSets(ctx_.device, &a, out), "vkAllocateDescriptorSets");
    sets_.push_back(*out);
    VkDescriptorBufferInfo infos[2] = {{src.buffer, srcOffset, bytes}, {dst.buffer, dstOffset, bytes}};
    VkBufferView view = VK_NULL_HANDLE;
    if (build_ == CopyBuild::TexelLoads) {
        VkBufferViewCreateInfo v{VK_STRUCTURE_TYPE_BUFFER_VIEW_CREATE_INFO};
        v.buffer = src.buffer;
        v.format = VK_FORMAT_R32G32B32A32_UINT;
        v.offset = srcOffset;
        v.range = bytes;
        BENCH_VK(vkCreateBufferView(ctx_.device, &v, nullptr, &view), "vkCreateBufferView");
        views_.push_back(view);
    }
    VkWriteDescriptorSet writes[2] = {};
    for (uint32_t i = 0; i < 2; ++i) {
        writes[i].sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET;
        writes[i].dstSet = *out;
        writes[i].dstBinding = i;
        writes[i].descriptorCount = 1;
        writes[i].descriptorType = SourceType(build_, i);
        writes[i].pBufferInfo = &infos[i];
        writes[i].pTexelBufferView = &view;
    }
    vkUpdateDescriptorSets(ctx_.device, 2, writes, 0, nullptr);
    return true;
}

void ComputeCopyKernel::ReleaseSets() {
    if (!sets_.empty()) vkFreeDescriptorSets(ctx_.device, pool_, uint32_t(sets_.size()), sets_.data());
    sets_.clear();
    for (VkBufferView view : views_) vkDestroyBufferView(ctx_.device, view, nullptr);
    views_.clear();
}

bool ComputeCopyKernel::TinySet(const Buffer& src, const Buffer& dst, VkDescriptorSet* out, std::string* error) {
    return AllocateSet(src, 0, dst, 0, 16, out, error);
}

bool ComputeCopyKernel::RecordCopy(VkCommandBuffer cb, const Buffer& src, const Buffer& dst, VkDeviceSize bytes,
                                   std::string* error) {
    const VkPhysicalDeviceLimits& limits = ctx_.properties.limits;
    // Chunks that one descriptor covers (and one texel view: maxTexelBufferElements quads), aligned for any
    // minStorageBufferOffsetAlignment and minTexelBufferOffsetAlignment.
    VkDeviceSize range = limits.maxStorageBufferRange;
    if (build_ == CopyBuild::TexelLoads) range = std::min<VkDeviceSize>(range, 16ull * limits.maxTexelBufferElements);
    VkDeviceSize chunk = std::min<VkDeviceSize>(bytes, range / 65536 * 65536);
    const uint32_t maxX = limits.maxComputeWorkGroupCount[0], maxY = limits.maxComputeWorkGroupCount[1];
    ctx_.fn.cmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_COMPUTE, pipeline);
    for (VkDeviceSize offset = 0; offset < bytes; offset += chunk) {
        VkDeviceSize n = std::min(chunk, bytes - offset);
        VkDescriptorSet set;
        if (!AllocateSet(src, offset, dst, offset, n, &set, error)) return false;
        ctx_.fn.cmdBindDescriptorSets(cb, VK_PIPELINE_BIND_POINT_COMPUTE, layout, 0, 1, &set, 0, nullptr);
        uint32_t push[32] = {uint32_t(n / 16)};
        ctx_.fn.cmdPushConstants(cb, layout, VK_SHADER_STAGE_COMPUTE_BIT, 0, 4, push);
        uint64_t groups = (n + uint64_t(kBytesPerInvocation) * kGroupSize - 1) / (uint64_t(kBytesPerInvocation) * kGroupSize);
        uint32_t gx = uint32_t(std::min<uint64_t>(groups, maxX));
        uint64_t gy = (groups + gx - 1) / gx;
        if (gy > maxY) {
            *error = "compute copy: too many workgroups for one dispatch";
            return false;
        }
        ctx_.fn.cmdDispatch(cb, gx, uint32_t(gy), 1);
    }
    return true;
}

RecordFn CopyBufferCommands(VkContext& ctx, const Buffer& src, const Buffer& dst, VkDeviceSize bytes) {
    return [&ctx, &src, &dst, bytes](VkCommandBuffer cb, std::string*) {
        VkBufferCopy region{0, 0, bytes};
        ctx.fn.cmdCopyBuffer(cb, src.buffer, dst.buffer, 1, &region);
        return true;
    };
}

RecordFn ComputeCopyCommands(ComputeCopyKernel& kernel, const Buffer& src, const Buffer& dst, VkDeviceSize bytes) {
    return [&kernel, &src, &dst, bytes](VkCommandBuffer cb, std::string* error) {
        return kernel.RecordCopy(cb, src, dst, bytes, error);
    };
}

}  // namespace vkdml_bench
