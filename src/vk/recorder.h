// The command recorder: records a dispatchable's launches into the application's command buffer.
#pragma once

#include "vk/binding_table.h"

struct VkdmlCommandRecorder_T final : vkdml::Object {
    VkdmlCommandRecorder_T() : Object(vkdml::ObjectKind::CommandRecorder) {}
    vkdml::Ref<vkdml::Device> device;
};

namespace vkdml {

using CommandRecorder = VkdmlCommandRecorder_T;

// Binds each launch's pipeline, descriptor set and push constants and dispatches it. Between launches that rewrite
// each other's output (a gather split along its axis) it adds a compute-to-compute barrier; nothing before the
// first launch or after the last one (that is the application's, as with DirectML).
Status RecordDispatch(Device& device, VkCommandBuffer commandBuffer, const Dispatchable& dispatchable,
                      const BindingTable& bindings);

}  // namespace vkdml
