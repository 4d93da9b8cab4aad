// A buffer with a host-visible, coherent memory allocation of its own, mapped for its whole life: the buffers of
// vkdmlCreateBuffer (vk/host_helpers.h) and the blocks of the launch-parameter arena (vk/params_arena.h).
#pragma once

#include "core/status.h"
#include "vk/vulkan_functions.h"

struct VkdmlDevice_T;

namespace vkdml {

struct MappedBuffer {
    VkBuffer buffer = VK_NULL_HANDLE;
    VkDeviceMemory memory = VK_NULL_HANDLE;
    void* mapped = nullptr;
};

// `size` bytes for `usage`, in a host-visible, coherent memory type (not device-local where the device has another).
// An allocation larger than its memory heap is refused (Vulkan forbids it, and a driver may not check) with
// VKDML_ERROR_OUT_OF_DEVICE_MEMORY. `what` starts the messages ("vkdmlCreateBuffer", "launch parameters"). On failure
// nothing is left behind.
Status CreateMappedBuffer(VkdmlDevice_T& device, VkDeviceSize size, VkBufferUsageFlags usage, const char* what,
                          MappedBuffer* out);
// Destroys the buffer and frees (so unmaps) its memory; either may be VK_NULL_HANDLE.
void DestroyMappedBuffer(VkdmlDevice_T& device, const MappedBuffer& buffer);

}  // namespace vkdml
