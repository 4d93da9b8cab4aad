#include "vk/recorder.h"

namespace vkdml {

Status RecordDispatch(Device& dev, VkCommandBuffer cb, const Dispatchable& d, const BindingTable& t) {
    VKDML_RETURN_IF_ERROR(CheckBindingsComplete(t));
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
