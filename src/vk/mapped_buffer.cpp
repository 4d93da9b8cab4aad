#include "vk/mapped_buffer.h"

#include "vk/device.h"

namespace vkdml {

Status CreateMappedBuffer(Device& dev, VkDeviceSize size, VkBufferUsageFlags usage, const char* what,
                          MappedBuffer* out) {
    const auto& vk = dev.vk;
    MappedBuffer b;
    auto fail = [&](Status s) {
        DestroyMappedBuffer(dev, b);
        return s;
    };
    VkBufferCreateInfo info{VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO};
    info.size = size;
    info.usage = usage;
    if (VkResult r = vk.vkCreateBuffer(dev.device, &info, nullptr, &b.buffer))
        return fail(VulkanFailure(r, "vkCreateBuffer"));
    VkMemoryRequirements requirements;
    vk.vkGetBufferMemoryRequirements(dev.device, b.buffer, &requirements);
    int type = dev.FindMemoryType(requirements.memoryTypeBits,
                                  VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT,
                                  VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT);
    if (type < 0) return fail(Unsupported("%s: the device has no host-visible, coherent memory type", what));
    uint64_t heap = dev.memoryProperties.memoryHeaps[dev.memoryProperties.memoryTypes[type].heapIndex].size;
    if (requirements.size > heap || requirements.size < size)   // (a driver may wrap its alignment round-up)
        return fail(Status(VKDML_ERROR_OUT_OF_DEVICE_MEMORY,
                           Format("%s: %llu bytes do not fit the %llu-byte memory heap", what,
                                  (unsigned long long)requirements.size, (unsigned long long)heap)));
    VkMemoryAllocateInfo alloc{VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO};
    alloc.allocationSize = requirements.size;
    alloc.memoryTypeIndex = uint32_t(type);
    if (VkResult r = vk.vkAllocateMemory(dev.device, &alloc, nullptr, &b.memory))
        return fail(VulkanFailure(r, "vkAllocateMemory"));
    if (VkResult r = vk.vkBindBufferMemory(dev.device, b.buffer, b.memory, 0))
        return fail(VulkanFailure(r, "vkBindBufferMemory"));
    if (VkResult r = vk.vkMapMemory(dev.device, b.memory, 0, VK_WHOLE_SIZE, 0, &b.mapped))
        return fail(VulkanFailure(r, "vkMapMemory"));
    *out = b;
    return Status::Ok();
}

void DestroyMappedBuffer(Device& dev, const MappedBuffer& b) {
    if (b.buffer) dev.vk.vkDestroyBuffer(dev.device, b.buffer, nullptr);
    if (b.memory) dev.vk.vkFreeMemory(dev.device, b.memory, nullptr);   // unmaps it
}

}  // namespace vkdml
