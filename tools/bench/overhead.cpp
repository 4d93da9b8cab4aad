// vkdml-bench: dispatch and record overhead.
#include "overhead.h"

#include "cases.h"
#include "command_counter.h"
#include "stats.h"

#include <algorithm>
#include <vector>

namespace vkdml_bench {
namespace {

// The raw side of a tiny dispatch: what an application would record for one small compute launch.
void RecordRawTiny(VkContext& ctx, ComputeCopyKernel& kernel, VkDescriptorSet set, VkCommandBuffer cb) {
    ctx.fn.cmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_COMPUTE, kernel.pipeline);
    ctx.fn.cmdBindDescriptorSets(cb, VK_PIPELINE_BIND_POINT_COMPUTE, kernel.layout, 0, 1, &set, 0, nullptr);
    uint32_t push[32] = {1};   // one uvec4
    ctx.fn.cmdPushConstants(cb, kernel.layout, VK_SHADER_STAGE_COMPUTE_BIT, 0, 4, push);
    ctx.fn.cmdDispatch(cb, 1, 1, 1);
}

// Replays `commands` with the bench's own pipeline, set and buffers: same commands, same counts and sizes.
void Replay(VkContext& ctx, ComputeCopyKernel& kernel, VkDescriptorSet set, const WorkBuffers& buffers,
            const std::vector<RecordedCommand>& commands, VkCommandBuffer cb) {
    static const uint32_t zeros[32] = {};
    for (const RecordedCommand& r : commands) {
        switch (r.kind) {
            case CommandKind::BindPipeline:
                ctx.fn.cmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_COMPUTE, kernel.pipeline);
                break;
            case CommandKind::BindDescriptorSets:
                ctx.fn.cmdBindDescriptorSets(cb, VK_PIPELINE_BIND_POINT_COMPUTE, kernel.layout, 0, 1, &set, 0,
                                             nullptr);
                break;
            case CommandKind::PushConstants:
                ctx.fn.cmdPushConstants(cb, kernel.layout, VK_SHADER_STAGE_COMPUTE_BIT, 0,
                                        std::min<uint32_t>(std::max<uint32_t>(r.a, 4), 128), zeros);
                break;
            case CommandKind::Dispatch:
            case CommandKind::DispatchBase:
            case CommandKind::DispatchIndirect:
                ctx.fn.cmdDispatch(cb, std::max(r.a, 1u), std::max(r.b, 1u), std::max(r.c, 1u));
                break;
            case CommandKind::PipelineBarrier: {
                VkMemoryBarrier barrier{VK_STRUCTURE_TYPE_MEMORY_BARRIER};
                barrier.srcAccessMask = VK_ACCESS_SHADER_WRITE_BIT;
                barrier.dstAccessMask = VK_ACCESS_SHADER_READ_BIT | VK_ACCESS_SHADER_WRITE_BIT;
                ctx.fn.cmdPipelineBarrier(cb, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT,
                                          VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, 0, 1, &barrier, 0, nullptr, 0,
                                          nullptr);
                break;
            }
            case CommandKind::CopyBuffer: {
                std::vector<VkBufferCopy> regions(std::max(r.a, 1u));
                for (size_t i = 0; i < regions.size(); ++i) regions[i] = {i * 16, i * 16, 16};
                ctx.fn.cmdCopyBuffer(cb, buffers.source.buffer, buffers.destination.buffer,
                                     uint32_t(regions.size()), regions.data());
                break;
            }
            case CommandKind::FillBuffer:
                ctx.fn.cmdFillBuffer(cb, buffers.destination.buffer, 0, 16, 0);
                break;
            case CommandKind::UpdateBuffer:
                ctx.fn.cmdUpdateBuffer(cb, buffers.destination.buffer, 0, 16, zeros);
                break;
            default: break;
        }
    }
}

}  // namespace

void MeasureDispatchOverhead(VkContext& ctx, ComputeCopyKernel& kernel, VkdmlDevice plain,
                             const WorkBuffers& buffers, int repeat, DispatchOverhead* out) {
    out->repeat = repeat;
    std::string* error = &out->error;
    VkDescriptorSet set;
    if (!kernel.TinySet(buffers.source, buffers.destination, &set, error)) return;
    auto tiny = TinyIdentity();
    BoundOperator bound;
    if (!bound.Prepare(ctx, plain, *tiny, buffers, error)) return;
    // The three paths take turns, one repetition each, so that drift in the machine's load hits them alike.
    const RecordFn paths[3] = {
        [](VkCommandBuffer, std::string*) { return true; },
        [&](VkCommandBuffer cb, std::string*) {
            RecordRawTiny(ctx, kernel, set, cb);
            return true;
        },
        [&](VkCommandBuffer cb, std::string* e) { return bound.Record(cb, e); },
    };
    const int warmup = 5;
    std::vector<double> wall[3], gpu[3];
    bool gpuValid = false;
    for (int i = -warmup; i < repeat; ++i)
        for (int p = 0; p < 3; ++p) {
            Timing t;
            if (!ctx.TimeRecordSubmit(paths[p], 0, 1, &t, error)) return;
            if (i < 0) continue;
            wall[p].push_back(t.wall.median);
            if (t.gpuValid) gpu[p].push_back(t.gpu.median);
            gpuValid = t.gpuValid;
        }
    Timing* results[3] = {&out->emptySubmit, &out->raw, &out->vkdml};
    for (int p = 0; p < 3; ++p) {
        results[p]->wall = Summarize(wall[p]);
        results[p]->gpu = Summarize(gpu[p]);
        results[p]->gpuValid = gpuValid;
    }
}

void MeasureRecordOverhead(VkContext& ctx, ComputeCopyKernel& kernel, VkdmlDevice plain, VkdmlDevice counting,
                           const WorkBuffers& buffers, const BuiltCase& op, int batches, int perBatch,
                           RecordOverhead* out) {
    out->name = op.name + " " + op.layout;
    out->batches = batches;
    out->recordingsPerBatch = perBatch;
    std::string* error = &out->error;
    VkDescriptorSet set;
    if (!kernel.TinySet(buffers.source, buffers.destination, &set, error)) return;
    if (!op.indices.empty() && !ctx.Upload(buffers.indices, 0, op.indices.data(), op.indices.size() * 4, error))
        return;

    // What one vkdmlRecordDispatch of the operator records (counting device, recorded and never submitted).
    std::vector<RecordedCommand> sequence;
    {
        BoundOperator counted;
        if (!counted.Prepare(ctx, counting, op, buffers, error)) return;
        if (!ctx.RunOnce(
                [&](VkCommandBuffer cb, std::string* e) {
                    BeginCapture();
                    bool ok = counted.Record(cb, e);
                    sequence = Captured();
                    return ok;
                },
                error))
            return;
    }
    out->sequence = Describe(sequence);

    BoundOperator bound;
    if (!bound.Prepare(ctx, plain, op, buffers, error)) return;
    VkCommandPoolCreateInfo poolInfo{VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO};
    poolInfo.queueFamilyIndex = ctx.family;
    VkCommandPool pool;
    if (vkCreateCommandPool(ctx.device, &poolInfo, nullptr, &pool) != VK_SUCCESS) {
        *error = "vkCreateCommandPool failed";
        return;
    }
    VkCommandBufferAllocateInfo alloc{VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO};
    alloc.commandPool = pool;
    alloc.commandBufferCount = 1;
    VkCommandBuffer cb;
    vkAllocateCommandBuffers(ctx.device, &alloc, &cb);

    std::vector<double> raw, dml;
    bool failed = false;
    for (int b = -1; b < batches && !failed; ++b) {   // batch -1 warms up both paths
        for (int side = 0; side < 2; ++side) {
            VkCommandBufferBeginInfo begin{VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
            begin.flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT;
            vkBeginCommandBuffer(cb, &begin);
            double t0 = ThreadCpuSeconds();
            if (side == 0) {
                for (int k = 0; k < perBatch; ++k) Replay(ctx, kernel, set, buffers, sequence, cb);
            } else {
                for (int k = 0; k < perBatch; ++k)
                    if (VKDML_STATUS s = vkdmlRecordDispatch(bound.recorder, cb, bound.compiled, bound.table)) {
                        *error = VkdmlError("vkdmlRecordDispatch", s);
                        failed = true;
                        break;
                    }
            }
            double t1 = ThreadCpuSeconds();
            vkEndCommandBuffer(cb);
            vkResetCommandPool(ctx.device, pool, 0);
            if (b >= 0) (side == 0 ? raw : dml).push_back((t1 - t0) / perBatch);
        }
    }
    vkDestroyCommandPool(ctx.device, pool, nullptr);
    if (failed) return;
    out->raw = Summarize(raw);
    out->vkdml = Summarize(dml);
    out->addedSeconds = out->vkdml.median - out->raw.median;
}

}  // namespace vkdml_bench
