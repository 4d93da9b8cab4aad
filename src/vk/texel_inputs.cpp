#include "vk/texel_inputs.h"

#include "vk/embedded_kernels.h"

namespace vkdml {

bool TakesTexelInput(const Device& device, const Launch& l, bool inPlace) {
    if (!device.texelInputs || inPlace || l.slotCount <= kSlotInput) return false;
    if (!EmbeddedKernelOf(l.args.kernel).texelInput.words) return false;
    const SlotView& input = l.slots[kSlotInput];
    // The application promised the texel usage for the buffers of the operator's inputs only (no lowering reads an
    // output through the input slot today; one that did would keep a storage buffer).
    if (input.tensor.isOutput || input.highest < input.lowest) return false;
    // The descriptor range: from the lowest touched byte aligned down to bindingAlignment, to the highest rounded
    // up to a word (binding_table.cpp), at most this long.
    const uint64_t bytes = uint64_t(input.highest - input.lowest + 1) * input.elementBytes;
    const uint64_t longest = bytes + device.bindingAlignment + 4;
    return bytes >= 16 && longest / 4 <= device.properties.limits.maxTexelBufferElements;
}

Status CreateTexelViews(const Device& device, VkBuffer buffer, VkDeviceSize offset, VkDeviceSize range,
                        VkBufferView views[2]) {
    views[0] = views[1] = VK_NULL_HANDLE;
    VkBufferViewCreateInfo info{VK_STRUCTURE_TYPE_BUFFER_VIEW_CREATE_INFO};
    info.buffer = buffer;
    info.offset = offset;
    info.format = VK_FORMAT_R32_UINT;
    info.range = range / 4 * 4;
    VKDML_RETURN_IF_VK_ERROR(device.vk.vkCreateBufferView(device.device, &info, nullptr, &views[0]),
                             "vkCreateBufferView");
    info.format = VK_FORMAT_R32G32B32A32_UINT;
    info.range = range / 16 * 16;
    VkResult r = device.vk.vkCreateBufferView(device.device, &info, nullptr, &views[1]);
    if (r != VK_SUCCESS) {
        device.vk.vkDestroyBufferView(device.device, views[0], nullptr);
        views[0] = VK_NULL_HANDLE;
        return VulkanFailure(r, "vkCreateBufferView");
    }
    return Status::Ok();
}

}  // namespace vkdml
