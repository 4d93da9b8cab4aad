// C entry points: operators, compiled operators, initializers, binding properties.
#include "api/api_support.h"
#include "vk/dispatchable.h"

using namespace vkdml;

extern "C" {

VKDML_API VKDML_STATUS vkdmlCreateOperator(VkdmlDevice handle, const DML_OPERATOR_DESC* desc, VkdmlOperator* out) {
    VKDML_API_GUARD_BEGIN
    Device* d = AsObject<Device>(handle, ObjectKind::Device);
    if (!d) return Report(InvalidArgument("vkdmlCreateOperator: device is not a live VkdmlDevice"));
    if (!out) return Report(InvalidArgument("vkdmlCreateOperator: outOperator is NULL"), d);
    *out = nullptr;
    Operator* op = nullptr;
    Status status = CreateOperator(d, desc, &op);
    if (status.ok()) *out = op;
    return Report(status, d);
    VKDML_API_GUARD_END
}

VKDML_API VKDML_STATUS vkdmlCompileOperator(VkdmlDevice handle, VkdmlOperator opHandle, DML_EXECUTION_FLAGS flags,
                                            VkdmlCompiledOperator* out) {
    VKDML_API_GUARD_BEGIN
    Device* d = AsObject<Device>(handle, ObjectKind::Device);
    if (!d) return Report(InvalidArgument("vkdmlCompileOperator: device is not a live VkdmlDevice"));
    Operator* op = AsObject<Operator>(opHandle, ObjectKind::Operator);
    if (!op) return Report(InvalidArgument("vkdmlCompileOperator: op is not a live VkdmlOperator"), d);
    if (op->device.get() != d)
        return Report(InvalidArgument("vkdmlCompileOperator: op was created on another VkdmlDevice"), d);
    if (!out) return Report(InvalidArgument("vkdmlCompileOperator: outCompiledOperator is NULL"), d);
    *out = nullptr;
    Dispatchable* compiled = nullptr;
    Status status = CompileOperator(op, flags, &compiled);
    if (status.ok()) *out = compiled;
    return Report(status, d);
    VKDML_API_GUARD_END
}

}  // extern "C"

namespace {

Status CollectTargets(Device* d, UINT count, const VkdmlCompiledOperator* operators,
                      std::vector<Ref<Dispatchable>>* targets) {
    if (count && !operators) return InvalidArgument("operator initializer: operators is NULL with operatorCount %u", count);
    targets->clear();
    for (UINT i = 0; i < count; ++i) {
        Dispatchable* c = AsObject<Dispatchable>(operators[i], ObjectKind::Dispatchable);
        if (!c || c->type != Dispatchable::Type::CompiledOperator)
            return InvalidArgument("operator initializer: operators[%u] is not a live compiled operator", i);
        if (c->device.get() != d)
            return InvalidArgument("operator initializer: operators[%u] belongs to another VkdmlDevice", i);
        targets->push_back(Ref<Dispatchable>(c));
    }
    return Status::Ok();
}

}  // namespace

extern "C" {

VKDML_API VKDML_STATUS vkdmlCreateOperatorInitializer(VkdmlDevice handle, UINT count,
                                                      const VkdmlCompiledOperator* operators,
                                                      VkdmlOperatorInitializer* out) {
    VKDML_API_GUARD_BEGIN
    Device* d = AsObject<Device>(handle, ObjectKind::Device);
    if (!d) return Report(InvalidArgument("vkdmlCreateOperatorInitializer: device is not a live VkdmlDevice"));
    if (!out) return Report(InvalidArgument("vkdmlCreateOperatorInitializer: outInitializer is NULL"), d);
    *out = nullptr;
    std::vector<Ref<Dispatchable>> targets;
    Status status = CollectTargets(d, count, operators, &targets);
    Dispatchable* initializer = nullptr;
    if (status.ok()) status = CreateInitializer(d, std::move(targets), &initializer);
    if (status.ok()) *out = initializer;
    return Report(status, d);
    VKDML_API_GUARD_END
}

VKDML_API VKDML_STATUS vkdmlResetOperatorInitializer(VkdmlOperatorInitializer handle, UINT count,
                                                     const VkdmlCompiledOperator* operators) {
    VKDML_API_GUARD_BEGIN
    Dispatchable* init = AsObject<Dispatchable>(handle, ObjectKind::Dispatchable);
    if (!init || init->type != Dispatchable::Type::Initializer)
        return Report(InvalidArgument("vkdmlResetOperatorInitializer: initializer is not a live operator initializer"));
    std::vector<Ref<Dispatchable>> targets;
    Status status = CollectTargets(init->device.get(), count, operators, &targets);
    if (status.ok()) init->targets = std::move(targets);
    return Report(status, init->device.get());
    VKDML_API_GUARD_END
}

VKDML_API VKDML_STATUS vkdmlGetBindingProperties(VkdmlDispatchable handle, DML_BINDING_PROPERTIES* out) {
    Dispatchable* d = AsObject<Dispatchable>(handle, ObjectKind::Dispatchable);
    if (!d) return Report(InvalidArgument("vkdmlGetBindingProperties: dispatchable is not a live VkdmlDispatchable"));
    if (!out) return Report(InvalidArgument("vkdmlGetBindingProperties: outProperties is NULL"), d->device.get());
    *out = d->BindingProperties();
    return Report(Status::Ok());
}

}  // extern "C"
