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

// Transfer launches as vkCmdCopyBuffer: consecutive launches between the same two buffers (SPLIT/JOIN parts placed
// in one buffer) share one command with a region per run. An in-place operator (output bound to exactly its input's
// range, the only overlap binding allows) copies every byte onto itself: it adds no region.
class TransferBatch {
public:
    TransferBatch(const VolkDeviceTable& vk, VkCommandBuffer cb) : vk_(vk), cb_(cb) {}

    void Add(const TransferCopy& copy, const BindingTable& t) {
        const DML_BUFFER_BINDING& src = BindingOf(copy.source, t);
        const DML_BUFFER_BINDING& dst = BindingOf(copy.destination, t);
        const int64_t from = int64_t(src.Offset) + copy.sourceOrigin, to = int64_t(dst.Offset) + copy.destinationOrigin;
        if (src.Buffer == dst.Buffer && from == to) return;
        if (src.Buffer != src_ || dst.Buffer != dst_) Flush();
        src_ = src.Buffer;
        dst_ = dst.Buffer;
        for (uint32_t k = 0; k < copy.rows; ++k)
            regions_.push_back({VkDeviceSize(from + int64_t(k) * copy.sourceRowStride),
                                VkDeviceSize(to + int64_t(k) * copy.destinationRowStride), copy.rowBytes});
    }

    void Flush() {
        if (!regions_.empty()) vk_.vkCmdCopyBuffer(cb_, src_, dst_, uint32_t(regions_.size()), regions_.data());
        regions_.clear();
    }

private:
    static const DML_BUFFER_BINDING& BindingOf(TensorRef ref, const BindingTable& t) {
        return *(ref.isOutput ? t.outputs[ref.index] : t.inputs[ref.index]);
    }

    const VolkDeviceTable& vk_;
    VkCommandBuffer cb_;
    VkBuffer src_ = VK_NULL_HANDLE, dst_ = VK_NULL_HANDLE;
    std::vector<VkBufferCopy> regions_;
};

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
    TransferBatch batch(vk, cb);
    for (size_t i = 0; i < d.plan.launches.size(); ++i) {
        const Launch& l = d.plan.launches[i];
        const Dispatchable::LaunchObjects& objects = d.launches[i];
        if (objects.transfer) {
            if (!inTransfer) {
                Barrier(vk, cb, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, VK_ACCESS_SHADER_WRITE_BIT,
                        VK_PIPELINE_STAGE_TRANSFER_BIT, kTransferAccess);
            } else if (l.barrierBefore) {
                batch.Flush();
                Barrier(vk, cb, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_ACCESS_TRANSFER_WRITE_BIT,
                        VK_PIPELINE_STAGE_TRANSFER_BIT, kTransferAccess);
            }
            inTransfer = true;
            batch.Add(*objects.transfer, t);
            continue;
        }
        if (inTransfer) {
            batch.Flush();
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
    if (inTransfer) {
        batch.Flush();
        Barrier(vk, cb, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_ACCESS_TRANSFER_WRITE_BIT,
                VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, kShaderAccess);
    }
    return Status::Ok();
}

}  // namespace vkdml
