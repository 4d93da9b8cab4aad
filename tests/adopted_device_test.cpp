// The application brings its own Vulkan: instance, device, queue, buffers and command buffer, loaded through the
// system loader (not volk). vkdml adopts the device and records into the application's command buffer; the
// application adds the barriers between dependent dispatches, as the README says.
#include "test_support.h"

#include <gtest/gtest.h>
#include <vulkan/vulkan.h>

#include <algorithm>
#include <atomic>
#include <cstring>
#include <map>
#include <mutex>
#include <string>
#include <vector>

namespace {

VKAPI_ATTR VkBool32 VKAPI_CALL CountMessage(VkDebugUtilsMessageSeverityFlagBitsEXT, VkDebugUtilsMessageTypeFlagsEXT,
                                            const VkDebugUtilsMessengerCallbackDataEXT* data, void* user) {
    static_cast<std::vector<std::string>*>(user)->push_back(data->pMessage);
    return VK_FALSE;
}

class AdoptedDevice : public testing::Test {
protected:
    void SetUp() override {
        VkApplicationInfo app{VK_STRUCTURE_TYPE_APPLICATION_INFO};
        app.apiVersion = VK_API_VERSION_1_1;
        const char* layer = "VK_LAYER_KHRONOS_validation";
        const char* extension = VK_EXT_DEBUG_UTILS_EXTENSION_NAME;
        VkInstanceCreateInfo info{VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO};
        info.pApplicationInfo = &app;
        info.enabledLayerCount = 1;
        info.ppEnabledLayerNames = &layer;
        info.enabledExtensionCount = 1;
        info.ppEnabledExtensionNames = &extension;
        ASSERT_EQ(vkCreateInstance(&info, nullptr, &instance), VK_SUCCESS) << "needs the Khronos validation layer";
        auto createMessenger = reinterpret_cast<PFN_vkCreateDebugUtilsMessengerEXT>(
            vkGetInstanceProcAddr(instance, "vkCreateDebugUtilsMessengerEXT"));
        VkDebugUtilsMessengerCreateInfoEXT m{VK_STRUCTURE_TYPE_DEBUG_UTILS_MESSENGER_CREATE_INFO_EXT};
        m.messageSeverity = VK_DEBUG_UTILS_MESSAGE_SEVERITY_WARNING_BIT_EXT | VK_DEBUG_UTILS_MESSAGE_SEVERITY_ERROR_BIT_EXT;
        m.messageType = VK_DEBUG_UTILS_MESSAGE_TYPE_GENERAL_BIT_EXT | VK_DEBUG_UTILS_MESSAGE_TYPE_VALIDATION_BIT_EXT;
        m.pfnUserCallback = CountMessage;
        m.pUserData = &messages;
        ASSERT_EQ(createMessenger(instance, &m, nullptr, &messenger), VK_SUCCESS);

        uint32_t count = 1;
        VkResult enumerated = vkEnumeratePhysicalDevices(instance, &count, &physical);   // the first device will do
        ASSERT_TRUE(enumerated == VK_SUCCESS || enumerated == VK_INCOMPLETE);
        ASSERT_EQ(count, 1u) << "no Vulkan device";
        uint32_t families = 0;
        vkGetPhysicalDeviceQueueFamilyProperties(physical, &families, nullptr);
        std::vector<VkQueueFamilyProperties> props(families);
        vkGetPhysicalDeviceQueueFamilyProperties(physical, &families, props.data());
        for (family = 0; family < families && !(props[family].queueFlags & VK_QUEUE_COMPUTE_BIT); ++family) {}
        ASSERT_LT(family, families);
        CreateDevice(nullptr);
        vkGetPhysicalDeviceMemoryProperties(physical, &memory);
    }

    // The application's VkDevice, with `features` enabled (nullptr: none); replaces the one there is.
    void CreateDevice(const VkPhysicalDeviceFeatures* features) {
        if (device) vkDestroyDevice(device, nullptr);
        device = VK_NULL_HANDLE;
        float priority = 1;
        VkDeviceQueueCreateInfo q{VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO};
        q.queueFamilyIndex = family;
        q.queueCount = 1;
        q.pQueuePriorities = &priority;
        VkDeviceCreateInfo d{VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO};
        d.queueCreateInfoCount = 1;
        d.pQueueCreateInfos = &q;
        d.pEnabledFeatures = features;
        ASSERT_EQ(vkCreateDevice(physical, &d, nullptr, &device), VK_SUCCESS);
        vkGetDeviceQueue(device, family, 0, &queue);
    }

    // What vkdml needs to adopt the application's device.
    VKDML_DEVICE_DESC Desc() const {
        VKDML_DEVICE_DESC desc{};
        desc.instance = instance;
        desc.physicalDevice = physical;
        desc.device = device;
        desc.queueFamilyIndex = family;
        desc.getInstanceProcAddr = vkGetInstanceProcAddr;
        return desc;
    }

    // vkdml on the application's device, told `features` were enabled.
    VkdmlDevice Adopt(const VkPhysicalDeviceFeatures* features) {
        VKDML_DEVICE_DESC desc = Desc();
        desc.enabledFeatures = features;
        VkdmlDevice dml = nullptr;
        EXPECT_EQ(vkdmlCreateDevice(&desc, &dml), VKDML_SUCCESS) << vkdmlGetLastErrorMessage();
        return dml;
    }

    // vkdml on a new application device with shaderInt64 enabled (so that it may read inputs through texel views),
    // its Vulkan functions from `getInstanceProcAddr`; nullptr where the physical device has no shaderInt64.
    VkdmlDevice AdoptWithInt64(PFN_vkGetInstanceProcAddr getInstanceProcAddr) {
        VkPhysicalDeviceFeatures supported{};
        vkGetPhysicalDeviceFeatures(physical, &supported);
        if (!supported.shaderInt64) return nullptr;
        int64Features.shaderInt64 = VK_TRUE;
        CreateDevice(&int64Features);
        VKDML_DEVICE_DESC desc = Desc();
        desc.getInstanceProcAddr = getInstanceProcAddr;
        desc.enabledFeatures = &int64Features;
        VkdmlDevice dml = nullptr;
        EXPECT_EQ(vkdmlCreateDevice(&desc, &dml), VKDML_SUCCESS) << vkdmlGetLastErrorMessage();
        return dml;
    }

    void TearDown() override {
        for (auto& [buffer, mem] : buffers) {
            vkDestroyBuffer(device, buffer, nullptr);
            vkFreeMemory(device, mem, nullptr);
        }
        if (device) vkDestroyDevice(device, nullptr);
        if (messenger) {
            auto destroy = reinterpret_cast<PFN_vkDestroyDebugUtilsMessengerEXT>(
                vkGetInstanceProcAddr(instance, "vkDestroyDebugUtilsMessengerEXT"));
            destroy(instance, messenger, nullptr);
        }
        if (instance) vkDestroyInstance(instance, nullptr);
        for (const auto& m : messages) ADD_FAILURE() << "validation: " << m;
    }

    // A host-visible storage buffer of the application's own.
    VkBuffer MakeBuffer(const std::vector<uint32_t>& words, void** mapped) {
        VkBufferCreateInfo b{VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO};
        b.size = words.size() * 4;
        b.usage = VK_BUFFER_USAGE_STORAGE_BUFFER_BIT;
        VkBuffer buffer;
        EXPECT_EQ(vkCreateBuffer(device, &b, nullptr, &buffer), VK_SUCCESS);
        VkMemoryRequirements r;
        vkGetBufferMemoryRequirements(device, buffer, &r);
        uint32_t type = 0;
        const VkMemoryPropertyFlags want = VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT;
        while (!((r.memoryTypeBits >> type) & 1) || (memory.memoryTypes[type].propertyFlags & want) != want) ++type;
        VkMemoryAllocateInfo a{VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO};
        a.allocationSize = r.size;
        a.memoryTypeIndex = type;
        VkDeviceMemory mem;
        EXPECT_EQ(vkAllocateMemory(device, &a, nullptr, &mem), VK_SUCCESS);
        vkBindBufferMemory(device, buffer, mem, 0);
        vkMapMemory(device, mem, 0, VK_WHOLE_SIZE, 0, mapped);
        std::memcpy(*mapped, words.data(), words.size() * 4);
        buffers.push_back({buffer, mem});
        return buffer;
    }

    VkInstance instance = VK_NULL_HANDLE;
    VkDebugUtilsMessengerEXT messenger = VK_NULL_HANDLE;
    VkPhysicalDevice physical = VK_NULL_HANDLE;
    VkDevice device = VK_NULL_HANDLE;
    VkQueue queue = VK_NULL_HANDLE;
    uint32_t family = 0;
    VkPhysicalDeviceMemoryProperties memory{};
    VkPhysicalDeviceFeatures int64Features{};   // what AdoptWithInt64 enabled
    std::vector<std::pair<VkBuffer, VkDeviceMemory>> buffers;
    std::vector<std::string> messages;
};

void ComputeBarrier(VkCommandBuffer cb, VkPipelineStageFlags dst, VkAccessFlags dstAccess) {
    VkMemoryBarrier barrier{VK_STRUCTURE_TYPE_MEMORY_BARRIER};
    barrier.srcAccessMask = VK_ACCESS_SHADER_WRITE_BIT;
    barrier.dstAccessMask = dstAccess;
    vkCmdPipelineBarrier(cb, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, dst, 0, 1, &barrier, 0, nullptr, 0, nullptr);
}

TEST_F(AdoptedDevice, TwoDependentDispatchesInTheApplicationsCommandBuffer) {
    VKDML_DEVICE_DESC desc = Desc();
    desc.minimumFeatureLevel = DML_FEATURE_LEVEL_4_1;
    VkdmlDevice dml = nullptr;
    ASSERT_EQ(vkdmlCreateDevice(&desc, &dml), VKDML_SUCCESS) << vkdmlGetLastErrorMessage();
    VKDML_DEVICE_INFO info{};
    ASSERT_EQ(vkdmlGetDeviceInfo(dml, &info), VKDML_SUCCESS);
    EXPECT_FALSE(info.isDefaultDevice);

    // Step 1: transpose a 3x4 matrix (IDENTITY with permuted input strides). Step 2: reverse the rows (SLICE1).
    vkdml_test::TensorDesc a(DML_TENSOR_DATA_TYPE_UINT32, {4, 3}, {1, 4}), t(DML_TENSOR_DATA_TYPE_UINT32, {4, 3});
    vkdml_test::TensorDesc r(DML_TENSOR_DATA_TYPE_UINT32, {4, 3});
    DML_ELEMENT_WISE_IDENTITY_OPERATOR_DESC transpose{a.Get(), t.Get(), nullptr};
    uint32_t offsets[] = {0, 0}, sizes[] = {4, 3};
    int32_t strides[] = {-1, 1};
    DML_SLICE1_OPERATOR_DESC reverse{t.Get(), r.Get(), 2, offsets, sizes, strides};
    DML_OPERATOR_DESC descs[2] = {{DML_OPERATOR_ELEMENT_WISE_IDENTITY, &transpose}, {DML_OPERATOR_SLICE1, &reverse}};

    std::vector<uint32_t> input(12);
    for (uint32_t i = 0; i < 12; ++i) input[i] = 100 + i;   // row-major 3x4
    void *inMap, *midMap, *outMap;
    VkBuffer inBuf = MakeBuffer(input, &inMap), midBuf = MakeBuffer(std::vector<uint32_t>(12), &midMap),
             outBuf = MakeBuffer(std::vector<uint32_t>(12), &outMap);

    VkdmlOperator ops[2];
    VkdmlCompiledOperator compiled[2];
    VkdmlBindingTable tables[2];
    VkBuffer ins[2] = {inBuf, midBuf}, outs[2] = {midBuf, outBuf};
    for (int i = 0; i < 2; ++i) {
        ASSERT_EQ(vkdmlCreateOperator(dml, &descs[i], &ops[i]), VKDML_SUCCESS) << vkdmlGetLastErrorMessage();
        ASSERT_EQ(vkdmlCompileOperator(dml, ops[i], DML_EXECUTION_FLAG_NONE, &compiled[i]), VKDML_SUCCESS);
        DML_BINDING_TABLE_DESC td{compiled[i], VK_NULL_HANDLE, 0, 0};
        ASSERT_EQ(vkdmlCreateBindingTable(dml, &td, &tables[i]), VKDML_SUCCESS);
        DML_BUFFER_BINDING inB{ins[i], 0, 48}, outB{outs[i], 0, 48};
        DML_BINDING_DESC inD{DML_BINDING_TYPE_BUFFER, &inB}, outD{DML_BINDING_TYPE_BUFFER, &outB};
        ASSERT_EQ(vkdmlBindInputs(tables[i], 1, &inD), VKDML_SUCCESS);
        ASSERT_EQ(vkdmlBindOutputs(tables[i], 1, &outD), VKDML_SUCCESS);
    }
    VkdmlOperatorInitializer init;
    ASSERT_EQ(vkdmlCreateOperatorInitializer(dml, 2, compiled, &init), VKDML_SUCCESS);
    DML_BINDING_TABLE_DESC initDesc{init, VK_NULL_HANDLE, 0, 0};
    VkdmlBindingTable initTable;
    ASSERT_EQ(vkdmlCreateBindingTable(dml, &initDesc, &initTable), VKDML_SUCCESS);
    VkdmlCommandRecorder recorder;
    ASSERT_EQ(vkdmlCreateCommandRecorder(dml, &recorder), VKDML_SUCCESS);

    VkCommandPoolCreateInfo poolInfo{VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO};
    poolInfo.queueFamilyIndex = family;
    VkCommandPool pool;
    ASSERT_EQ(vkCreateCommandPool(device, &poolInfo, nullptr, &pool), VK_SUCCESS);
    VkCommandBufferAllocateInfo alloc{VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO};
    alloc.commandPool = pool;
    alloc.commandBufferCount = 1;
    VkCommandBuffer cb;
    ASSERT_EQ(vkAllocateCommandBuffers(device, &alloc, &cb), VK_SUCCESS);
    VkCommandBufferBeginInfo begin{VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    vkBeginCommandBuffer(cb, &begin);
    EXPECT_EQ(vkdmlRecordDispatch(recorder, cb, init, initTable), VKDML_SUCCESS);
    EXPECT_EQ(vkdmlRecordDispatch(recorder, cb, compiled[0], tables[0]), VKDML_SUCCESS);
    ComputeBarrier(cb, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, VK_ACCESS_SHADER_READ_BIT | VK_ACCESS_SHADER_WRITE_BIT);
    EXPECT_EQ(vkdmlRecordDispatch(recorder, cb, compiled[1], tables[1]), VKDML_SUCCESS);
    ComputeBarrier(cb, VK_PIPELINE_STAGE_HOST_BIT, VK_ACCESS_HOST_READ_BIT);
    vkEndCommandBuffer(cb);
    VkSubmitInfo submit{VK_STRUCTURE_TYPE_SUBMIT_INFO};
    submit.commandBufferCount = 1;
    submit.pCommandBuffers = &cb;
    ASSERT_EQ(vkQueueSubmit(queue, 1, &submit, VK_NULL_HANDLE), VK_SUCCESS);
    ASSERT_EQ(vkQueueWaitIdle(queue), VK_SUCCESS);

    // out[i][j] = transposed[3 - i][j] = input[j][3 - i]
    const auto* out = static_cast<const uint32_t*>(outMap);
    for (uint32_t i = 0; i < 4; ++i)
        for (uint32_t j = 0; j < 3; ++j) EXPECT_EQ(out[i * 3 + j], input[j * 4 + (3 - i)]) << i << "," << j;

    vkDestroyCommandPool(device, pool, nullptr);
    for (void* h : {(void*)recorder, (void*)initTable, (void*)init, (void*)tables[0], (void*)tables[1],
                    (void*)compiled[0], (void*)compiled[1], (void*)ops[0], (void*)ops[1], (void*)dml})
        EXPECT_EQ(vkdmlRelease(h, nullptr), VKDML_SUCCESS);
}

// Fault injection through the function table vkdml loads: the application's getInstanceProcAddr hands vkdml
// wrappers of vkAllocateMemory, vkCreateBufferView and vkQueueSubmit that fail on demand, as a real device does when
// memory runs out or the device is lost (neither can be provoked on the CPU drivers); the allocations and views made
// are counted, the views' formats kept, and vkDestroyBufferView wrapped to count the views still alive. And one
// descriptor pool of the application's (strictPool) runs out as a real driver's does, which lavapipe's never do: the
// sets vkdml allocates from it take their layouts' descriptors and a set from poolRoom, and give them back when freed.
namespace faults {
std::atomic<bool> outOfMemory{false}, deviceLost{false};
std::atomic<int> allocationsMade{0}, viewsMade{0}, viewsAlive{0};
std::atomic<int> viewsUntilFailure{-1};   // views still made before every further one fails (-1: none fails)
std::vector<VkFormat> viewFormats;        // of the views made, in order (views are made on the binding thread)
PFN_vkGetDeviceProcAddr realGetDeviceProcAddr;
PFN_vkAllocateMemory realAllocateMemory;
PFN_vkCreateBufferView realCreateBufferView;
PFN_vkDestroyBufferView realDestroyBufferView;
PFN_vkQueueSubmit realQueueSubmit;
PFN_vkCreateDescriptorSetLayout realCreateDescriptorSetLayout;
PFN_vkAllocateDescriptorSets realAllocateDescriptorSets;
PFN_vkFreeDescriptorSets realFreeDescriptorSets;

constexpr VkDescriptorType kSets = VK_DESCRIPTOR_TYPE_MAX_ENUM;   // poolRoom's key for the sets left
VkDescriptorPool strictPool = VK_NULL_HANDLE;
std::map<VkDescriptorType, int64_t> poolRoom;   // what strictPool has left, by descriptor type
std::mutex poolMutex;                           // (tables of one device may allocate on several threads)
std::map<VkDescriptorSetLayout, std::map<VkDescriptorType, int64_t>> layoutDescriptors;
std::map<VkDescriptorSet, VkDescriptorSetLayout> strictSets;   // the sets allocated from strictPool, with their layouts

VKAPI_ATTR VkResult VKAPI_CALL AllocateMemory(VkDevice d, const VkMemoryAllocateInfo* info,
                                              const VkAllocationCallbacks* a, VkDeviceMemory* memory) {
    if (outOfMemory) return VK_ERROR_OUT_OF_DEVICE_MEMORY;
    VkResult r = realAllocateMemory(d, info, a, memory);
    if (r == VK_SUCCESS) ++allocationsMade;
    return r;
}
VKAPI_ATTR VkResult VKAPI_CALL CreateBufferView(VkDevice d, const VkBufferViewCreateInfo* info,
                                                const VkAllocationCallbacks* a, VkBufferView* view) {
    if (outOfMemory || viewsUntilFailure == 0) return VK_ERROR_OUT_OF_DEVICE_MEMORY;
    VkResult r = realCreateBufferView(d, info, a, view);
    if (r != VK_SUCCESS) return r;
    ++viewsMade;
    ++viewsAlive;
    viewFormats.push_back(info->format);
    if (viewsUntilFailure > 0) --viewsUntilFailure;
    return r;
}
VKAPI_ATTR void VKAPI_CALL DestroyBufferView(VkDevice d, VkBufferView view, const VkAllocationCallbacks* a) {
    if (view != VK_NULL_HANDLE) --viewsAlive;
    realDestroyBufferView(d, view, a);
}
VKAPI_ATTR VkResult VKAPI_CALL QueueSubmit(VkQueue q, uint32_t count, const VkSubmitInfo* submits, VkFence fence) {
    if (deviceLost) return VK_ERROR_DEVICE_LOST;
    return realQueueSubmit(q, count, submits, fence);
}
VKAPI_ATTR VkResult VKAPI_CALL CreateDescriptorSetLayout(VkDevice d, const VkDescriptorSetLayoutCreateInfo* info,
                                                         const VkAllocationCallbacks* a,
                                                         VkDescriptorSetLayout* layout) {
    VkResult r = realCreateDescriptorSetLayout(d, info, a, layout);
    if (r != VK_SUCCESS) return r;
    std::lock_guard lock(poolMutex);
    auto& counts = layoutDescriptors[*layout];
    counts.clear();
    for (uint32_t b = 0; b < info->bindingCount; ++b)
        counts[info->pBindings[b].descriptorType] += info->pBindings[b].descriptorCount;
    return r;
}
VKAPI_ATTR VkResult VKAPI_CALL AllocateDescriptorSets(VkDevice d, const VkDescriptorSetAllocateInfo* info,
                                                      VkDescriptorSet* sets) {
    std::lock_guard lock(poolMutex);
    if (info->descriptorPool != strictPool) return realAllocateDescriptorSets(d, info, sets);
    std::map<VkDescriptorType, int64_t> needed{{kSets, info->descriptorSetCount}};
    for (uint32_t k = 0; k < info->descriptorSetCount; ++k)
        for (const auto& [type, count] : layoutDescriptors[info->pSetLayouts[k]]) needed[type] += count;
    for (const auto& [type, count] : needed)
        if (count > poolRoom[type]) return VK_ERROR_OUT_OF_POOL_MEMORY;
    VkResult r = realAllocateDescriptorSets(d, info, sets);
    if (r != VK_SUCCESS) return r;
    for (const auto& [type, count] : needed) poolRoom[type] -= count;
    for (uint32_t k = 0; k < info->descriptorSetCount; ++k) strictSets[sets[k]] = info->pSetLayouts[k];
    return r;
}
VKAPI_ATTR VkResult VKAPI_CALL FreeDescriptorSets(VkDevice d, VkDescriptorPool pool, uint32_t count,
                                                  const VkDescriptorSet* sets) {
    std::lock_guard lock(poolMutex);
    for (uint32_t k = 0; pool == strictPool && k < count; ++k) {
        auto found = strictSets.find(sets[k]);
        if (found == strictSets.end()) continue;
        ++poolRoom[kSets];
        for (const auto& [type, n] : layoutDescriptors[found->second]) poolRoom[type] += n;
        strictSets.erase(found);
    }
    return realFreeDescriptorSets(d, pool, count, sets);
}
// Each wrapped device function: the wrapper, and where the real one goes.
struct Wrapped {
    const char* name;
    PFN_vkVoidFunction wrapper;
    PFN_vkVoidFunction* real;
};
template <typename Fn>
Wrapped Wrap(const char* name, Fn wrapper, Fn* real) {
    return {name, reinterpret_cast<PFN_vkVoidFunction>(wrapper), reinterpret_cast<PFN_vkVoidFunction*>(real)};
}
VKAPI_ATTR PFN_vkVoidFunction VKAPI_CALL GetDeviceProcAddr(VkDevice d, const char* name) {
    const Wrapped wrapped[] = {
        Wrap("vkAllocateMemory", AllocateMemory, &realAllocateMemory),
        Wrap("vkQueueSubmit", QueueSubmit, &realQueueSubmit),
        Wrap("vkCreateBufferView", CreateBufferView, &realCreateBufferView),
        Wrap("vkDestroyBufferView", DestroyBufferView, &realDestroyBufferView),
        Wrap("vkCreateDescriptorSetLayout", CreateDescriptorSetLayout, &realCreateDescriptorSetLayout),
        Wrap("vkAllocateDescriptorSets", AllocateDescriptorSets, &realAllocateDescriptorSets),
        Wrap("vkFreeDescriptorSets", FreeDescriptorSets, &realFreeDescriptorSets),
    };
    PFN_vkVoidFunction real = realGetDeviceProcAddr(d, name);
    for (const Wrapped& w : wrapped)
        if (std::strcmp(name, w.name) == 0) {
            *w.real = real;
            return w.wrapper;
        }
    return real;
}
VKAPI_ATTR PFN_vkVoidFunction VKAPI_CALL GetInstanceProcAddr(VkInstance i, const char* name) {
    if (std::strcmp(name, "vkGetDeviceProcAddr") == 0) {
        realGetDeviceProcAddr = reinterpret_cast<PFN_vkGetDeviceProcAddr>(vkGetInstanceProcAddr(i, name));
        return reinterpret_cast<PFN_vkVoidFunction>(GetDeviceProcAddr);
    }
    return vkGetInstanceProcAddr(i, name);
}
}  // namespace faults

TEST_F(AdoptedDevice, OutOfMemoryAndDeviceLossReturnTheirStatusesAndLeaveTheDeviceUsable) {
    VKDML_DEVICE_DESC desc = Desc();
    desc.getInstanceProcAddr = faults::GetInstanceProcAddr;
    VkdmlDevice dml = nullptr;
    ASSERT_EQ(vkdmlCreateDevice(&desc, &dml), VKDML_SUCCESS) << vkdmlGetLastErrorMessage();

    vkdml_test::TensorDesc t(DML_TENSOR_DATA_TYPE_UINT32, {4, 3}, {1, 4}), packed(DML_TENSOR_DATA_TYPE_UINT32, {4, 3});
    DML_ELEMENT_WISE_IDENTITY_OPERATOR_DESC identity{t.Get(), packed.Get(), nullptr};
    DML_OPERATOR_DESC opDesc{DML_OPERATOR_ELEMENT_WISE_IDENTITY, &identity};
    VkdmlOperator op = nullptr;
    ASSERT_EQ(vkdmlCreateOperator(dml, &opDesc, &op), VKDML_SUCCESS);

    // Out of memory: a buffer and a compile (its launch parameters need memory) fail with the status, nothing leaks.
    faults::outOfMemory = true;
    VkBuffer buffer = VK_NULL_HANDLE;
    EXPECT_EQ(vkdmlCreateBuffer(dml, 64, &buffer), VKDML_ERROR_OUT_OF_DEVICE_MEMORY);
    EXPECT_EQ(buffer, VK_NULL_HANDLE);
    VkdmlCompiledOperator compiled = nullptr;
    EXPECT_EQ(vkdmlCompileOperator(dml, op, DML_EXECUTION_FLAG_NONE, &compiled), VKDML_ERROR_OUT_OF_DEVICE_MEMORY);
    EXPECT_NE(std::string(vkdmlGetLastErrorMessage()).find("VK_ERROR_OUT_OF_DEVICE_MEMORY"), std::string::npos);
    EXPECT_EQ(compiled, nullptr);
    faults::outOfMemory = false;

    ASSERT_EQ(vkdmlCompileOperator(dml, op, DML_EXECUTION_FLAG_NONE, &compiled), VKDML_SUCCESS);
    VkBuffer in = VK_NULL_HANDLE, out = VK_NULL_HANDLE;
    ASSERT_EQ(vkdmlCreateBuffer(dml, 48, &in), VKDML_SUCCESS);
    ASSERT_EQ(vkdmlCreateBuffer(dml, 48, &out), VKDML_SUCCESS);
    std::vector<uint32_t> values(12);
    for (uint32_t i = 0; i < 12; ++i) values[i] = 7 * i + 1;
    ASSERT_EQ(vkdmlWriteBuffer(dml, in, 0, 48, values.data()), VKDML_SUCCESS);
    DML_BINDING_TABLE_DESC tableDesc{compiled, VK_NULL_HANDLE, 0, 0};
    VkdmlBindingTable table = nullptr;
    ASSERT_EQ(vkdmlCreateBindingTable(dml, &tableDesc, &table), VKDML_SUCCESS);
    DML_BUFFER_BINDING inB{in, 0, 48}, outB{out, 0, 48};
    DML_BINDING_DESC inD{DML_BINDING_TYPE_BUFFER, &inB}, outD{DML_BINDING_TYPE_BUFFER, &outB};
    ASSERT_EQ(vkdmlBindInputs(table, 1, &inD), VKDML_SUCCESS);
    ASSERT_EQ(vkdmlBindOutputs(table, 1, &outD), VKDML_SUCCESS);

    // Device lost at submission: the status says so; once the (simulated) device is back, work runs again.
    faults::deviceLost = true;
    EXPECT_EQ(vkdmlExecute(dml, compiled, table), VKDML_ERROR_DEVICE_LOST);
    EXPECT_NE(std::string(vkdmlGetLastErrorMessage()).find("VK_ERROR_DEVICE_LOST"), std::string::npos);
    faults::deviceLost = false;
    ASSERT_EQ(vkdmlExecute(dml, compiled, table), VKDML_SUCCESS) << vkdmlGetLastErrorMessage();
    std::vector<uint32_t> result(12);
    ASSERT_EQ(vkdmlReadBuffer(dml, out, 0, 48, result.data()), VKDML_SUCCESS);
    for (uint32_t i = 0; i < 4; ++i)
        for (uint32_t j = 0; j < 3; ++j) EXPECT_EQ(result[i * 3 + j], values[j * 4 + i]);

    EXPECT_EQ(vkdmlDestroyBuffer(dml, in), VKDML_SUCCESS);
    EXPECT_EQ(vkdmlDestroyBuffer(dml, out), VKDML_SUCCESS);
    for (void* h : {(void*)table, (void*)compiled, (void*)op, (void*)dml}) EXPECT_EQ(vkdmlRelease(h, nullptr), VKDML_SUCCESS);
}

// Compiled operators keep their launch parameters in ranges of a few shared allocations (many drivers allow 4096
// allocations in all, and each costs a driver call): 300 compiles make a handful, released ranges are used again,
// and every operator still runs with its own parameters (SLICE1 windows of different strides, which the parameters
// carry, so a range read in the wrong place gives the wrong elements).
TEST_F(AdoptedDevice, CompiledOperatorsShareAFewAllocationsForTheirParameters) {
    VKDML_DEVICE_DESC desc = Desc();
    desc.getInstanceProcAddr = faults::GetInstanceProcAddr;
    VkdmlDevice dml = nullptr;
    ASSERT_EQ(vkdmlCreateDevice(&desc, &dml), VKDML_SUCCESS) << vkdmlGetLastErrorMessage();

    constexpr uint32_t kInput = 64, kWindow = 8, kCount = 300;
    vkdml_test::TensorDesc in(DML_TENSOR_DATA_TYPE_UINT32, {kInput}), out(DML_TENSOR_DATA_TYPE_UINT32, {kWindow});
    auto strideOf = [](uint32_t i) { return 1 + i % 7; };
    auto offsetOf = [&](uint32_t i) { return (5 * i) % (kInput - kWindow * strideOf(i) + 1); };
    std::vector<VkdmlOperator> ops(kCount);
    for (uint32_t i = 0; i < kCount; ++i) {
        UINT offsets[] = {offsetOf(i)}, sizes[] = {kWindow * strideOf(i)};
        INT strides[] = {INT(strideOf(i))};
        DML_SLICE1_OPERATOR_DESC slice{in.Get(), out.Get(), 1, offsets, sizes, strides};
        DML_OPERATOR_DESC opDesc{DML_OPERATOR_SLICE1, &slice};
        ASSERT_EQ(vkdmlCreateOperator(dml, &opDesc, &ops[i]), VKDML_SUCCESS) << vkdmlGetLastErrorMessage();
    }
    faults::allocationsMade = 0;
    std::vector<VkdmlCompiledOperator> compiled(kCount);
    for (uint32_t i = 0; i < kCount; ++i)
        ASSERT_EQ(vkdmlCompileOperator(dml, ops[i], DML_EXECUTION_FLAG_NONE, &compiled[i]), VKDML_SUCCESS)
            << vkdmlGetLastErrorMessage();
    const int afterCompiles = faults::allocationsMade;
    EXPECT_GE(afterCompiles, 1);
    EXPECT_LE(afterCompiles, 8) << "launch parameters should share allocations, not take one per operator";
    // Every other one released and compiled again: into the ranges released, no new allocation.
    for (uint32_t i = 0; i < kCount; i += 2) {
        ASSERT_EQ(vkdmlRelease(compiled[i], nullptr), VKDML_SUCCESS);
        compiled[i] = nullptr;
    }
    for (uint32_t i = 0; i < kCount; i += 2)
        ASSERT_EQ(vkdmlCompileOperator(dml, ops[i], DML_EXECUTION_FLAG_NONE, &compiled[i]), VKDML_SUCCESS);
    EXPECT_EQ(faults::allocationsMade.load(), afterCompiles);

    VkBuffer input = VK_NULL_HANDLE, output = VK_NULL_HANDLE;
    ASSERT_EQ(vkdmlCreateBuffer(dml, kInput * 4, &input), VKDML_SUCCESS);
    ASSERT_EQ(vkdmlCreateBuffer(dml, kWindow * 4, &output), VKDML_SUCCESS);
    std::vector<uint32_t> values(kInput);
    for (uint32_t i = 0; i < kInput; ++i) values[i] = 1000 + 3 * i;
    ASSERT_EQ(vkdmlWriteBuffer(dml, input, 0, kInput * 4, values.data()), VKDML_SUCCESS);
    for (uint32_t i : {0u, 1u, 2u, 3u, 150u, 151u, 298u, kCount - 1}) {
        SCOPED_TRACE(testing::Message() << "operator " << i << ", window at " << offsetOf(i) << " stride "
                                        << strideOf(i));
        DML_BINDING_TABLE_DESC tableDesc{compiled[i], VK_NULL_HANDLE, 0, 0};
        VkdmlBindingTable table = nullptr;
        ASSERT_EQ(vkdmlCreateBindingTable(dml, &tableDesc, &table), VKDML_SUCCESS);
        DML_BUFFER_BINDING inB{input, 0, kInput * 4}, outB{output, 0, kWindow * 4};
        DML_BINDING_DESC inD{DML_BINDING_TYPE_BUFFER, &inB}, outD{DML_BINDING_TYPE_BUFFER, &outB};
        ASSERT_EQ(vkdmlBindInputs(table, 1, &inD), VKDML_SUCCESS);
        ASSERT_EQ(vkdmlBindOutputs(table, 1, &outD), VKDML_SUCCESS);
        ASSERT_EQ(vkdmlExecute(dml, compiled[i], table), VKDML_SUCCESS) << vkdmlGetLastErrorMessage();
        std::vector<uint32_t> result(kWindow);
        ASSERT_EQ(vkdmlReadBuffer(dml, output, 0, kWindow * 4, result.data()), VKDML_SUCCESS);
        for (uint32_t j = 0; j < kWindow; ++j) EXPECT_EQ(result[j], values[offsetOf(i) + j * strideOf(i)]) << j;
        EXPECT_EQ(vkdmlRelease(table, nullptr), VKDML_SUCCESS);
    }

    for (VkBuffer buffer : {input, output}) EXPECT_EQ(vkdmlDestroyBuffer(dml, buffer), VKDML_SUCCESS);
    for (uint32_t i = 0; i < kCount; ++i) {
        EXPECT_EQ(vkdmlRelease(compiled[i], nullptr), VKDML_SUCCESS);
        EXPECT_EQ(vkdmlRelease(ops[i], nullptr), VKDML_SUCCESS);
    }
    EXPECT_EQ(vkdmlRelease(dml, nullptr), VKDML_SUCCESS);
}

// Creates operator `desc` on `dml` and compiles it with VKDML_EXECUTION_FLAG_TEXEL_INPUTS.
void CompileWithTexelInputs(VkdmlDevice dml, const DML_OPERATOR_DESC& desc, VkdmlOperator* op,
                            VkdmlCompiledOperator* compiled) {
    ASSERT_EQ(vkdmlCreateOperator(dml, &desc, op), VKDML_SUCCESS) << vkdmlGetLastErrorMessage();
    ASSERT_EQ(vkdmlCompileOperator(dml, *op, VKDML_EXECUTION_FLAG_TEXEL_INPUTS, compiled), VKDML_SUCCESS)
        << vkdmlGetLastErrorMessage();
}

// VKDML_EXECUTION_FLAG_TEXEL_INPUTS on a device with shaderInt64: the input is read through texel views, which the
// binding table makes when it is bound (counted here); where one cannot be made, the bind fails with the status and
// the table keeps its bindings (descriptors and element offsets both), so the operator still reads the old input.
TEST_F(AdoptedDevice, TexelInputsReadTheInputAndAFailedViewLeavesTheBindingsAsTheyWere) {
    VkdmlDevice dml = AdoptWithInt64(faults::GetInstanceProcAddr);
    if (!dml) GTEST_SKIP() << "the device has no shaderInt64 (SwiftShader): no texel inputs";

    // SLICE1 reversing 12 UINT32 elements (one kernel launch; a same-layout IDENTITY, which may run in place, would not
    // take views), which may be bound at any multiple of 4 bytes: the two inputs below sit at different element
    // offsets of their descriptor ranges.
    vkdml_test::TensorDesc t(DML_TENSOR_DATA_TYPE_UINT32, {12});
    t.buffer.GuaranteedBaseOffsetAlignment = 4;
    UINT offsets[] = {0}, sizes[] = {12};
    INT strides[] = {-1};
    DML_SLICE1_OPERATOR_DESC slice{t.Get(), t.Get(), 1, offsets, sizes, strides};
    VkdmlOperator op = nullptr;
    VkdmlCompiledOperator compiled = nullptr;
    ASSERT_NO_FATAL_FAILURE(CompileWithTexelInputs(dml, {DML_OPERATOR_SLICE1, &slice}, &op, &compiled));
    VkBuffer first = VK_NULL_HANDLE, second = VK_NULL_HANDLE, out = VK_NULL_HANDLE;
    ASSERT_EQ(vkdmlCreateBuffer(dml, 48, &first), VKDML_SUCCESS);
    ASSERT_EQ(vkdmlCreateBuffer(dml, 64, &second), VKDML_SUCCESS);   // its tensor 4 bytes in
    ASSERT_EQ(vkdmlCreateBuffer(dml, 48, &out), VKDML_SUCCESS);
    std::vector<uint32_t> a(12), b(16);
    for (uint32_t i = 0; i < 12; ++i) a[i] = 3 * i + 1;
    for (uint32_t i = 0; i < 16; ++i) b[i] = 1000 + i;
    ASSERT_EQ(vkdmlWriteBuffer(dml, first, 0, 48, a.data()), VKDML_SUCCESS);
    ASSERT_EQ(vkdmlWriteBuffer(dml, second, 0, 64, b.data()), VKDML_SUCCESS);
    DML_BINDING_TABLE_DESC tableDesc{compiled, VK_NULL_HANDLE, 0, 0};
    VkdmlBindingTable table = nullptr;
    ASSERT_EQ(vkdmlCreateBindingTable(dml, &tableDesc, &table), VKDML_SUCCESS);
    DML_BUFFER_BINDING firstB{first, 0, 48}, secondB{second, 4, 48}, outB{out, 0, 48};
    DML_BINDING_DESC firstD{DML_BINDING_TYPE_BUFFER, &firstB}, secondD{DML_BINDING_TYPE_BUFFER, &secondB};
    DML_BINDING_DESC outD{DML_BINDING_TYPE_BUFFER, &outB};
    auto expectReversed = [&](const uint32_t* input) {
        ASSERT_EQ(vkdmlExecute(dml, compiled, table), VKDML_SUCCESS) << vkdmlGetLastErrorMessage();
        std::vector<uint32_t> result(12);
        ASSERT_EQ(vkdmlReadBuffer(dml, out, 0, 48, result.data()), VKDML_SUCCESS);
        for (uint32_t i = 0; i < 12; ++i) EXPECT_EQ(result[i], input[11 - i]) << i;
    };

    faults::viewsMade = 0;
    ASSERT_EQ(vkdmlBindInputs(table, 1, &firstD), VKDML_SUCCESS) << vkdmlGetLastErrorMessage();
    ASSERT_EQ(vkdmlBindOutputs(table, 1, &outD), VKDML_SUCCESS);
    EXPECT_GT(faults::viewsMade.load(), 0) << "the input was not bound through texel views";
    expectReversed(a.data());

    faults::outOfMemory = true;
    EXPECT_EQ(vkdmlBindInputs(table, 1, &secondD), VKDML_ERROR_OUT_OF_DEVICE_MEMORY);
    EXPECT_NE(std::string(vkdmlGetLastErrorMessage()).find("vkCreateBufferView"), std::string::npos);
    faults::outOfMemory = false;
    expectReversed(a.data());   // still the first input, from its own offset

    ASSERT_EQ(vkdmlBindInputs(table, 1, &secondD), VKDML_SUCCESS);
    expectReversed(b.data() + 1);

    for (VkBuffer buffer : {first, second, out}) EXPECT_EQ(vkdmlDestroyBuffer(dml, buffer), VKDML_SUCCESS);
    for (void* h : {(void*)table, (void*)compiled, (void*)op, (void*)dml}) EXPECT_EQ(vkdmlRelease(h, nullptr), VKDML_SUCCESS);
}

// An IDENTITY whose input and output layouts differ (a transpose) cannot be bound in place, so with
// VKDML_EXECUTION_FLAG_TEXEL_INPUTS it reads its input through texel views; one whose layouts are the same may be
// bound in place and keeps a storage buffer (a texel fetch need not see what other invocations wrote), and runs right
// in place with a ScaleBias that changes every element.
TEST_F(AdoptedDevice, TexelInputsForAnIdentityOnlyWhereItCannotRunInPlace) {
    VkdmlDevice dml = AdoptWithInt64(faults::GetInstanceProcAddr);
    if (!dml) GTEST_SKIP() << "the device has no shaderInt64 (SwiftShader): no texel inputs";

    std::vector<uint32_t> matrix(37 * 48);
    for (size_t i = 0; i < matrix.size(); ++i) matrix[i] = uint32_t(i * 2654435761u);
    vkdml_test::TensorDesc columns(DML_TENSOR_DATA_TYPE_UINT32, {48, 37}, {1, 48});
    vkdml_test::TensorDesc packed(DML_TENSOR_DATA_TYPE_UINT32, {48, 37});
    DML_ELEMENT_WISE_IDENTITY_OPERATOR_DESC transpose{columns.Get(), packed.Get(), nullptr};
    vkdml_test::RunOptions options;
    options.device = dml;
    options.executionFlags = VKDML_EXECUTION_FLAG_TEXEL_INPUTS;
    faults::viewsMade = 0;
    vkdml_test::RunResult r = vkdml_test::RunOperator({DML_OPERATOR_ELEMENT_WISE_IDENTITY, &transpose},
                                                      {vkdml_test::Bytes(matrix)},
                                                      {std::vector<uint8_t>(matrix.size() * 4)}, options);
    ASSERT_EQ(r.status, VKDML_SUCCESS) << r.message;
    EXPECT_GT(faults::viewsMade.load(), 0) << "the transpose did not read its input through texel views";
    std::vector<uint32_t> transposed;
    for (uint32_t i = 0; i < 48; ++i)
        for (uint32_t j = 0; j < 37; ++j) transposed.push_back(matrix[j * 48 + i]);
    EXPECT_EQ(r.outputs[0], vkdml_test::Bytes(transposed));

    // The same layout on both sides, bound in place: x * 2 + 0.5 over 1000 FLOAT32 values.
    vkdml_test::TensorDesc values(DML_TENSOR_DATA_TYPE_FLOAT32, {1000});
    DML_SCALE_BIAS scaleBias{2.0f, 0.5f};
    DML_ELEMENT_WISE_IDENTITY_OPERATOR_DESC scaled{values.Get(), values.Get(), &scaleBias};
    VkdmlOperator op = nullptr;
    VkdmlCompiledOperator compiled = nullptr;
    ASSERT_NO_FATAL_FAILURE(CompileWithTexelInputs(dml, {DML_OPERATOR_ELEMENT_WISE_IDENTITY, &scaled}, &op, &compiled));
    VkBuffer buffer = VK_NULL_HANDLE;
    ASSERT_EQ(vkdmlCreateBuffer(dml, 4000, &buffer), VKDML_SUCCESS);
    std::vector<float> before(1000), after(1000);
    for (size_t i = 0; i < before.size(); ++i) before[i] = float(i) * 0.25f - 100.0f;
    ASSERT_EQ(vkdmlWriteBuffer(dml, buffer, 0, 4000, before.data()), VKDML_SUCCESS);
    DML_BINDING_TABLE_DESC tableDesc{compiled, VK_NULL_HANDLE, 0, 0};
    VkdmlBindingTable table = nullptr;
    ASSERT_EQ(vkdmlCreateBindingTable(dml, &tableDesc, &table), VKDML_SUCCESS);
    DML_BUFFER_BINDING range{buffer, 0, 4000};
    DML_BINDING_DESC binding{DML_BINDING_TYPE_BUFFER, &range};
    faults::viewsMade = 0;
    ASSERT_EQ(vkdmlBindInputs(table, 1, &binding), VKDML_SUCCESS) << vkdmlGetLastErrorMessage();
    ASSERT_EQ(vkdmlBindOutputs(table, 1, &binding), VKDML_SUCCESS) << vkdmlGetLastErrorMessage();
    EXPECT_EQ(faults::viewsMade.load(), 0) << "an IDENTITY that may run in place read its input through texel views";
    ASSERT_EQ(vkdmlExecute(dml, compiled, table), VKDML_SUCCESS) << vkdmlGetLastErrorMessage();
    ASSERT_EQ(vkdmlReadBuffer(dml, buffer, 0, 4000, after.data()), VKDML_SUCCESS);
    for (size_t i = 0; i < before.size(); ++i) EXPECT_EQ(after[i], before[i] * 2.0f + 0.5f) << i;

    EXPECT_EQ(vkdmlDestroyBuffer(dml, buffer), VKDML_SUCCESS);
    for (void* h : {(void*)table, (void*)compiled, (void*)op, (void*)dml}) EXPECT_EQ(vkdmlRelease(h, nullptr), VKDML_SUCCESS);
}

// Inputs of 1- and 2-byte elements are read through a view of their elements as well (R8_UINT / R16_UINT, beside the
// R32_UINT words and R32G32B32A32_UINT quads: readInput fetches an element without a shift and a mask), and come out
// bit-exact; where a launch's last view cannot be made, the bind fails with the status and destroys the views it had
// made, and a later bind works.
TEST_F(AdoptedDevice, TexelInputsOfSubWordElementsReadTheirOwnTexelsAndAFailedViewLeavesNoneBehind) {
    VkdmlDevice dml = AdoptWithInt64(faults::GetInstanceProcAddr);
    if (!dml) GTEST_SKIP() << "the device has no shaderInt64 (SwiftShader): no texel inputs";

    // SLICE1 taking every third element backwards from the last (a step no quad walk takes: element by element).
    constexpr uint32_t kCount = 17, kInputCount = 3 * kCount;
    UINT offsets[] = {0}, sizes[] = {kInputCount};
    INT strides[] = {-3};
    struct Type {
        DML_TENSOR_DATA_TYPE type;
        uint32_t bytes;
        VkFormat elementFormat;
    };
    for (Type t : {Type{DML_TENSOR_DATA_TYPE_UINT8, 1, VK_FORMAT_R8_UINT},
                   Type{DML_TENSOR_DATA_TYPE_FLOAT16, 2, VK_FORMAT_R16_UINT}}) {
        SCOPED_TRACE(t.bytes);
        vkdml_test::TensorDesc in(t.type, {kInputCount}), out(t.type, {kCount});
        DML_SLICE1_OPERATOR_DESC slice{in.Get(), out.Get(), 1, offsets, sizes, strides};
        std::vector<uint8_t> input(in.Bytes());   // (whole words: the elements and the padding after them)
        for (size_t i = 0; i < input.size(); ++i) input[i] = uint8_t(i * 37u + 11u);
        std::vector<uint8_t> expected;   // input elements 50, 47, ..., 2
        for (uint32_t i = 0; i < kCount; ++i) {
            const uint8_t* element = &input[(kInputCount - 1 - 3 * i) * t.bytes];
            expected.insert(expected.end(), element, element + t.bytes);
        }
        vkdml_test::RunOptions options;
        options.device = dml;
        options.executionFlags = VKDML_EXECUTION_FLAG_TEXEL_INPUTS;
        faults::viewFormats.clear();
        vkdml_test::RunResult r = vkdml_test::RunOperator({DML_OPERATOR_SLICE1, &slice}, {input},
                                                          {std::vector<uint8_t>(out.Bytes())}, options);
        ASSERT_EQ(r.status, VKDML_SUCCESS) << r.message;
        EXPECT_NE(std::find(faults::viewFormats.begin(), faults::viewFormats.end(), t.elementFormat),
                  faults::viewFormats.end())
            << "no view of the input's elements";
        EXPECT_EQ(std::vector<uint8_t>(r.outputs[0].begin(), r.outputs[0].begin() + expected.size()), expected);
    }

    vkdml_test::TensorDesc in(DML_TENSOR_DATA_TYPE_UINT8, {kInputCount}), out(DML_TENSOR_DATA_TYPE_UINT8, {kCount});
    DML_SLICE1_OPERATOR_DESC slice{in.Get(), out.Get(), 1, offsets, sizes, strides};
    VkdmlOperator op = nullptr;
    VkdmlCompiledOperator compiled = nullptr;
    ASSERT_NO_FATAL_FAILURE(CompileWithTexelInputs(dml, {DML_OPERATOR_SLICE1, &slice}, &op, &compiled));
    VkBuffer input = VK_NULL_HANDLE, output = VK_NULL_HANDLE;
    ASSERT_EQ(vkdmlCreateBuffer(dml, 64, &input), VKDML_SUCCESS);
    ASSERT_EQ(vkdmlCreateBuffer(dml, 64, &output), VKDML_SUCCESS);
    std::vector<uint8_t> bytes(64);
    for (size_t i = 0; i < bytes.size(); ++i) bytes[i] = uint8_t(255 - i);
    ASSERT_EQ(vkdmlWriteBuffer(dml, input, 0, 64, bytes.data()), VKDML_SUCCESS);
    DML_BINDING_TABLE_DESC tableDesc{compiled, VK_NULL_HANDLE, 0, 0};
    VkdmlBindingTable table = nullptr;
    ASSERT_EQ(vkdmlCreateBindingTable(dml, &tableDesc, &table), VKDML_SUCCESS);
    DML_BUFFER_BINDING inB{input, 0, in.Bytes()}, outB{output, 0, out.Bytes()};
    DML_BINDING_DESC inD{DML_BINDING_TYPE_BUFFER, &inB}, outD{DML_BINDING_TYPE_BUFFER, &outB};
    ASSERT_EQ(vkdmlBindOutputs(table, 1, &outD), VKDML_SUCCESS);

    const int alive = faults::viewsAlive;
    faults::viewsUntilFailure = 2;   // the words and quads views are made, the elements view fails
    EXPECT_EQ(vkdmlBindInputs(table, 1, &inD), VKDML_ERROR_OUT_OF_DEVICE_MEMORY);
    faults::viewsUntilFailure = -1;
    EXPECT_NE(std::string(vkdmlGetLastErrorMessage()).find("vkCreateBufferView"), std::string::npos);
    EXPECT_EQ(faults::viewsAlive.load(), alive) << "views made before the failed one were left behind";

    ASSERT_EQ(vkdmlBindInputs(table, 1, &inD), VKDML_SUCCESS) << vkdmlGetLastErrorMessage();
    EXPECT_EQ(faults::viewsAlive.load(), alive + 3);   // one launch, its three views
    ASSERT_EQ(vkdmlExecute(dml, compiled, table), VKDML_SUCCESS) << vkdmlGetLastErrorMessage();
    std::vector<uint8_t> result(kCount);
    ASSERT_EQ(vkdmlReadBuffer(dml, output, 0, kCount, result.data()), VKDML_SUCCESS);
    for (uint32_t i = 0; i < kCount; ++i) EXPECT_EQ(result[i], bytes[kInputCount - 1 - 3 * i]) << i;

    for (VkBuffer buffer : {input, output}) EXPECT_EQ(vkdmlDestroyBuffer(dml, buffer), VKDML_SUCCESS);
    for (void* h : {(void*)table, (void*)compiled, (void*)op}) EXPECT_EQ(vkdmlRelease(h, nullptr), VKDML_SUCCESS);
    EXPECT_EQ(faults::viewsAlive.load(), alive) << "the binding table's views outlived it";
    EXPECT_EQ(vkdmlRelease(dml, nullptr), VKDML_SUCCESS);
}

// Binding tables whose descriptor sets come from the application's own pool (DML_BINDING_TABLE_DESC::DescriptorPool),
// sized only from what DirectML's model tells an application, each operator's RequiredDescriptorCount: that many
// descriptors of each type the tables use (uniform and storage buffers, and uniform texel buffers with
// VKDML_EXECUTION_FLAG_TEXEL_INPUTS) and that many sets. The operators are a JOIN of 8 parts along the last axis (one
// copy_parts launch, which with texel inputs reads its parts through the most texel views a launch has) and a SLICE1
// (one strided-copy launch). The pool runs out as a real driver's does (faults::strictPool). Tables made, run and
// released more times than the pool holds sets give bit-exact results each time and leave the pool whole, a table may
// be reset onto the other operator from the same pool, and a SizeInDescriptors below RequiredDescriptorCount is
// refused with a message that names it.
TEST_F(AdoptedDevice, BindingTablesTakeTheirSetsFromTheApplicationsDescriptorPool) {
    VkdmlDevice dml = AdoptWithInt64(faults::GetInstanceProcAddr);
    const bool texel = dml != nullptr;   // texel inputs need shaderInt64 (SwiftShader has none: storage buffers only)
    if (!texel) {
        VKDML_DEVICE_DESC desc = Desc();
        desc.getInstanceProcAddr = faults::GetInstanceProcAddr;
        ASSERT_EQ(vkdmlCreateDevice(&desc, &dml), VKDML_SUCCESS) << vkdmlGetLastErrorMessage();
    }
    const DML_EXECUTION_FLAGS flags = texel ? VKDML_EXECUTION_FLAG_TEXEL_INPUTS : DML_EXECUTION_FLAG_NONE;

    constexpr uint32_t kParts = 8, kRows = 3, kRun = 5, kWidth = kParts * kRun;
    std::vector<vkdml_test::TensorDesc> parts(kParts, {DML_TENSOR_DATA_TYPE_UINT32, {kRows, kRun}});
    std::vector<DML_TENSOR_DESC> partDescs;
    for (const auto& p : parts) partDescs.push_back(*p.Get());
    vkdml_test::TensorDesc joined(DML_TENSOR_DATA_TYPE_UINT32, {kRows, kWidth});
    DML_JOIN_OPERATOR_DESC join{kParts, partDescs.data(), joined.Get(), 1};
    vkdml_test::TensorDesc row(DML_TENSOR_DATA_TYPE_UINT32, {kWidth});
    UINT offsets[] = {0}, sizes[] = {kWidth};
    INT strides[] = {-1};
    DML_SLICE1_OPERATOR_DESC reverse{row.Get(), row.Get(), 1, offsets, sizes, strides};
    const DML_OPERATOR_DESC descs[2] = {{DML_OPERATOR_JOIN, &join}, {DML_OPERATOR_SLICE1, &reverse}};
    VkdmlOperator ops[2] = {};
    VkdmlCompiledOperator compiled[2] = {};
    uint32_t required[2] = {};
    for (int i = 0; i < 2; ++i) {
        ASSERT_EQ(vkdmlCreateOperator(dml, &descs[i], &ops[i]), VKDML_SUCCESS) << vkdmlGetLastErrorMessage();
        ASSERT_EQ(vkdmlCompileOperator(dml, ops[i], flags, &compiled[i]), VKDML_SUCCESS) << vkdmlGetLastErrorMessage();
        DML_BINDING_PROPERTIES p{};
        ASSERT_EQ(vkdmlGetBindingProperties(compiled[i], &p), VKDML_SUCCESS);
        required[i] = p.RequiredDescriptorCount;
        ASSERT_GT(required[i], 0u);
    }

    // The pool: RequiredDescriptorCount of both operators, of each type and in sets.
    const uint32_t total = required[0] + required[1];
    std::vector<VkDescriptorPoolSize> poolSizes = {{VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, total},
                                                   {VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, total}};
    if (texel) poolSizes.push_back({VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER, total});
    VkDescriptorPoolCreateInfo poolInfo{VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO};
    poolInfo.flags = VK_DESCRIPTOR_POOL_CREATE_FREE_DESCRIPTOR_SET_BIT;
    poolInfo.maxSets = total;
    poolInfo.poolSizeCount = uint32_t(poolSizes.size());
    poolInfo.pPoolSizes = poolSizes.data();
    VkDescriptorPool pool = VK_NULL_HANDLE;
    ASSERT_EQ(vkCreateDescriptorPool(device, &poolInfo, nullptr, &pool), VK_SUCCESS);
    std::map<VkDescriptorType, int64_t> wholePool{{faults::kSets, total}};
    for (const VkDescriptorPoolSize& size : poolSizes) wholePool[size.type] = size.descriptorCount;
    {
        std::lock_guard lock(faults::poolMutex);
        faults::strictPool = pool;
        faults::poolRoom = wholePool;
    }
    auto poolRoom = [] {
        std::lock_guard lock(faults::poolMutex);
        return faults::poolRoom;
    };

    // Part k's element (r, c) is 1000 k + 100 r + c; the row to reverse is 7 i + 3.
    std::vector<VkBuffer> partBuffers(kParts);
    std::vector<DML_BUFFER_BINDING> partRanges(kParts);
    std::vector<DML_BINDING_DESC> partBindings(kParts);
    for (uint32_t k = 0; k < kParts; ++k) {
        std::vector<uint32_t> values;
        for (uint32_t r = 0; r < kRows; ++r)
            for (uint32_t c = 0; c < kRun; ++c) values.push_back(1000 * k + 100 * r + c);
        ASSERT_EQ(vkdmlCreateBuffer(dml, values.size() * 4, &partBuffers[k]), VKDML_SUCCESS);
        ASSERT_EQ(vkdmlWriteBuffer(dml, partBuffers[k], 0, values.size() * 4, values.data()), VKDML_SUCCESS);
        partRanges[k] = {partBuffers[k], 0, values.size() * 4};
        partBindings[k] = {DML_BINDING_TYPE_BUFFER, &partRanges[k]};
    }
    std::vector<uint32_t> rowValues(kWidth);
    for (uint32_t i = 0; i < kWidth; ++i) rowValues[i] = 7 * i + 3;
    VkBuffer rowBuffer = VK_NULL_HANDLE, joinedBuffer = VK_NULL_HANDLE, reversedBuffer = VK_NULL_HANDLE;
    ASSERT_EQ(vkdmlCreateBuffer(dml, kWidth * 4, &rowBuffer), VKDML_SUCCESS);
    ASSERT_EQ(vkdmlWriteBuffer(dml, rowBuffer, 0, kWidth * 4, rowValues.data()), VKDML_SUCCESS);
    ASSERT_EQ(vkdmlCreateBuffer(dml, kRows * kWidth * 4, &joinedBuffer), VKDML_SUCCESS);
    ASSERT_EQ(vkdmlCreateBuffer(dml, kWidth * 4, &reversedBuffer), VKDML_SUCCESS);
    DML_BUFFER_BINDING rowRange{rowBuffer, 0, kWidth * 4}, joinedRange{joinedBuffer, 0, kRows * kWidth * 4};
    DML_BUFFER_BINDING reversedRange{reversedBuffer, 0, kWidth * 4};
    DML_BINDING_DESC rowBinding{DML_BINDING_TYPE_BUFFER, &rowRange};
    DML_BINDING_DESC joinedBinding{DML_BINDING_TYPE_BUFFER, &joinedRange};
    DML_BINDING_DESC reversedBinding{DML_BINDING_TYPE_BUFFER, &reversedRange};

    // Binds operator i's tensors to `table`, runs it and checks every output element.
    auto runAndCheck = [&](int i, VkdmlBindingTable table) {
        const bool isJoin = i == 0;
        ASSERT_EQ(isJoin ? vkdmlBindInputs(table, kParts, partBindings.data()) : vkdmlBindInputs(table, 1, &rowBinding),
                  VKDML_SUCCESS) << vkdmlGetLastErrorMessage();
        ASSERT_EQ(vkdmlBindOutputs(table, 1, isJoin ? &joinedBinding : &reversedBinding), VKDML_SUCCESS)
            << vkdmlGetLastErrorMessage();
        VkBuffer out = isJoin ? joinedBuffer : reversedBuffer;
        const uint32_t count = isJoin ? kRows * kWidth : kWidth;
        std::vector<uint32_t> result(count, 0xDEADBEEFu);
        ASSERT_EQ(vkdmlWriteBuffer(dml, out, 0, count * 4, result.data()), VKDML_SUCCESS);
        ASSERT_EQ(vkdmlExecute(dml, compiled[i], table), VKDML_SUCCESS) << vkdmlGetLastErrorMessage();
        ASSERT_EQ(vkdmlReadBuffer(dml, out, 0, count * 4, result.data()), VKDML_SUCCESS);
        for (uint32_t e = 0; e < count; ++e) {
            const uint32_t r = e / kWidth, c = e % kWidth;
            const uint32_t expected = isJoin ? 1000 * (c / kRun) + 100 * r + c % kRun : rowValues[kWidth - 1 - e];
            ASSERT_EQ(result[e], expected) << (isJoin ? "JOIN" : "SLICE1") << " element " << e;
        }
    };

    for (uint32_t round = 0; round <= total; ++round) {
        SCOPED_TRACE("round " + std::to_string(round));
        VkdmlBindingTable tables[2] = {};
        for (int i = 0; i < 2; ++i) {
            DML_BINDING_TABLE_DESC tableDesc{compiled[i], pool, 0, required[i]};
            ASSERT_EQ(vkdmlCreateBindingTable(dml, &tableDesc, &tables[i]), VKDML_SUCCESS)
                << vkdmlGetLastErrorMessage();
        }
        faults::viewsMade = 0;
        for (int i = 0; i < 2; ++i) ASSERT_NO_FATAL_FAILURE(runAndCheck(i, tables[i]));
        if (texel) EXPECT_GT(faults::viewsMade.load(), 0) << "no input was read through texel views";
        EXPECT_NE(poolRoom(), wholePool) << "the tables took nothing from the application's pool";
        for (VkdmlBindingTable t : tables) ASSERT_EQ(vkdmlRelease(t, nullptr), VKDML_SUCCESS);
        ASSERT_EQ(poolRoom(), wholePool) << "released tables kept descriptors of the application's pool";
    }

    // One table from the pool, reset onto the other operator (its sets freed to the pool, the new ones taken from it).
    VkdmlBindingTable table = nullptr;
    DML_BINDING_TABLE_DESC joinTable{compiled[0], pool, 0, required[0]}, sliceTable{compiled[1], pool, 0, required[1]};
    ASSERT_EQ(vkdmlCreateBindingTable(dml, &joinTable, &table), VKDML_SUCCESS) << vkdmlGetLastErrorMessage();
    ASSERT_NO_FATAL_FAILURE(runAndCheck(0, table));
    ASSERT_EQ(vkdmlResetBindingTable(table, &sliceTable), VKDML_SUCCESS) << vkdmlGetLastErrorMessage();
    ASSERT_NO_FATAL_FAILURE(runAndCheck(1, table));
    EXPECT_EQ(vkdmlRelease(table, nullptr), VKDML_SUCCESS);
    EXPECT_EQ(poolRoom(), wholePool);

    // Fewer descriptors than the operator requires.
    VkdmlBindingTable refused = nullptr;
    DML_BINDING_TABLE_DESC tooSmall{compiled[0], pool, 0, required[0] - 1};
    EXPECT_EQ(vkdmlCreateBindingTable(dml, &tooSmall, &refused), VKDML_ERROR_INVALID_ARGUMENT);
    EXPECT_EQ(refused, nullptr);
    EXPECT_NE(std::string(vkdmlGetLastErrorMessage()).find("RequiredDescriptorCount"), std::string::npos)
        << vkdmlGetLastErrorMessage();

    for (VkBuffer b : partBuffers) EXPECT_EQ(vkdmlDestroyBuffer(dml, b), VKDML_SUCCESS);
    for (VkBuffer b : {rowBuffer, joinedBuffer, reversedBuffer}) EXPECT_EQ(vkdmlDestroyBuffer(dml, b), VKDML_SUCCESS);
    for (int i = 0; i < 2; ++i) {
        EXPECT_EQ(vkdmlRelease(compiled[i], nullptr), VKDML_SUCCESS);
        EXPECT_EQ(vkdmlRelease(ops[i], nullptr), VKDML_SUCCESS);
    }
    EXPECT_EQ(vkdmlRelease(dml, nullptr), VKDML_SUCCESS);
    faults::strictPool = VK_NULL_HANDLE;
    vkDestroyDescriptorPool(device, pool, nullptr);
}

// Every second element of FLOAT16 rows (whole output quads from input quads) and a transpose of 4-byte elements in
// blocks (transpose_quads.comp): both read and write quads, as two 64-bit words each where vkdml uses shaderInt64.
void ExpectQuadReadingOperatorsRight(VkdmlDevice dml) {
    std::vector<uint16_t> rows(8 * 128);
    for (size_t i = 0; i < rows.size(); ++i) rows[i] = uint16_t(i * 40503u + 7u);
    vkdml_test::TensorDesc in(DML_TENSOR_DATA_TYPE_FLOAT16, {8, 128}), half(DML_TENSOR_DATA_TYPE_FLOAT16, {8, 64});
    uint32_t offsets[] = {0, 0}, sizes[] = {8, 128};
    int32_t strides[] = {1, 2};
    DML_SLICE1_OPERATOR_DESC slice{in.Get(), half.Get(), 2, offsets, sizes, strides};
    vkdml_test::RunOptions options;
    options.device = dml;
    vkdml_test::RunResult r = vkdml_test::RunOperator({DML_OPERATOR_SLICE1, &slice}, {vkdml_test::Bytes(rows)},
                                                      {std::vector<uint8_t>(8 * 64 * 2)}, options);
    ASSERT_EQ(r.status, VKDML_SUCCESS) << r.message;
    std::vector<uint16_t> expected;
    for (size_t i = 0; i < rows.size(); i += 2) expected.push_back(rows[i]);
    EXPECT_EQ(r.outputs[0], vkdml_test::Bytes(expected));

    std::vector<uint32_t> matrix(32 * 48);
    for (size_t i = 0; i < matrix.size(); ++i) matrix[i] = uint32_t(i * 2654435761u);
    vkdml_test::TensorDesc columns(DML_TENSOR_DATA_TYPE_UINT32, {48, 32}, {1, 48}), packed(DML_TENSOR_DATA_TYPE_UINT32,
                                                                                          {48, 32});
    DML_ELEMENT_WISE_IDENTITY_OPERATOR_DESC transpose{columns.Get(), packed.Get(), nullptr};
    r = vkdml_test::RunOperator({DML_OPERATOR_ELEMENT_WISE_IDENTITY, &transpose}, {vkdml_test::Bytes(matrix)},
                                {std::vector<uint8_t>(matrix.size() * 4)}, options);
    ASSERT_EQ(r.status, VKDML_SUCCESS) << r.message;
    std::vector<uint32_t> transposed;
    for (uint32_t i = 0; i < 48; ++i)
        for (uint32_t j = 0; j < 32; ++j) transposed.push_back(matrix[j * 48 + i]);
    EXPECT_EQ(r.outputs[0], vkdml_test::Bytes(transposed));
}

// vkdml moves 64-bit words only where the application says it enabled shaderInt64 on its device
// (VKDML_DEVICE_DESC::enabledFeatures); the validation layer (on here) flags a kernel declaring Int64 without it.
TEST_F(AdoptedDevice, Int64WordsOnlyWhereTheApplicationEnabledShaderInt64) {
    // Adopted as told, the device reports `int64Loads` and copies right.
    auto expectAdopted = [this](const VkPhysicalDeviceFeatures* told, bool int64Loads) {
        VkdmlDevice dml = Adopt(told);
        ASSERT_NE(dml, nullptr);
        VKDML_DEVICE_INFO info{};
        ASSERT_EQ(vkdmlGetDeviceInfo(dml, &info), VKDML_SUCCESS);
        EXPECT_EQ(bool(info.int64Loads), int64Loads);
        ExpectQuadReadingOperatorsRight(dml);
        EXPECT_EQ(vkdmlRelease(dml, nullptr), VKDML_SUCCESS);
    };
    const VkPhysicalDeviceFeatures none{};
    expectAdopted(nullptr, false);
    expectAdopted(&none, false);
    VkPhysicalDeviceFeatures supported{};
    vkGetPhysicalDeviceFeatures(physical, &supported);
    if (!supported.shaderInt64) GTEST_SKIP() << "the device has no shaderInt64 (SwiftShader): the plain kernels only";
    VkPhysicalDeviceFeatures int64{};
    int64.shaderInt64 = VK_TRUE;
    CreateDevice(&int64);
    expectAdopted(&int64, true);
}

TEST_F(AdoptedDevice, BadQueueFamilyIsInvalid) {
    VKDML_DEVICE_DESC desc = Desc();
    desc.queueFamilyIndex = 999;
    VkdmlDevice dml = nullptr;
    EXPECT_EQ(vkdmlCreateDevice(&desc, &dml), VKDML_ERROR_INVALID_ARGUMENT);
    EXPECT_NE(std::string(vkdmlGetLastErrorMessage()).find("queueFamilyIndex"), std::string::npos);
    EXPECT_EQ(dml, nullptr);
}

}  // namespace
