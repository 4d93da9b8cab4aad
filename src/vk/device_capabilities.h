// What a Vulkan device needs for each DML feature level, as data. vkdml's kernels move every data type as 32-bit
// words, so no feature level needs 8/16-bit storage, shaderInt64 or shaderFloat64: a device that meets the
// baseline reaches the highest level vkdml knows. vkdml-info prints this table; device creation enforces it.
#pragma once

#include <vkdml/vkdml.h>

#include <span>
#include <string>
#include <vector>

struct VkdmlDevice_T;

namespace vkdml {

struct DeviceCapabilities {
    uint32_t apiVersion = 0;
    VkPhysicalDeviceLimits limits{};
};

struct FeatureLevelRequirement {
    DML_FEATURE_LEVEL level;    // needed from this level up
    const char* description;    // "Vulkan 1.1", "maxPerStageDescriptorStorageBuffers >= 3"
    bool (*met)(const DeviceCapabilities& caps);
};

std::span<const FeatureLevelRequirement> AllFeatureLevelRequirements();
DeviceCapabilities ReadCapabilities(const VkdmlDevice_T& device);
DeviceCapabilities CapabilitiesOf(const VkPhysicalDeviceProperties& properties);
// The highest level all of whose requirements hold, or 0 if even DML_FEATURE_LEVEL_1_0 does not.
DML_FEATURE_LEVEL MaxFeatureLevel(const DeviceCapabilities& caps, std::vector<std::string>* missing);
// "needs Vulkan 1.1 (device has 1.0); ..." for the requirements of `level` the device misses.
std::string DescribeMissing(const DeviceCapabilities& caps, DML_FEATURE_LEVEL level);
// DML_FEATURE_TENSOR_DATA_TYPE_SUPPORT: every type but the 4-bit ones (which no data-movement operator takes).
bool IsDataTypeSupported(const DeviceCapabilities& caps, DML_TENSOR_DATA_TYPE type);

}  // namespace vkdml
