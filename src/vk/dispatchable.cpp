#include "vk/dispatchable.h"

#include "core/checked_math.h"
#include "ops/part_copies.h"
#include "vk/kernel_cache.h"
#include "vk/launch_params.h"
#include "vk/texel_inputs.h"

#include <cstring>

VkdmlDispatchable_T::~VkdmlDispatchable_T() {
    if (!device) return;
    if (params.buffer) device->paramsArena->Free(params);
}

uint32_t VkdmlDispatchable_T::InputCount() const {
    return type == Type::CompiledOperator ? uint32_t(op->desc.inputs.size()) : uint32_t(targets.size());
}

uint32_t VkdmlDispatchable_T::OutputCount() const {
    return type == Type::CompiledOperator ? uint32_t(op->desc.outputs.size()) : uint32_t(targets.size());
}

DML_BINDING_PROPERTIES VkdmlDispatchable_T::BindingProperties() const {
    DML_BINDING_PROPERTIES p{};
    for (size_t i = 0; i < plan.launches.size(); ++i)
        if (!launches[i].transfer)
            p.RequiredDescriptorCount += 1 + vkdml::KernelCache::StorageBindingCount(plan.launches[i].args.kernel);
    // Temporary memory for the launches to share (NONZERO_COORDINATES' lane counts and masks); no operator keeps
    // persistent memory.
    if (type == Type::CompiledOperator) p.TemporaryResourceSize = plan.temporaryBytes;
    return p;
}

namespace vkdml {

Status CreateOperator(Device* device, const DML_OPERATOR_DESC* desc, Operator** out) {
    Ref<Operator> op(new Operator, false);
    op->device = Ref<Device>(device);
    VKDML_RETURN_IF_ERROR(ReadOperator(desc, device->featureLevel, device->AllowsZeroVolume(), &op->desc));
    op->implementation = FindImplementation(op->desc.type);
    op->AddRef();
    *out = op.get();
    return Status::Ok();
}

namespace {

// Every launch's parameters, `stride` apart in a range of the device's arena.
Status WriteLaunchParams(Dispatchable* d, VkDeviceSize stride) {
    VKDML_RETURN_IF_ERROR(d->device->paramsArena->Allocate(stride * d->plan.launches.size(), &d->params));
    for (size_t i = 0; i < d->plan.launches.size(); ++i) {
        d->launches[i].paramsOffset = d->params.offset + stride * i;
        LaunchParams params = MakeLaunchParams(d->plan.launches[i], d->launches[i].groupsX);
        std::memcpy(static_cast<char*>(d->params.mapped) + stride * i, &params, sizeof params);
    }
    return Status::Ok();
}

}  // namespace

Status CompileOperator(Operator* op, DML_EXECUTION_FLAGS flags, Dispatchable** out) {
    constexpr uint32_t kKnownFlags = DML_EXECUTION_FLAG_ALLOW_HALF_PRECISION_COMPUTATION |
                                     DML_EXECUTION_FLAG_DISABLE_META_COMMANDS | DML_EXECUTION_FLAG_DESCRIPTORS_VOLATILE |
                                     VKDML_EXECUTION_FLAG_TRANSFER_COMMANDS | VKDML_EXECUTION_FLAG_TEXEL_INPUTS;
    if (flags & ~kKnownFlags)
        return InvalidArgument("vkdmlCompileOperator: flags 0x%x has bits that are not DML_EXECUTION_FLAGS",
                               unsigned(flags));
    Device& dev = *op->device;
    Ref<Dispatchable> d(new Dispatchable, false);
    d->type = Dispatchable::Type::CompiledOperator;
    d->device = op->device;
    d->op = Ref<Operator>(op);
    d->executionFlags = flags;
    VKDML_RETURN_IF_ERROR(op->implementation->lower(op->desc, dev.loweringLimits, &d->plan));
    // Only an operator whose outputs are all zero-volume records nothing.
    bool anyOutput = false;
    for (const Tensor& t : op->desc.outputs) anyOutput = anyOutput || !t.IsEmpty();
    if (d->plan.launches.empty() && anyOutput)
        return InvalidState("internal: %s lowered to no launch", op->desc.name.c_str());

    const VkPhysicalDeviceLimits& limits = dev.properties.limits;
    VkDeviceSize stride = AlignUp(sizeof(LaunchParams), std::max<VkDeviceSize>(limits.minUniformBufferOffsetAlignment, 16));
    // Transfer copies first (they need no launch at all), then the remaining part copies merged into few launches.
    std::vector<std::optional<TransferCopy>> transfers(d->plan.launches.size());
    if (flags & VKDML_EXECUTION_FLAG_TRANSFER_COMMANDS)
        for (size_t i = 0; i < transfers.size(); ++i)
            transfers[i] = TransferCopyOf(d->plan.launches[i], dev.loweringLimits);
    MergePartCopies(dev.loweringLimits, &d->plan, &transfers);
    bool mayRunInPlace = false;
    for (size_t j = 0; j < op->desc.outputs.size(); ++j)
        mayRunInPlace = mayRunInPlace || MayRunInPlace(*op->implementation, op->desc, j);
    d->launches.resize(d->plan.launches.size());
    for (size_t i = 0; i < d->plan.launches.size(); ++i) {
        const Launch& l = d->plan.launches[i];
        Dispatchable::LaunchObjects& objects = d->launches[i];
        objects.transfer = transfers[i];
        if (objects.transfer) continue;
        d->plan.launches[i].texelInput = (flags & VKDML_EXECUTION_FLAG_TEXEL_INPUTS) &&
                                         TakesTexelInput(dev, l, mayRunInPlace);
        PipelineKey key = PipelineKeyOf(l);
        VKDML_RETURN_IF_ERROR(dev.kernels->GetPipeline(key, &objects.pipeline));
        VKDML_RETURN_IF_ERROR(
            dev.kernels->GetLayouts(l.args.kernel, l.texelInput, &objects.setLayout, &objects.pipelineLayout));
        // A 2-D grid: x up to the device's limit, y for the rest (many GPUs allow only 65535 groups per axis).
        uint64_t groups = (uint64_t(l.invocationCount) + kWorkgroupSize - 1) / kWorkgroupSize;
        uint64_t groupsX = std::min<uint64_t>(std::max<uint64_t>(groups, 1), limits.maxComputeWorkGroupCount[0]);
        uint64_t groupsY = (groups + groupsX - 1) / groupsX;
        if (groupsY > limits.maxComputeWorkGroupCount[1])
            return Unsupported("%s: a launch of %u invocations exceeds the device's workgroup-count limits",
                               op->desc.name.c_str(), l.invocationCount);
        objects.groupsX = uint32_t(groupsX);
        objects.groupsY = uint32_t(std::max<uint64_t>(groupsY, 1));
    }
    if (!d->plan.launches.empty()) VKDML_RETURN_IF_ERROR(WriteLaunchParams(d.get(), stride));
    d->AddRef();
    *out = d.get();
    return Status::Ok();
}

Status CreateInitializer(Device* device, std::vector<Ref<Dispatchable>> targets, Dispatchable** out) {
    Ref<Dispatchable> d(new Dispatchable, false);
    d->type = Dispatchable::Type::Initializer;
    d->device = Ref<Device>(device);
    d->targets = std::move(targets);
    d->AddRef();
    *out = d.get();
    return Status::Ok();
}

}  // namespace vkdml
