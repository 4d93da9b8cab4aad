// C entry points: binding tables, the command recorder and recording.
#include "api/api_support.h"
#include "vk/binding_table.h"
#include "vk/recorder.h"

using namespace vkdml;

namespace {

BindingTable* LiveTable(VkdmlBindingTable handle) { return AsObject<BindingTable>(handle, ObjectKind::BindingTable); }

Status InUse(const char* call) {
    return InvalidState("%s: the binding table is in use by another thread; binding tables are single-threaded", call);
}

}  // namespace

extern "C" {

VKDML_API VKDML_STATUS vkdmlCreateBindingTable(VkdmlDevice handle, const DML_BINDING_TABLE_DESC* desc,
                                               VkdmlBindingTable* out) {
    VKDML_API_GUARD_BEGIN
    Device* d = AsObject<Device>(handle, ObjectKind::Device);
    if (!d) return Report(InvalidArgument("vkdmlCreateBindingTable: device is not a live VkdmlDevice"));
    if (!desc || !out) return Report(InvalidArgument("vkdmlCreateBindingTable: desc and outBindingTable must not be NULL"), d);
    *out = nullptr;
    BindingTable* table = nullptr;
    Status status = CreateBindingTable(d, *desc, &table);
    if (status.ok()) *out = table;
    return Report(status, d);
    VKDML_API_GUARD_END
}

VKDML_API VKDML_STATUS vkdmlResetBindingTable(VkdmlBindingTable handle, const DML_BINDING_TABLE_DESC* desc) {
    VKDML_API_GUARD_BEGIN
    BindingTable* t = LiveTable(handle);
    if (!t) return Report(InvalidArgument("vkdmlResetBindingTable: table is not a live VkdmlBindingTable"));
    if (!desc) return Report(InvalidArgument("vkdmlResetBindingTable: desc is NULL"), t->device.get());
    TableUse use(t);
    if (!use.owned()) return Report(InUse("vkdmlResetBindingTable"), t->device.get());
    return Report(ResetBindingTable(t, *desc), t->device.get());
    VKDML_API_GUARD_END
}

VKDML_API VKDML_STATUS vkdmlBindInputs(VkdmlBindingTable handle, UINT count, const DML_BINDING_DESC* bindings) {
    VKDML_API_GUARD_BEGIN
    BindingTable* t = LiveTable(handle);
    if (!t) return Report(InvalidArgument("vkdmlBindInputs: table is not a live VkdmlBindingTable"));
    TableUse use(t);
    if (!use.owned()) return Report(InUse("vkdmlBindInputs"), t->device.get());
    return Report(BindTensors(t, false, count, bindings), t->device.get());
    VKDML_API_GUARD_END
}

VKDML_API VKDML_STATUS vkdmlBindOutputs(VkdmlBindingTable handle, UINT count, const DML_BINDING_DESC* bindings) {
    VKDML_API_GUARD_BEGIN
    BindingTable* t = LiveTable(handle);
    if (!t) return Report(InvalidArgument("vkdmlBindOutputs: table is not a live VkdmlBindingTable"));
    TableUse use(t);
    if (!use.owned()) return Report(InUse("vkdmlBindOutputs"), t->device.get());
    return Report(BindTensors(t, true, count, bindings), t->device.get());
    VKDML_API_GUARD_END
}

VKDML_API VKDML_STATUS vkdmlBindTemporaryResource(VkdmlBindingTable handle, const DML_BINDING_DESC* binding) {
    VKDML_API_GUARD_BEGIN
    BindingTable* t = LiveTable(handle);
    if (!t) return Report(InvalidArgument("vkdmlBindTemporaryResource: table is not a live VkdmlBindingTable"));
    TableUse use(t);
    if (!use.owned()) return Report(InUse("vkdmlBindTemporaryResource"), t->device.get());
    return Report(BindTemporaryResource(t, binding), t->device.get());
    VKDML_API_GUARD_END
}

VKDML_API VKDML_STATUS vkdmlBindPersistentResource(VkdmlBindingTable handle, const DML_BINDING_DESC* binding) {
    VKDML_API_GUARD_BEGIN
    BindingTable* t = LiveTable(handle);
    if (!t) return Report(InvalidArgument("vkdmlBindPersistentResource: table is not a live VkdmlBindingTable"));
    TableUse use(t);
    if (!use.owned()) return Report(InUse("vkdmlBindPersistentResource"), t->device.get());
    return Report(BindPersistentResource(t, binding), t->device.get());
    VKDML_API_GUARD_END
}

VKDML_API VKDML_STATUS vkdmlCreateCommandRecorder(VkdmlDevice handle, VkdmlCommandRecorder* out) {
    VKDML_API_GUARD_BEGIN
    Device* d = AsObject<Device>(handle, ObjectKind::Device);
    if (!d) return Report(InvalidArgument("vkdmlCreateCommandRecorder: device is not a live VkdmlDevice"));
    if (!out) return Report(InvalidArgument("vkdmlCreateCommandRecorder: outRecorder is NULL"), d);
    auto* recorder = new CommandRecorder;
    recorder->device = Ref<Device>(d);
    *out = recorder;
    return Report(Status::Ok());
    VKDML_API_GUARD_END
}

VKDML_API VKDML_STATUS vkdmlRecordDispatch(VkdmlCommandRecorder recorderHandle, VkCommandBuffer commandBuffer,
                                           VkdmlDispatchable dispatchableHandle, VkdmlBindingTable tableHandle) {
    VKDML_API_GUARD_BEGIN
    CommandRecorder* r = AsObject<CommandRecorder>(recorderHandle, ObjectKind::CommandRecorder);
    if (!r) return Report(InvalidArgument("vkdmlRecordDispatch: recorder is not a live VkdmlCommandRecorder"));
    Device* d = r->device.get();
    Dispatchable* dispatchable = AsObject<Dispatchable>(dispatchableHandle, ObjectKind::Dispatchable);
    BindingTable* t = LiveTable(tableHandle);
    if (!commandBuffer) return Report(InvalidArgument("vkdmlRecordDispatch: commandBuffer is NULL"), d);
    if (!dispatchable) return Report(InvalidArgument("vkdmlRecordDispatch: dispatchable is not a live VkdmlDispatchable"), d);
    if (!t) return Report(InvalidArgument("vkdmlRecordDispatch: bindings is not a live VkdmlBindingTable"), d);
    if (dispatchable->device.get() != d || t->device.get() != d)
        return Report(InvalidArgument("vkdmlRecordDispatch: recorder, dispatchable and binding table must belong to the "
                                      "same VkdmlDevice"), d);
    if (t->dispatchable.get() != dispatchable)
        return Report(InvalidArgument("vkdmlRecordDispatch: the binding table was created (or last reset) for another "
                                      "dispatchable"), d);
    TableUse use(t);
    if (!use.owned()) return Report(InUse("vkdmlRecordDispatch"), d);
    return Report(RecordDispatch(*d, commandBuffer, *dispatchable, *t), d);
    VKDML_API_GUARD_END
}

}  // extern "C"
