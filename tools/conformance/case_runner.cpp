#include "case_runner.h"

#include "compare.h"
#include "lowering.h"

#include <chrono>
#include <cstdio>
#include <filesystem>

namespace conformance {
namespace {

using Clock = std::chrono::steady_clock;
double MsSince(Clock::time_point t) { return std::chrono::duration<double, std::milli>(Clock::now() - t).count(); }

CaseResult Skip(std::string category, std::string reason) {
    CaseResult r;
    r.kind = CaseResult::kSkip;
    r.category = std::move(category);
    r.reason = std::move(reason);
    return r;
}

CaseResult Fail(std::string reason) {
    CaseResult r;
    r.kind = CaseResult::kFail;
    r.reason = std::move(reason);
    return r;
}

std::string Ms(double ms) {
    char text[32];
    std::snprintf(text, sizeof(text), "%.2f", ms);
    return text;
}

}  // namespace

DeviceRunner* CaseRunner::Device(std::string* error) {
    if (!device_ && deviceError_.empty()) {
        device_ = DeviceRunner::Create(deviceOptions_, &deviceError_);
        if (device_) deviceDescription_ = device_->Describe();
    }
    if (!device_) *error = deviceError_;
    return device_.get();
}

// Whether the runtime implements a planned operator. The probe creates the operator with a NULL desc: vkdml answers
// VKDML_ERROR_UNSUPPORTED for an operator it does not implement before it looks at the desc, and
// VKDML_ERROR_INVALID_ARGUMENT (NULL desc) for one it does.
std::string CaseRunner::PlannedNote(DML_OPERATOR_TYPE type, const char* dmlName) {
    auto it = probes_.find(int(type));
    if (it != probes_.end()) return it->second;
    std::string error, note;
    DeviceRunner* device = Device(&error);
    if (!device) {
        note = std::string("planned: DML_OPERATOR_") + dmlName + "; no device to ask whether vkdml implements it";
    } else {
        DML_OPERATOR_DESC desc{type, nullptr};
        VkdmlOperator op = nullptr;
        VKDML_STATUS s = vkdmlCreateOperator(device->device(), &desc, &op);
        if (op) vkdmlRelease(op, nullptr);
        if (s == VKDML_ERROR_UNSUPPORTED)
            note = std::string("planned: DML_OPERATOR_") + dmlName + ", which vkdml does not implement yet";
        else
            note = std::string("planned: DML_OPERATOR_") + dmlName +
                   ", which vkdml now appears to implement: add the lowering (issue 3)";
    }
    probes_[int(type)] = note;
    return note;
}

CaseResult CaseRunner::Run(const TestCase& testCase) {
    const auto caseStart = Clock::now();
    onnx::ModelProto model;
    std::string error = ReadModelFile(testCase.dir + "/model.onnx", &model);
    if (!error.empty()) return Fail(error);
    const onnx::GraphProto& graph = model.graph();
    if (graph.node_size() != 1) {
        std::string ops;
        for (int i = 0; i < graph.node_size() && i < 4; ++i) ops += (i ? "," : "") + graph.node(i).op_type();
        if (graph.node_size() > 4) ops += ",...";
        return Skip("graph of several nodes", "the graph has " + std::to_string(graph.node_size()) + " nodes (" + ops +
                                                  "); only single-node graphs are lowered");
    }
    const onnx::NodeProto& node = graph.node(0);
    const std::string& op = node.op_type();
    if (!node.domain().empty() && node.domain() != "ai.onnx")
        return Skip("op of another domain", "op " + op + " of domain '" + node.domain() + "' is not mapped");
    const int64_t opset = DefaultOpset(model);
    const LoweringEntry* lowering = FindLowering(op);
    if (!lowering) {
        if (const PlannedMapping* planned = FindPlannedMapping(op))
        {
            std::string note = PlannedNote(planned->dmlType, planned->dmlName);
            const bool runtimeHasIt = note.find("now appears") != std::string::npos;
            return Skip(runtimeHasIt ? "planned op: the runtime has its DML operator, the lowering is missing"
                                     : "planned op, runtime lacks its DML operator",
                        "ONNX " + op + " is not mapped yet (" + note + ")");
        }
        return Skip("ONNX op not mapped", "ONNX " + op + " has no DML lowering in vkdml-conformance");
    }

    // Graph inputs fed by the data sets: those without an initializer, in order.
    std::map<std::string, HostTensor> initializers;
    for (const auto& init : graph.initializer()) {
        HostTensor t;
        std::string e = TensorFromProto(init, &t);
        if (!e.empty()) return Fail("initializer: " + e);
        initializers[init.name()] = std::move(t);
    }
    std::vector<const onnx::ValueInfoProto*> fed;
    for (const auto& input : graph.input()) {
        if (initializers.count(input.name())) continue;
        if (!input.type().has_tensor_type())
            return Skip("non-tensor input or output", "graph input '" + input.name() + "' has type " +
                                                          ValueKind(input.type()) + ", not tensor");
        fed.push_back(&input);
    }
    for (const auto& output : graph.output())
        if (!output.type().has_tensor_type())
            return Skip("non-tensor input or output", "graph output '" + output.name() + "' has type " +
                                                          ValueKind(output.type()) + ", not tensor");
    // Element types DML has no data type for (STRING, BFLOAT16, COMPLEX*): nothing to bind them as.
    for (const auto* list : {&graph.input(), &graph.output()})
        for (const auto& value : *list) {
            const int32_t type = value.type().tensor_type().elem_type();
            if (DmlTypeOf(type) == DML_TENSOR_DATA_TYPE_UNKNOWN)
                return Skip("ONNX type without a DML data type",
                            std::string("graph ") + (list == &graph.input() ? "input '" : "output '") + value.name() +
                                "' has ONNX type " + OnnxTypeName(type) + ", which has no DML data type");
        }

    const std::vector<std::string> dataSets = FindDataSets(testCase.dir);
    if (dataSets.empty()) return Fail("no test_data_set_* directory");
    CaseResult result;
    auto detail = [&](std::string line) {
        if (verbose_) result.details.push_back(std::move(line));
    };
    detail("onnx: " + op + " (opset " + std::to_string(opset) + ") -> " + lowering->dmlOperators);

    for (size_t s = 0; s < dataSets.size(); ++s) {
        const std::string prefix = dataSets.size() > 1 ? std::filesystem::path(dataSets[s]).filename().string() + ": " : "";
        auto failHere = [&](const std::string& reason) { return Fail(prefix + reason); };
        const auto loadStart = Clock::now();

        // Bind input_K.pb to the K-th fed graph input.
        std::map<std::string, HostTensor> values = initializers;
        for (size_t k = 0; k < fed.size(); ++k) {
            std::string path = dataSets[s] + "/input_" + std::to_string(k) + ".pb";
            HostTensor t;
            std::string e = ReadTensorFile(path, &t);
            if (!e.empty()) return failHere(e);
            values[fed[k]->name()] = std::move(t);
        }
        if (std::filesystem::exists(dataSets[s] + "/input_" + std::to_string(fed.size()) + ".pb"))
            return failHere("the data set has more input_K.pb files than the graph's " + std::to_string(fed.size()) +
                            " inputs");
        NodeContext context;
        context.node = &node;
        context.opset = opset;
        context.outputCount = size_t(node.output_size());
        for (const std::string& name : node.input()) {
            if (name.empty()) {
                context.inputs.push_back(nullptr);
                continue;
            }
            auto it = values.find(name);
            if (it == values.end())
                return failHere("node input '" + name + "' is neither a graph input nor an initializer");
            context.inputs.push_back(&it->second);
        }
        // Expected outputs: output_K.pb for graph output K, which is node output j.
        std::vector<HostTensor> expected(size_t(graph.output_size()));
        std::vector<size_t> nodeOutput(expected.size());
        for (size_t k = 0; k < expected.size(); ++k) {
            std::string e = ReadTensorFile(dataSets[s] + "/output_" + std::to_string(k) + ".pb", &expected[k]);
            if (!e.empty()) return failHere(e);
            int j = 0;
            while (j < node.output_size() && node.output(j) != graph.output(int(k)).name()) ++j;
            if (j == node.output_size())
                return failHere("graph output '" + graph.output(int(k)).name() + "' is not an output of the node");
            nodeOutput[k] = size_t(j);
        }
        const double loadMs = MsSince(loadStart);

        // Lower.
        const auto lowerStart = Clock::now();
        Plan plan;
        LowerStatus lowered = lowering->lower(context, &plan);
        const double lowerMs = MsSince(lowerStart);
        if (lowered.kind == LowerStatus::kSkip) return Skip("lowering: " + lowered.message, prefix + lowered.message);
        if (lowered.kind == LowerStatus::kFail) return failHere("lowering " + op + ": " + lowered.message);
        for (const auto& d : plan.dispatches) detail("dml: " + d->text);
        for (const std::string& note : plan.notes) detail("note: " + note);
        if (plan.outputShapes.size() < size_t(node.output_size()))
            return failHere("internal: the lowering described " + std::to_string(plan.outputShapes.size()) + " of " +
                            std::to_string(node.output_size()) + " outputs");
        for (size_t k = 0; k < expected.size(); ++k) {
            size_t j = nodeOutput[k];
            if (plan.outputShapes[j] != expected[k].shape || plan.outputTypes[j] != expected[k].onnxType)
                return failHere("output " + std::to_string(k) + ": the lowering inferred " +
                                OnnxTypeName(plan.outputTypes[j]) + FormatShape(plan.outputShapes[j]) + ", expected " +
                                OnnxTypeName(expected[k].onnxType) + FormatShape(expected[k].shape));
        }

        // Run.
        RunOutcome outcome;
        outcome.outputs.resize(plan.outputShapes.size());
        outcome.written.assign(plan.outputShapes.size(), false);
        if (!plan.dispatches.empty()) {
            std::string deviceError;
            DeviceRunner* device = Device(&deviceError);
            if (!device) {
                CaseResult fatal = Fail("cannot create the device: " + deviceError);
                fatal.fatal = true;
                return fatal;
            }
            std::vector<uint64_t> outputBytes;
            for (size_t j = 0; j < plan.outputShapes.size(); ++j)
                outputBytes.push_back(ElementCount(plan.outputShapes[j]) * OnnxElementBytes(plan.outputTypes[j]));
            const size_t messagesBefore = device->ValidationMessageCount();
            outcome = device->Run(plan, context.inputs, outputBytes);
            const RunTimings& t = outcome.timings;
            detail("time: load " + Ms(loadMs) + " ms, lower " + Ms(lowerMs) + ", create " + Ms(t.createMs) +
                   ", compile " + Ms(t.compileMs) + ", initialize " + Ms(t.initializeMs) + ", bind " + Ms(t.bindMs) +
                   ", execute " + Ms(t.executeMs) + ", buffers " + Ms(t.transferMs));
            if (outcome.kind == RunOutcome::kSkip) return Skip("runtime: unsupported", prefix + outcome.message);
            if (outcome.kind == RunOutcome::kFail) return failHere(outcome.message);
            if (device->ValidationMessageCount() != messagesBefore)
                return failHere("Vulkan validation: " + device->ValidationMessage(messagesBefore));
        } else {
            detail("time: load " + Ms(loadMs) + " ms, lower " + Ms(lowerMs) + " ms, no dispatch");
        }

        // Compare.
        for (size_t k = 0; k < expected.size(); ++k) {
            size_t j = nodeOutput[k];
            if (expected[k].ElementCount() == 0) continue;
            if (!outcome.written[j])
                return failHere("internal: output " + std::to_string(k) + " was not bound by any dispatch");
            std::string diff = CompareTensor(expected[k], outcome.outputs[j],
                                             plan.compareValues ? CompareMode::kValueExact : CompareMode::kBitExact);
            if (!diff.empty()) return failHere("output " + std::to_string(k) + ": " + diff);
        }
    }
    detail("total " + Ms(MsSince(caseStart)) + " ms");
    return result;
}

}  // namespace conformance
