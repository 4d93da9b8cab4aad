#include "vk/device.h"

#include "core/feature_level.h"
#include "vk/device_capabilities.h"
#include "vk/host_cpu.h"
#include "vk/host_specialization.h"
#include "vk/store_width.h"
#include "vk/texel_inputs.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <cstdio>
#include <cstring>
#include <vector>

VkdmlDevice_T::~VkdmlDevice_T() {
    if (device && !vk.vkDestroyDevice) {   // failed before the table was loaded
        if (ownsInstanceAndDevice && instanceFunctions.getDeviceProcAddr) {
            auto destroy = reinterpret_cast<PFN_vkDestroyDevice>(instanceFunctions.getDeviceProcAddr(device, "vkDestroyDevice"));
            if (destroy) destroy(device, nullptr);
        }
    } else if (device) {
        if (vk.vkDeviceWaitIdle && ownsInstanceAndDevice) vk.vkDeviceWaitIdle(device);
        for (auto& [buffer, host] : buffers) DestroyMappedBuffer(*this, host.allocation);
        kernels.reset();
        paramsArena.reset();
        if (fence) vk.vkDestroyFence(device, fence, nullptr);
        if (commandPool) vk.vkDestroyCommandPool(device, commandPool, nullptr);
        if (ownsInstanceAndDevice) vk.vkDestroyDevice(device, nullptr);
    }
    if (ownsInstanceAndDevice && instance) {
        if (messenger && instanceFunctions.destroyDebugUtilsMessenger)
            instanceFunctions.destroyDebugUtilsMessenger(instance, messenger, nullptr);
        if (instanceFunctions.destroyInstance) instanceFunctions.destroyInstance(instance, nullptr);
    }
}

void VkdmlDevice_T::Notify(VKDML_MESSAGE_KIND kind, const std::string& message) const {
    if ((flags & DML_CREATE_DEVICE_FLAG_DEBUG) && messageCallback) messageCallback(kind, message.c_str(), messageUserData);
}

int VkdmlDevice_T::FindMemoryType(uint32_t typeBits, VkMemoryPropertyFlags required,
                                  VkMemoryPropertyFlags preferred) const {
    int fallback = -1;
    for (uint32_t i = 0; i < memoryProperties.memoryTypeCount; ++i) {
        if (!(typeBits & (1u << i))) continue;
        VkMemoryPropertyFlags f = memoryProperties.memoryTypes[i].propertyFlags;
        if ((f & required) != required) continue;
        if ((f & preferred) == preferred) return int(i);
        if (fallback < 0) fallback = int(i);
    }
    return fallback;
}

namespace vkdml {
namespace {

constexpr const char* kValidationLayer = "VK_LAYER_KHRONOS_validation";

VKAPI_ATTR VkBool32 VKAPI_CALL OnDebugMessage(VkDebugUtilsMessageSeverityFlagBitsEXT,
                                              VkDebugUtilsMessageTypeFlagsEXT,
                                              const VkDebugUtilsMessengerCallbackDataEXT* data, void* user) {
    const auto* device = static_cast<const Device*>(user);
    device->Notify(VKDML_MESSAGE_KIND_VALIDATION, data && data->pMessage ? data->pMessage : "(no message)");
    return VK_FALSE;
}

// Lower is better: discrete GPUs first, CPU implementations last.
int TypeRank(VkPhysicalDeviceType type) {
    switch (type) {
        case VK_PHYSICAL_DEVICE_TYPE_DISCRETE_GPU: return 0;
        case VK_PHYSICAL_DEVICE_TYPE_INTEGRATED_GPU: return 1;
        case VK_PHYSICAL_DEVICE_TYPE_VIRTUAL_GPU: return 2;
        case VK_PHYSICAL_DEVICE_TYPE_CPU: return 4;
        default: return 3;
    }
}

std::string Lower(std::string text) {
    for (char& c : text) c = char(std::tolower(static_cast<unsigned char>(c)));
    return text;
}

Status ChoosePhysicalDevice(const std::vector<VkPhysicalDeviceProperties>& devices, int32_t requested,
                            uint32_t* chosen) {
    if (devices.empty()) return Unsupported("no Vulkan physical device found");
    if (requested >= 0) {
        if (uint32_t(requested) >= devices.size())
            return InvalidArgument("physicalDeviceIndex is %d but there are %zu Vulkan devices", requested,
                                   devices.size());
        *chosen = uint32_t(requested);
        return Status::Ok();
    }
    if (const char* env = std::getenv("VKDML_DEVICE"); env && *env) {
        char* end = nullptr;
        long index = std::strtol(env, &end, 10);
        if (*end == '\0') {
            if (index < 0 || size_t(index) >= devices.size())
                return InvalidArgument("VKDML_DEVICE=%s but there are %zu Vulkan devices", env, devices.size());
            *chosen = uint32_t(index);
            return Status::Ok();
        }
        for (uint32_t i = 0; i < devices.size(); ++i)
            if (Lower(devices[i].deviceName).find(Lower(env)) != std::string::npos) {
                *chosen = i;
                return Status::Ok();
            }
        return InvalidArgument("VKDML_DEVICE=%s matches no Vulkan device name", env);
    }
    uint32_t best = 0;
    for (uint32_t i = 1; i < devices.size(); ++i)
        if (TypeRank(devices[i].deviceType) < TypeRank(devices[best].deviceType)) best = i;
    *chosen = best;
    return Status::Ok();
}

bool HasLayer(const char* name) {
    uint32_t count = 0;
    if (!vkEnumerateInstanceLayerProperties || vkEnumerateInstanceLayerProperties(&count, nullptr) != VK_SUCCESS)
        return false;
    std::vector<VkLayerProperties> layers(count);
    vkEnumerateInstanceLayerProperties(&count, layers.data());
    for (const auto& l : layers)
        if (std::strcmp(l.layerName, name) == 0) return true;
    return false;
}

bool HasInstanceExtension(const char* name) {
    uint32_t count = 0;
    if (vkEnumerateInstanceExtensionProperties(nullptr, &count, nullptr) != VK_SUCCESS) return false;
    std::vector<VkExtensionProperties> extensions(count);
    vkEnumerateInstanceExtensionProperties(nullptr, &count, extensions.data());
    for (const auto& e : extensions)
        if (std::strcmp(e.extensionName, name) == 0) return true;
    return false;
}

Status CreateInstance(bool debug, VkInstance* instance, bool* validation) {
    VKDML_RETURN_IF_ERROR(LoadVulkanLoader());
    uint32_t apiVersion = VK_API_VERSION_1_1;
    if (vkEnumerateInstanceVersion) vkEnumerateInstanceVersion(&apiVersion);
    if (apiVersion < VK_API_VERSION_1_1) return Unsupported("the Vulkan loader supports only Vulkan 1.0; vkdml needs 1.1");
    VkApplicationInfo app{VK_STRUCTURE_TYPE_APPLICATION_INFO};
    app.pApplicationName = "vkdml";
    app.pEngineName = "vkdml";
    app.apiVersion = std::min<uint32_t>(apiVersion, VK_API_VERSION_1_3);
    std::vector<const char*> layers, extensions;
    *validation = debug && HasLayer(kValidationLayer) && HasInstanceExtension(VK_EXT_DEBUG_UTILS_EXTENSION_NAME);
    if (*validation) {
        layers.push_back(kValidationLayer);
        extensions.push_back(VK_EXT_DEBUG_UTILS_EXTENSION_NAME);
    }
    VkInstanceCreateInfo info{VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO};
    info.pApplicationInfo = &app;
    info.enabledLayerCount = uint32_t(layers.size());
    info.ppEnabledLayerNames = layers.data();
    info.enabledExtensionCount = uint32_t(extensions.size());
    info.ppEnabledExtensionNames = extensions.data();
    VKDML_RETURN_IF_VK_ERROR(vkCreateInstance(&info, nullptr, instance), "vkCreateInstance");
    return Status::Ok();
}

// Properties plus, on Vulkan 1.2+ devices, the driver's name and version text (and its VkDriverId in `driverId`;
// left as is on older devices).
VKDML_PHYSICAL_DEVICE_INFO DescribePhysicalDevice(const InstanceFunctions& f, VkPhysicalDevice physical,
                                                  VkDriverId* driverId = nullptr) {
    VKDML_PHYSICAL_DEVICE_INFO info{};
    f.getPhysicalDeviceProperties(physical, &info.properties);
    if (info.properties.apiVersion >= VK_API_VERSION_1_2 && f.getPhysicalDeviceProperties2) {
        VkPhysicalDeviceDriverProperties driver{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_DRIVER_PROPERTIES};
        VkPhysicalDeviceProperties2 properties2{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2, &driver};
        f.getPhysicalDeviceProperties2(physical, &properties2);
        std::snprintf(info.driverName, sizeof info.driverName, "%s", driver.driverName);
        std::snprintf(info.driverInfo, sizeof info.driverInfo, "%s", driver.driverInfo);
        if (driverId) *driverId = driver.driverID;
    }
    return info;
}

std::vector<VkPhysicalDevice> PhysicalDevices(const InstanceFunctions& f, VkInstance instance) {
    uint32_t count = 0;
    f.enumeratePhysicalDevices(instance, &count, nullptr);
    std::vector<VkPhysicalDevice> devices(count);
    f.enumeratePhysicalDevices(instance, &count, devices.data());
    devices.resize(count);
    return devices;
}

int ComputeQueueFamily(const InstanceFunctions& f, VkPhysicalDevice physical) {
    uint32_t count = 0;
    f.getPhysicalDeviceQueueFamilyProperties(physical, &count, nullptr);
    std::vector<VkQueueFamilyProperties> families(count);
    f.getPhysicalDeviceQueueFamilyProperties(physical, &count, families.data());
    for (uint32_t i = 0; i < count; ++i)
        if (families[i].queueFlags & VK_QUEUE_COMPUTE_BIT) return int(i);
    return -1;
}

// The device's subgroup size (Vulkan 1.1), where it is a power of two up to a workgroup, else 1.
uint32_t SubgroupSize(const InstanceFunctions& f, VkPhysicalDevice physical, const VkPhysicalDeviceProperties& p) {
    if (p.apiVersion < VK_API_VERSION_1_1 || !f.getPhysicalDeviceProperties2) return 1;
    VkPhysicalDeviceSubgroupProperties subgroup{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SUBGROUP_PROPERTIES};
    VkPhysicalDeviceProperties2 properties2{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2, &subgroup};
    f.getPhysicalDeviceProperties2(physical, &properties2);
    const uint32_t size = subgroup.subgroupSize;
    return size != 0 && size <= kWorkgroupSize && (size & (size - 1)) == 0 ? size : 1;
}

// What both ways of creating a device share, once instance, physical device, device and queue family are set.
// The formats of the TEXEL_INPUT kernels' views of an input range (shaders/launch_params.glsl, vk/texel_inputs.h),
// usable as uniform texel buffers. (All are required to be in Vulkan 1.1; a driver that left one out would keep
// storage buffers.)
bool TexelInputFormats(const InstanceFunctions& f, VkPhysicalDevice physical) {
    for (VkFormat format :
         {VK_FORMAT_R32_UINT, VK_FORMAT_R32G32B32A32_UINT, TexelElementFormat(1), TexelElementFormat(2)}) {
        VkFormatProperties properties{};
        f.getPhysicalDeviceFormatProperties(physical, format, &properties);
        if (!(properties.bufferFeatures & VK_FORMAT_FEATURE_UNIFORM_TEXEL_BUFFER_BIT)) return false;
    }
    return true;
}

Status FinishDevice(Device* d, DML_FEATURE_LEVEL minimum, DML_FEATURE_LEVEL maximum) {
    const InstanceFunctions& f = d->instanceFunctions;
    VKDML_RETURN_IF_ERROR(LoadDeviceTable(f, d->device, &d->vk));
    f.getPhysicalDeviceProperties(d->physicalDevice, &d->properties);
    f.getPhysicalDeviceMemoryProperties(d->physicalDevice, &d->memoryProperties);
    VkDriverId driverId = VkDriverId(0);
    VKDML_PHYSICAL_DEVICE_INFO identity = DescribePhysicalDevice(f, d->physicalDevice, &driverId);
    d->driverName = identity.driverName;
    d->driverInfo = identity.driverInfo;
    DeviceCapabilities caps = ReadCapabilities(*d);
    DML_FEATURE_LEVEL supported = MaxFeatureLevel(caps, nullptr);
    if (supported == DML_FEATURE_LEVEL(0))
        return Unsupported("%s: %s", d->properties.deviceName, DescribeMissing(caps, DML_FEATURE_LEVEL_1_0).c_str());
    if (minimum && !IsKnownFeatureLevel(minimum))
        return InvalidArgument("minimumFeatureLevel 0x%x is not a DML_FEATURE_LEVEL", unsigned(minimum));
    if (maximum && !IsKnownFeatureLevel(maximum))
        return InvalidArgument("maximumFeatureLevel 0x%x is not a DML_FEATURE_LEVEL", unsigned(maximum));
    if (minimum > supported)
        return Unsupported("minimumFeatureLevel is DML_FEATURE_LEVEL_%s but %s supports up to DML_FEATURE_LEVEL_%s",
                           FeatureLevelName(minimum), d->properties.deviceName, FeatureLevelName(supported));
    if (maximum && minimum > maximum)
        return InvalidArgument("minimumFeatureLevel (%s) is above maximumFeatureLevel (%s)", FeatureLevelName(minimum),
                               FeatureLevelName(maximum));
    d->featureLevel = maximum ? std::min(maximum, supported) : supported;

    d->vk.vkGetDeviceQueue(d->device, d->queueFamilyIndex, d->queueIndex, &d->queue);
    const bool word64Stores = d->int64Words && StoresWord64(d->properties);
    d->kernels = std::make_unique<KernelCache>(&d->vk, d->device, SpecializesOnHost(driverId), d->int64Words,
                                               word64Stores);

    const VkPhysicalDeviceLimits& limits = d->properties.limits;
    d->texelInputs = d->int64Words && TexelInputFormats(d->instanceFunctions, d->physicalDevice);
    d->bindingAlignment = std::max<uint64_t>(limits.minStorageBufferOffsetAlignment, 16);
    if (d->texelInputs) d->bindingAlignment = std::max<uint64_t>(d->bindingAlignment, limits.minTexelBufferOffsetAlignment);
    d->paramsArena =
        std::make_unique<ParamsArena>(d, std::max<VkDeviceSize>(limits.minUniformBufferOffsetAlignment, 16));
    // One descriptor covers at most maxStorageBufferRange bytes (and 2^31, so word offsets fit the kernels' uint
    // math); leave room for the aligned-down start and the round-up to whole words.
    uint64_t range = std::min<uint64_t>(limits.maxStorageBufferRange, uint64_t(1) << 31);
    // VKDML_MAX_STORAGE_BUFFER_RANGE (bytes) lowers it further, never raises it: the tests use it to drive every
    // operator's splitting paths (loop_nest.cpp) with small tensors.
    if (const char* env = std::getenv("VKDML_MAX_STORAGE_BUFFER_RANGE"); env && *env) {
        uint64_t asked = std::strtoull(env, nullptr, 0);
        range = std::clamp<uint64_t>(asked, d->bindingAlignment + 64, range);
    }
    d->loweringLimits.maxSpanBytes = range - d->bindingAlignment - 4;
    // VKDML_MIN_TRANSFER_RUN_BYTES lowers the shortest run a transfer copy takes (never raises it): the tests use it
    // to run every operator's transfer path with small tensors.
    if (const char* env = std::getenv("VKDML_MIN_TRANSFER_RUN_BYTES"); env && *env) {
        uint64_t asked = std::strtoull(env, nullptr, 0);
        d->loweringLimits.minTransferRunBytes = std::clamp<uint64_t>(asked, 1, d->loweringLimits.minTransferRunBytes);
    }
    // copy_parts.comp binds a whole tensor and kMaxParts parts, plus its uniform block.
    if (limits.maxPerStageDescriptorStorageBuffers >= kMaxLaunchSlots &&
        limits.maxDescriptorSetStorageBuffers >= kMaxLaunchSlots && limits.maxPerStageResources >= 1 + kMaxLaunchSlots)
        d->loweringLimits.maxPartsPerLaunch = kMaxParts;
    // A CPU implementation runs a workgroup's invocations as SIMD lanes with a high fixed cost per invocation
    // (lavapipe: 64 elements each move data several times faster than 1, 256 another 10-35% faster on transposes and
    // strided slices, 1024 another 25-85% on strided slices - reversed rows, every 2nd element - and no slower
    // elsewhere, 4096 another 10-45% on most kernels at 64 MiB, none slower); a GPU wants neighbouring invocations
    // on neighbouring elements (coalesced access), so it gets 4: one 16-byte quad of 4-byte elements. Smaller
    // launches take fewer (LoweringLimits), down to 1024 on a CPU.
    const bool cpu = d->properties.deviceType == VK_PHYSICAL_DEVICE_TYPE_CPU;
    d->loweringLimits.elementsPerInvocation = cpu ? 4096 : 4;
    constexpr uint32_t kCpuMinElementsPerInvocation = 1024;
    d->loweringLimits.minElementsPerInvocation = cpu ? kCpuMinElementsPerInvocation : 4;
    // lavapipe: 4 KiB each moves 3x faster than 1 KiB; 16 KiB is slower again (64 KiB: 0.76 against 0.92 x the
    // compute copy on split.last_8).
    d->loweringLimits.quadsPerPartInvocation = cpu ? 256 : 4;
    // A CPU implementation's JOIN copies whole rows, 64 KiB an invocation (Intel Xeon host,
    // docs/performance-sessions.md, Session 53: 2 parts of 2 KiB ran at 0.72 / 0.87 / 0.94 x the compute copy with 4 /
    // 16 / 64 KiB); a GPU's goes in bands, its neighbouring invocations on neighbouring words of one part.
    d->loweringLimits.wordsPerJoinRowsInvocation = cpu ? 16384 : 0;
    // A CPU implementation runs a subgroup's invocations as the lanes of its SIMD instructions (lavapipe: 8 with
    // AVX2, SwiftShader: 4); transposes in blocks of quads let them take turns over their blocks.
    d->loweringLimits.simdLanes = cpu ? SubgroupSize(f, d->physicalDevice, d->properties) : 1;
    // On an Intel host's lavapipe, the lanes taking turns along a transpose's rows of 256 or 64 blocks lost 20-30%
    // against each invocation walking consecutive blocks (docs/performance-sessions.md, Session 57), where an AMD Zen 5
    // host's gained from them (depth_to_space.dcr_2 1.62-1.67 with turns against 0.99-1.04 without: Session 58).
    // VKDML_TRANSPOSE_TURN_BLOCKS overrides it (4: turns wherever rows allow), the switch to measure another host. The
    // same for the strided copies' turns along long rows: on the Intel host, without them, slice1.step2_last ran at
    // 1.30-1.36 against 0.89-0.95 x the compute copy, identity.broadcast_last 1.32-1.41 against 0.92-1.05,
    // slice1.step4_last_f16 0.82-0.86 against 0.55-0.59, none slower (on Zen 5 step2_last lost: 1.82-2.07 with turns,
    // 1.72-1.76 without): an Intel host's strided copies take no turns (VKDML_COPY_TURN_QUADS overrides it, 0: never).
    // Other hosts keep LoweringLimits' defaults.
    if (cpu && HostCpuIsIntel()) {
        d->loweringLimits.transposeTurnBlocksPerLane = 64;
        d->loweringLimits.copyTurnQuadsPerLane = 0;
    }
    if (const char* env = std::getenv("VKDML_TRANSPOSE_TURN_BLOCKS"); env && *env)
        d->loweringLimits.transposeTurnBlocksPerLane = std::max<uint32_t>(uint32_t(std::strtoul(env, nullptr, 0)), 1);
    if (const char* env = std::getenv("VKDML_COPY_TURN_QUADS"); env && *env)
        d->loweringLimits.copyTurnQuadsPerLane = uint32_t(std::strtoul(env, nullptr, 0));
    // VKDML_ELEMENTS_PER_INVOCATION (a multiple of 4, 4..4096) overrides them all: the tests run the GPU setting (and
    // the largest CPU one) on CPU implementations.
    if (const char* env = std::getenv("VKDML_ELEMENTS_PER_INVOCATION"); env && *env) {
        uint32_t asked = uint32_t(std::strtoul(env, nullptr, 0));
        if (asked >= 4 && asked <= 4096 && asked % 4 == 0) {
            d->loweringLimits.elementsPerInvocation = d->loweringLimits.minElementsPerInvocation =
                d->loweringLimits.quadsPerPartInvocation = asked;
            // Below a CPU setting, JOIN goes in bands, as on GPUs.
            d->loweringLimits.wordsPerJoinRowsInvocation = cpu && asked >= kCpuMinElementsPerInvocation ? 4 * asked : 0;
        }
    }
    // VKDML_JOIN_ROWS_WORDS overrides the words a CPU implementation's JOIN copies whole per invocation (0: in bands,
    // and a TILE's copies along rows stay a strided copy's output copies): a switch to measure one against the other.
    if (const char* env = std::getenv("VKDML_JOIN_ROWS_WORDS"); env && *env)
        d->loweringLimits.wordsPerJoinRowsInvocation = uint32_t(std::strtoul(env, nullptr, 0));
    // copy_words: an invocation's elements as quads, at most 8 (lavapipe: FLOAT16 rows of 2047 elements,
    // `slice1.odd_rows_f16`, ran at 0.73-0.82 / 0.82-1.01 / 0.72-0.80 x the compute copy with 4 / 8 / 16 quads;
    // docs/performance-sessions.md, Session 34).
    d->loweringLimits.quadsPerCopyInvocation = std::min(d->loweringLimits.elementsPerInvocation / 4, 8u);
    // gather_rows: on a CPU implementation whose kernels store 64-bit words, up to 64 quads (1 KiB) of a row per
    // invocation, where its fixed cost (the row's index, the offsets) outweighs the lanes copying quads 1 KiB apart
    // rather than neighbours (lavapipe, gather.rows256 with 8 / 32 / 64 quads: 0.71-0.83 / 1.05-1.08 / 1.02-1.15 x
    // the compute copy on an AMD Zen 4 host, docs/performance-sessions.md, Session 56; 0.47 / - / 0.57 on an Intel Xeon
    // host with 64-bit stores forced). With 32-bit stores (that Intel host's own choice, store_width.h) 64 quads gained
    // nothing on FLOAT32 rows and lost on FLOAT16 ones (0.68 -> 0.57, docs/performance-sessions.md, Session 57), so
    // there, on SwiftShader (32-bit words throughout) and on GPUs, as copy_words.
    d->loweringLimits.quadsPerGatherRowInvocation =
        cpu && word64Stores && d->loweringLimits.elementsPerInvocation >= kCpuMinElementsPerInvocation
            ? 64u
            : d->loweringLimits.quadsPerCopyInvocation;
    return Status::Ok();
}

// Unknown bits are refused so that a flag of a newer vkdml is not silently ignored by an older one.
Status CheckCreateFlags(const char* function, DML_CREATE_DEVICE_FLAGS flags) {
    constexpr uint32_t kKnown = DML_CREATE_DEVICE_FLAG_DEBUG | VKDML_CREATE_DEVICE_FLAG_ZERO_VOLUME_TENSORS;
    if (uint32_t(flags) & ~kKnown)
        return InvalidArgument("%s: desc->flags is 0x%x; the known bits are DML_CREATE_DEVICE_FLAG_DEBUG (0x1) and "
                               "VKDML_CREATE_DEVICE_FLAG_ZERO_VOLUME_TENSORS (0x10000)", function, unsigned(flags));
    return Status::Ok();
}

}  // namespace

Status EnumerateDefaultDevices(std::vector<VKDML_PHYSICAL_DEVICE_INFO>* out, uint32_t* chosen) {
    VkInstance instance;
    bool validation = false;
    VKDML_RETURN_IF_ERROR(CreateInstance(false, &instance, &validation));
    InstanceFunctions f;
    Status status = LoadInstanceFunctions(instance, nullptr, &f);
    if (status.ok()) {
        out->clear();
        std::vector<VkPhysicalDeviceProperties> properties;
        for (VkPhysicalDevice p : PhysicalDevices(f, instance)) {
            out->push_back(DescribePhysicalDevice(f, p));
            properties.push_back(out->back().properties);
        }
        *chosen = UINT32_MAX;
        if (!out->empty() && !ChoosePhysicalDevice(properties, -1, chosen).ok()) *chosen = UINT32_MAX;
    }
    if (f.destroyInstance) f.destroyInstance(instance, nullptr);
    return status;
}

Status CreateDefaultDevice(const VKDML_DEFAULT_DEVICE_DESC& desc, Device** out) {
    VKDML_RETURN_IF_ERROR(CheckCreateFlags("vkdmlCreateDefaultDevice", desc.flags));
    Ref<Device> d(new Device, false);
    d->flags = desc.flags;
    d->messageCallback = desc.messageCallback;
    d->messageUserData = desc.messageUserData;
    d->ownsInstanceAndDevice = true;
    bool debug = (desc.flags & DML_CREATE_DEVICE_FLAG_DEBUG) != 0;
    VKDML_RETURN_IF_ERROR(CreateInstance(debug, &d->instance, &d->validationEnabled));
    VKDML_RETURN_IF_ERROR(LoadInstanceFunctions(d->instance, nullptr, &d->instanceFunctions));
    const InstanceFunctions& f = d->instanceFunctions;
    if (d->validationEnabled && f.createDebugUtilsMessenger) {
        VkDebugUtilsMessengerCreateInfoEXT info{VK_STRUCTURE_TYPE_DEBUG_UTILS_MESSENGER_CREATE_INFO_EXT};
        info.messageSeverity =
            VK_DEBUG_UTILS_MESSAGE_SEVERITY_WARNING_BIT_EXT | VK_DEBUG_UTILS_MESSAGE_SEVERITY_ERROR_BIT_EXT;
        info.messageType = VK_DEBUG_UTILS_MESSAGE_TYPE_GENERAL_BIT_EXT | VK_DEBUG_UTILS_MESSAGE_TYPE_VALIDATION_BIT_EXT;
        info.pfnUserCallback = OnDebugMessage;
        info.pUserData = d.get();
        VKDML_RETURN_IF_VK_ERROR(f.createDebugUtilsMessenger(d->instance, &info, nullptr, &d->messenger),
                                 "vkCreateDebugUtilsMessengerEXT");
    }
    std::vector<VkPhysicalDevice> physicals = PhysicalDevices(f, d->instance);
    std::vector<VkPhysicalDeviceProperties> properties(physicals.size());
    for (size_t i = 0; i < physicals.size(); ++i) f.getPhysicalDeviceProperties(physicals[i], &properties[i]);
    uint32_t chosen = 0;
    VKDML_RETURN_IF_ERROR(ChoosePhysicalDevice(properties, desc.physicalDeviceIndex, &chosen));
    d->physicalDevice = physicals[chosen];
    if (properties[chosen].apiVersion < VK_API_VERSION_1_1)
        return Unsupported("%s supports only Vulkan 1.0; vkdml needs 1.1", properties[chosen].deviceName);
    int family = ComputeQueueFamily(f, d->physicalDevice);
    if (family < 0) return Unsupported("%s has no compute queue", properties[chosen].deviceName);
    d->queueFamilyIndex = uint32_t(family);

    float priority = 1.0f;
    VkDeviceQueueCreateInfo queueInfo{VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO};
    queueInfo.queueFamilyIndex = d->queueFamilyIndex;
    queueInfo.queueCount = 1;
    queueInfo.pQueuePriorities = &priority;
    // shaderInt64 where the device has it: the kernels' INT64_WORDS builds load and store quads as 64-bit words,
    // a 16-byte quad in about half the time on lavapipe (docs/performance-sessions.md, Session 27). Nothing else is
    // needed beyond Vulkan 1.1.
    VkPhysicalDeviceFeatures supported{}, enabled{};
    f.getPhysicalDeviceFeatures(d->physicalDevice, &supported);
    enabled.shaderInt64 = supported.shaderInt64;
    d->int64Words = supported.shaderInt64 == VK_TRUE;
    VkDeviceCreateInfo deviceInfo{VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO};
    deviceInfo.queueCreateInfoCount = 1;
    deviceInfo.pQueueCreateInfos = &queueInfo;
    deviceInfo.pEnabledFeatures = &enabled;
    VKDML_RETURN_IF_VK_ERROR(f.createDevice(d->physicalDevice, &deviceInfo, nullptr, &d->device), "vkCreateDevice");
    VKDML_RETURN_IF_ERROR(FinishDevice(d.get(), desc.minimumFeatureLevel, desc.maximumFeatureLevel));
    d->AddRef();
    *out = d.get();
    return Status::Ok();
}

Status AdoptDevice(const VKDML_DEVICE_DESC& desc, Device** out) {
    VKDML_RETURN_IF_ERROR(CheckCreateFlags("vkdmlCreateDevice", desc.flags));
    if (!desc.instance) return InvalidArgument("vkdmlCreateDevice: desc->instance is VK_NULL_HANDLE");
    if (!desc.physicalDevice) return InvalidArgument("vkdmlCreateDevice: desc->physicalDevice is VK_NULL_HANDLE");
    if (!desc.device) return InvalidArgument("vkdmlCreateDevice: desc->device is VK_NULL_HANDLE");
    Ref<Device> d(new Device, false);
    d->flags = desc.flags;
    d->messageCallback = desc.messageCallback;
    d->messageUserData = desc.messageUserData;
    d->instance = desc.instance;
    d->physicalDevice = desc.physicalDevice;
    d->device = desc.device;
    d->queueFamilyIndex = desc.queueFamilyIndex;
    d->queueIndex = desc.queueIndex;
    VKDML_RETURN_IF_ERROR(LoadInstanceFunctions(desc.instance, desc.getInstanceProcAddr, &d->instanceFunctions));
    uint32_t familyCount = 0;
    d->instanceFunctions.getPhysicalDeviceQueueFamilyProperties(d->physicalDevice, &familyCount, nullptr);
    std::vector<VkQueueFamilyProperties> families(familyCount);
    d->instanceFunctions.getPhysicalDeviceQueueFamilyProperties(d->physicalDevice, &familyCount, families.data());
    if (desc.queueFamilyIndex >= familyCount || !(families[desc.queueFamilyIndex].queueFlags & VK_QUEUE_COMPUTE_BIT))
        return InvalidArgument("vkdmlCreateDevice: desc->queueFamilyIndex %u is not a compute queue family of this "
                               "physical device", desc.queueFamilyIndex);
    if (desc.queueIndex >= families[desc.queueFamilyIndex].queueCount)
        return InvalidArgument("vkdmlCreateDevice: desc->queueIndex %u is past the family's %u queues",
                               desc.queueIndex, families[desc.queueFamilyIndex].queueCount);
    // Optional features are used only where the application says it enabled them (and the device has them).
    VkPhysicalDeviceFeatures supported{};
    d->instanceFunctions.getPhysicalDeviceFeatures(d->physicalDevice, &supported);
    d->int64Words = desc.enabledFeatures && desc.enabledFeatures->shaderInt64 && supported.shaderInt64;
    VKDML_RETURN_IF_ERROR(FinishDevice(d.get(), desc.minimumFeatureLevel, desc.maximumFeatureLevel));
    d->AddRef();
    *out = d.get();
    return Status::Ok();
}

}  // namespace vkdml
