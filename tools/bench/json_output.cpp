// vkdml-bench: one JSON document for machines (schema: tools/bench/README.md). Times are seconds; NaN -> null.
#include "report.h"

#include <cmath>
#include <cstdio>
#include <string>

namespace vkdml_bench {
namespace {

std::string Str(const std::string& s) {
    std::string o = "\"";
    for (unsigned char c : s) {
        if (c == '"' || c == '\\') {
            o += '\\';
            o += char(c);
        } else if (c < 0x20) {
            char t[8];
            std::snprintf(t, sizeof(t), "\\u%04x", c);
            o += t;
        } else {
            o += char(c);
        }
    }
    return o + "\"";
}

std::string Num(double v) {
    if (std::isnan(v) || std::isinf(v)) return "null";
    char t[64];
    std::snprintf(t, sizeof(t), "%.6g", v);
    return t;
}

std::string Int(uint64_t v) { return std::to_string(v); }
std::string Bool(bool v) { return v ? "true" : "false"; }

std::string Sum(const Summary& s) {
    if (std::isnan(s.median)) return "null";
    return "{\"median\": " + Num(s.median) + ", \"min\": " + Num(s.min) + ", \"max\": " + Num(s.max) +
           ", \"count\": " + std::to_string(s.count) + "}";
}

std::string TimingFields(const Timing& t) {
    return "\"gpu_s\": " + (t.gpuValid ? Sum(t.gpu) : std::string("null")) + ", \"wall_s\": " + Sum(t.wall);
}

std::string OptError(const std::string& e) { return e.empty() ? "null" : Str(e); }

const char* VerdictName(Verdict v) { return v == Verdict::Pass ? "PASS" : v == Verdict::Miss ? "MISS" : "SKIP"; }

template <typename T, typename F>
std::string List(const std::vector<T>& items, F f) {
    std::string s = "[";
    for (size_t i = 0; i < items.size(); ++i) s += (i ? ",\n    " : "\n    ") + f(items[i]);
    return s + (items.empty() ? "]" : "\n  ]");
}

}  // namespace

void PrintJson(const Report& r) {
    const DeviceReport& d = r.device;
    const Settings& s = r.settings;
    std::string o = "{\n";
    o += "  \"tool\": \"vkdml-bench\",\n  \"version\": " + Str(r.version) + ",\n";
    o += "  \"device\": {\"index\": " + Int(d.index) + ", \"count\": " + Int(d.deviceCount) + ", \"name\": " +
         Str(d.name) + ", \"type\": " + Str(d.type) + ", \"vulkan\": " + Str(d.apiVersion) + ", \"driver\": " +
         Str(d.driver) + ", \"chosen_by\": " + Str(d.chosenBy) + ", \"timestamps\": " + Bool(d.timestamps) +
         ", \"timestamp_valid_bits\": " + Int(d.timestampValidBits) + ", \"timestamp_period_ns\": " +
         Num(d.timestampPeriodNs) + ", \"max_storage_buffer_range\": " + Int(d.maxStorageBufferRange) + "},\n";
    std::string sizes = "[";
    for (size_t i = 0; i < s.sizesMiB.size(); ++i) sizes += (i ? ", " : "") + Int(s.sizesMiB[i]);
    sizes += "]";
    o += "  \"settings\": {\"sizes_mib\": " + sizes + ", \"repeat\": " + Int(s.repeat) + ", \"repeat_large\": " +
         Int(s.repeatLarge) + ", \"case_budget_s\": " + Num(s.caseBudgetSeconds) + ", \"min_repeat\": " +
         Int(s.minRepeat) + ", \"warmup\": " + Int(s.warmup) + ", \"filter\": " + Str(s.filter) +
         ", \"numpy\": " + Bool(s.numpy) + ", \"transfer\": " + Bool(s.transfer) + ", \"texel_inputs\": " + Bool(s.texel) +
         ", \"int64_loads\": " +
         Bool(s.int64Loads) + ", \"python\": " + Str(s.python) + ", \"target_size_mib\": " + Int(s.targetSizeMiB) +
         ", \"time_for_ratios\": " + Str(d.timestamps ? "gpu" : "wall") + "},\n";
    o += "  \"baselines\": " + List(r.baselines, [](const BaselineResult& b) {
        return "{\"name\": " + Str(b.name) + ", \"size_mib\": " + Int(b.sizeMiB) + ", \"bytes\": " + Int(b.bytes) +
               ", \"repeat\": " + Int(b.repeat) + ", " + TimingFields(b.time) + ", \"gbps\": " + Num(b.gbps) +
               ", \"error\": " + OptError(b.error) + "}";
    }) + ",\n";
    o += "  \"cases\": " + List(r.cases, [](const CaseResult& c) {
        const CommandCounts& k = c.commands;
        return "{\"name\": " + Str(c.name) + ", \"family\": " + Str(c.family) + ", \"layout\": " + Str(c.layout) +
               ", \"size_mib\": " + Int(c.sizeMiB) + ", \"repeat\": " + Int(c.repeat) + ", \"bytes_read\": " +
               Int(c.bytesRead) + ", \"bytes_written\": " + Int(c.bytesWritten) + ", \"target_class\": " +
               Str(c.targetClass == TargetClass::ContiguousRuns ? "contiguous_runs" : "other") +
               ", \"launches\": " + Int(k.Launches()) + ", \"dispatches\": " + Int(k.dispatches) +
               ", \"copy_commands\": " + Int(k.copyBuffers) + ", \"copy_regions\": " + Int(k.copyRegions) +
               ", \"fill_commands\": " + Int(k.fills) + ", \"barriers\": " + Int(k.barriers) +
               ", \"commands\": " + Int(k.total) + ", \"required_descriptors\": " + Int(c.requiredDescriptors) +
               ", " + TimingFields(c.time) + ", \"gbps\": " + Num(c.gbps) + ", \"vs_copy_buffer\": " +
               Num(c.vsCopyBuffer) + ", \"vs_compute_copy\": " + Num(c.vsComputeCopy) +
               ", \"vs_compute_copy_u64vec2\": " + Num(c.vsComputeCopy64) +
               ", \"vs_compute_copy_texel\": " + Num(c.vsComputeCopyTexel) + ", \"vs_memcpy\": " +
               Num(c.vsMemcpy) + ", \"numpy_s\": " + Sum(c.numpy) + ", \"numpy_gbps\": " + Num(c.numpyGbps) +
               ", \"vs_numpy\": " + Num(c.vsNumpy) + ", \"numpy_error\": " + OptError(c.numpyError) +
               ", \"error\": " + OptError(c.error) + "}";
    }) + ",\n";
    if (r.haveDispatch) {
        const DispatchOverhead& x = r.dispatch;
        o += "  \"dispatch_overhead\": {\"repeat\": " + Int(x.repeat) + ", \"empty_submit\": {" +
             TimingFields(x.emptySubmit) + "}, \"raw\": {" + TimingFields(x.raw) + "}, \"vkdml\": {" +
             TimingFields(x.vkdml) + "}, \"error\": " + OptError(x.error) + "},\n";
    }
    o += "  \"record_overhead\": " + List(r.records, [](const RecordOverhead& x) {
        return "{\"operator\": " + Str(x.name) + ", \"batches\": " + Int(x.batches) + ", \"recordings_per_batch\": " +
               Int(x.recordingsPerBatch) + ", \"sequence\": " + Str(x.sequence) + ", \"raw_cpu_s\": " + Sum(x.raw) +
               ", \"vkdml_cpu_s\": " + Sum(x.vkdml) + ", \"added_s\": " + Num(x.addedSeconds) + ", \"error\": " +
               OptError(x.error) + "}";
    }) + ",\n";
    o += "  \"compile\": " + List(r.compile, [](const CompileResult& c) {
        return "{\"name\": " + Str(c.name) + ", \"first\": " + Str(c.first) + ", \"second\": " + Str(c.second) +
               ", \"repeat\": " + Int(c.repeat) + ", \"create_first_s\": " + Sum(c.createFirst) +
               ", \"compile_cold_s\": " + Sum(c.compileCold) + ", \"first_dispatch_cold_s\": " +
               Sum(c.firstDispatchCold) + ", \"create_second_s\": " + Sum(c.createSecond) +
               ", \"compile_shared_s\": " + Sum(c.compileShared) + ", \"first_dispatch_shared_s\": " +
               Sum(c.firstDispatchShared) + ", \"error\": " + OptError(c.error) + "}";
    }) + ",\n";
    int pass = 0, miss = 0, skip = 0;
    for (const TargetVerdict& v : r.targets) (v.verdict == Verdict::Pass ? pass : v.verdict == Verdict::Miss ? miss : skip)++;
    o += "  \"targets\": " + List(r.targets, [](const TargetVerdict& v) {
        return "{\"subject\": " + Str(v.subject) + ", \"size_mib\": " + (v.sizeMiB ? Int(v.sizeMiB) : "null") +
               ", \"target\": " + Str(v.target) + ", \"measured\": " + Num(v.measured) + ", \"unit\": " +
               Str(v.unit) + ", \"verdict\": " + Str(VerdictName(v.verdict)) + ", \"note\": " + OptError(v.note) +
               "}";
    }) + ",\n";
    o += "  \"summary\": {\"pass\": " + Int(pass) + ", \"miss\": " + Int(miss) + ", \"skip\": " + Int(skip) + "},\n";
    o += "  \"notes\": " + List(r.notes, [](const std::string& n) { return Str(n); }) + ",\n";
    o += "  \"total_seconds\": " + Num(r.totalSeconds) + "\n}\n";
    std::fputs(o.c_str(), stdout);
}

}  // namespace vkdml_bench
