// libFuzzer target (a): arbitrary bytes decoded into a DML_OPERATOR_DESC tree (desc_fuzzing.h gives the encoding),
// then vkdmlCreateOperator, and for what validates vkdmlCompileOperator, binding properties, an initializer, a
// binding table, and - for tensors up to 16 KiB - bind and execute with guard regions checked. One debug device per
// feature level (6_4, 3_0, 2_1, 1_0), with and without zero-volume tensors, created once; any validation-layer
// message is a finding.
//
//   build-fuzz/bin/operator_desc_fuzzer -max_total_time=60 build-fuzz/corpus-desc tests/fuzz/corpus/operator_desc_fuzzer
//
// VKDML_FUZZ_VALIDATION=0 runs without the validation layer (faster, fewer checks).
#include "desc_fuzzing.h"

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <string>

namespace {

std::atomic<uint64_t> gValidationMessages{0};
vkdml_fuzz::RunStats gStats;

void OnMessage(VKDML_MESSAGE_KIND kind, const char* message, void*) {
    if (kind != VKDML_MESSAGE_KIND_VALIDATION) return;
    std::fprintf(stderr, "[VALIDATION] %s\n", message);
    ++gValidationMessages;
}

VkdmlDevice DeviceFor(DML_FEATURE_LEVEL level, bool zeroVolume) {
    static std::map<std::pair<DML_FEATURE_LEVEL, bool>, VkdmlDevice> devices;
    VkdmlDevice& device = devices[{level, zeroVolume}];
    if (device) return device;
    const char* validation = std::getenv("VKDML_FUZZ_VALIDATION");
    VKDML_DEFAULT_DEVICE_DESC desc{};
    desc.physicalDeviceIndex = -1;
    desc.maximumFeatureLevel = level;
    if (!(validation && std::strcmp(validation, "0") == 0)) desc.flags = DML_CREATE_DEVICE_FLAG_DEBUG;
    if (zeroVolume) desc.flags = DML_CREATE_DEVICE_FLAGS(desc.flags | VKDML_CREATE_DEVICE_FLAG_ZERO_VOLUME_TENSORS);
    desc.messageCallback = OnMessage;
    if (vkdmlCreateDefaultDevice(&desc, &device) != VKDML_SUCCESS) {
        std::fprintf(stderr, "operator_desc_fuzzer: no device: %s\n", vkdmlGetLastErrorMessage());
        std::abort();
    }
    return device;
}

void PrintStats() {
    std::fprintf(stderr,
                 "operator_desc_fuzzer: %llu operators created, %llu compiled, %llu executed with %llu guard bytes "
                 "checked\n",
                 (unsigned long long)gStats.created, (unsigned long long)gStats.compiled,
                 (unsigned long long)gStats.executed, (unsigned long long)gStats.guardBytesChecked);
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
    std::atexit(PrintStats);
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    vkdml_fuzz::DecodedOperator op = vkdml_fuzz::Decode(data, size);
    std::string failure = vkdml_fuzz::Run(DeviceFor(op.level, op.zeroVolume), op, vkdml_fuzz::RunLimits{}, &gStats);
    if (!failure.empty()) {
        std::fprintf(stderr, "operator_desc_fuzzer: vkdml misbehaved: %s\n", failure.c_str());
        std::abort();
    }
    if (gValidationMessages) {
        std::fprintf(stderr, "operator_desc_fuzzer: the validation layer reported %llu message(s)\n",
                     (unsigned long long)gValidationMessages.load());
        std::abort();
    }
    return 0;
}
