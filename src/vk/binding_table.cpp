#include "vk/binding_table.h"

#include "core/checked_math.h"
#include "vk/embedded_kernels.h"
#include "vk/kernel_cache.h"
#include "vk/launch_params.h"
#include "vk/texel_inputs.h"

#include <algorithm>

VkdmlBindingTable_T::~VkdmlBindingTable_T() { ReleaseSets(); }

void VkdmlBindingTable_T::DestroyTexelViews(std::vector<vkdml::TexelViews>* views) {
    for (auto& launchViews : *views)
        for (VkBufferView& view : launchViews) {
            if (view) device->vk.vkDestroyBufferView(device->device, view, nullptr);
            view = VK_NULL_HANDLE;
        }
}

void VkdmlBindingTable_T::ReleaseSets() {
    if (!device) return;
    DestroyTexelViews(&texelViews);
    texelViews.clear();
    if (ownsPool && pool) {
        device->vk.vkDestroyDescriptorPool(device->device, pool, nullptr);
    } else if (pool && !sets.empty()) {
        device->vk.vkFreeDescriptorSets(device->device, pool, uint32_t(sets.size()), sets.data());
    }
    if (ownsPool) pool = VK_NULL_HANDLE;
    sets.clear();
}

namespace vkdml {
namespace {

const char* Side(bool outputs) { return outputs ? "output" : "input"; }

Status AllocateSets(BindingTable* t, const DML_BINDING_TABLE_DESC& desc) {
    Device& dev = *t->device;
    const Dispatchable& d = *t->dispatchable;
    size_t launches = d.plan.launches.size();
    t->inputs.assign(d.InputCount(), std::nullopt);
    t->outputs.assign(d.OutputCount(), std::nullopt);
    t->slotBases.assign(launches, {});
    t->sets.assign(launches, VK_NULL_HANDLE);   // transfer-copy launches keep VK_NULL_HANDLE: they bind nothing
    t->texelViews.assign(launches, {});
    std::vector<size_t> kernelLaunches;
    uint32_t storage = 0, texel = 0;
    for (size_t i = 0; i < launches; ++i) {
        if (d.launches[i].transfer) continue;
        kernelLaunches.push_back(i);
        storage += KernelCache::StorageBindingCount(d.plan.launches[i].args.kernel);
        texel += d.plan.launches[i].texelInput ? TexelBindingCount(d.plan.launches[i].args.kernel) : 0;
    }
    const uint32_t setCount = uint32_t(kernelLaunches.size());
    if (setCount == 0) return Status::Ok();
    if (desc.DescriptorPool) {
        uint32_t required = d.BindingProperties().RequiredDescriptorCount;
        if (desc.SizeInDescriptors < required)
            return InvalidArgument("vkdmlCreateBindingTable: SizeInDescriptors is %u but the dispatchable needs %u "
                                   "(RequiredDescriptorCount)", desc.SizeInDescriptors, required);
        t->pool = desc.DescriptorPool;
        t->ownsPool = false;
    } else {
        VkDescriptorPoolSize sizes[3] = {{VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, setCount},
                                         {VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, storage},
                                         {VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER, texel}};
        VkDescriptorPoolCreateInfo info{VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO};
        info.maxSets = setCount;
        info.poolSizeCount = texel ? 3 : 2;
        info.pPoolSizes = sizes;
        VKDML_RETURN_IF_VK_ERROR(dev.vk.vkCreateDescriptorPool(dev.device, &info, nullptr, &t->pool),
                                 "vkCreateDescriptorPool");
        t->ownsPool = true;
    }
    std::vector<VkDescriptorSetLayout> layouts(setCount);
    for (uint32_t k = 0; k < setCount; ++k) layouts[k] = d.launches[kernelLaunches[k]].setLayout;
    VkDescriptorSetAllocateInfo alloc{VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO};
    alloc.descriptorPool = t->pool;
    alloc.descriptorSetCount = setCount;
    alloc.pSetLayouts = layouts.data();
    std::vector<VkDescriptorSet> allocated(setCount);
    VkResult r = dev.vk.vkAllocateDescriptorSets(dev.device, &alloc, allocated.data());
    if (r != VK_SUCCESS) {
        t->sets.clear();
        return VulkanFailure(r, "vkAllocateDescriptorSets");
    }
    for (uint32_t k = 0; k < setCount; ++k) t->sets[kernelLaunches[k]] = allocated[k];
    // The uniform binding never changes: write it now.
    std::vector<VkDescriptorBufferInfo> infos(setCount);
    std::vector<VkWriteDescriptorSet> writes(setCount);
    for (uint32_t k = 0; k < setCount; ++k) {
        const size_t i = kernelLaunches[k];
        infos[k] = {d.params.buffer, d.launches[i].paramsOffset, sizeof(LaunchParams)};
        writes[k] = {VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET};
        writes[k].dstSet = t->sets[i];
        writes[k].dstBinding = 0;
        writes[k].descriptorCount = 1;
        writes[k].descriptorType = VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER;
        writes[k].pBufferInfo = &infos[k];
    }
    dev.vk.vkUpdateDescriptorSets(dev.device, uint32_t(writes.size()), writes.data(), 0, nullptr);
    return Status::Ok();
}

// The range lies inside its buffer, where that is known: a buffer from vkdmlCreateBuffer. (An application's own
// VkBuffer cannot be measured; the validation layer of a debug device reports a range past its end.)
Status CheckInsideBuffer(Device& dev, const DML_BUFFER_BINDING& buffer, const char* op, const char* name) {
    if (!CheckedAdd(buffer.Offset, buffer.SizeInBytes))
        return InvalidArgument("%s: the binding of %s: Offset + SizeInBytes overflows 64 bits", op, name);
    std::lock_guard lock(dev.buffersMutex);
    auto found = dev.buffers.find(buffer.Buffer);
    if (found != dev.buffers.end() && buffer.Offset + buffer.SizeInBytes > found->second.size)
        return InvalidArgument("%s: the binding of %s has Offset %llu + SizeInBytes %llu, past the end of its "
                               "%llu-byte buffer", op, name, (unsigned long long)buffer.Offset,
                               (unsigned long long)buffer.SizeInBytes, (unsigned long long)found->second.size);
    return Status::Ok();
}

// What a launch's slot view names: an input, an output or the temporary resource.
const std::optional<DML_BUFFER_BINDING>& BindingOf(const BindingTable& t, TensorRef ref) {
    if (ref.isTemporary) return t.temporary;
    return ref.isOutput ? t.outputs[ref.index] : t.inputs[ref.index];
}

Status CheckBufferBinding(const Dispatchable& d, bool outputs, uint32_t index, const DML_BINDING_DESC& b,
                          std::optional<DML_BUFFER_BINDING>* out) {
    const Tensor& t = outputs ? d.op->desc.outputs[index] : d.op->desc.inputs[index];
    const char* op = d.op->desc.name.c_str();
    const char* name = t.name.c_str();
    if (b.Type == DML_BINDING_TYPE_NONE) {
        *out = std::nullopt;
        return Status::Ok();
    }
    if (!t.present)
        return InvalidArgument("%s: %s is NULL in the operator's desc; its binding must be DML_BINDING_TYPE_NONE", op,
                               name);
    if (b.Type != DML_BINDING_TYPE_BUFFER)
        return InvalidArgument("%s: the binding of %s has Type %d; a tensor takes DML_BINDING_TYPE_BUFFER", op, name,
                               int(b.Type));
    if (!b.Desc) return InvalidArgument("%s: the binding of %s has Desc NULL", op, name);
    const auto& buffer = *static_cast<const DML_BUFFER_BINDING*>(b.Desc);
    if (!buffer.Buffer) return InvalidArgument("%s: the binding of %s has Buffer VK_NULL_HANDLE", op, name);
    bool aligned = buffer.Offset % DML_MINIMUM_BUFFER_TENSOR_ALIGNMENT == 0 ||
                   buffer.Offset % t.GuaranteedBaseAlignment() == 0;
    if (!aligned)
        return InvalidArgument("%s: the binding of %s has Offset %llu; it must be a multiple of 16 "
                               "(DML_MINIMUM_BUFFER_TENSOR_ALIGNMENT) or of GuaranteedBaseOffsetAlignment (%u)", op,
                               name, (unsigned long long)buffer.Offset, t.baseAlignment);
    if (buffer.SizeInBytes < t.totalBytes)
        return InvalidArgument("%s: the binding of %s has SizeInBytes %llu, less than its TotalTensorSizeInBytes %llu",
                               op, name, (unsigned long long)buffer.SizeInBytes, (unsigned long long)t.totalBytes);
    VKDML_RETURN_IF_ERROR(CheckInsideBuffer(*d.device, buffer, op, name));
    *out = buffer;
    return Status::Ok();
}

bool Overlaps(const DML_BUFFER_BINDING& a, uint64_t aBytes, const DML_BUFFER_BINDING& b, uint64_t bBytes) {
    return a.Buffer == b.Buffer && a.Offset < b.Offset + bBytes && b.Offset < a.Offset + aBytes;
}

// Outputs may not overlap each other or any input, except input 0 bound to exactly an output's range with the same
// layout on operators that run in place.
Status CheckOverlaps(const BindingTable& t) {
    const Dispatchable& d = *t.dispatchable;
    const OperatorDesc& op = d.op->desc;
    for (size_t j = 0; j < t.outputs.size(); ++j) {
        if (!t.outputs[j]) continue;
        const Tensor& out = op.outputs[j];
        for (size_t k = j + 1; k < t.outputs.size(); ++k)
            if (t.outputs[k] && Overlaps(*t.outputs[j], out.totalBytes, *t.outputs[k], op.outputs[k].totalBytes))
                return InvalidArgument("%s: the bindings of %s and %s overlap; outputs must not overlap",
                                       op.name.c_str(), out.name.c_str(), op.outputs[k].name.c_str());
        for (size_t i = 0; i < t.inputs.size(); ++i) {
            if (!t.inputs[i]) continue;
            const Tensor& in = op.inputs[i];
            if (!Overlaps(*t.outputs[j], out.totalBytes, *t.inputs[i], in.totalBytes)) continue;
            bool inPlace = i == 0 && t.inputs[i]->Offset == t.outputs[j]->Offset &&
                           MayRunInPlace(*d.op->implementation, op, j);
            if (!inPlace)
                return InvalidArgument("%s: the bindings of %s and %s overlap; an output may share memory with an input "
                                       "only in place (identical range and layout, on operators that allow it)",
                                       op.name.c_str(), in.name.c_str(), out.name.c_str());
        }
    }
    // The temporary resource is the operator's own: it shares no byte with a tensor.
    const uint64_t temporaryBytes = d.plan.temporaryBytes;
    if (!t.temporary || temporaryBytes == 0) return Status::Ok();
    for (int outputs = 0; outputs < 2; ++outputs) {
        const auto& bound = outputs ? t.outputs : t.inputs;
        const auto& tensors = outputs ? op.outputs : op.inputs;
        for (size_t i = 0; i < bound.size(); ++i)
            if (bound[i] && Overlaps(*t.temporary, temporaryBytes, *bound[i], tensors[i].totalBytes))
                return InvalidArgument("%s: the bindings of the temporary resource and %s overlap; the temporary "
                                       "resource must not share memory with a tensor", op.name.c_str(),
                                       tensors[i].name.c_str());
    }
    return Status::Ok();
}

// Writes the storage descriptors (and texel views) and push constants of every launch whose tensors are all bound.
// The views are made first: where one cannot be, nothing is written and the table keeps its views and bases.
Status WriteDescriptors(BindingTable* t) {
    Device& dev = *t->device;
    const Dispatchable& d = *t->dispatchable;
    std::vector<VkDescriptorBufferInfo> infos;
    std::vector<VkWriteDescriptorSet> writes;
    infos.reserve(d.plan.launches.size() * kMaxLaunchSlots);   // never reallocated: `writes` point into it
    std::vector<TexelViews> views(d.plan.launches.size(), TexelViews{});
    std::vector<std::array<uint32_t, kMaxLaunchSlots>> bases = t->slotBases;
    auto write = [&](VkDescriptorSet set, uint32_t binding, const VkDescriptorBufferInfo* info,
                     const VkBufferView* view) {
        VkWriteDescriptorSet w{VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET};
        w.dstSet = set;
        w.dstBinding = binding;
        w.descriptorCount = 1;
        w.descriptorType = view ? VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER : VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
        w.pBufferInfo = info;
        w.pTexelBufferView = view;
        writes.push_back(w);
    };
    for (size_t i = 0; i < d.plan.launches.size(); ++i) {
        const Launch& l = d.plan.launches[i];
        if (d.launches[i].transfer) continue;   // recorded as vkCmdCopyBuffer from the bindings themselves
        const VkDescriptorBufferInfo* first = nullptr;
        for (uint32_t s = 0; s < l.slotCount; ++s) {
            const SlotView& view = l.slots[s];
            const auto& bound = BindingOf(*t, view.tensor);
            if (!bound) continue;
            uint64_t es = view.elementBytes;
            uint64_t lowByte = bound->Offset + uint64_t(view.lowest) * es;
            uint64_t start = AlignDown(lowByte, dev.bindingAlignment);
            uint64_t end = AlignUp(bound->Offset + uint64_t(view.highest + 1) * es, 4);
            bases[i][s] = uint32_t((bound->Offset + uint64_t(view.origin) * es - start) / es);
            infos.push_back({bound->Buffer, start, end - start});
            if (s == 0) first = &infos.back();
            if (s == kSlotInput && l.texelInput) {
                Status made = CreateTexelViews(dev, bound->Buffer, start, end - start, uint32_t(es), &views[i]);
                if (!made.ok()) {
                    t->DestroyTexelViews(&views);
                    return made;
                }
                write(t->sets[i], 1 + s, nullptr, &views[i][kWordTexels]);
                write(t->sets[i], kTexelQuadsBinding, nullptr, &views[i][kQuadTexels]);
                write(t->sets[i], kTexelElementsBinding, nullptr, &views[i][kElementTexels]);
                continue;
            }
            // A copy_parts JOIN's parts 1..: their quads through a view, their words through the storage buffer.
            if (s > kSlotInput && l.texelInput && s < TexelSlotEnd(l)) {
                const uint32_t part = s - 1;
                VkBufferView* view = &views[i][kPartQuadTexels + part - 1];
                Status made = CreateQuadTexelView(dev, bound->Buffer, start, end - start, view);
                if (!made.ok()) {
                    t->DestroyTexelViews(&views);
                    return made;
                }
                write(t->sets[i], kTexelPartQuadsBinding + part - 1, nullptr, view);
            }
            write(t->sets[i], 1 + s, &infos.back(), nullptr);
        }
        // Bindings the kernel declares but this launch leaves unused (copy_parts with fewer than 8 parts; its part
        // views where it reads no part k): every statically used descriptor must be valid, so the storage buffers
        // repeat slot 0's descriptor, the part views the input slot's quad view.
        for (uint32_t s = l.slotCount; first && s < KernelCache::StorageBindingCount(l.args.kernel); ++s)
            write(t->sets[i], 1 + s, first, nullptr);
        const uint32_t partViews = TexelBindingCount(l.args.kernel) - kTexelViewCount;   // copy_parts: parts 1..
        const bool quadView = l.texelInput && views[i][kQuadTexels];
        for (uint32_t k = std::max(TexelSlotEnd(l), 2u) - 1; quadView && k <= partViews; ++k)
            write(t->sets[i], kTexelPartQuadsBinding + k - 1, nullptr, &views[i][kQuadTexels]);
    }
    if (!writes.empty()) dev.vk.vkUpdateDescriptorSets(dev.device, uint32_t(writes.size()), writes.data(), 0, nullptr);
    // The sets now name the new views (launches whose input is not bound yet keep none).
    t->DestroyTexelViews(&t->texelViews);
    t->texelViews = std::move(views);
    t->slotBases = std::move(bases);
    return Status::Ok();
}

// Builds the transfer commands once every tensor the transfer launches copy is bound (left empty until then).
// An in-place operator (output bound to exactly its input's range, the only overlap binding allows) copies every
// byte onto itself: it adds no region.
void BuildTransferCommands(BindingTable* t) {
    const Dispatchable& d = *t->dispatchable;
    t->transferCommands.clear();
    for (size_t i = 0; i < d.plan.launches.size(); ++i) {
        const std::optional<TransferCopy>& copy = d.launches[i].transfer;
        if (!copy) continue;
        const auto& src = BindingOf(*t, copy->source);
        const auto& dst = BindingOf(*t, copy->destination);
        if (!src || !dst) {
            t->transferCommands.clear();
            return;
        }
        auto& commands = t->transferCommands;
        const bool joins = !commands.empty() && commands.back().endLaunch == i && !d.plan.launches[i].barrierBefore &&
                           commands.back().source == src->Buffer && commands.back().destination == dst->Buffer;
        if (!joins) commands.push_back({i, i, src->Buffer, dst->Buffer, {}});
        BindingTable::TransferCommand& command = commands.back();
        command.endLaunch = i + 1;
        const int64_t from = int64_t(src->Offset) + copy->sourceOrigin;
        const int64_t to = int64_t(dst->Offset) + copy->destinationOrigin;
        if (src->Buffer == dst->Buffer && from == to) continue;
        for (uint64_t at = 0; at < copy->rowBytes; at += copy->chunkBytes)
            for (uint32_t k = 0; k < copy->rows; ++k)
                command.regions.push_back({VkDeviceSize(from + int64_t(k) * copy->sourceRowStride + int64_t(at)),
                                           VkDeviceSize(to + int64_t(k) * copy->destinationRowStride + int64_t(at)),
                                           std::min(copy->chunkBytes, copy->rowBytes - at)});
    }
}

}  // namespace

Status CreateBindingTable(Device* device, const DML_BINDING_TABLE_DESC& desc, BindingTable** out) {
    Ref<BindingTable> t(new BindingTable, false);
    t->device = Ref<Device>(device);
    VKDML_RETURN_IF_ERROR(ResetBindingTable(t.get(), desc));
    t->AddRef();
    *out = t.get();
    return Status::Ok();
}

Status ResetBindingTable(BindingTable* t, const DML_BINDING_TABLE_DESC& desc) {
    if (!IsLiveObject(desc.Dispatchable) || static_cast<Object*>(static_cast<void*>(desc.Dispatchable))->kind() !=
                                                ObjectKind::Dispatchable)
        return InvalidArgument("binding table: desc->Dispatchable is not a live VkdmlDispatchable");
    if (desc.Dispatchable->device.get() != t->device.get())
        return InvalidArgument("binding table: desc->Dispatchable belongs to another VkdmlDevice");
    if (desc.Reserved != 0) return InvalidArgument("binding table: desc->Reserved must be 0");
    t->ReleaseSets();
    t->transferCommands.clear();
    t->temporary.reset();
    t->dispatchable = Ref<Dispatchable>(desc.Dispatchable);
    return AllocateSets(t, desc);
}

Status BindTensors(BindingTable* t, bool outputs, uint32_t count, const DML_BINDING_DESC* bindings) {
    const Dispatchable& d = *t->dispatchable;
    auto& slots = outputs ? t->outputs : t->inputs;
    if (count == 0) {   // DirectML: BindInputs(0, NULL) unbinds everything
        slots.assign(slots.size(), std::nullopt);
        t->transferCommands.clear();
        return Status::Ok();
    }
    if (!bindings) return InvalidArgument("vkdmlBind%ss: bindings is NULL with bindingCount %u", outputs ? "Output" : "Input", count);
    if (d.type == Dispatchable::Type::Initializer) {
        // vkdml's operators own nothing that an initializer would upload or fill: accept empty bindings only.
        if (count != slots.size())
            return InvalidArgument("initializer: %u %s bindings given; it takes one per target operator (%zu)", count,
                                   Side(outputs), slots.size());
        for (uint32_t i = 0; i < count; ++i)
            if (bindings[i].Type == DML_BINDING_TYPE_BUFFER)
                return InvalidArgument("initializer: %s binding %u is a buffer, but no target operator has an %s to "
                                       "initialize (no DML_TENSOR_FLAG_OWNED_BY_DML tensor, no persistent resource)",
                                       Side(outputs), i, outputs ? "persistent resource" : "owned input");
        return Status::Ok();
    }
    if (count != slots.size())
        return InvalidArgument("%s: %u %s bindings given; the operator has %zu %ss (arrays count one per element)",
                               d.op->desc.name.c_str(), count, Side(outputs), slots.size(), Side(outputs));
    std::vector<std::optional<DML_BUFFER_BINDING>> checked(count);
    for (uint32_t i = 0; i < count; ++i) VKDML_RETURN_IF_ERROR(CheckBufferBinding(d, outputs, i, bindings[i], &checked[i]));
    std::vector<std::optional<DML_BUFFER_BINDING>> previous = slots;
    slots = checked;
    Status status = CheckOverlaps(*t);
    if (status.ok()) status = WriteDescriptors(t);
    if (!status.ok()) {
        slots = previous;   // a failed call changes nothing
        return status;
    }
    BuildTransferCommands(t);
    return Status::Ok();
}

Status BindPersistentResource(BindingTable*, const DML_BINDING_DESC* binding) {
    // No vkdml operator needs persistent memory (PersistentResourceSize is 0): accept an empty binding or a buffer,
    // which is then unused.
    if (binding && binding->Type == DML_BINDING_TYPE_BUFFER_ARRAY)
        return InvalidArgument("vkdmlBindPersistentResource: a BUFFER_ARRAY binding is only for initializer inputs");
    return Status::Ok();
}

Status BindTemporaryResource(BindingTable* t, const DML_BINDING_DESC* binding) {
    const char* fn = "vkdmlBindTemporaryResource";
    if (!binding || binding->Type == DML_BINDING_TYPE_NONE) {   // unbinds it
        t->temporary.reset();
        BuildTransferCommands(t);   // a transfer launch may copy from it (NONZERO_COORDINATES' count)
        return Status::Ok();
    }
    if (binding->Type != DML_BINDING_TYPE_BUFFER)
        return InvalidArgument("%s: the binding has Type %d; the temporary resource takes DML_BINDING_TYPE_BUFFER", fn,
                               int(binding->Type));
    const Dispatchable& d = *t->dispatchable;
    const uint64_t needed = d.type == Dispatchable::Type::CompiledOperator ? d.plan.temporaryBytes : 0;
    if (needed == 0) return Status::Ok();   // no temporary memory needed (TemporaryResourceSize 0): unused
    const char* op = d.op->desc.name.c_str();
    if (!binding->Desc) return InvalidArgument("%s: %s: the binding's Desc is NULL", fn, op);
    const auto& buffer = *static_cast<const DML_BUFFER_BINDING*>(binding->Desc);
    if (!buffer.Buffer) return InvalidArgument("%s: %s: the binding has Buffer VK_NULL_HANDLE", fn, op);
    if (buffer.Offset % DML_TEMPORARY_BUFFER_ALIGNMENT != 0)
        return InvalidArgument("%s: %s: the binding has Offset %llu; it must be a multiple of %u "
                               "(DML_TEMPORARY_BUFFER_ALIGNMENT)", fn, op, (unsigned long long)buffer.Offset,
                               unsigned(DML_TEMPORARY_BUFFER_ALIGNMENT));
    if (buffer.SizeInBytes < needed)
        return InvalidArgument("%s: %s: the binding has SizeInBytes %llu, less than the TemporaryResourceSize %llu", fn,
                               op, (unsigned long long)buffer.SizeInBytes, (unsigned long long)needed);
    const std::string where = std::string(fn) + ": " + op;
    VKDML_RETURN_IF_ERROR(CheckInsideBuffer(*t->device, buffer, where.c_str(), "the temporary resource"));
    const std::optional<DML_BUFFER_BINDING> previous = t->temporary;
    t->temporary = buffer;
    Status status = CheckOverlaps(*t);
    if (status.ok()) status = WriteDescriptors(t);
    if (!status.ok()) {
        t->temporary = previous;   // a failed call changes nothing
        return status;
    }
    BuildTransferCommands(t);
    return Status::Ok();
}

Status CheckBindingsComplete(const BindingTable& t) {
    const Dispatchable& d = *t.dispatchable;
    if (d.type == Dispatchable::Type::Initializer) return Status::Ok();
    // A zero-volume tensor is never accessed: it may stay unbound (DML_BINDING_TYPE_NONE).
    auto needsBuffer = [](const Tensor& tensor) { return tensor.present && !tensor.IsEmpty(); };
    for (size_t i = 0; i < t.inputs.size(); ++i)
        if (!t.inputs[i] && needsBuffer(d.op->desc.inputs[i]))
            return InvalidState("%s: %s is not bound; bind every input before recording", d.op->desc.name.c_str(),
                                d.op->desc.inputs[i].name.c_str());
    for (size_t j = 0; j < t.outputs.size(); ++j)
        if (!t.outputs[j] && needsBuffer(d.op->desc.outputs[j]))
            return InvalidState("%s: %s is not bound; bind every output before recording", d.op->desc.name.c_str(),
                                d.op->desc.outputs[j].name.c_str());
    if (d.plan.temporaryBytes > 0 && !t.temporary)
        return InvalidState("%s: the temporary resource is not bound; the operator needs %llu bytes of it "
                            "(TemporaryResourceSize): bind a buffer with vkdmlBindTemporaryResource before recording",
                            d.op->desc.name.c_str(), (unsigned long long)d.plan.temporaryBytes);
    return Status::Ok();
}

}  // namespace vkdml
