#include "vk/host_helpers.h"

#include "core/checked_math.h"
#include "vk/recorder.h"

#include <cstring>

namespace vkdml {

Status CreateHostBuffer(Device& dev, uint64_t size, VkBuffer* out) {
    if (size == 0) return InvalidArgument("vkdmlCreateBuffer: sizeInBytes is 0");
    if (size > UINT64_MAX - 3)
        return Status(VKDML_ERROR_OUT_OF_DEVICE_MEMORY, Format("vkdmlCreateBuffer: sizeInBytes %llu is larger than "
                                                               "any buffer", (unsigned long long)size));
    // Kernels access whole 32-bit words: a sub-word tensor bound at an offset off a word reaches to the end of the
    // word holding its last byte. A VkBuffer whose size is a multiple of 4 always holds that word (DirectML asks
    // the same of every bound buffer), so the buffer is made that large; `size` stays what the caller may use.
    Device::HostBuffer host;
    host.size = size;
    VKDML_RETURN_IF_ERROR(CreateMappedBuffer(dev, AlignUp(size, 4),
                                             VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_TRANSFER_SRC_BIT |
                                                 VK_BUFFER_USAGE_TRANSFER_DST_BIT |
                                                 VK_BUFFER_USAGE_UNIFORM_TEXEL_BUFFER_BIT,
                                             "vkdmlCreateBuffer", &host.allocation));
    std::lock_guard lock(dev.buffersMutex);
    dev.buffers[host.allocation.buffer] = host;
    *out = host.allocation.buffer;
    return Status::Ok();
}

Status DestroyHostBuffer(Device& dev, VkBuffer buffer) {
    std::lock_guard lock(dev.buffersMutex);
    auto found = dev.buffers.find(buffer);
    if (found == dev.buffers.end())
        return InvalidArgument("vkdmlDestroyBuffer: the buffer was not created by vkdmlCreateBuffer on this device");
    DestroyMappedBuffer(dev, found->second.allocation);
    dev.buffers.erase(found);
    return Status::Ok();
}

Status AccessHostBuffer(Device& dev, VkBuffer buffer, uint64_t offset, uint64_t size, void* data, bool write) {
    const char* call = write ? "vkdmlWriteBuffer" : "vkdmlReadBuffer";
    std::lock_guard lock(dev.buffersMutex);
    auto found = dev.buffers.find(buffer);
    if (found == dev.buffers.end())
        return InvalidArgument("%s: the buffer was not created by vkdmlCreateBuffer on this device", call);
    auto end = CheckedAdd(offset, size);
    if (!end || *end > found->second.size)
        return InvalidArgument("%s: offset %llu + size %llu is past the buffer's %llu bytes", call,
                               (unsigned long long)offset, (unsigned long long)size,
                               (unsigned long long)found->second.size);
    if (size && !data) return InvalidArgument("%s: data is NULL", call);
    char* mapped = static_cast<char*>(found->second.allocation.mapped) + offset;
    if (write) std::memcpy(mapped, data, size);
    else std::memcpy(data, mapped, size);
    return Status::Ok();
}

Status ExecuteAndWait(Device& dev, const Dispatchable& d, const BindingTable& t) {
    VKDML_RETURN_IF_ERROR(CheckBindingsComplete(t));
    const auto& vk = dev.vk;
    std::lock_guard lock(dev.submitMutex);
    if (!dev.commandPool) {
        VkCommandPoolCreateInfo info{VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO};
        info.flags = VK_COMMAND_POOL_CREATE_RESET_COMMAND_BUFFER_BIT;
        info.queueFamilyIndex = dev.queueFamilyIndex;
        VKDML_RETURN_IF_VK_ERROR(vk.vkCreateCommandPool(dev.device, &info, nullptr, &dev.commandPool),
                                 "vkCreateCommandPool");
        VkFenceCreateInfo fenceInfo{VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
        VKDML_RETURN_IF_VK_ERROR(vk.vkCreateFence(dev.device, &fenceInfo, nullptr, &dev.fence), "vkCreateFence");
    }
    VkCommandBufferAllocateInfo alloc{VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO};
    alloc.commandPool = dev.commandPool;
    alloc.level = VK_COMMAND_BUFFER_LEVEL_PRIMARY;
    alloc.commandBufferCount = 1;
    VkCommandBuffer cb;
    VKDML_RETURN_IF_VK_ERROR(vk.vkAllocateCommandBuffers(dev.device, &alloc, &cb), "vkAllocateCommandBuffers");
    VkCommandBufferBeginInfo begin{VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    begin.flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT;
    Status status = Status::Ok();
    VkResult r = vk.vkBeginCommandBuffer(cb, &begin);
    if (r != VK_SUCCESS) status = VulkanFailure(r, "vkBeginCommandBuffer");
    if (status.ok()) status = RecordDispatch(dev, cb, d, t);
    if (status.ok()) {
        // Make the results visible to vkdmlReadBuffer.
        VkMemoryBarrier barrier{VK_STRUCTURE_TYPE_MEMORY_BARRIER};
        barrier.srcAccessMask = VK_ACCESS_SHADER_WRITE_BIT;
        barrier.dstAccessMask = VK_ACCESS_HOST_READ_BIT;
        vk.vkCmdPipelineBarrier(cb, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, VK_PIPELINE_STAGE_HOST_BIT, 0, 1, &barrier, 0,
                                nullptr, 0, nullptr);
        r = vk.vkEndCommandBuffer(cb);
        if (r != VK_SUCCESS) status = VulkanFailure(r, "vkEndCommandBuffer");
    }
    if (status.ok()) {
        VkSubmitInfo submit{VK_STRUCTURE_TYPE_SUBMIT_INFO};
        submit.commandBufferCount = 1;
        submit.pCommandBuffers = &cb;
        r = vk.vkQueueSubmit(dev.queue, 1, &submit, dev.fence);
        if (r == VK_SUCCESS) {
            r = vk.vkWaitForFences(dev.device, 1, &dev.fence, VK_TRUE, UINT64_MAX);
            vk.vkResetFences(dev.device, 1, &dev.fence);
        }
        if (r != VK_SUCCESS) status = VulkanFailure(r, "vkQueueSubmit/vkWaitForFences");
    }
    vk.vkFreeCommandBuffers(dev.device, dev.commandPool, 1, &cb);
    return status;
}

}  // namespace vkdml
