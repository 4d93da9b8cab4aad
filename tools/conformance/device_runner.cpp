#include "device_runner.h"

#include <algorithm>
#include <chrono>
#include <cstdio>

namespace conformance {
namespace {

constexpr uint8_t kGuardByte = 0xA5;

// Pre-fill of output ranges: varies with the position, so an element the operator never writes is unlikely to
// hold its expected value by chance.
uint8_t FillByte(uint64_t k) { return uint8_t((0x5B + 0x3D * k) ^ (k >> 8)); }

uint64_t AlignUp(uint64_t v, uint64_t a) { return (v + a - 1) / a * a; }

using Clock = std::chrono::steady_clock;
double MsSince(Clock::time_point t) { return std::chrono::duration<double, std::milli>(Clock::now() - t).count(); }

struct DeviceBuffer {
    bool used = false;
    uint64_t region = 0;   // bytes between the guards (the binding's range, and more if the tensor is longer)
    uint64_t total = 0;
    VkBuffer buffer = VK_NULL_HANDLE;
    std::vector<uint8_t> image;   // what was written
};

// Every handle and buffer of one Run, released in reverse order.
struct Scope {
    VkdmlDevice device;
    std::vector<void*> objects;
    std::vector<VkBuffer> buffers;
    ~Scope() {
        for (auto it = objects.rbegin(); it != objects.rend(); ++it) vkdmlRelease(*it, nullptr);
        for (VkBuffer b : buffers) vkdmlDestroyBuffer(device, b);
    }
};

std::string CallError(const char* call, const std::string& op, VKDML_STATUS s) {
    return std::string(call) + "(" + op + ") returned " + vkdmlStatusName(s) + ": " + vkdmlGetLastErrorMessage();
}

const char* FeatureLevelText(DML_FEATURE_LEVEL level) {
    static char text[16];
    std::snprintf(text, sizeof(text), "%x_%x", unsigned(level) >> 12, (unsigned(level) >> 8) & 0xF);
    return text;
}

}  // namespace

void DeviceRunner::OnMessage(VKDML_MESSAGE_KIND kind, const char* message, void* user) {
    if (kind != VKDML_MESSAGE_KIND_VALIDATION) return;
    auto* self = static_cast<DeviceRunner*>(user);
    std::lock_guard lock(self->mutex_);
    self->validationMessages_.push_back(message ? message : "");
}

size_t DeviceRunner::ValidationMessageCount() {
    std::lock_guard lock(mutex_);
    return validationMessages_.size();
}

std::string DeviceRunner::ValidationMessage(size_t index) {
    std::lock_guard lock(mutex_);
    return index < validationMessages_.size() ? validationMessages_[index] : "";
}

std::unique_ptr<DeviceRunner> DeviceRunner::Create(const DeviceOptions& options, std::string* error) {
    std::unique_ptr<DeviceRunner> runner(new DeviceRunner());
    runner->options_ = options;
    VKDML_DEFAULT_DEVICE_DESC desc{};
    desc.minimumFeatureLevel = DML_FEATURE_LEVEL_1_0;
    desc.maximumFeatureLevel = DML_FEATURE_LEVEL(0);
    // Zero-volume tensors on: ONNX tensors may be empty, and SPLIT/JOIN take their empty parts as they are.
    desc.flags = DML_CREATE_DEVICE_FLAGS(VKDML_CREATE_DEVICE_FLAG_ZERO_VOLUME_TENSORS |
                                         (options.debug ? DML_CREATE_DEVICE_FLAG_DEBUG : DML_CREATE_DEVICE_FLAG_NONE));
    desc.physicalDeviceIndex = options.physicalDeviceIndex;
    desc.messageCallback = &DeviceRunner::OnMessage;
    desc.messageUserData = runner.get();
    VKDML_STATUS s = vkdmlCreateDefaultDevice(&desc, &runner->device_);
    if (s != VKDML_SUCCESS) {
        *error = std::string("vkdmlCreateDefaultDevice returned ") + vkdmlStatusName(s) + ": " + vkdmlGetLastErrorMessage();
        return nullptr;
    }
    return runner;
}

DeviceRunner::~DeviceRunner() {
    if (device_) vkdmlRelease(device_, nullptr);
}

std::string DeviceRunner::Describe() const {
    VKDML_DEVICE_INFO info{};
    if (vkdmlGetDeviceInfo(device_, &info) != VKDML_SUCCESS) return "(vkdmlGetDeviceInfo failed)";
    char text[700];
    std::snprintf(text, sizeof(text), "%s [%s], Vulkan %u.%u, feature level %s, validation %s", info.deviceName,
                  info.driverName, VK_API_VERSION_MAJOR(info.apiVersion), VK_API_VERSION_MINOR(info.apiVersion),
                  FeatureLevelText(info.featureLevel), info.validationEnabled ? "on" : "off");
    return text;
}

RunOutcome DeviceRunner::Run(const Plan& plan, const std::vector<const HostTensor*>& nodeInputs,
                             const std::vector<uint64_t>& outputBytes) {
    RunOutcome r;
    auto fail = [&](std::string message) {
        r.kind = RunOutcome::kFail;
        r.message = std::move(message);
        return r;
    };
    r.outputs.resize(outputBytes.size());
    r.written.assign(outputBytes.size(), false);
    const uint64_t guard = options_.guardBytes;
    Scope scope{device_, {}, {}};

    // 1. One buffer per bound tensor (node inputs, node outputs, intermediates): [guard][region][guard].
    enum Kind { kInput, kOutput, kScratch };
    const size_t nIn = nodeInputs.size(), nOut = outputBytes.size(), nScratch = plan.scratchBytes.size();
    std::vector<DeviceBuffer> buffers(nIn + nOut + nScratch);
    auto kindOf = [&](size_t k) { return k < nIn ? kInput : k < nIn + nOut ? kOutput : kScratch; };
    auto slotOf = [&](const TensorRef& ref) -> size_t {   // buffers.size() when the tensor does not exist
        if (ref.scratch) return ref.index < nScratch ? nIn + nOut + ref.index : buffers.size();
        if (ref.output) return ref.index < nOut ? nIn + ref.index : buffers.size();
        return ref.index < nIn && nodeInputs[ref.index] ? ref.index : buffers.size();
    };
    auto nameOf = [&](size_t k) {
        const Kind kind = kindOf(k);
        return std::string(kind == kInput ? "input " : kind == kOutput ? "output " : "intermediate ") +
               std::to_string(kind == kInput ? k : kind == kOutput ? k - nIn : k - nIn - nOut);
    };
    for (const auto& d : plan.dispatches) {
        for (const auto* list : {&d->Inputs(), &d->Outputs()})
            for (const Binding& b : *list) {
                const size_t k = slotOf(b.ref);
                if (k == buffers.size())
                    return fail("internal: " + d->Name() + " binds " + (b.ref.scratch ? "intermediate " : b.ref.output ? "node output " : "node input ") +
                                std::to_string(b.ref.index) + ", which does not exist");
                if (b.ref.offset % DML_MINIMUM_BUFFER_TENSOR_ALIGNMENT != 0)
                    return fail("internal: binding offset " + std::to_string(b.ref.offset) + " is not a multiple of 16");
                if (b.bytes == 0) continue;   // a zero-volume tensor: left unbound (DML_BINDING_TYPE_NONE)
                buffers[k].used = true;
                buffers[k].region = std::max(buffers[k].region, b.ref.offset + b.bytes);
            }
    }
    auto start = Clock::now();
    for (size_t k = 0; k < buffers.size(); ++k) {
        DeviceBuffer& b = buffers[k];
        if (!b.used) continue;
        const Kind kind = kindOf(k);
        const uint64_t tensorBytes = kind == kInput    ? nodeInputs[k]->bytes.size()
                                     : kind == kOutput ? outputBytes[k - nIn]
                                                       : plan.scratchBytes[k - nIn - nOut];
        b.region = AlignUp(std::max(b.region, tensorBytes), 4);
        b.total = guard + b.region + guard;
        VKDML_STATUS s = vkdmlCreateBuffer(device_, b.total, &b.buffer);
        if (s != VKDML_SUCCESS) return fail(CallError("vkdmlCreateBuffer", std::to_string(b.total) + " bytes", s));
        scope.buffers.push_back(b.buffer);
        b.image.assign(b.total, kGuardByte);
        if (kind != kInput) {
            for (uint64_t i = 0; i < b.region; ++i) b.image[guard + i] = FillByte(i);
        } else {
            std::fill(b.image.begin() + guard, b.image.begin() + guard + b.region, 0);
            std::copy(nodeInputs[k]->bytes.begin(), nodeInputs[k]->bytes.end(), b.image.begin() + guard);
        }
        s = vkdmlWriteBuffer(device_, b.buffer, 0, b.total, b.image.data());
        if (s != VKDML_SUCCESS) return fail(CallError("vkdmlWriteBuffer", "", s));
    }
    r.timings.transferMs += MsSince(start);

    // 2. Each operator: create, compile, initialize, bind, execute.
    for (const auto& d : plan.dispatches) {
        const std::string& name = d->Name();
        start = Clock::now();
        VkdmlOperator op = nullptr;
        VKDML_STATUS s = vkdmlCreateOperator(device_, d->Desc(), &op);
        r.timings.createMs += MsSince(start);
        if (s == VKDML_ERROR_UNSUPPORTED) {
            r.kind = RunOutcome::kSkip;
            r.message = "runtime: " + CallError("vkdmlCreateOperator", name, s);
            return r;
        }
        if (s != VKDML_SUCCESS) return fail(CallError("vkdmlCreateOperator", name, s));
        scope.objects.push_back(op);

        start = Clock::now();
        VkdmlCompiledOperator compiled = nullptr;
        // Its buffers come from vkdmlCreateBuffer, which allows texel views: inputs are read through them where the
        // device allows (VKDML_EXECUTION_FLAG_TEXEL_INPUTS; storage buffers elsewhere, SwiftShader say).
        s = vkdmlCompileOperator(device_, op, VKDML_EXECUTION_FLAG_TEXEL_INPUTS, &compiled);
        r.timings.compileMs += MsSince(start);
        if (s == VKDML_ERROR_UNSUPPORTED) {
            r.kind = RunOutcome::kSkip;
            r.message = "runtime: " + CallError("vkdmlCompileOperator", name, s);
            return r;
        }
        if (s != VKDML_SUCCESS) return fail(CallError("vkdmlCompileOperator", name, s));
        scope.objects.push_back(compiled);

        DML_BINDING_PROPERTIES execProps{}, initProps{};
        if ((s = vkdmlGetBindingProperties(compiled, &execProps)) != VKDML_SUCCESS)
            return fail(CallError("vkdmlGetBindingProperties", name, s));
        auto makeResource = [&](uint64_t size, DML_BUFFER_BINDING* binding) -> VKDML_STATUS {
            VkBuffer buffer = VK_NULL_HANDLE;
            VKDML_STATUS st = vkdmlCreateBuffer(device_, size, &buffer);
            if (st != VKDML_SUCCESS) return st;
            scope.buffers.push_back(buffer);
            *binding = {buffer, 0, size};
            return VKDML_SUCCESS;
        };
        DML_BUFFER_BINDING persistent{}, initTemporary{}, execTemporary{};
        if (execProps.PersistentResourceSize &&
            (s = makeResource(execProps.PersistentResourceSize, &persistent)) != VKDML_SUCCESS)
            return fail(CallError("vkdmlCreateBuffer", name + " persistent resource", s));
        if (execProps.TemporaryResourceSize &&
            (s = makeResource(execProps.TemporaryResourceSize, &execTemporary)) != VKDML_SUCCESS)
            return fail(CallError("vkdmlCreateBuffer", name + " temporary resource", s));

        start = Clock::now();
        VkdmlOperatorInitializer initializer = nullptr;
        if ((s = vkdmlCreateOperatorInitializer(device_, 1, &compiled, &initializer)) != VKDML_SUCCESS)
            return fail(CallError("vkdmlCreateOperatorInitializer", name, s));
        scope.objects.push_back(initializer);
        if ((s = vkdmlGetBindingProperties(initializer, &initProps)) != VKDML_SUCCESS)
            return fail(CallError("vkdmlGetBindingProperties", name + " initializer", s));
        if (initProps.TemporaryResourceSize &&
            (s = makeResource(initProps.TemporaryResourceSize, &initTemporary)) != VKDML_SUCCESS)
            return fail(CallError("vkdmlCreateBuffer", name + " initializer temporary resource", s));
        DML_BINDING_TABLE_DESC tableDesc{initializer, VK_NULL_HANDLE, 0, 0};
        VkdmlBindingTable table = nullptr;
        if ((s = vkdmlCreateBindingTable(device_, &tableDesc, &table)) != VKDML_SUCCESS)
            return fail(CallError("vkdmlCreateBindingTable", name + " initializer", s));
        scope.objects.push_back(table);
        if (initProps.TemporaryResourceSize) {
            DML_BINDING_DESC t{DML_BINDING_TYPE_BUFFER, &initTemporary};
            if ((s = vkdmlBindTemporaryResource(table, &t)) != VKDML_SUCCESS)
                return fail(CallError("vkdmlBindTemporaryResource", name + " initializer", s));
        }
        if (execProps.PersistentResourceSize) {   // the initializer's output is the operator's persistent resource
            DML_BINDING_DESC p{DML_BINDING_TYPE_BUFFER, &persistent};
            if ((s = vkdmlBindOutputs(table, 1, &p)) != VKDML_SUCCESS)
                return fail(CallError("vkdmlBindOutputs", name + " initializer", s));
        }
        if ((s = vkdmlExecute(device_, initializer, table)) != VKDML_SUCCESS)
            return fail(CallError("vkdmlExecute", name + " initializer", s));
        r.timings.initializeMs += MsSince(start);

        start = Clock::now();
        tableDesc.Dispatchable = compiled;
        if ((s = vkdmlResetBindingTable(table, &tableDesc)) != VKDML_SUCCESS)
            return fail(CallError("vkdmlResetBindingTable", name, s));
        auto bind = [&](const std::vector<Binding>& list, std::vector<DML_BUFFER_BINDING>* bindings,
                        std::vector<DML_BINDING_DESC>* descs) {
            bindings->resize(list.size());
            descs->resize(list.size());
            for (size_t i = 0; i < list.size(); ++i) {
                if (list[i].bytes == 0) {   // zero-volume: never accessed, so not bound
                    (*descs)[i] = {DML_BINDING_TYPE_NONE, nullptr};
                    continue;
                }
                (*bindings)[i] = {buffers[slotOf(list[i].ref)].buffer, guard + list[i].ref.offset, list[i].bytes};
                (*descs)[i] = {DML_BINDING_TYPE_BUFFER, &(*bindings)[i]};
            }
        };
        std::vector<DML_BUFFER_BINDING> inBuffers, outBuffers;
        std::vector<DML_BINDING_DESC> inDescs, outDescs;
        bind(d->Inputs(), &inBuffers, &inDescs);
        bind(d->Outputs(), &outBuffers, &outDescs);
        if ((s = vkdmlBindInputs(table, uint32_t(inDescs.size()), inDescs.data())) != VKDML_SUCCESS)
            return fail(CallError("vkdmlBindInputs", name, s));
        if ((s = vkdmlBindOutputs(table, uint32_t(outDescs.size()), outDescs.data())) != VKDML_SUCCESS)
            return fail(CallError("vkdmlBindOutputs", name, s));
        if (execProps.TemporaryResourceSize) {
            DML_BINDING_DESC t{DML_BINDING_TYPE_BUFFER, &execTemporary};
            if ((s = vkdmlBindTemporaryResource(table, &t)) != VKDML_SUCCESS)
                return fail(CallError("vkdmlBindTemporaryResource", name, s));
        }
        if (execProps.PersistentResourceSize) {
            DML_BINDING_DESC p{DML_BINDING_TYPE_BUFFER, &persistent};
            if ((s = vkdmlBindPersistentResource(table, &p)) != VKDML_SUCCESS)
                return fail(CallError("vkdmlBindPersistentResource", name, s));
        }
        r.timings.bindMs += MsSince(start);

        start = Clock::now();
        if ((s = vkdmlExecute(device_, compiled, table)) != VKDML_SUCCESS)
            return fail(CallError("vkdmlExecute", name, s));
        r.timings.executeMs += MsSince(start);
    }

    // 3. Read back; guards intact, inputs unchanged.
    start = Clock::now();
    for (size_t k = 0; k < buffers.size(); ++k) {
        DeviceBuffer& b = buffers[k];
        if (!b.used) continue;
        std::vector<uint8_t> after(b.total);
        VKDML_STATUS s = vkdmlReadBuffer(device_, b.buffer, 0, b.total, after.data());
        if (s != VKDML_SUCCESS) return fail(CallError("vkdmlReadBuffer", "", s));
        const std::string what = nameOf(k);
        for (uint64_t i = 0; i < guard; ++i)
            if (after[i] != kGuardByte)
                return fail(what + ": the canary byte " + std::to_string(guard - i) +
                            " bytes before the bound range was overwritten (out-of-bounds write)");
        for (uint64_t i = guard + b.region; i < b.total; ++i)
            if (after[i] != kGuardByte)
                return fail(what + ": the canary byte at +" + std::to_string(i - guard - b.region) +
                            " past the end of the bound range (" + std::to_string(b.region) +
                            " bytes) was overwritten (out-of-bounds write)");
        if (kindOf(k) == kInput) {
            auto diff = std::mismatch(after.begin(), after.end(), b.image.begin());
            if (diff.first != after.end())
                return fail(what + " was modified at byte " + std::to_string(diff.first - after.begin() - guard));
        } else if (kindOf(k) == kOutput) {
            r.outputs[k - nIn].assign(after.begin() + guard, after.begin() + guard + outputBytes[k - nIn]);
            r.written[k - nIn] = true;
        }
    }
    r.timings.transferMs += MsSince(start);
    return r;
}

}  // namespace conformance
