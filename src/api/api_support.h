// What every C entry point shares: turning a Status into the return code + thread-local message (and the debug
// callback), and checking handles before use.
#pragma once

#include "core/object.h"
#include "core/status.h"
#include "vk/device.h"

namespace vkdml {

// Records the status as the calling thread's last error (cleared on success) and, on a debug device, sends the
// message to its callback.
VKDML_STATUS Report(const Status& status, const Device* device = nullptr);

// The live object behind a handle of the given kind, or nullptr. Every handle is the address of its Object base
// (single inheritance), which is looked up among the live objects before it is read: a released, made-up or
// wrong-kind handle is never dereferenced as something it is not.
template <typename T>
T* AsObject(const void* handle, ObjectKind kind) {
    if (!IsLiveObject(handle)) return nullptr;
    auto* object = static_cast<Object*>(const_cast<void*>(handle));
    if (!object->IsLive() || object->kind() != kind) return nullptr;
    return static_cast<T*>(object);
}

}  // namespace vkdml

#define VKDML_API_GUARD_BEGIN try {
#define VKDML_API_GUARD_END                                                                             \
    }                                                                                                   \
    catch (const std::bad_alloc&) {                                                                     \
        return ::vkdml::Report(::vkdml::Status(VKDML_ERROR_OUT_OF_HOST_MEMORY, "out of host memory")); \
    }                                                                                                   \
    catch (...) {                                                                                       \
        return ::vkdml::Report(::vkdml::Status(VKDML_ERROR_INVALID_STATE, "internal error"));           \
    }
