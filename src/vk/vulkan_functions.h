// How vkdml reaches Vulkan: through volk, with a per-device function table, so nothing clashes with the way the
// application loads Vulkan. Instance-level functions live in a small table of our own per instance.
#pragma once

#include <volk.h>

#include "core/status.h"

namespace vkdml {

struct InstanceFunctions {
    PFN_vkGetInstanceProcAddr getInstanceProcAddr = nullptr;
    PFN_vkDestroyInstance destroyInstance = nullptr;
    PFN_vkEnumeratePhysicalDevices enumeratePhysicalDevices = nullptr;
    PFN_vkGetPhysicalDeviceProperties getPhysicalDeviceProperties = nullptr;
    PFN_vkGetPhysicalDeviceProperties2 getPhysicalDeviceProperties2 = nullptr;
    PFN_vkGetPhysicalDeviceFeatures getPhysicalDeviceFeatures = nullptr;
    PFN_vkGetPhysicalDeviceFormatProperties getPhysicalDeviceFormatProperties = nullptr;
    PFN_vkGetPhysicalDeviceMemoryProperties getPhysicalDeviceMemoryProperties = nullptr;
    PFN_vkGetPhysicalDeviceQueueFamilyProperties getPhysicalDeviceQueueFamilyProperties = nullptr;
    PFN_vkCreateDevice createDevice = nullptr;
    PFN_vkGetDeviceProcAddr getDeviceProcAddr = nullptr;
    PFN_vkCreateDebugUtilsMessengerEXT createDebugUtilsMessenger = nullptr;
    PFN_vkDestroyDebugUtilsMessengerEXT destroyDebugUtilsMessenger = nullptr;
};

// Finds the system Vulkan loader (once per process). Fails with VKDML_ERROR_UNSUPPORTED if there is none.
Status LoadVulkanLoader();
// vkGetInstanceProcAddr of the system loader (after LoadVulkanLoader).
PFN_vkGetInstanceProcAddr LoaderGetInstanceProcAddr();
Status LoadInstanceFunctions(VkInstance instance, PFN_vkGetInstanceProcAddr getInstanceProcAddr,
                             InstanceFunctions* out);
Status LoadDeviceTable(const InstanceFunctions& instance, VkDevice device, VolkDeviceTable* out);

}  // namespace vkdml
