#include "test_support.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <cstring>
#include <mutex>

namespace vkdml_test {
namespace {

std::mutex gMessagesMutex;
std::vector<std::string> gMessages;

void OnMessage(VKDML_MESSAGE_KIND kind, const char* message, void*) {
    if (kind != VKDML_MESSAGE_KIND_VALIDATION) return;
    std::lock_guard lock(gMessagesMutex);
    gMessages.push_back(message);
}

VkdmlDevice CreateDebugDevice(DML_FEATURE_LEVEL maximumFeatureLevel, DML_CREATE_DEVICE_FLAGS extraFlags) {
    VKDML_DEFAULT_DEVICE_DESC desc{};
    desc.maximumFeatureLevel = maximumFeatureLevel;
    desc.flags = DML_CREATE_DEVICE_FLAGS(DML_CREATE_DEVICE_FLAG_DEBUG | extraFlags);
    desc.physicalDeviceIndex = -1;
    desc.messageCallback = OnMessage;
    VkdmlDevice device = nullptr;
    VKDML_STATUS status = vkdmlCreateDefaultDevice(&desc, &device);
    if (status != VKDML_SUCCESS) {
        std::fprintf(stderr, "vkdmlCreateDefaultDevice failed: %s: %s\n", vkdmlStatusName(status),
                     vkdmlGetLastErrorMessage());
        std::abort();
    }
    VKDML_DEVICE_INFO info{};
    vkdmlGetDeviceInfo(device, &info);
    const char* allow = std::getenv("VKDML_TEST_ALLOW_NO_VALIDATION");
    if (!info.validationEnabled && !(allow && *allow == '1')) {
        std::fprintf(stderr, "The Khronos validation layer is not active (install vulkan-validationlayers, or set "
                             "VKDML_TEST_ALLOW_NO_VALIDATION=1)\n");
        std::abort();
    }
    if (maximumFeatureLevel || extraFlags) return device;
    std::printf("[vkdml] device: %s (%s), feature level 0x%x, validation %s\n", info.deviceName, info.driverName,
                unsigned(info.featureLevel), info.validationEnabled ? "on" : "off");
    return device;
}

}  // namespace

namespace {
VkdmlDevice gSharedDevice = nullptr;
std::once_flag gSharedDeviceOnce;
}  // namespace

VkdmlDevice SharedDevice() {
    std::call_once(gSharedDeviceOnce, [] { gSharedDevice = CreateDebugDevice(DML_FEATURE_LEVEL(0), DML_CREATE_DEVICE_FLAG_NONE); });
    return gSharedDevice;
}

uint32_t ReleaseSharedDevice() {
    if (!gSharedDevice) return 0;
    uint32_t left = 0;
    vkdmlRelease(gSharedDevice, &left);
    gSharedDevice = nullptr;
    return left;
}

VkdmlDevice CreateDevice(DML_FEATURE_LEVEL maximumFeatureLevel, DML_CREATE_DEVICE_FLAGS extraFlags) {
    return CreateDebugDevice(maximumFeatureLevel, extraFlags);
}

CreateResult TryCreate(const DML_OPERATOR_DESC& desc, VkdmlDevice device) {
    VkdmlOperator op = nullptr;
    VKDML_STATUS status = vkdmlCreateOperator(device ? device : SharedDevice(), &desc, &op);
    CreateResult result{status, vkdmlGetLastErrorMessage()};
    if (op) vkdmlRelease(op, nullptr);
    return result;
}

bool SmallDescriptors() {
    const char* env = std::getenv("VKDML_MAX_STORAGE_BUFFER_RANGE");
    return env && *env;
}

uint32_t RequiredDescriptors(const DML_OPERATOR_DESC& desc, DML_EXECUTION_FLAGS executionFlags, VkdmlDevice device) {
    if (!device) device = SharedDevice();
    VkdmlOperator op = nullptr;
    VkdmlCompiledOperator compiled = nullptr;
    EXPECT_EQ(vkdmlCreateOperator(device, &desc, &op), VKDML_SUCCESS) << vkdmlGetLastErrorMessage();
    EXPECT_EQ(vkdmlCompileOperator(device, op, executionFlags, &compiled), VKDML_SUCCESS)
        << vkdmlGetLastErrorMessage();
    DML_BINDING_PROPERTIES properties{};
    EXPECT_EQ(vkdmlGetBindingProperties(compiled, &properties), VKDML_SUCCESS);
    vkdmlRelease(compiled, nullptr);
    vkdmlRelease(op, nullptr);
    return properties.RequiredDescriptorCount;
}

std::vector<std::string> ValidationMessages() {
    std::lock_guard lock(gMessagesMutex);
    return gMessages;
}

TensorDesc::TensorDesc(DML_TENSOR_DATA_TYPE type, std::vector<uint32_t> s, std::vector<uint32_t> st, uint64_t totalBytes)
    : sizes(std::move(s)), strides(std::move(st)) {
    buffer.DataType = type;
    buffer.Flags = DML_TENSOR_FLAG_NONE;
    buffer.DimensionCount = uint32_t(sizes.size());
    Link();
    buffer.TotalTensorSizeInBytes =
        totalBytes ? totalBytes
                   : vkdmlCalcBufferTensorSize(type, buffer.DimensionCount, sizes.data(),
                                               strides.empty() ? nullptr : strides.data());
}

TensorDesc::TensorDesc(const TensorDesc& other) : sizes(other.sizes), strides(other.strides), buffer(other.buffer) {
    Link();
}

TensorDesc& TensorDesc::operator=(const TensorDesc& other) {
    sizes = other.sizes;
    strides = other.strides;
    buffer = other.buffer;
    Link();
    return *this;
}

void TensorDesc::Link() {
    buffer.Sizes = sizes.data();
    buffer.Strides = strides.empty() ? nullptr : strides.data();
    desc.Type = DML_TENSOR_TYPE_BUFFER;
    desc.Desc = &buffer;
}

namespace {

constexpr uint8_t kGuardByte = 0xA5;

struct BoundBuffer {
    VkBuffer buffer = VK_NULL_HANDLE;
    uint64_t size = 0;        // the tensor bytes
    uint64_t offset = 0;
    uint64_t total = 0;       // whole buffer
};

// Everything RunOperator creates, released on scope exit.
struct Scope {
    VkdmlDevice device;
    std::vector<void*> handles;
    std::vector<VkBuffer> buffers;
    ~Scope() {
        for (auto it = handles.rbegin(); it != handles.rend(); ++it) vkdmlRelease(*it, nullptr);
        for (VkBuffer b : buffers) vkdmlDestroyBuffer(device, b);
    }
};

RunResult Fail(VKDML_STATUS status) {
    RunResult r;
    r.status = status;
    r.message = vkdmlGetLastErrorMessage();
    return r;
}

}  // namespace

RunResult RunOperator(const DML_OPERATOR_DESC& desc, const std::vector<std::vector<uint8_t>>& inputs,
                      const std::vector<std::vector<uint8_t>>& initialOutputs, const RunOptions& options) {
    VkdmlDevice device = options.device ? options.device : SharedDevice();
    Scope scope{device};
    VkdmlOperator op = nullptr;
    VKDML_STATUS s = vkdmlCreateOperator(device, &desc, &op);
    if (s != VKDML_SUCCESS) return Fail(s);
    scope.handles.push_back(op);
    VkdmlCompiledOperator compiled = nullptr;
    DML_EXECUTION_FLAGS flags = options.executionFlags;
    if (const char* env = std::getenv("VKDML_TEST_TRANSFER_COMMANDS"); env && std::string(env) == "1")
        flags = DML_EXECUTION_FLAGS(flags | VKDML_EXECUTION_FLAG_TRANSFER_COMMANDS);
    if (const char* env = std::getenv("VKDML_TEST_TEXEL_INPUTS"); env && std::string(env) == "1")
        flags = DML_EXECUTION_FLAGS(flags | VKDML_EXECUTION_FLAG_TEXEL_INPUTS);
    s = vkdmlCompileOperator(device, op, flags, &compiled);
    if (s != VKDML_SUCCESS) return Fail(s);
    scope.handles.push_back(compiled);

    // Initialize once, as DirectML requires.
    VkdmlOperatorInitializer initializer = nullptr;
    s = vkdmlCreateOperatorInitializer(device, 1, &compiled, &initializer);
    if (s != VKDML_SUCCESS) return Fail(s);
    scope.handles.push_back(initializer);
    DML_BINDING_TABLE_DESC tableDesc{initializer, VK_NULL_HANDLE, 0, 0};
    VkdmlBindingTable table = nullptr;
    s = vkdmlCreateBindingTable(device, &tableDesc, &table);
    if (s != VKDML_SUCCESS) return Fail(s);
    scope.handles.push_back(table);
    s = vkdmlExecute(device, initializer, table);
    if (s != VKDML_SUCCESS) return Fail(s);

    tableDesc.Dispatchable = compiled;
    s = vkdmlResetBindingTable(table, &tableDesc);
    if (s != VKDML_SUCCESS) return Fail(s);

    auto makeBuffer = [&](const std::vector<uint8_t>& bytes, uint64_t bindingOffset, BoundBuffer* out) -> VKDML_STATUS {
        out->size = bytes.size();
        out->offset = bindingOffset + options.guardBytes;
        out->offset = (out->offset + 15) / 16 * 16;
        if (options.guardBytes == 0) out->offset = bindingOffset;
        out->total = out->offset + out->size + options.guardBytes;
        VKDML_STATUS st = vkdmlCreateBuffer(device, out->total, &out->buffer);
        if (st != VKDML_SUCCESS) return st;
        scope.buffers.push_back(out->buffer);
        std::vector<uint8_t> image(out->total, kGuardByte);
        std::copy(bytes.begin(), bytes.end(), image.begin() + out->offset);
        return vkdmlWriteBuffer(device, out->buffer, 0, out->total, image.data());
    };
    std::vector<BoundBuffer> inBuffers(inputs.size()), outBuffers(initialOutputs.size());
    std::vector<DML_BUFFER_BINDING> inBindings(inputs.size()), outBindings(initialOutputs.size());
    std::vector<DML_BINDING_DESC> inDescs(inputs.size()), outDescs(initialOutputs.size());
    for (size_t i = 0; i < inputs.size(); ++i) {
        if (inputs[i].empty()) {   // an optional input left out of the desc
            inDescs[i] = {DML_BINDING_TYPE_NONE, nullptr};
            continue;
        }
        const uint64_t offset = options.inputBindingOffsets.empty() ? options.bindingOffset
                                                                    : options.inputBindingOffsets.at(i);
        if ((s = makeBuffer(inputs[i], offset, &inBuffers[i])) != VKDML_SUCCESS) return Fail(s);
        inBindings[i] = {inBuffers[i].buffer, inBuffers[i].offset, inBuffers[i].size};
        inDescs[i] = {DML_BINDING_TYPE_BUFFER, &inBindings[i]};
    }
    for (size_t j = 0; j < initialOutputs.size(); ++j) {
        if (initialOutputs[j].empty()) {   // a zero-volume output left unbound
            outDescs[j] = {DML_BINDING_TYPE_NONE, nullptr};
            continue;
        }
        if ((s = makeBuffer(initialOutputs[j], options.bindingOffset, &outBuffers[j])) != VKDML_SUCCESS) return Fail(s);
        outBindings[j] = {outBuffers[j].buffer, outBuffers[j].offset, outBuffers[j].size};
        outDescs[j] = {DML_BINDING_TYPE_BUFFER, &outBindings[j]};
    }
    if ((s = vkdmlBindInputs(table, uint32_t(inDescs.size()), inDescs.data())) != VKDML_SUCCESS) return Fail(s);
    if ((s = vkdmlBindOutputs(table, uint32_t(outDescs.size()), outDescs.data())) != VKDML_SUCCESS) return Fail(s);
    // The temporary resource, where the operator asks for one: its own buffer, guarded like the tensors'.
    DML_BINDING_PROPERTIES properties{};
    if ((s = vkdmlGetBindingProperties(compiled, &properties)) != VKDML_SUCCESS) return Fail(s);
    BoundBuffer temporary;
    DML_BUFFER_BINDING temporaryBinding{};
    if (properties.TemporaryResourceSize > 0) {
        const std::vector<uint8_t> garbage(properties.TemporaryResourceSize, 0x5A);   // no zeros to rely on
        const uint64_t alignment = DML_TEMPORARY_BUFFER_ALIGNMENT;   // the guard bytes end on a multiple of it
        const uint64_t offset = (options.guardBytes + alignment - 1) / alignment * alignment - options.guardBytes;
        if ((s = makeBuffer(garbage, offset, &temporary)) != VKDML_SUCCESS) return Fail(s);
        temporaryBinding = {temporary.buffer, temporary.offset, temporary.size};
        DML_BINDING_DESC desc{DML_BINDING_TYPE_BUFFER, &temporaryBinding};
        if ((s = vkdmlBindTemporaryResource(table, &desc)) != VKDML_SUCCESS) return Fail(s);
    }
    if ((s = vkdmlExecute(device, compiled, table)) != VKDML_SUCCESS) return Fail(s);

    RunResult result;
    auto readBack = [&](const BoundBuffer& b, std::vector<uint8_t>* tensor) -> VKDML_STATUS {
        std::vector<uint8_t> image(b.total);
        VKDML_STATUS st = vkdmlReadBuffer(device, b.buffer, 0, b.total, image.data());
        if (st != VKDML_SUCCESS) return st;
        for (uint64_t k = 0; k < b.offset; ++k)
            if (image[k] != kGuardByte) {
                ADD_FAILURE() << "byte " << k << " before a bound range was changed (guard region)";
                break;
            }
        for (uint64_t k = b.offset + b.size; k < b.total; ++k)
            if (image[k] != kGuardByte) {
                ADD_FAILURE() << "byte " << (k - b.offset - b.size) << " after a bound range was changed (guard region)";
                break;
            }
        if (tensor) tensor->assign(image.begin() + b.offset, image.begin() + b.offset + b.size);
        return VKDML_SUCCESS;
    };
    for (const BoundBuffer& b : inBuffers) {
        if (!b.buffer) continue;
        std::vector<uint8_t> after;
        if ((s = readBack(b, &after)) != VKDML_SUCCESS) return Fail(s);
    }
    if (temporary.buffer && (s = readBack(temporary, nullptr)) != VKDML_SUCCESS) return Fail(s);
    result.outputs.resize(outBuffers.size());
    for (size_t j = 0; j < outBuffers.size(); ++j)
        if (outBuffers[j].buffer && (s = readBack(outBuffers[j], &result.outputs[j])) != VKDML_SUCCESS) return Fail(s);
    // Inputs must be unchanged.
    for (size_t i = 0; i < inBuffers.size(); ++i) {
        if (!inBuffers[i].buffer) continue;
        std::vector<uint8_t> after;
        readBack(inBuffers[i], &after);
        if (after != inputs[i]) ADD_FAILURE() << "input " << i << " was modified by the operator";
    }
    return result;
}

}  // namespace vkdml_test
