// Running a Plan on a vkdml device through the public C API only, as an engine would: create, compile, initialize,
// bind, execute, read back. Every binding sits in its own buffer between canary-filled guard regions (the head
// also makes the binding offset one the device's minStorageBufferOffsetAlignment may not allow); output ranges are
// pre-filled with a position-dependent pattern so unwritten elements show; guards, and whole input buffers, must
// come back unchanged.
#pragma once

#include "dml_plan.h"
#include "onnx_data.h"

#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace conformance {

struct DeviceOptions {
    int32_t physicalDeviceIndex = -1;   // -1: VKDML_DEVICE, then the library's ranking
    bool debug = false;                 // DML_CREATE_DEVICE_FLAG_DEBUG (Khronos validation when installed)
    uint64_t guardBytes = 64;           // multiple of 16
};

struct RunTimings {
    double createMs = 0, compileMs = 0, initializeMs = 0, bindMs = 0, executeMs = 0, transferMs = 0;
};

struct RunOutcome {
    enum Kind { kOk, kSkip, kFail } kind = kOk;
    std::string message;
    // Per node output: the bytes read back (the tensor's bytes only), or empty if no dispatch wrote it.
    std::vector<std::vector<uint8_t>> outputs;
    std::vector<bool> written;
    RunTimings timings;
};

class DeviceRunner {
public:
    // Returns nullptr and sets *error when the device cannot be created.
    static std::unique_ptr<DeviceRunner> Create(const DeviceOptions& options, std::string* error);
    ~DeviceRunner();

    // "llvmpipe (LLVM 15.0.6, 256 bits) [llvmpipe], Vulkan 1.3, feature level 6_4, validation off"
    std::string Describe() const;
    VkdmlDevice device() const { return device_; }

    // nodeInputs: the tensor of every node input (nullptr = absent); outputBytes: the byte size of every node
    // output (from the plan's shapes).
    RunOutcome Run(const Plan& plan, const std::vector<const HostTensor*>& nodeInputs,
                   const std::vector<uint64_t>& outputBytes);

    // Validation-layer messages seen so far (debug devices).
    size_t ValidationMessageCount();
    std::string ValidationMessage(size_t index);

private:
    DeviceRunner() = default;
    static void OnMessage(VKDML_MESSAGE_KIND kind, const char* message, void* user);

    VkdmlDevice device_ = nullptr;
    DeviceOptions options_;
    std::mutex mutex_;
    std::vector<std::string> validationMessages_;
};

}  // namespace conformance
