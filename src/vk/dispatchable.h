// Operators and dispatchables. A VkdmlOperator is a validated OperatorDesc. A VkdmlDispatchable is either a
// compiled operator (its plan, one pipeline per launch, and a uniform buffer range holding every launch's
// parameters, all made at compile time so recording only binds and dispatches) or an operator initializer.
#pragma once

#include "core/object.h"
#include "core/operator_desc.h"
#include "ops/operator_registry.h"
#include "ops/transfer_copy.h"
#include "vk/device.h"

#include <atomic>
#include <optional>
#include <vector>

struct VkdmlOperator_T final : vkdml::Object {
    VkdmlOperator_T() : Object(vkdml::ObjectKind::Operator) {}
    vkdml::Ref<vkdml::Device> device;
    vkdml::OperatorDesc desc;
    const vkdml::OperatorImplementation* implementation = nullptr;
};

struct VkdmlDispatchable_T final : vkdml::Object {
    enum class Type { CompiledOperator, Initializer };

    VkdmlDispatchable_T() : Object(vkdml::ObjectKind::Dispatchable) {}
    ~VkdmlDispatchable_T() override;

    Type type = Type::CompiledOperator;
    vkdml::Ref<vkdml::Device> device;

    // Compiled operator
    vkdml::Ref<VkdmlOperator_T> op;
    DML_EXECUTION_FLAGS executionFlags = DML_EXECUTION_FLAG_NONE;
    vkdml::Plan plan;
    struct LaunchObjects {
        VkPipeline pipeline = VK_NULL_HANDLE;
        VkPipelineLayout pipelineLayout = VK_NULL_HANDLE;
        VkDescriptorSetLayout setLayout = VK_NULL_HANDLE;
        uint32_t groupsX = 0, groupsY = 0;
        VkDeviceSize paramsOffset = 0;
        // With VKDML_EXECUTION_FLAG_TRANSFER_COMMANDS, a launch that only moves long contiguous runs is recorded as
        // vkCmdCopyBuffer regions: it has no pipeline and no descriptor set.
        std::optional<vkdml::TransferCopy> transfer;
    };
    std::vector<LaunchObjects> launches;
    vkdml::ParamsRange params;   // every launch's LaunchParams, from the device's arena (launches[i].paramsOffset)

    // Set once an initializer targeting this compiled operator has been recorded. No vkdml operator has
    // initialization work, so executing without it works; debug devices say so (VKDML_MESSAGE_KIND_INFO).
    std::atomic<bool> initialized{false};

    // Initializer
    std::vector<vkdml::Ref<VkdmlDispatchable_T>> targets;

    uint32_t InputCount() const;
    uint32_t OutputCount() const;
    DML_BINDING_PROPERTIES BindingProperties() const;
};

namespace vkdml {

using Operator = VkdmlOperator_T;
using Dispatchable = VkdmlDispatchable_T;

Status CreateOperator(Device* device, const DML_OPERATOR_DESC* desc, Operator** out);
Status CompileOperator(Operator* op, DML_EXECUTION_FLAGS flags, Dispatchable** out);
Status CreateInitializer(Device* device, std::vector<Ref<Dispatchable>> targets, Dispatchable** out);

}  // namespace vkdml
