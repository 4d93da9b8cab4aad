#include "vk/texel_inputs.h"

#include "ops/part_copies.h"

#include <algorithm>

namespace vkdml {

namespace {

// The bytes of one texel of view `view` (TexelView) of a range of `elementBytes` elements.
uint32_t TexelBytes(size_t view, uint32_t elementBytes) {
    const uint32_t bytes[kTexelViewCount] = {4, 16, std::min(elementBytes, 4u)};
    return bytes[view];
}

// A view of `format` over the whole texels of `texelBytes` in the range; VK_NULL_HANDLE where it cannot be made.
Status CreateView(const Device& device, VkBuffer buffer, VkDeviceSize offset, VkDeviceSize range, VkFormat format,
                  uint32_t texelBytes, VkBufferView* view) {
    VkBufferViewCreateInfo info{VK_STRUCTURE_TYPE_BUFFER_VIEW_CREATE_INFO};
    info.buffer = buffer;
    info.offset = offset;
    info.format = format;
    info.range = range / texelBytes * texelBytes;
    VkResult r = device.vk.vkCreateBufferView(device.device, &info, nullptr, view);
    if (r != VK_SUCCESS) {
        *view = VK_NULL_HANDLE;
        return VulkanFailure(r, "vkCreateBufferView");
    }
    return Status::Ok();
}

}  // namespace

VkFormat TexelElementFormat(uint32_t elementBytes) {
    return elementBytes == 1 ? VK_FORMAT_R8_UINT : elementBytes == 2 ? VK_FORMAT_R16_UINT : VK_FORMAT_R32_UINT;
}

uint32_t TexelSlotEnd(const Launch& l) {
    return kSlotInput + (ReadsEveryPart(l) ? l.partCount : 1);
}

bool TakesTexelInput(const Device& device, const Launch& l, bool inPlace) {
    if (!device.texelInputs || inPlace || l.slotCount < TexelSlotEnd(l)) return false;
    for (uint32_t s = kSlotInput; s < TexelSlotEnd(l); ++s) {
        const SlotView& input = l.slots[s];
        // The application promised the texel usage for the buffers of the operator's inputs only (no lowering reads
        // an output through the input slot today; one that did would keep a storage buffer), not the temporary
        // resource's.
        if (input.tensor.isOutput || input.tensor.isTemporary || input.highest < input.lowest) return false;
        // The descriptor range: from the lowest touched byte aligned down to bindingAlignment, to the highest rounded
        // up to a word (binding_table.cpp), at most this long; the element view has the most texels.
        const uint64_t bytes = uint64_t(input.highest - input.lowest + 1) * input.elementBytes;
        const uint64_t longest = bytes + device.bindingAlignment + 4;
        const uint64_t texels = longest / TexelBytes(kElementTexels, input.elementBytes);
        if (bytes < 16 || texels > device.properties.limits.maxTexelBufferElements) return false;
    }
    return true;
}

Status CreateTexelViews(const Device& device, VkBuffer buffer, VkDeviceSize offset, VkDeviceSize range,
                        uint32_t elementBytes, TexelViews* views) {
    views->fill(VK_NULL_HANDLE);
    const VkFormat formats[kTexelViewCount] = {VK_FORMAT_R32_UINT, VK_FORMAT_R32G32B32A32_UINT,
                                               TexelElementFormat(elementBytes)};
    for (size_t v = 0; v < kTexelViewCount; ++v) {
        Status made = CreateView(device, buffer, offset, range, formats[v], TexelBytes(v, elementBytes), &(*views)[v]);
        if (!made.ok()) {
            for (VkBufferView& view : *views) {
                if (view) device.vk.vkDestroyBufferView(device.device, view, nullptr);
                view = VK_NULL_HANDLE;
            }
            return made;
        }
    }
    return Status::Ok();
}

Status CreateQuadTexelView(const Device& device, VkBuffer buffer, VkDeviceSize offset, VkDeviceSize range,
                           VkBufferView* view) {
    return CreateView(device, buffer, offset, range, VK_FORMAT_R32G32B32A32_UINT, 16, view);
}

}  // namespace vkdml
