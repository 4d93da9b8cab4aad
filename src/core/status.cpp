#include "core/status.h"

#include <cstdarg>
#include <cstdio>

namespace vkdml {
namespace {

std::string FormatV(const char* format, va_list args) {
    va_list copy;
    va_copy(copy, args);
    int length = std::vsnprintf(nullptr, 0, format, copy);
    va_end(copy);
    std::string text(length > 0 ? size_t(length) : 0, '\0');
    if (length > 0) std::vsnprintf(text.data(), text.size() + 1, format, args);
    return text;
}

}  // namespace

std::string Format(const char* format, ...) {
    va_list args;
    va_start(args, format);
    std::string text = FormatV(format, args);
    va_end(args);
    return text;
}

#define VKDML_DEFINE_STATUS_MAKER(Name, Code)       \
    Status Name(const char* format, ...) {          \
        va_list args;                               \
        va_start(args, format);                     \
        std::string text = FormatV(format, args);   \
        va_end(args);                               \
        return Status(Code, std::move(text));       \
    }

VKDML_DEFINE_STATUS_MAKER(InvalidArgument, VKDML_ERROR_INVALID_ARGUMENT)
VKDML_DEFINE_STATUS_MAKER(Unsupported, VKDML_ERROR_UNSUPPORTED)
VKDML_DEFINE_STATUS_MAKER(InvalidState, VKDML_ERROR_INVALID_STATE)

const char* VkResultName(VkResult result) {
    switch (result) {
        case VK_SUCCESS: return "VK_SUCCESS";
        case VK_NOT_READY: return "VK_NOT_READY";
        case VK_TIMEOUT: return "VK_TIMEOUT";
        case VK_ERROR_OUT_OF_HOST_MEMORY: return "VK_ERROR_OUT_OF_HOST_MEMORY";
        case VK_ERROR_OUT_OF_DEVICE_MEMORY: return "VK_ERROR_OUT_OF_DEVICE_MEMORY";
        case VK_ERROR_INITIALIZATION_FAILED: return "VK_ERROR_INITIALIZATION_FAILED";
        case VK_ERROR_DEVICE_LOST: return "VK_ERROR_DEVICE_LOST";
        case VK_ERROR_MEMORY_MAP_FAILED: return "VK_ERROR_MEMORY_MAP_FAILED";
        case VK_ERROR_LAYER_NOT_PRESENT: return "VK_ERROR_LAYER_NOT_PRESENT";
        case VK_ERROR_EXTENSION_NOT_PRESENT: return "VK_ERROR_EXTENSION_NOT_PRESENT";
        case VK_ERROR_FEATURE_NOT_PRESENT: return "VK_ERROR_FEATURE_NOT_PRESENT";
        case VK_ERROR_INCOMPATIBLE_DRIVER: return "VK_ERROR_INCOMPATIBLE_DRIVER";
        case VK_ERROR_TOO_MANY_OBJECTS: return "VK_ERROR_TOO_MANY_OBJECTS";
        case VK_ERROR_OUT_OF_POOL_MEMORY: return "VK_ERROR_OUT_OF_POOL_MEMORY";
        case VK_ERROR_FRAGMENTED_POOL: return "VK_ERROR_FRAGMENTED_POOL";
        default: return "VkResult (other)";
    }
}

Status VulkanFailure(VkResult result, const char* what) {
    VKDML_STATUS code = VKDML_ERROR_VULKAN;
    if (result == VK_ERROR_OUT_OF_HOST_MEMORY) code = VKDML_ERROR_OUT_OF_HOST_MEMORY;
    if (result == VK_ERROR_OUT_OF_DEVICE_MEMORY || result == VK_ERROR_OUT_OF_POOL_MEMORY ||
        result == VK_ERROR_FRAGMENTED_POOL)
        code = VKDML_ERROR_OUT_OF_DEVICE_MEMORY;
    if (result == VK_ERROR_DEVICE_LOST) code = VKDML_ERROR_DEVICE_LOST;
    return Status(code, Format("%s failed: %s (%d)", what, VkResultName(result), int(result)));
}

}  // namespace vkdml
