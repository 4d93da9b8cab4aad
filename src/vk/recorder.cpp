#include "vk/recorder.h"

namespace vkdml {

Status RecordDispatch(Device& dev, VkCommandBuffer cb, const Dispatchable& d, const BindingTable& t) {
    VKDML_RETURN_IF_ERROR(CheckBindingsComplete(t));
    if (d.type == Dispatchable::Type::Initializer) {
        for (const Ref<Dispatchable>& target : d.targets) target->initialized = true;
    } else if (!d.initialized && (dev.flags & DML_CREATE_DEVICE_FLAG_DEBUG)) {
        dev.Notify(VKDML_MESSAGE_KIND_INFO,
                   Format("%s: recorded before any operator initializer for it was recorded; DirectML requires one "
                          "(vkdml's operators have no initialization work, so this one runs correctly)",
                          d.op->desc.name.c_str()));
    }
    const auto& vk = dev.vk;
    for (size_t i = 0; i < d.plan.launches.size(); ++i) {
        const Launch& l = d.plan.launches[i];
        const Dispatchable::LaunchObjects& objects = d.launches[i];
        if (l.barrierBefore) {
            VkMemoryBarrier barrier{VK_STRUCTURE_TYPE_MEMORY_BARRIER};
            barrier.srcAccessMask = VK_ACCESS_SHADER_WRITE_BIT;
            barrier.dstAccessMask = VK_ACCESS_SHADER_READ_BIT | VK_ACCESS_SHADER_WRITE_BIT;
            vk.vkCmdPipelineBarrier(cb, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, 0, 1,
                                    &barrier, 0, nullptr, 0, nullptr);
        }
        vk.vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_COMPUTE, objects.pipeline);
        vk.vkCmdBindDescriptorSets(cb, VK_PIPELINE_BIND_POINT_COMPUTE, objects.pipelineLayout, 0, 1, &t.sets[i], 0,
                                   nullptr);
        vk.vkCmdPushConstants(cb, objects.pipelineLayout, VK_SHADER_STAGE_COMPUTE_BIT, 0,
                              uint32_t(sizeof(t.slotBases[i])), t.slotBases[i].data());
        vk.vkCmdDispatch(cb, objects.groupsX, objects.groupsY, 1);
    }
    return Status::Ok();
}

}  // namespace vkdml
