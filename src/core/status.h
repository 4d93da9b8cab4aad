// Status: the result of every internal step, turned into a VKDML_STATUS + thread-local message at the C boundary.
#pragma once

#include <vkdml/vkdml.h>

#include <string>

namespace vkdml {

class [[nodiscard]] Status {
public:
    Status() = default;
    Status(VKDML_STATUS code, std::string message) : code_(code), message_(std::move(message)) {}

    static Status Ok() { return {}; }
    bool ok() const { return code_ == VKDML_SUCCESS; }
    VKDML_STATUS code() const { return code_; }
    const std::string& message() const { return message_; }

private:
    VKDML_STATUS code_ = VKDML_SUCCESS;
    std::string message_;
};

// printf-style formatting into a std::string.
std::string Format(const char* format, ...) __attribute__((format(printf, 1, 2)));

Status InvalidArgument(const char* format, ...) __attribute__((format(printf, 1, 2)));
Status Unsupported(const char* format, ...) __attribute__((format(printf, 1, 2)));
Status InvalidState(const char* format, ...) __attribute__((format(printf, 1, 2)));
// A failed Vulkan call: maps VkResult to the matching status (out of memory, device lost, other).
Status VulkanFailure(VkResult result, const char* what);

const char* VkResultName(VkResult result);

}  // namespace vkdml

#define VKDML_RETURN_IF_ERROR(expression)          \
    do {                                           \
        ::vkdml::Status status_ = (expression);    \
        if (!status_.ok()) return status_;         \
    } while (0)

#define VKDML_RETURN_IF_VK_ERROR(call, what)                           \
    do {                                                               \
        VkResult result_ = (call);                                     \
        if (result_ != VK_SUCCESS) return ::vkdml::VulkanFailure(result_, what); \
    } while (0)
