#include "case_runner.h"

#include "compare.h"
#include "function_match.h"
#include "lowering.h"
#include "onnx_values.h"

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

// Lowers one node (its inputs bound in `context`), runs the plan and compares `expected` (graph output k is node
// output nodeOutput[k]). nullopt when every output matches; otherwise the SKIP or FAIL.
std::optional<CaseResult> CaseRunner::LowerRunCompare(const LoweringEntry& lowering, const NodeContext& context,
                                                      const std::vector<const HostTensor*>& expected,
                                                      const std::vector<size_t>& nodeOutput, const std::string& prefix,
                                                      double loadMs, CaseResult* result) {
    auto failHere = [&](const std::string& reason) { return Fail(prefix + reason); };
    auto detail = [&](std::string line) {
        if (verbose_) result->details.push_back(std::move(line));
    };
    const std::string& op = context.node->op_type();
    const onnx::NodeProto& node = *context.node;
    // Lower.
    const auto lowerStart = Clock::now();
    Plan plan;
    LowerStatus lowered = lowering.lower(context, &plan);
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
        if (plan.outputShapes[j] != expected[k]->shape || plan.outputTypes[j] != expected[k]->onnxType)
            return failHere("output " + std::to_string(k) + ": the lowering inferred " +
                            OnnxTypeName(plan.outputTypes[j]) + FormatShape(plan.outputShapes[j]) + ", expected " +
                            OnnxTypeName(expected[k]->onnxType) + FormatShape(expected[k]->shape));
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
        if (expected[k]->ElementCount() == 0) continue;
        if (!outcome.written[j])
            return failHere("internal: output " + std::to_string(k) + " was not bound by any dispatch");
        std::string diff = CompareTensor(*expected[k], outcome.outputs[j],
                                         plan.compareValues ? CompareMode::kValueExact : CompareMode::kBitExact);
        if (!diff.empty()) return failHere("output " + std::to_string(k) + ": " + diff);
    }
    return std::nullopt;
}

CaseResult CaseRunner::Run(const TestCase& testCase) {
    const auto caseStart = Clock::now();
    onnx::ModelProto model;
    std::string error = ReadModelFile(testCase.dir + "/model.onnx", &model);
    if (!error.empty()) return Fail(error);
    const onnx::GraphProto& graph = model.graph();
    const int64_t opset = DefaultOpset(model);
    // A graph of several nodes runs only when it is, node for node, the function body of one ONNX op: it is then
    // lowered as that op (the `*_expanded` cases).
    onnx::NodeProto expandedOp;
    std::string expansionNote;
    if (graph.node_size() != 1) {
        std::string why;
        if (!MatchFunctionExpansion(graph, opset, &expandedOp, &why)) {
            std::string ops;
            for (int i = 0; i < graph.node_size() && i < 4; ++i) ops += (i ? "," : "") + graph.node(i).op_type();
            if (graph.node_size() > 4) ops += ",...";
            return Skip("graph of several nodes", "the graph has " + std::to_string(graph.node_size()) + " nodes (" +
                                                      ops + "); " + why);
        }
        expansionNote = "the graph's " + std::to_string(graph.node_size()) + " nodes are the function body of " +
                        expandedOp.op_type() + ": lowered as that op";
    }
    const onnx::NodeProto& node = graph.node_size() == 1 ? graph.node(0) : expandedOp;
    const std::string& op = node.op_type();
    if (!node.domain().empty() && node.domain() != "ai.onnx")
        return Skip("op of another domain", "op " + op + " of domain '" + node.domain() + "' is not mapped");
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
    for (const auto& input : graph.input())
        if (!initializers.count(input.name())) fed.push_back(&input);
    // Sequences and optionals (of tensors, at any depth) run only through ops that act on each element alone:
    // the node then runs once per element tensor.
    bool perElement = false;
    for (const auto* list : {&graph.input(), &graph.output()})
        for (const auto& value : *list) {
            if (value.type().has_tensor_type()) continue;
            const std::string where = std::string("graph ") + (list == &graph.input() ? "input '" : "output '") +
                                      value.name() + "' has type " + ValueKind(value.type());
            if (!IsTensorTree(value.type()))
                return Skip("non-tensor input or output", where + " with elements that are not tensors");
            if (!ActsPerElement(op) || node.input_size() != 1 || node.output_size() != 1 || graph.input_size() != 1 ||
                graph.output_size() != 1)
                return Skip("non-tensor input or output",
                            where + "; " + op + " does not act on each element of a sequence/optional alone");
            perElement = true;
        }
    // Element types DML has no data type for (STRING, BFLOAT16, COMPLEX*): nothing to bind them as.
    for (const auto* list : {&graph.input(), &graph.output()})
        for (const auto& value : *list) {
            const onnx::TypeProto* t = &value.type();
            while (!t->has_tensor_type())
                t = t->has_sequence_type() ? &t->sequence_type().elem_type() : &t->optional_type().elem_type();
            const int32_t type = t->tensor_type().elem_type();
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
    if (!expansionNote.empty()) detail("note: " + expansionNote);

    for (size_t s = 0; s < dataSets.size(); ++s) {
        const std::string prefix = dataSets.size() > 1 ? std::filesystem::path(dataSets[s]).filename().string() + ": " : "";
        auto failHere = [&](const std::string& reason) { return Fail(prefix + reason); };
        const auto loadStart = Clock::now();

        // Bind input_K.pb to the K-th fed graph input; output_K.pb is graph output K.
        std::map<std::string, HostValue> values;
        for (auto& [name, tensor] : initializers) values[name].tensor = tensor;
        for (size_t k = 0; k < fed.size(); ++k) {
            std::string e = ReadValueFile(dataSets[s] + "/input_" + std::to_string(k) + ".pb", fed[k]->type(),
                                          &values[fed[k]->name()]);
            if (!e.empty()) return failHere(e);
        }
        if (std::filesystem::exists(dataSets[s] + "/input_" + std::to_string(fed.size()) + ".pb"))
            return failHere("the data set has more input_K.pb files than the graph's " + std::to_string(fed.size()) +
                            " inputs");
        std::vector<HostValue> expected(size_t(graph.output_size()));
        std::vector<size_t> nodeOutput(expected.size());
        for (size_t k = 0; k < expected.size(); ++k) {
            std::string e = ReadValueFile(dataSets[s] + "/output_" + std::to_string(k) + ".pb",
                                          graph.output(int(k)).type(), &expected[k]);
            if (!e.empty()) return failHere(e);
            int j = 0;
            while (j < node.output_size() && node.output(j) != graph.output(int(k)).name()) ++j;
            if (j == node.output_size())
                return failHere("graph output '" + graph.output(int(k)).name() + "' is not an output of the node");
            nodeOutput[k] = size_t(j);
        }
        NodeContext context;
        context.node = &node;
        context.opset = opset;
        context.outputCount = size_t(node.output_size());

        if (perElement) {
            // One input, one output, nested the same way: element tensor i of the output is the op applied to
            // element tensor i of the input; an empty sequence or optional runs nothing.
            auto in = values.find(node.input(0));
            if (in == values.end()) return failHere("node input '" + node.input(0) + "' is not a graph input");
            if (Structure(in->second) != Structure(expected[0]))
                return failHere("output 0 nests as " + Structure(expected[0]) + ", the input as " +
                                Structure(in->second) + "; " + op + " keeps the nesting");
            std::vector<const HostTensor*> inputs, outputs;
            CollectTensors(in->second, &inputs);
            CollectTensors(expected[0], &outputs);
            detail("note: " + Structure(in->second) + ": " + std::to_string(inputs.size()) + " element tensor(s)");
            for (size_t i = 0; i < inputs.size(); ++i) {
                context.inputs = {inputs[i]};
                if (auto r = LowerRunCompare(*lowering, context, {outputs[i]}, {0},
                                             prefix + "element " + std::to_string(i) + ": ", MsSince(loadStart),
                                             &result))
                    return *r;
            }
            continue;
        }

        for (const std::string& name : node.input()) {
            if (name.empty()) {
                context.inputs.push_back(nullptr);
                continue;
            }
            auto it = values.find(name);
            if (it == values.end())
                return failHere("node input '" + name + "' is neither a graph input nor an initializer");
            context.inputs.push_back(&it->second.tensor);
        }
        std::vector<const HostTensor*> expectedTensors;
        for (const HostValue& v : expected) expectedTensors.push_back(&v.tensor);
        if (auto r = LowerRunCompare(*lowering, context, expectedTensors, nodeOutput, prefix, MsSince(loadStart),
                                     &result))
            return *r;
    }
    detail("total " + Ms(MsSince(caseStart)) + " ms");
    return result;
}

}  // namespace conformance
