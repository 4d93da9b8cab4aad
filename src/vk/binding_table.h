// Binding tables: the application's buffers for one dispatchable, checked when bound and written at once into one
// descriptor set per launch, plus each launch's push constants (the element offsets of the box origin inside each
// descriptor range). A binding whose offset the device's minStorageBufferOffsetAlignment does not allow is bound
// from the aligned-down offset, and the remainder goes into the push constants.
#pragma once

#include "core/object.h"
#include "vk/dispatchable.h"
#include "vk/texel_inputs.h"

#include <array>
#include <atomic>
#include <optional>
#include <vector>

struct VkdmlBindingTable_T final : vkdml::Object {
    VkdmlBindingTable_T() : Object(vkdml::ObjectKind::BindingTable) {}
    ~VkdmlBindingTable_T() override;

    vkdml::Ref<vkdml::Device> device;
    vkdml::Ref<vkdml::Dispatchable> dispatchable;
    VkDescriptorPool pool = VK_NULL_HANDLE;
    bool ownsPool = false;
    std::vector<VkDescriptorSet> sets;                       // one per launch
    std::vector<std::optional<DML_BUFFER_BINDING>> inputs;   // per input binding slot
    std::vector<std::optional<DML_BUFFER_BINDING>> outputs;
    // The temporary resource, where the dispatchable needs one (Plan::temporaryBytes; vkdmlBindTemporaryResource).
    std::optional<DML_BUFFER_BINDING> temporary;
    std::vector<std::array<uint32_t, vkdml::kMaxLaunchSlots>> slotBases;   // push constants per launch
    // Per launch that reads its input through texel views (Launch::texelInput): the views of the bound input range
    // (vk/texel_inputs.h), made when it is bound; VK_NULL_HANDLE elsewhere.
    std::vector<vkdml::TexelViews> texelViews;
    // The transfer launches as vkCmdCopyBuffer commands, in launch order, made when the last of their buffers is
    // bound so that recording only issues them: consecutive transfer launches between the same two buffers with no
    // barrier between them share one command (SPLIT/JOIN parts placed in one buffer).
    struct TransferCommand {
        size_t firstLaunch = 0, endLaunch = 0;     // the launches [first, end) it records
        VkBuffer source = VK_NULL_HANDLE, destination = VK_NULL_HANDLE;
        std::vector<VkBufferCopy> regions;         // empty: in-place copies onto themselves, nothing to record
    };
    std::vector<TransferCommand> transferCommands;
    // Set while a call uses the table. Binding tables are single-threaded (as DirectML's); a call that finds the table
    // in use by another thread fails with VKDML_ERROR_INVALID_STATE instead of racing with it (see TableUse).
    std::atomic<bool> busy{false};

    void ReleaseSets();
    void DestroyTexelViews(std::vector<vkdml::TexelViews>* views);
};

namespace vkdml {

using BindingTable = VkdmlBindingTable_T;

// Claims a binding table for one call: owned() is false when another thread is inside a call on it.
class TableUse {
public:
    explicit TableUse(BindingTable* t) : table_(t), owned_(!t->busy.exchange(true, std::memory_order_acquire)) {}
    ~TableUse() {
        if (owned_) table_->busy.store(false, std::memory_order_release);
    }
    TableUse(const TableUse&) = delete;
    TableUse& operator=(const TableUse&) = delete;
    bool owned() const { return owned_; }

private:
    BindingTable* table_;
    bool owned_;
};

Status CreateBindingTable(Device* device, const DML_BINDING_TABLE_DESC& desc, BindingTable** out);
Status ResetBindingTable(BindingTable* table, const DML_BINDING_TABLE_DESC& desc);
Status BindTensors(BindingTable* table, bool outputs, uint32_t count, const DML_BINDING_DESC* bindings);
Status BindTemporaryResource(BindingTable* table, const DML_BINDING_DESC* binding);
Status BindPersistentResource(BindingTable* table, const DML_BINDING_DESC* binding);
// Every tensor bound: what recording needs.
Status CheckBindingsComplete(const BindingTable& table);

}  // namespace vkdml
