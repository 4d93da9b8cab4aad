// The synchronous helpers of the C API: buffers the host can read and write, and "execute and wait".
#pragma once

#include "vk/binding_table.h"

namespace vkdml {

Status CreateHostBuffer(Device& device, uint64_t size, VkBuffer* out);
Status DestroyHostBuffer(Device& device, VkBuffer buffer);
Status AccessHostBuffer(Device& device, VkBuffer buffer, uint64_t offset, uint64_t size, void* data, bool write);
Status ExecuteAndWait(Device& device, const Dispatchable& dispatchable, const BindingTable& bindings);

}  // namespace vkdml
