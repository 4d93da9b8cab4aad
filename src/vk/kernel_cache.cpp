#include "vk/kernel_cache.h"

#include "vk/embedded_kernels.h"
#include "vk/host_specialization.h"

#include <array>
#include <vector>

namespace vkdml {

namespace {

constexpr uint32_t kPushConstantBytes = kMaxLaunchSlots * sizeof(uint32_t);   // SlotBases in launch_params.glsl

}  // namespace

PipelineKey PipelineKeyOf(const Launch& l) {
    uint32_t inputBytes = l.slotCount > kSlotInput ? l.slots[kSlotInput].elementBytes : l.elementBytes;
    // Only what a kernel reads is part of its key: Generate needs the data type for sequences only; CAST both types.
    const bool cast = l.args.kernel == Kernel::Cast;
    bool usesType = (l.args.kernel == Kernel::Generate && l.args.mode == uint32_t(GenerateMode::Sequence)) ||
                    l.args.kernel == Kernel::ScatterReduce || l.args.kernel == Kernel::Accumulate || cast;
    return {l.args.kernel, l.elementBytes, l.denseOutput, l.args.indexKind, l.args.mode,
            usesType ? l.args.dataType : 0, inputBytes, l.elementsPerInvocation, cast ? l.args.inputType : 0,
            l.plainSegments, l.outputCopies > 1 ? l.outputCopies : 0u, l.args.laneGroup, l.args.narrowSide,
            l.args.rowShiftOrigin, l.args.rowShiftStep, l.args.acrossRemainder, l.args.outputShiftOrigin,
            l.args.outputShiftStep, l.args.innerRemainder, l.args.blockQuads, l.texelInput};
}

uint32_t KernelCache::StorageBindingCount(Kernel kernel) { return EmbeddedKernelOf(kernel).storageBindings; }

KernelCache::~KernelCache() {
    for (auto& [key, pipeline] : pipelines_) vk_->vkDestroyPipeline(device_, pipeline, nullptr);
    for (auto& [kernel, objects] : kernels_) {
        vk_->vkDestroyPipelineLayout(device_, objects.pipelineLayout, nullptr);
        vk_->vkDestroyDescriptorSetLayout(device_, objects.setLayout, nullptr);
        vk_->vkDestroyShaderModule(device_, objects.module, nullptr);
    }
    if (pipelineCache_) vk_->vkDestroyPipelineCache(device_, pipelineCache_, nullptr);
}

size_t KernelCache::PipelineCount() {
    std::lock_guard lock(mutex_);
    return pipelines_.size();
}

Status KernelCache::EnsureKernel(Kernel kernel, bool texelInput, KernelObjects** out) {
    auto found = kernels_.find({kernel, texelInput});
    if (found != kernels_.end()) {
        *out = &found->second;
        return Status::Ok();
    }
    if (!pipelineCache_) {
        VkPipelineCacheCreateInfo info{VK_STRUCTURE_TYPE_PIPELINE_CACHE_CREATE_INFO};
        VKDML_RETURN_IF_VK_ERROR(vk_->vkCreatePipelineCache(device_, &info, nullptr, &pipelineCache_),
                                 "vkCreatePipelineCache");
    }
    const EmbeddedKernel& info = EmbeddedKernelOf(kernel);
    const SpirvModule& spirv = info.Module(int64Words_, texelInput);
    KernelObjects objects;
    VkShaderModuleCreateInfo moduleInfo{VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO};
    moduleInfo.codeSize = *spirv.wordCount * sizeof(uint32_t);
    moduleInfo.pCode = spirv.words;
    VKDML_RETURN_IF_VK_ERROR(vk_->vkCreateShaderModule(device_, &moduleInfo, nullptr, &objects.module),
                             "vkCreateShaderModule");

    // Binding 0 the launch's parameters, 1.. the slots' storage buffers; a TEXEL_INPUT build reads the input slot
    // (binding 2) through three uniform texel buffer views, at 2, kTexelQuadsBinding and kTexelElementsBinding, and
    // copy_parts' parts 1.. through quad views from kTexelPartQuadsBinding on.
    std::array<VkDescriptorSetLayoutBinding, 1 + kMaxLaunchSlots + 2 + kMaxParts - 1> bindings{};
    uint32_t count = info.storageBindings + 1;
    for (uint32_t b = 0; b < count; ++b) {
        bindings[b].binding = b;
        bindings[b].descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
        if (b == 0) bindings[b].descriptorType = VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER;
        if (texelInput && b == 1 + kSlotInput) bindings[b].descriptorType = VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER;
        bindings[b].descriptorCount = 1;
        bindings[b].stageFlags = VK_SHADER_STAGE_COMPUTE_BIT;
    }
    if (texelInput) {
        for (uint32_t binding : {kTexelQuadsBinding, kTexelElementsBinding}) {
            bindings[count] = bindings[1 + kSlotInput];
            bindings[count++].binding = binding;
        }
        for (uint32_t k = 1; k <= TexelBindingCount(kernel) - kTexelViewCount; ++k) {
            bindings[count] = bindings[1 + kSlotInput];
            bindings[count++].binding = kTexelPartQuadsBinding + k - 1;
        }
    }
    VkDescriptorSetLayoutCreateInfo setInfo{VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO};
    setInfo.bindingCount = count;
    setInfo.pBindings = bindings.data();
    VkResult r = vk_->vkCreateDescriptorSetLayout(device_, &setInfo, nullptr, &objects.setLayout);
    if (r != VK_SUCCESS) {
        vk_->vkDestroyShaderModule(device_, objects.module, nullptr);
        return VulkanFailure(r, "vkCreateDescriptorSetLayout");
    }
    VkPushConstantRange push{VK_SHADER_STAGE_COMPUTE_BIT, 0, kPushConstantBytes};
    VkPipelineLayoutCreateInfo layoutInfo{VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO};
    layoutInfo.setLayoutCount = 1;
    layoutInfo.pSetLayouts = &objects.setLayout;
    layoutInfo.pushConstantRangeCount = 1;
    layoutInfo.pPushConstantRanges = &push;
    r = vk_->vkCreatePipelineLayout(device_, &layoutInfo, nullptr, &objects.pipelineLayout);
    if (r != VK_SUCCESS) {
        vk_->vkDestroyDescriptorSetLayout(device_, objects.setLayout, nullptr);
        vk_->vkDestroyShaderModule(device_, objects.module, nullptr);
        return VulkanFailure(r, "vkCreatePipelineLayout");
    }
    *out = &(kernels_[{kernel, texelInput}] = objects);
    return Status::Ok();
}

Status KernelCache::GetLayouts(Kernel kernel, bool texelInput, VkDescriptorSetLayout* setLayout,
                               VkPipelineLayout* pipelineLayout) {
    std::lock_guard lock(mutex_);
    KernelObjects* objects;
    VKDML_RETURN_IF_ERROR(EnsureKernel(kernel, texelInput, &objects));
    *setLayout = objects->setLayout;
    *pipelineLayout = objects->pipelineLayout;
    return Status::Ok();
}

Status KernelCache::GetPipeline(const PipelineKey& key, VkPipeline* out) {
    std::lock_guard lock(mutex_);
    if (auto found = pipelines_.find(key); found != pipelines_.end()) {
        *out = found->second;
        return Status::Ok();
    }
    KernelObjects* objects;
    VKDML_RETURN_IF_ERROR(EnsureKernel(key.kernel, key.texelInput, &objects));
    // Specialization constants 0..9 of launch_params.glsl and launch_main.glsl, 10..17 of transpose_quads.comp, 18
    // of launch_params.glsl's INT64_WORDS build (the same for every pipeline of the device), 19 of gather_columns.comp
    // (a kernel ignores those it does not use).
    const uint32_t values[] = {key.elementBytes,          key.denseOutput ? 1u : 0u,  key.indexKind,
                               key.mode,                  key.dataType,               key.inputBytes,
                               key.elementsPerInvocation, key.inputType,              key.plainSegments ? 1u : 0u,
                               key.outputCopies,          key.laneGroup,              key.narrowSide,
                               key.rowShiftOrigin,        key.rowShiftStep,           key.acrossRemainder,
                               key.outputShiftOrigin,     key.outputShiftStep,        key.innerRemainder,
                               word64Stores_ ? 1u : 0u,   key.blockQuads};
    constexpr uint32_t kCount = sizeof values / sizeof values[0];
    VkSpecializationMapEntry entries[kCount];
    for (uint32_t i = 0; i < kCount; ++i) entries[i] = {i, i * 4, 4};
    VkSpecializationInfo specialization{kCount, entries, sizeof values, values};
    VkComputePipelineCreateInfo info{VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO};
    info.stage.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO;
    info.stage.stage = VK_SHADER_STAGE_COMPUTE_BIT;
    info.stage.module = objects->module;
    info.stage.pName = "main";
    info.stage.pSpecializationInfo = &specialization;
    info.layout = objects->pipelineLayout;
    // A module of this pipeline's own, with the constants' values in it, where the driver would not fold them; if
    // the optimizer fails, the driver gets the kernel's module and the values as usual.
    const SpirvModule& spirv = EmbeddedKernelOf(key.kernel).Module(int64Words_, key.texelInput);
    std::vector<uint32_t> words;
    VkShaderModule specialized = VK_NULL_HANDLE;
    if (specializeOnHost_ && SpecializeOnHost(spirv.words, *spirv.wordCount, values, kCount, &words)) {
        VkShaderModuleCreateInfo moduleInfo{VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO};
        moduleInfo.codeSize = words.size() * sizeof(uint32_t);
        moduleInfo.pCode = words.data();
        VKDML_RETURN_IF_VK_ERROR(vk_->vkCreateShaderModule(device_, &moduleInfo, nullptr, &specialized),
                                 "vkCreateShaderModule");
        info.stage.module = specialized;
        info.stage.pSpecializationInfo = nullptr;
    }
    VkPipeline pipeline;
    VkResult created = vk_->vkCreateComputePipelines(device_, pipelineCache_, 1, &info, nullptr, &pipeline);
    if (specialized) vk_->vkDestroyShaderModule(device_, specialized, nullptr);   // the pipeline keeps what it needs
    VKDML_RETURN_IF_VK_ERROR(created, "vkCreateComputePipelines");
    pipelines_[key] = pipeline;
    *out = pipeline;
    return Status::Ok();
}

}  // namespace vkdml
