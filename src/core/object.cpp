#include "core/object.h"

#include <mutex>
#include <unordered_set>

namespace vkdml {
namespace {

std::mutex& RegistryMutex() {
    static std::mutex mutex;
    return mutex;
}

std::unordered_set<const void*>& Registry() {
    static auto* registry = new std::unordered_set<const void*>;   // never destroyed: objects may outlive statics
    return *registry;
}

}  // namespace

void RegisterObject(const Object* object) {
    std::lock_guard lock(RegistryMutex());
    Registry().insert(object);
}

void UnregisterObject(const Object* object) {
    std::lock_guard lock(RegistryMutex());
    Registry().erase(object);
}

bool IsLiveObject(const void* address) {
    if (!address) return false;
    std::lock_guard lock(RegistryMutex());
    return Registry().count(address) != 0;
}

}  // namespace vkdml
