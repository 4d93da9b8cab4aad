#include "vk/store_width.h"

#include "vk/host_cpu.h"

#include <cstdlib>

namespace vkdml {

bool StoresWord64(const VkPhysicalDeviceProperties& properties) {
    if (const char* env = std::getenv("VKDML_WORD64_STORES"); env && *env) return std::atoi(env) != 0;
    return !(properties.deviceType == VK_PHYSICAL_DEVICE_TYPE_CPU && HostCpuIsIntel());
}

}  // namespace vkdml
