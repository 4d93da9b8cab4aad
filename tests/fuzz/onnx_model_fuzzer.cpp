// libFuzzer target (b): the conformance tool's model loading from arbitrary bytes, through the tool's own code
// (tools/conformance/onnx_data.cpp and its lowerings, compiled in unchanged). An input is a case directory in one
// buffer: blobs, each a u32 little-endian length and its bytes - blob 0 is model.onnx, blob k is input_{k-1}.pb.
// Each blob becomes a memory file read with ReadModelFile / ReadTensorFile, exactly as vkdml-conformance reads a
// case; then every node is lowered as the tool's case runner does, and each DML operator the lowering makes goes
// through vkdmlCreateOperator + vkdmlCompileOperator on a lavapipe/SwiftShader device.
//
//   build-fuzz/bin/onnx_model_fuzzer -max_total_time=60 build-fuzz/corpus-onnx tests/fuzz/corpus/onnx_model_fuzzer
#include "lowering.h"
#include "onnx_data.h"

#include <sys/mman.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <map>
#include <string>
#include <vector>

namespace {

// The bytes as a file the tool can open by path.
class MemoryFile {
public:
    MemoryFile(const uint8_t* data, size_t size) : fd_(memfd_create("onnx_model_fuzzer", MFD_CLOEXEC)) {
        if (fd_ < 0) std::abort();
        for (size_t done = 0; done < size;) {
            ssize_t n = write(fd_, data + done, size - done);
            if (n <= 0) std::abort();
            done += size_t(n);
        }
    }
    ~MemoryFile() { close(fd_); }
    std::string Path() const { return "/proc/self/fd/" + std::to_string(fd_); }

private:
    int fd_;
};

std::vector<std::vector<uint8_t>> Blobs(const uint8_t* data, size_t size) {
    std::vector<std::vector<uint8_t>> blobs;
    size_t pos = 0;
    while (pos < size && blobs.size() < 9) {
        uint32_t length = 0;
        for (int i = 0; i < 4 && pos < size; ++i) length |= uint32_t(data[pos++]) << (8 * i);
        size_t n = std::min<size_t>(length, size - pos);
        blobs.emplace_back(data + pos, data + pos + n);
        pos += n;
    }
    if (blobs.empty()) blobs.emplace_back();
    return blobs;
}

VkdmlDevice Device() {
    static VkdmlDevice device = [] {
        VkdmlDevice d = nullptr;
        if (vkdmlCreateDefaultDevice(nullptr, &d) != VKDML_SUCCESS) {
            std::fprintf(stderr, "onnx_model_fuzzer: no device: %s\n", vkdmlGetLastErrorMessage());
            std::abort();
        }
        return d;
    }();
    return device;
}

// What the tool does with each DML operator of a plan before binding it.
void CreateAndCompile(const conformance::Plan& plan) {
    for (const auto& dispatch : plan.dispatches) {
        VkdmlOperator op = nullptr;
        if (vkdmlCreateOperator(Device(), dispatch->Desc(), &op) != VKDML_SUCCESS) continue;
        VkdmlCompiledOperator compiled = nullptr;
        if (vkdmlCompileOperator(Device(), op, DML_EXECUTION_FLAG_NONE, &compiled) == VKDML_SUCCESS)
            vkdmlRelease(compiled, nullptr);
        vkdmlRelease(op, nullptr);
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    std::vector<std::vector<uint8_t>> blobs = Blobs(data, size);
    onnx::ModelProto model;
    {
        MemoryFile file(blobs[0].data(), blobs[0].size());
        if (!conformance::ReadModelFile(file.Path(), &model).empty()) return 0;
    }
    const int64_t opset = conformance::DefaultOpset(model);
    const onnx::GraphProto& graph = model.graph();
    std::map<std::string, conformance::HostTensor> values;
    for (const auto& init : graph.initializer()) {
        conformance::HostTensor t;
        if (conformance::TensorFromProto(init, &t).empty()) values[init.name()] = std::move(t);
    }
    // Graph inputs without an initializer take blobs 1, 2, ... as their input_K.pb files.
    size_t next = 1;
    for (const auto& input : graph.input()) {
        (void)conformance::ValueKind(input.type());
        if (values.count(input.name()) || next >= blobs.size()) continue;
        MemoryFile file(blobs[next].data(), blobs[next].size());
        ++next;
        conformance::HostTensor t;
        if (conformance::ReadTensorFile(file.Path(), &t).empty()) values[input.name()] = std::move(t);
    }
    for (auto& [name, tensor] : values) {
        std::vector<int64_t> ints;
        (void)conformance::FormatShape(tensor.shape);
        (void)tensor.ToInt64(&ints);
    }
    // Each node (at most 8) lowered as the case runner lowers its one node.
    for (int n = 0; n < graph.node_size() && n < 8; ++n) {
        const onnx::NodeProto& node = graph.node(n);
        const conformance::LoweringEntry* lowering = conformance::FindLowering(node.op_type());
        if (!lowering) continue;
        conformance::NodeContext context;
        context.node = &node;
        context.opset = opset;
        context.outputCount = size_t(node.output_size());
        bool complete = true;
        for (const std::string& name : node.input()) {
            if (name.empty()) {
                context.inputs.push_back(nullptr);
                continue;
            }
            auto it = values.find(name);
            if (it == values.end()) {
                complete = false;   // the runner fails the case here
                break;
            }
            context.inputs.push_back(&it->second);
        }
        if (!complete) continue;
        conformance::Plan plan;
        if (lowering->lower(context, &plan).ok()) CreateAndCompile(plan);
    }
    return 0;
}
