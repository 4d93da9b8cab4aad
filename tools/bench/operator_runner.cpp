// vkdml-bench: one operator case on vkdml.
#include "operator_runner.h"

#include "command_counter.h"
#include "stats.h"

#include <vector>

namespace vkdml_bench {

std::string VkdmlError(const char* call, VKDML_STATUS status) {
    return std::string(call) + ": " + vkdmlStatusName(status) + ": " + vkdmlGetLastErrorMessage();
}

#define BENCH_DML(call, what)                         \
    do {                                              \
        VKDML_STATUS status_ = (call);                \
        if (status_ != VKDML_SUCCESS) {               \
            *error = VkdmlError(what, status_);       \
            return false;                             \
        }                                             \
    } while (0)

BoundOperator::~BoundOperator() {
    for (void* h : {(void*)recorder, (void*)table, (void*)compiled, (void*)op})
        if (h) vkdmlRelease(h, nullptr);
    if (temporary) vkdmlDestroyBuffer(device, temporary);
}

bool BoundOperator::Create(VkdmlDevice d, const BuiltCase& c, std::string* error) {
    device = d;
    BENCH_DML(vkdmlCreateOperator(device, &c.op, &op), "vkdmlCreateOperator");
    return true;
}

bool BoundOperator::Compile(std::string* error) {
    BENCH_DML(vkdmlCompileOperator(device, op, compileFlags, &compiled), "vkdmlCompileOperator");
    return true;
}

bool BoundOperator::Initialize(VkContext& ctx, std::string* error) {
    VkdmlOperatorInitializer init = nullptr;
    BENCH_DML(vkdmlCreateOperatorInitializer(device, 1, &compiled, &init), "vkdmlCreateOperatorInitializer");
    DML_BINDING_TABLE_DESC desc{init, VK_NULL_HANDLE, 0, 0};
    VkdmlBindingTable initTable = nullptr;
    VKDML_STATUS s = vkdmlCreateBindingTable(device, &desc, &initTable);
    bool ok = s == VKDML_SUCCESS;
    if (!ok) *error = VkdmlError("vkdmlCreateBindingTable (initializer)", s);
    if (ok && !recorder) {
        s = vkdmlCreateCommandRecorder(device, &recorder);
        ok = s == VKDML_SUCCESS;
        if (!ok) *error = VkdmlError("vkdmlCreateCommandRecorder", s);
    }
    if (ok)
        ok = ctx.RunOnce(
            [&](VkCommandBuffer cb, std::string* e) {
                VKDML_STATUS r = vkdmlRecordDispatch(recorder, cb, init, initTable);
                if (r != VKDML_SUCCESS) *e = VkdmlError("vkdmlRecordDispatch (initializer)", r);
                return r == VKDML_SUCCESS;
            },
            error);
    if (initTable) vkdmlRelease(initTable, nullptr);
    vkdmlRelease(init, nullptr);
    return ok;
}

bool BoundOperator::Bind(const BuiltCase& c, const WorkBuffers& buffers, std::string* error) {
    // A case that outgrows the work buffers is the bench's bug: report it rather than bind past a buffer's end.
    for (const std::vector<Placement>* places : {&c.inputs, &c.outputs})
        for (const Placement& p : *places) {
            const uint64_t bufferSize = buffers.Get(p.buffer).size;
            if (p.size > bufferSize || p.offset > bufferSize - p.size) {
                *error = "a binding of " + std::to_string(p.size) + " bytes at " + std::to_string(p.offset) +
                         " does not fit its work buffer of " + std::to_string(bufferSize) + " bytes";
                return false;
            }
        }
    DML_BINDING_TABLE_DESC desc{compiled, VK_NULL_HANDLE, 0, 0};
    BENCH_DML(vkdmlCreateBindingTable(device, &desc, &table), "vkdmlCreateBindingTable");
    auto bind = [&](const std::vector<Placement>& places, bool outputs) {
        std::vector<DML_BUFFER_BINDING> b;
        std::vector<DML_BINDING_DESC> d;
        b.reserve(places.size());
        for (const Placement& p : places) {
            b.push_back({buffers.Get(p.buffer).buffer, p.offset, p.size});
            d.push_back({DML_BINDING_TYPE_BUFFER, &b.back()});
        }
        return outputs ? vkdmlBindOutputs(table, UINT(d.size()), d.data())
                       : vkdmlBindInputs(table, UINT(d.size()), d.data());
    };
    BENCH_DML(bind(c.inputs, false), "vkdmlBindInputs");
    BENCH_DML(bind(c.outputs, true), "vkdmlBindOutputs");
    // The temporary resource where the operator asks for one (NONZERO_COORDINATES): a buffer of its own.
    DML_BINDING_PROPERTIES properties{};
    BENCH_DML(vkdmlGetBindingProperties(compiled, &properties), "vkdmlGetBindingProperties");
    if (properties.TemporaryResourceSize > 0) {
        BENCH_DML(vkdmlCreateBuffer(device, properties.TemporaryResourceSize, &temporary), "vkdmlCreateBuffer");
        DML_BUFFER_BINDING buffer{temporary, 0, properties.TemporaryResourceSize};
        DML_BINDING_DESC binding{DML_BINDING_TYPE_BUFFER, &buffer};
        BENCH_DML(vkdmlBindTemporaryResource(table, &binding), "vkdmlBindTemporaryResource");
    }
    return true;
}

bool BoundOperator::Prepare(VkContext& ctx, VkdmlDevice d, const BuiltCase& c, const WorkBuffers& buffers,
                            std::string* error) {
    return Create(d, c, error) && Compile(error) && Initialize(ctx, error) && Bind(c, buffers, error);
}

bool BoundOperator::Record(VkCommandBuffer cb, std::string* error) {
    BENCH_DML(vkdmlRecordDispatch(recorder, cb, compiled, table), "vkdmlRecordDispatch");
    return true;
}

void RunCase(VkContext& ctx, VkdmlDevice device, ComputeCopyKernel& kernel, ComputeCopyKernel* kernel64,
             ComputeCopyKernel* kernelTexel, NumpySession* numpy, const BuiltCase& c, const WorkBuffers& buffers,
             uint64_t baselineBytes, int warmup, int repeat, double budgetSeconds, int minRepeat,
             DML_EXECUTION_FLAGS compileFlags, CaseResult* out) {
    out->name = c.name;
    out->family = c.family;
    out->layout = c.layout;
    out->repeat = repeat;
    out->bytesRead = c.bytesRead;
    out->bytesWritten = c.bytesWritten;
    out->targetClass = c.targetClass;
    out->numpyTarget = c.numpyTarget;
    out->oneLaunchTarget = c.oneLaunchTarget;
    out->parts = c.parts;

    if (!c.indices.empty() &&
        !ctx.Upload(buffers.indices, 0, c.indices.data(), c.indices.size() * 4, &out->error))
        return;
    BoundOperator bound;
    bound.compileFlags = compileFlags;
    if (!bound.Prepare(ctx, device, c, buffers, &out->error)) return;
    DML_BINDING_PROPERTIES props{};
    if (vkdmlGetBindingProperties(bound.compiled, &props) == VKDML_SUCCESS)
        out->requiredDescriptors = props.RequiredDescriptorCount;

    // A round's order: the case, the compute copy, vkCmdCopyBuffer, then the other compute copies. The case and
    // vkCmdCopyBuffer each run right after a compute copy of the same buffers, whatever the case records: on
    // lavapipe a copy finds the buffers faster right after a copy of them than after a dispatch (Zen 5: 3.4
    // against 4.0 ms at 64 MiB), so a copy run right after the case would be timed in conditions set by the case.
    std::vector<RecordedCommand> recorded;
    std::vector<RecordFn> records = {
        [&](VkCommandBuffer cb, std::string* error) {
            BeginCapture();
            bool r = bound.Record(cb, error);
            recorded = Captured();
            return r;
        },
        ComputeCopyCommands(kernel, buffers.source, buffers.destination, baselineBytes),
        CopyBufferCommands(ctx, buffers.source, buffers.destination, baselineBytes),
    };
    if (kernel64) records.push_back(ComputeCopyCommands(*kernel64, buffers.source, buffers.destination, baselineBytes));
    if (kernelTexel)
        records.push_back(ComputeCopyCommands(*kernelTexel, buffers.source, buffers.destination, baselineBytes));
    // numpy's turn ends each round (and returns true: TimeInterleaved then runs the round's last command once more, so
    // the case does not follow numpy's arrays through the caches); a failed repetition ends its turns for the case
    // (out->numpyError says why).
    bool numpyTurns =
        numpy && numpy->Running() && !c.numpySpec.empty() && numpy->Prepare(c.numpySpec, &out->numpyError);
    std::vector<double> numpyTimes;
    auto numpyTurn = [&](bool warmupRound) {
        double seconds = 0;
        if (numpyTurns && !numpy->RunOnce(&seconds, &out->numpyError)) numpyTurns = false;
        if (numpyTurns && !warmupRound) numpyTimes.push_back(seconds);
        return numpyTurns;
    };
    std::vector<Timing> timings;
    bool ok = ctx.TimeInterleaved(records, warmup, repeat, &timings, &out->error, budgetSeconds, minRepeat,
                                  numpyTurn);
    kernel.ReleaseSets();
    if (kernel64) kernel64->ReleaseSets();
    if (kernelTexel) kernelTexel->ReleaseSets();
    if (!ok) return;
    out->time = std::move(timings[0]);
    out->repeat = int(out->time.wallSamples.size());
    out->computeCopy = std::move(timings[1]);
    out->copyBuffer = std::move(timings[2]);
    out->commands = Count(recorded);
    out->gbps = Gbps(double(c.bytesRead + c.bytesWritten), out->time.Seconds());
    // x baseline: the case's GB/s over the baseline's, round by round (each round runs the case, then each baseline),
    // and the median of those ratios.
    const double bytesRatio = double(c.bytesRead + c.bytesWritten) / (2.0 * double(baselineBytes));
    auto versus = [&](const Timing& baseline) {
        return bytesRatio * PairedRatioMedian(baseline.Samples(), out->time.Samples());
    };
    out->vsCopyBuffer = versus(out->copyBuffer);
    out->vsComputeCopy = versus(out->computeCopy);
    size_t next = 3;
    if (kernel64) {
        out->computeCopy64 = std::move(timings[next++]);
        out->vsComputeCopy64 = versus(out->computeCopy64);
    }
    if (kernelTexel) {
        out->computeCopyTexel = std::move(timings[next++]);
        out->vsComputeCopyTexel = versus(out->computeCopyTexel);
    }
    // x numpy: the same bytes on both sides, so numpy's time over the case's, round by round.
    if (numpyTurns && !numpyTimes.empty()) {
        out->numpy = Summarize(numpyTimes);
        out->numpyGbps = Gbps(double(c.bytesRead + c.bytesWritten), out->numpy.median);
        out->vsNumpy = PairedRatioMedian(numpyTimes, out->time.Samples());
    }
}

}  // namespace vkdml_bench
