#include "vk/recorder.h"

#include <vector>

namespace vkdml {
namespace {

void Barrier(const VolkDeviceTable& vk, VkCommandBuffer cb, VkPipelineStageFlags srcStage, VkAccessFlags srcAccess,
             VkPipelineStageFlags dstStage, VkAccessFlags dstAccess) {
    VkMemoryBarrier barrier{VK_STRUCTURE_TYPE_MEMORY_BARRIER};
    barrier.srcAccessMask = srcAccess;
    barrier.dstAccessMask = dstAccess;
    vk.vkCmdPipelineBarrier(cb, srcStage, dstStage, 0, 1, &barrier, 0, nullptr, 0, nullptr);
}

constexpr VkAccessFlags kShaderAccess = VK_ACCESS_SHADER_READ_BIT | VK_ACCESS_SHADER_WRITE_BIT;
constexpr VkAccessFlags kTransferAccess = VK_ACCESS_TRANSFER_READ_BIT | VK_ACCESS_TRANSFER_WRITE_BIT;

}  // namespace

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
    // The application orders vkdml's work with compute-shader barriers. Transfer commands are bracketed by
    // barriers from and to the compute-shader stage, which chain with the application's; between two transfer
    // launches of one plan, a transfer-to-transfer barrier where the plan asks for one.
    bool inTransfer = false;
    size_t nextTransfer = 0;   // t.transferCommands, in launch order
    for (size_t i = 0; i < d.plan.launches.size(); ++i) {
        const Launch& l = d.plan.launches[i];
        const Dispatchable::LaunchObjects& objects = d.launches[i];
        if (objects.transfer) {   // the first launch of the next transfer command
            if (nextTransfer >= t.transferCommands.size() || t.transferCommands[nextTransfer].firstLaunch != i)
                return InvalidState("internal: %s: no transfer command for launch %zu", d.op->desc.name.c_str(), i);
            const BindingTable::TransferCommand& command = t.transferCommands[nextTransfer++];
            if (!inTransfer) {
                Barrier(vk, cb, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, VK_ACCESS_SHADER_WRITE_BIT,
                        VK_PIPELINE_STAGE_TRANSFER_BIT, kTransferAccess);
            } else if (l.barrierBefore) {
                Barrier(vk, cb, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_ACCESS_TRANSFER_WRITE_BIT,
                        VK_PIPELINE_STAGE_TRANSFER_BIT, kTransferAccess);
            }
            inTransfer = true;
            if (!command.regions.empty())
                vk.vkCmdCopyBuffer(cb, command.source, command.destination, uint32_t(command.regions.size()),
                                   command.regions.data());
            i = command.endLaunch - 1;
            continue;
        }
        if (inTransfer) {
            Barrier(vk, cb, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_ACCESS_TRANSFER_WRITE_BIT,
                    VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, kShaderAccess);
            inTransfer = false;
        } else if (l.barrierBefore) {
            Barrier(vk, cb, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, VK_ACCESS_SHADER_WRITE_BIT,
                    VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, kShaderAccess);
        }
        vk.vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_COMPUTE, objects.pipeline);
        vk.vkCmdBindDescriptorSets(cb, VK_PIPELINE_BIND_POINT_COMPUTE, objects.pipelineLayout, 0, 1, &t.sets[i], 0,
                                   nullptr);
        vk.vkCmdPushConstants(cb, objects.pipelineLayout, VK_SHADER_STAGE_COMPUTE_BIT, 0,
                              uint32_t(sizeof(t.slotBases[i])), t.slotBases[i].data());
        vk.vkCmdDispatch(cb, objects.groupsX, objects.groupsY, 1);
    }
    if (inTransfer)
        Barrier(vk, cb, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_ACCESS_TRANSFER_WRITE_BIT,
                VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, kShaderAccess);
    return Status::Ok();
}

}  // namespace vkdml
