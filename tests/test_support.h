// Shared test support: one debug device for the whole test binary (validation layer required, any validation
// message fails the test), tensor-desc builders and a one-call "run this operator on these bytes" helper.
#pragma once

#include <vkdml/vkdml.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

namespace vkdml_test {

// The process-wide default device, created with DML_CREATE_DEVICE_FLAG_DEBUG. Tests fail if the Khronos validation
// layer is not active on it (set VKDML_TEST_ALLOW_NO_VALIDATION=1 to run without), and every test checks at its end
// that the layer reported nothing (see ValidationGuard, installed as a gtest listener by test_main.cpp).
VkdmlDevice SharedDevice();
// Releases SharedDevice() if it was created (test_main.cpp, after the tests). Returns the references left: 0 when
// every test released what it created, so that the device and its VkDevice were destroyed (and the validation
// layer's object tracker checked that no Vulkan object of vkdml's outlived it).
uint32_t ReleaseSharedDevice();
// Validation messages seen so far (all tests).
std::vector<std::string> ValidationMessages();
// A further debug device that behaves as `maximumFeatureLevel` (0 = all it supports), with extraFlags besides
// DML_CREATE_DEVICE_FLAG_DEBUG; same validation guard. Release it with vkdmlRelease.
VkdmlDevice CreateDevice(DML_FEATURE_LEVEL maximumFeatureLevel,
                         DML_CREATE_DEVICE_FLAGS extraFlags = DML_CREATE_DEVICE_FLAG_NONE);

// vkdmlCreateOperator's status and message (the operator is released at once).
struct CreateResult {
    VKDML_STATUS status;
    std::string message;
};
CreateResult TryCreate(const DML_OPERATOR_DESC& desc, VkdmlDevice device = nullptr);

// RequiredDescriptorCount of the operator compiled with exactly executionFlags (VKDML_TEST_TRANSFER_COMMANDS does not
// apply here) on `device` (nullptr: SharedDevice()); how many launches a plan has shows in it. A failing create or
// compile fails the test. The operator is released at once.
uint32_t RequiredDescriptors(const DML_OPERATOR_DESC& desc,
                             DML_EXECUTION_FLAGS executionFlags = DML_EXECUTION_FLAG_NONE,
                             VkdmlDevice device = nullptr);

// Whether this run caps descriptors (VKDML_MAX_STORAGE_BUFFER_RANGE set: the `split` test variants with 4 KiB ones),
// so that larger tensors are split over launches: launch counts differ, and a large transpose needs more launches than
// a plan may have.
bool SmallDescriptors();

// A tensor desc with storage for its arrays. strides empty = packed (Strides = NULL).
// TotalTensorSizeInBytes = vkdmlCalcBufferTensorSize(...) unless totalBytes is given.
struct TensorDesc {
    TensorDesc() = default;
    TensorDesc(DML_TENSOR_DATA_TYPE type, std::vector<uint32_t> sizes, std::vector<uint32_t> strides = {},
               uint64_t totalBytes = 0);
    TensorDesc(const TensorDesc& other);
    TensorDesc& operator=(const TensorDesc& other);

    std::vector<uint32_t> sizes;
    std::vector<uint32_t> strides;
    DML_BUFFER_TENSOR_DESC buffer{};
    DML_TENSOR_DESC desc{};

    uint64_t Bytes() const { return buffer.TotalTensorSizeInBytes; }
    const DML_TENSOR_DESC* Get() const { return &desc; }

private:
    void Link();
};

struct RunOptions {
    VkdmlDevice device = nullptr;   // nullptr: SharedDevice()
    // Compile flags. VKDML_TEST_TRANSFER_COMMANDS=1 in the environment adds VKDML_EXECUTION_FLAG_TRANSFER_COMMANDS to
    // every run (the buffers RunOperator makes allow transfers), so a whole test binary reruns on the transfer path;
    // VKDML_TEST_TEXEL_INPUTS=1 likewise VKDML_EXECUTION_FLAG_TEXEL_INPUTS (inputs read through texel views).
    DML_EXECUTION_FLAGS executionFlags = DML_EXECUTION_FLAG_NONE;
    // Byte offset of every binding inside its buffer (multiple of 16). Each tensor gets its own buffer.
    uint64_t bindingOffset = 0;
    // Where not empty: input binding i's byte offset instead of bindingOffset (one per input).
    std::vector<uint64_t> inputBindingOffsets;
    // Bytes filled before and after each bound range; they must come back unchanged (checked by RunOperator).
    uint64_t guardBytes = 64;
};

struct RunResult {
    VKDML_STATUS status = VKDML_SUCCESS;
    std::string message;               // vkdmlGetLastErrorMessage() of the failing call
    std::vector<std::vector<uint8_t>> outputs;
};

// Creates, compiles, initializes and executes the operator on SharedDevice(). inputs[i] are the bytes of input
// binding i (arrays flattened, JOIN inputs in order), each exactly TotalTensorSizeInBytes long; an empty one is
// bound as DML_BINDING_TYPE_NONE (an optional input the desc leaves NULL, or a zero-volume tensor). outputs[j] gives
// the initial contents of output binding j (its size = TotalTensorSizeInBytes; empty = unbound, for a zero-volume
// output); the result holds what came back.
// Guard regions around every binding are filled with 0xA5 and checked: a write outside a binding fails the test.
RunResult RunOperator(const DML_OPERATOR_DESC& desc, const std::vector<std::vector<uint8_t>>& inputs,
                      const std::vector<std::vector<uint8_t>>& initialOutputs, const RunOptions& options = {});

// Bytes of a vector of scalars.
template <typename T>
std::vector<uint8_t> Bytes(const std::vector<T>& values, uint64_t totalBytes = 0) {
    std::vector<uint8_t> bytes(totalBytes ? totalBytes : values.size() * sizeof(T));
    std::copy_n(reinterpret_cast<const uint8_t*>(values.data()), values.size() * sizeof(T), bytes.data());
    return bytes;
}

}  // namespace vkdml_test
