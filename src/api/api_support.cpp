#include "api/api_support.h"

#include <string>

namespace vkdml {
namespace {

thread_local std::string tLastError;

}  // namespace

VKDML_STATUS Report(const Status& status, const Device* device) {
    if (status.ok()) {
        tLastError.clear();
        return VKDML_SUCCESS;
    }
    tLastError = status.message();
    if (device) device->Notify(VKDML_MESSAGE_KIND_ERROR, status.message());
    return status.code();
}

const char* LastErrorMessage() { return tLastError.c_str(); }

const char* ObjectKindName(ObjectKind kind) {
    switch (kind) {
        case ObjectKind::Device: return "VkdmlDevice";
        case ObjectKind::Operator: return "VkdmlOperator";
        case ObjectKind::Dispatchable: return "VkdmlDispatchable";
        case ObjectKind::BindingTable: return "VkdmlBindingTable";
        case ObjectKind::CommandRecorder: return "VkdmlCommandRecorder";
    }
    return "?";
}

}  // namespace vkdml
