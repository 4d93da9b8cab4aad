// C entry points: the synchronous helpers (buffers, execute and wait).
#include "api/api_support.h"
#include "vk/host_helpers.h"

using namespace vkdml;

extern "C" {

VKDML_API VKDML_STATUS vkdmlCreateBuffer(VkdmlDevice handle, uint64_t size, VkBuffer* out) {
    VKDML_API_GUARD_BEGIN
    Device* d = AsObject<Device>(handle, ObjectKind::Device);
    if (!d) return Report(InvalidArgument("vkdmlCreateBuffer: device is not a live VkdmlDevice"));
    if (!out) return Report(InvalidArgument("vkdmlCreateBuffer: outBuffer is NULL"), d);
    *out = VK_NULL_HANDLE;
    return Report(CreateHostBuffer(*d, size, out), d);
    VKDML_API_GUARD_END
}

VKDML_API VKDML_STATUS vkdmlDestroyBuffer(VkdmlDevice handle, VkBuffer buffer) {
    VKDML_API_GUARD_BEGIN
    Device* d = AsObject<Device>(handle, ObjectKind::Device);
    if (!d) return Report(InvalidArgument("vkdmlDestroyBuffer: device is not a live VkdmlDevice"));
    return Report(DestroyHostBuffer(*d, buffer), d);
    VKDML_API_GUARD_END
}

VKDML_API VKDML_STATUS vkdmlWriteBuffer(VkdmlDevice handle, VkBuffer buffer, uint64_t offset, uint64_t size,
                                        const void* data) {
    Device* d = AsObject<Device>(handle, ObjectKind::Device);
    if (!d) return Report(InvalidArgument("vkdmlWriteBuffer: device is not a live VkdmlDevice"));
    return Report(AccessHostBuffer(*d, buffer, offset, size, const_cast<void*>(data), true), d);
}

VKDML_API VKDML_STATUS vkdmlReadBuffer(VkdmlDevice handle, VkBuffer buffer, uint64_t offset, uint64_t size, void* data) {
    Device* d = AsObject<Device>(handle, ObjectKind::Device);
    if (!d) return Report(InvalidArgument("vkdmlReadBuffer: device is not a live VkdmlDevice"));
    return Report(AccessHostBuffer(*d, buffer, offset, size, data, false), d);
}

VKDML_API VKDML_STATUS vkdmlExecute(VkdmlDevice handle, VkdmlDispatchable dispatchableHandle,
                                    VkdmlBindingTable tableHandle) {
    VKDML_API_GUARD_BEGIN
    Device* d = AsObject<Device>(handle, ObjectKind::Device);
    if (!d) return Report(InvalidArgument("vkdmlExecute: device is not a live VkdmlDevice"));
    Dispatchable* dispatchable = AsObject<Dispatchable>(dispatchableHandle, ObjectKind::Dispatchable);
    BindingTable* t = AsObject<BindingTable>(tableHandle, ObjectKind::BindingTable);
    if (!dispatchable || !t)
        return Report(InvalidArgument("vkdmlExecute: dispatchable and bindings must be live vkdml handles"), d);
    if (dispatchable->device.get() != d || t->device.get() != d)
        return Report(InvalidArgument("vkdmlExecute: dispatchable and binding table must belong to this device"), d);
    if (t->dispatchable.get() != dispatchable)
        return Report(InvalidArgument("vkdmlExecute: the binding table was created for another dispatchable"), d);
    TableUse use(t);
    if (!use.owned())
        return Report(InvalidState("vkdmlExecute: the binding table is in use by another thread; binding tables are "
                                   "single-threaded"), d);
    return Report(ExecuteAndWait(*d, *dispatchable, *t), d);
    VKDML_API_GUARD_END
}

}  // extern "C"
