// The embedded kernels and, per device, their descriptor-set layouts, pipeline layouts and the pipelines created
// for each specialization (element widths, dense output, index type, variant, data types). Pipelines are created once per device and
// shared by every compiled operator that needs them.
#pragma once

#include "core/status.h"
#include "ops/plan.h"
#include "vk/vulkan_functions.h"

#include <map>
#include <mutex>
#include <tuple>

namespace vkdml {

// Everything a pipeline is specialized on (the specialization constants of shaders/launch_params.glsl).
struct PipelineKey {
    Kernel kernel;
    uint32_t elementBytes;
    bool denseOutput;
    uint32_t indexKind;
    uint32_t mode;
    uint32_t dataType;
    uint32_t inputBytes;
    uint32_t elementsPerInvocation;
    uint32_t inputType;
    bool plainSegments;
    uint32_t outputCopies;   // Launch::outputCopies where 2 or more, else 0
    uint32_t laneGroup;
    uint32_t narrowSide;
    uint32_t rowShiftOrigin, rowShiftStep, acrossRemainder;
    uint32_t outputShiftOrigin, outputShiftStep, innerRemainder;
    uint32_t blockQuads;
    bool texelInput;   // the kernel's TEXEL_INPUT build and its set layout
    auto operator<=>(const PipelineKey&) const = default;
};

PipelineKey PipelineKeyOf(const Launch& launch);

class KernelCache {
public:
    // `specializeOnHost`: give the driver modules specialized on the host (vk/host_specialization.h), one per
    // pipeline, instead of the kernel's module with specialization constants. `int64Words`: the device has
    // shaderInt64 enabled: the kernels' INT64_WORDS builds are used (vk/embedded_kernels.h); `word64Stores`: those
    // store 64-bit words (vk/store_width.h).
    KernelCache(const VolkDeviceTable* vk, VkDevice device, bool specializeOnHost, bool int64Words, bool word64Stores)
        : vk_(vk),
          device_(device),
          specializeOnHost_(specializeOnHost),
          int64Words_(int64Words),
          word64Stores_(word64Stores) {}
    ~KernelCache();

    Status GetPipeline(const PipelineKey& key, VkPipeline* out);
    Status GetLayouts(Kernel kernel, bool texelInput, VkDescriptorSetLayout* setLayout,
                      VkPipelineLayout* pipelineLayout);
    // Storage-buffer bindings of the kernel (uniform binding 0 not counted).
    static uint32_t StorageBindingCount(Kernel kernel);
    size_t PipelineCount();

private:
    struct KernelObjects {
        VkShaderModule module = VK_NULL_HANDLE;
        VkDescriptorSetLayout setLayout = VK_NULL_HANDLE;
        VkPipelineLayout pipelineLayout = VK_NULL_HANDLE;
    };
    // The kernel's module and layouts (its TEXEL_INPUT build where texelInput), with mutex_ held.
    Status EnsureKernel(Kernel kernel, bool texelInput, KernelObjects** out);

    const VolkDeviceTable* vk_;
    VkDevice device_;
    bool specializeOnHost_;
    bool int64Words_;
    bool word64Stores_;
    std::mutex mutex_;
    VkPipelineCache pipelineCache_ = VK_NULL_HANDLE;
    std::map<std::pair<Kernel, bool>, KernelObjects> kernels_;
    std::map<PipelineKey, VkPipeline> pipelines_;
};

}  // namespace vkdml
