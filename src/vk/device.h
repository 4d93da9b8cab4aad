// The vkdml device: a VkDevice (the application's, or the embedded default's own), its function table, the facts
// the validator and lowering need (feature level, limits), the kernel cache, and the synchronous helpers' queue.
#pragma once

#include "core/object.h"
#include "core/status.h"
#include "ops/plan.h"
#include "vk/kernel_cache.h"
#include "vk/mapped_buffer.h"
#include "vk/params_arena.h"
#include "vk/vulkan_functions.h"

#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>

struct VkdmlDevice_T final : vkdml::Object {
    VkdmlDevice_T() : Object(vkdml::ObjectKind::Device) {}
    ~VkdmlDevice_T() override;

    vkdml::InstanceFunctions instanceFunctions{};
    VolkDeviceTable vk{};
    VkInstance instance = VK_NULL_HANDLE;
    VkPhysicalDevice physicalDevice = VK_NULL_HANDLE;
    VkDevice device = VK_NULL_HANDLE;
    uint32_t queueFamilyIndex = 0;
    uint32_t queueIndex = 0;
    VkQueue queue = VK_NULL_HANDLE;
    bool ownsInstanceAndDevice = false;   // the embedded default
    VkDebugUtilsMessengerEXT messenger = VK_NULL_HANDLE;
    bool validationEnabled = false;
    // shaderInt64 is enabled on `device`: the kernels' INT64_WORDS builds (quads loaded as 64-bit words) are used.
    bool int64Words = false;
    // Compiled operators may read their input ranges through uniform texel buffer views
    // (VKDML_EXECUTION_FLAG_TEXEL_INPUTS): int64Words (the kernels' TEXEL_INPUT builds are INT64_WORDS ones) and
    // R32_UINT, R32G32B32A32_UINT, R8_UINT and R16_UINT usable as uniform texel buffers (vk/texel_inputs.h). A view
    // holds at most maxTexelBufferElements texels.
    bool texelInputs = false;

    VkPhysicalDeviceProperties properties{};
    std::string driverName;
    std::string driverInfo;
    VkPhysicalDeviceMemoryProperties memoryProperties{};
    DML_FEATURE_LEVEL featureLevel = DML_FEATURE_LEVEL_1_0;
    DML_CREATE_DEVICE_FLAGS flags = DML_CREATE_DEVICE_FLAG_NONE;
    PFN_vkdmlMessageCallback messageCallback = nullptr;
    void* messageUserData = nullptr;

    std::unique_ptr<vkdml::KernelCache> kernels;
    std::unique_ptr<vkdml::ParamsArena> paramsArena;   // compiled operators' launch parameters
    vkdml::LoweringLimits loweringLimits;
    // Descriptor ranges start at an offset aligned to this: minStorageBufferOffsetAlignment (and
    // minTexelBufferOffsetAlignment where texelInputs), at least 16 so the remainder is a whole number of elements of
    // any width.
    uint64_t bindingAlignment = 16;

    // Synchronous helpers (vkdmlExecute, buffers).
    std::mutex submitMutex;
    VkCommandPool commandPool = VK_NULL_HANDLE;
    VkFence fence = VK_NULL_HANDLE;
    struct HostBuffer {
        vkdml::MappedBuffer allocation;
        uint64_t size = 0;   // what the caller asked for (the VkBuffer may be a little larger)
    };
    std::mutex buffersMutex;
    std::unordered_map<VkBuffer, HostBuffer> buffers;

    bool AllowsZeroVolume() const { return (flags & VKDML_CREATE_DEVICE_FLAG_ZERO_VOLUME_TENSORS) != 0; }
    // Sends a message to the application's callback on debug devices.
    void Notify(VKDML_MESSAGE_KIND kind, const std::string& message) const;
    // Index of a memory type with all `required` property flags among `typeBits`, or -1.
    int FindMemoryType(uint32_t typeBits, VkMemoryPropertyFlags required, VkMemoryPropertyFlags preferred) const;
};

namespace vkdml {

using Device = VkdmlDevice_T;

Status CreateDefaultDevice(const VKDML_DEFAULT_DEVICE_DESC& desc, Device** out);
Status AdoptDevice(const VKDML_DEVICE_DESC& desc, Device** out);
// The physical devices the embedded default sees, and the index it would choose (UINT32_MAX if VKDML_DEVICE
// names none).
Status EnumerateDefaultDevices(std::vector<VKDML_PHYSICAL_DEVICE_INFO>* devices, uint32_t* chosen);

}  // namespace vkdml
