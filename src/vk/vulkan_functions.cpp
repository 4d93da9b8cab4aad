#include "vk/vulkan_functions.h"

#include <mutex>

namespace vkdml {
namespace {

std::mutex gLoaderMutex;
bool gLoaderLoaded = false;
VkResult gLoaderResult = VK_ERROR_INITIALIZATION_FAILED;

}  // namespace

Status LoadVulkanLoader() {
    std::lock_guard lock(gLoaderMutex);
    if (!gLoaderLoaded) {
        gLoaderResult = volkInitialize();
        gLoaderLoaded = true;
    }
    if (gLoaderResult != VK_SUCCESS)
        return Unsupported("no Vulkan loader found (libvulkan.so.1); install libvulkan1 and a Vulkan driver");
    return Status::Ok();
}

PFN_vkGetInstanceProcAddr LoaderGetInstanceProcAddr() { return vkGetInstanceProcAddr; }

Status LoadInstanceFunctions(VkInstance instance, PFN_vkGetInstanceProcAddr gipa, InstanceFunctions* f) {
    if (!gipa) {
        VKDML_RETURN_IF_ERROR(LoadVulkanLoader());
        gipa = LoaderGetInstanceProcAddr();
    }
    f->getInstanceProcAddr = gipa;
#define VKDML_LOAD(member, name) f->member = reinterpret_cast<PFN_##name>(gipa(instance, #name))
    VKDML_LOAD(destroyInstance, vkDestroyInstance);
    VKDML_LOAD(enumeratePhysicalDevices, vkEnumeratePhysicalDevices);
    VKDML_LOAD(getPhysicalDeviceProperties, vkGetPhysicalDeviceProperties);
    VKDML_LOAD(getPhysicalDeviceProperties2, vkGetPhysicalDeviceProperties2);
    VKDML_LOAD(getPhysicalDeviceFeatures, vkGetPhysicalDeviceFeatures);
    VKDML_LOAD(getPhysicalDeviceFormatProperties, vkGetPhysicalDeviceFormatProperties);
    VKDML_LOAD(getPhysicalDeviceMemoryProperties, vkGetPhysicalDeviceMemoryProperties);
    VKDML_LOAD(getPhysicalDeviceQueueFamilyProperties, vkGetPhysicalDeviceQueueFamilyProperties);
    VKDML_LOAD(createDevice, vkCreateDevice);
    VKDML_LOAD(getDeviceProcAddr, vkGetDeviceProcAddr);
    f->createDebugUtilsMessenger =
        reinterpret_cast<PFN_vkCreateDebugUtilsMessengerEXT>(gipa(instance, "vkCreateDebugUtilsMessengerEXT"));
    f->destroyDebugUtilsMessenger =
        reinterpret_cast<PFN_vkDestroyDebugUtilsMessengerEXT>(gipa(instance, "vkDestroyDebugUtilsMessengerEXT"));
#undef VKDML_LOAD
    if (!f->getPhysicalDeviceProperties || !f->getPhysicalDeviceFeatures || !f->getPhysicalDeviceFormatProperties || !f->getDeviceProcAddr || !f->getPhysicalDeviceMemoryProperties ||
        !f->getPhysicalDeviceQueueFamilyProperties)
        return InvalidArgument("the instance does not provide the Vulkan 1.0 physical-device functions");
    return Status::Ok();
}

Status LoadDeviceTable(const InstanceFunctions& instance, VkDevice device, VolkDeviceTable* out) {
    // volkLoadDeviceTable resolves through volk's vkGetDeviceProcAddr; point it at this instance's, under a lock,
    // since that pointer is shared by every table volk fills in this library.
    static std::mutex mutex;
    std::lock_guard lock(mutex);
    vkGetDeviceProcAddr = instance.getDeviceProcAddr;
    volkLoadDeviceTable(out, device);
    if (!out->vkCreateComputePipelines || !out->vkCmdDispatch)
        return InvalidArgument("the VkDevice does not provide the Vulkan 1.0 compute functions");
    return Status::Ok();
}

}  // namespace vkdml
