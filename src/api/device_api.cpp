// C entry points: devices and feature support.
#include "api/api_support.h"
#include "core/data_type.h"
#include "core/feature_level.h"
#include "vk/device_capabilities.h"

#include <algorithm>
#include <cstdio>

using namespace vkdml;

extern "C" {

VKDML_API VKDML_STATUS vkdmlCreateDevice(const VKDML_DEVICE_DESC* desc, VkdmlDevice* outDevice) {
    VKDML_API_GUARD_BEGIN
    if (!desc || !outDevice) return Report(InvalidArgument("vkdmlCreateDevice: desc and outDevice must not be NULL"));
    *outDevice = nullptr;
    Device* device = nullptr;
    Status status = AdoptDevice(*desc, &device);
    if (status.ok()) *outDevice = device;
    return Report(status);
    VKDML_API_GUARD_END
}

VKDML_API VKDML_STATUS vkdmlCreateDefaultDevice(const VKDML_DEFAULT_DEVICE_DESC* desc, VkdmlDevice* outDevice) {
    VKDML_API_GUARD_BEGIN
    if (!outDevice) return Report(InvalidArgument("vkdmlCreateDefaultDevice: outDevice is NULL"));
    *outDevice = nullptr;
    VKDML_DEFAULT_DEVICE_DESC defaults{};
    defaults.physicalDeviceIndex = -1;
    Device* device = nullptr;
    Status status = CreateDefaultDevice(desc ? *desc : defaults, &device);
    if (status.ok()) *outDevice = device;
    return Report(status);
    VKDML_API_GUARD_END
}

VKDML_API VKDML_STATUS vkdmlGetDeviceInfo(VkdmlDevice handle, VKDML_DEVICE_INFO* out) {
    Device* d = AsObject<Device>(handle, ObjectKind::Device);
    if (!d) return Report(InvalidArgument("vkdmlGetDeviceInfo: device is not a live VkdmlDevice"));
    if (!out) return Report(InvalidArgument("vkdmlGetDeviceInfo: outInfo is NULL"));
    *out = {};
    std::snprintf(out->deviceName, sizeof out->deviceName, "%s", d->properties.deviceName);
    std::snprintf(out->driverName, sizeof out->driverName, "%s", d->driverName.c_str());
    std::snprintf(out->driverInfo, sizeof out->driverInfo, "%s", d->driverInfo.c_str());
    out->vendorID = d->properties.vendorID;
    out->deviceID = d->properties.deviceID;
    out->deviceType = d->properties.deviceType;
    out->apiVersion = d->properties.apiVersion;
    out->driverVersion = d->properties.driverVersion;
    out->featureLevel = d->featureLevel;
    out->isDefaultDevice = d->ownsInstanceAndDevice;
    out->validationEnabled = d->validationEnabled;
    out->maxStorageBufferRange = d->properties.limits.maxStorageBufferRange;
    out->minStorageBufferOffsetAlignment = d->properties.limits.minStorageBufferOffsetAlignment;
    std::copy_n(d->properties.limits.maxComputeWorkGroupCount, 3, out->maxComputeWorkGroupCount);
    out->int64Loads = d->int64Words;
    return Report(Status::Ok());
}

VKDML_API VKDML_STATUS vkdmlEnumerateDefaultDevices(uint32_t* count, VKDML_PHYSICAL_DEVICE_INFO* properties,
                                                    uint32_t* chosenIndex) {
    VKDML_API_GUARD_BEGIN
    if (!count) return Report(InvalidArgument("vkdmlEnumerateDefaultDevices: count is NULL"));
    std::vector<VKDML_PHYSICAL_DEVICE_INFO> devices;
    uint32_t chosen = 0;
    Status status = EnumerateDefaultDevices(&devices, &chosen);
    if (!status.ok()) return Report(status);
    if (chosenIndex) *chosenIndex = chosen;
    if (!properties) {
        *count = uint32_t(devices.size());
        return Report(Status::Ok());
    }
    uint32_t written = std::min<uint32_t>(*count, uint32_t(devices.size()));
    std::copy_n(devices.begin(), written, properties);
    *count = written;
    return Report(Status::Ok());
    VKDML_API_GUARD_END
}

VKDML_API VKDML_STATUS vkdmlCheckFeatureSupport(VkdmlDevice handle, DML_FEATURE feature, UINT querySize,
                                                const void* query, UINT supportSize, void* support) {
    Device* d = AsObject<Device>(handle, ObjectKind::Device);
    if (!d) return Report(InvalidArgument("vkdmlCheckFeatureSupport: device is not a live VkdmlDevice"));
    switch (feature) {
        case DML_FEATURE_TENSOR_DATA_TYPE_SUPPORT: {
            if (!query || querySize != sizeof(DML_FEATURE_QUERY_TENSOR_DATA_TYPE_SUPPORT) || !support ||
                supportSize != sizeof(DML_FEATURE_DATA_TENSOR_DATA_TYPE_SUPPORT))
                return Report(InvalidArgument("vkdmlCheckFeatureSupport(DML_FEATURE_TENSOR_DATA_TYPE_SUPPORT): query and "
                                              "support must be a DML_FEATURE_QUERY_TENSOR_DATA_TYPE_SUPPORT and a "
                                              "DML_FEATURE_DATA_TENSOR_DATA_TYPE_SUPPORT with their sizes"), d);
            auto type = static_cast<const DML_FEATURE_QUERY_TENSOR_DATA_TYPE_SUPPORT*>(query)->DataType;
            static_cast<DML_FEATURE_DATA_TENSOR_DATA_TYPE_SUPPORT*>(support)->IsSupported =
                IsDataTypeSupported(ReadCapabilities(*d), type) ? TRUE : FALSE;
            return Report(Status::Ok());
        }
        case DML_FEATURE_FEATURE_LEVELS: {
            const auto* q = static_cast<const DML_FEATURE_QUERY_FEATURE_LEVELS*>(query);
            if (!q || querySize != sizeof(*q) || !support || supportSize != sizeof(DML_FEATURE_DATA_FEATURE_LEVELS) ||
                (q->RequestedFeatureLevelCount && !q->RequestedFeatureLevels))
                return Report(InvalidArgument("vkdmlCheckFeatureSupport(DML_FEATURE_FEATURE_LEVELS): query and support "
                                              "must be a DML_FEATURE_QUERY_FEATURE_LEVELS (with its levels) and a "
                                              "DML_FEATURE_DATA_FEATURE_LEVELS with their sizes"), d);
            // DirectML: the highest *requested* level the device supports.
            DML_FEATURE_LEVEL best = DML_FEATURE_LEVEL(0);
            for (UINT i = 0; i < q->RequestedFeatureLevelCount; ++i) {
                DML_FEATURE_LEVEL level = q->RequestedFeatureLevels[i];
                if (!IsKnownFeatureLevel(level))
                    return Report(InvalidArgument("vkdmlCheckFeatureSupport: RequestedFeatureLevels[%u] is 0x%x, not a "
                                                  "DML_FEATURE_LEVEL", i, unsigned(level)), d);
                if (level <= d->featureLevel && level > best) best = level;
            }
            if (!best)
                return Report(Unsupported("vkdmlCheckFeatureSupport: none of the requested feature levels is supported "
                                          "(the device runs DML_FEATURE_LEVEL_%s)", FeatureLevelName(d->featureLevel)), d);
            static_cast<DML_FEATURE_DATA_FEATURE_LEVELS*>(support)->MaxSupportedFeatureLevel = best;
            return Report(Status::Ok());
        }
    }
    return Report(Unsupported("vkdmlCheckFeatureSupport: feature %d is not a DML_FEATURE vkdml knows", int(feature)), d);
}

}  // extern "C"
