// C entry points: reference counting, messages, and DMLCalcBufferTensorSize.
#include "api/api_support.h"
#include "core/tensor.h"

using namespace vkdml;

namespace vkdml {
const char* LastErrorMessage();
}

extern "C" {

VKDML_API VKDML_STATUS vkdmlAddRef(void* handle, uint32_t* outCount) {
    if (!IsLiveObject(handle)) return Report(InvalidArgument("vkdmlAddRef: object is not a live vkdml handle"));
    auto* object = static_cast<Object*>(handle);
    uint32_t count = object->AddRef();
    if (outCount) *outCount = count;
    return Report(Status::Ok());
}

VKDML_API VKDML_STATUS vkdmlRelease(void* handle, uint32_t* outCount) {
    if (!IsLiveObject(handle)) return Report(InvalidArgument("vkdmlRelease: object is not a live vkdml handle"));
    auto* object = static_cast<Object*>(handle);
    uint32_t count = object->Release();
    if (outCount) *outCount = count;
    return Report(Status::Ok());
}

VKDML_API const char* vkdmlGetLastErrorMessage(void) { return LastErrorMessage(); }

VKDML_API const char* vkdmlStatusName(VKDML_STATUS status) {
    switch (status) {
        case VKDML_SUCCESS: return "VKDML_SUCCESS";
        case VKDML_ERROR_INVALID_ARGUMENT: return "VKDML_ERROR_INVALID_ARGUMENT";
        case VKDML_ERROR_UNSUPPORTED: return "VKDML_ERROR_UNSUPPORTED";
        case VKDML_ERROR_OUT_OF_HOST_MEMORY: return "VKDML_ERROR_OUT_OF_HOST_MEMORY";
        case VKDML_ERROR_OUT_OF_DEVICE_MEMORY: return "VKDML_ERROR_OUT_OF_DEVICE_MEMORY";
        case VKDML_ERROR_DEVICE_LOST: return "VKDML_ERROR_DEVICE_LOST";
        case VKDML_ERROR_VULKAN: return "VKDML_ERROR_VULKAN";
        case VKDML_ERROR_INVALID_STATE: return "VKDML_ERROR_INVALID_STATE";
    }
    return "VKDML_STATUS (unknown)";
}

VKDML_API UINT64 vkdmlCalcBufferTensorSize(DML_TENSOR_DATA_TYPE dataType, UINT dimensionCount, const UINT* sizes,
                                           const UINT* strides) {
    if (dimensionCount > kMaxRank) return 0;
    return CalcBufferTensorSize(dataType, dimensionCount, sizes, strides).value_or(0);   // DirectML's 0 on error
}

}  // extern "C"
