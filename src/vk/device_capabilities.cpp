#include "vk/device_capabilities.h"

#include "core/data_type.h"
#include "core/feature_level.h"
#include "vk/device.h"

namespace vkdml {
namespace {

const FeatureLevelRequirement kRequirements[] = {
    {DML_FEATURE_LEVEL_1_0, "Vulkan 1.1", [](const DeviceCapabilities& c) { return c.apiVersion >= VK_API_VERSION_1_1; }},
    {DML_FEATURE_LEVEL_1_0, "maxPerStageDescriptorStorageBuffers >= 3 (GATHER binds output, input, indices)",
     [](const DeviceCapabilities& c) { return c.limits.maxPerStageDescriptorStorageBuffers >= 3; }},
    {DML_FEATURE_LEVEL_1_0, "maxComputeWorkGroupSize[0] and maxComputeWorkGroupInvocations >= 64",
     [](const DeviceCapabilities& c) {
         return c.limits.maxComputeWorkGroupSize[0] >= 64 && c.limits.maxComputeWorkGroupInvocations >= 64;
     }},
    {DML_FEATURE_LEVEL_1_0, "maxStorageBufferRange >= 1 MiB",
     [](const DeviceCapabilities& c) { return c.limits.maxStorageBufferRange >= (1u << 20); }},
};

}  // namespace

std::span<const FeatureLevelRequirement> AllFeatureLevelRequirements() { return kRequirements; }

DeviceCapabilities CapabilitiesOf(const VkPhysicalDeviceProperties& properties) {
    return {properties.apiVersion, properties.limits};
}

DeviceCapabilities ReadCapabilities(const VkdmlDevice_T& device) { return CapabilitiesOf(device.properties); }

DML_FEATURE_LEVEL MaxFeatureLevel(const DeviceCapabilities& caps, std::vector<std::string>* missing) {
    DML_FEATURE_LEVEL best = DML_FEATURE_LEVEL(0);
    for (DML_FEATURE_LEVEL level : AllFeatureLevels()) {
        bool ok = true;
        for (const FeatureLevelRequirement& r : kRequirements)
            if (r.level <= level && !r.met(caps)) {
                ok = false;
                if (missing) missing->push_back(Format("DML_FEATURE_LEVEL_%s needs %s", FeatureLevelName(level), r.description));
            }
        if (!ok) break;
        best = level;
    }
    return best;
}

std::string DescribeMissing(const DeviceCapabilities& caps, DML_FEATURE_LEVEL level) {
    std::string text;
    for (const FeatureLevelRequirement& r : kRequirements)
        if (r.level <= level && !r.met(caps)) text += (text.empty() ? "needs " : "; needs ") + std::string(r.description);
    return text.empty() ? "meets every requirement" : text;
}

bool IsDataTypeSupported(const DeviceCapabilities&, DML_TENSOR_DATA_TYPE type) {
    const DataTypeInfo* info = FindDataType(type);
    return info && info->bits >= 8;
}

}  // namespace vkdml
