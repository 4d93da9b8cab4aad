// vkdml-bench: the aligned tables for people.
#include "report.h"
#include "text_format.h"

#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

namespace vkdml_bench {
namespace {

// Columns are left-aligned unless the header starts with '>' (right-aligned; the '>' is not printed).
class Table {
public:
    explicit Table(std::vector<std::string> header) {
        for (auto& h : header) {
            right_.push_back(!h.empty() && h[0] == '>');
            if (right_.back()) h.erase(0, 1);
        }
        rows_.push_back(std::move(header));
    }
    void Add(std::vector<std::string> row) { rows_.push_back(std::move(row)); }
    void Print() const {
        std::vector<size_t> width(rows_[0].size(), 0);
        for (const auto& r : rows_)
            for (size_t i = 0; i < r.size() && i < width.size(); ++i) width[i] = std::max(width[i], r[i].size());
        for (const auto& r : rows_) {
            std::string line = " ";
            for (size_t i = 0; i < r.size() && i < width.size(); ++i) {
                std::string pad(width[i] - r[i].size(), ' ');
                bool last = i + 1 == r.size();
                line += " " + (right_[i] ? pad + r[i] : r[i] + (last ? "" : pad));
            }
            std::printf("%s\n", line.c_str());
        }
    }

private:
    std::vector<bool> right_;
    std::vector<std::vector<std::string>> rows_;
};

// A ratio: 2 decimals, or 2 significant digits below 0.1 (0.0043), so that small ratios still tell apart.
std::string Ratio(double v) {
    if (std::isnan(v)) return "-";
    char t[64];
    std::snprintf(t, sizeof(t), v >= 0.1 ? "%.2f" : "%.2g", v);
    return t;
}

std::string Us(double seconds) {
    if (std::isnan(seconds)) return "-";
    double us = seconds * 1e6;
    return Num(us, us < 10 ? 2 : 1);
}

std::string GpuColumn(const Timing& t, std::string (*f)(double)) {
    return t.gpuValid ? Range(t.gpu, f) : "-";
}

const char* VerdictName(Verdict v) { return v == Verdict::Pass ? "PASS" : v == Verdict::Miss ? "MISS" : "SKIP"; }

std::string Size(uint32_t mib) { return std::to_string(mib) + " MiB"; }

}  // namespace

void PrintText(const Report& r) {
    const DeviceReport& d = r.device;
    const Settings& s = r.settings;
    std::printf("vkdml-bench %s on device %u of %u: %s (%s, Vulkan %s%s%s), chosen by %s\n", r.version.c_str(),
                d.index, d.deviceCount, d.name.c_str(), d.type.c_str(), d.apiVersion.c_str(),
                d.driver.empty() ? "" : ", ", d.driver.c_str(), d.chosenBy.c_str());
    if (d.timestamps)
        std::printf("Timing: GPU timestamps (%u valid bits, %g ns/tick) around the work, and wall clock of submit + "
                    "wait.\n", d.timestampValidBits, d.timestampPeriodNs);
    else
        std::printf("Timing: wall clock of submit + wait only (this queue has no timestamps).\n");
    std::printf("Each figure: median [min-max] of up to %d repetitions (%d at >= 64 MiB) after %d warm-up%s", s.repeat,
                s.repeatLarge, s.warmup, s.warmup == 1 ? "" : "s");
    if (s.caseBudgetSeconds > 0)
        std::printf(";\na case stops at %d once its repetitions took %g s (n = repetitions run)", s.minRepeat,
                    s.caseBudgetSeconds);
    std::printf(".\n");
    std::printf("GB/s = (bytes read + bytes written) / median %s time. x copy, x kernel = the case's GB/s over that\n"
                "of vkCmdCopyBuffer / the compute copy (4 consecutive uvec4 per invocation) of the same bytes, run\n"
                "in turns with it (op, kernel, copy, numpy, op, ...): the median of each round's ratio; x numpy =\n"
                "over numpy doing the same on this CPU, paired so too; x memcpy = over CPU memcpy on 2 threads.\n"
                "Operators compiled %s VKDML_EXECUTION_FLAG_TRANSFER_COMMANDS and %s VKDML_EXECUTION_FLAG_TEXEL_INPUTS;\n"
                "their kernels move %s.\n\n",
                d.timestamps ? "GPU" : "wall-clock", s.transfer ? "with" : "without (--no-transfer)",
                s.texel ? "with" : "without (--no-texel)",
                s.int64Loads ? "64-bit words (shaderInt64)" : "32-bit words (no shaderInt64, or --no-int64)");

    if (!r.baselines.empty()) {
        std::printf("Baselines: copies of the size. GPU paths: all repetitions interleaved with the cases of that "
                    "size;\nCPU memcpy (wall clock): before and after those cases. Pooled median [min-max] (n).\n");
        Table t({">size", "path", ">n", ">GPU ms", ">wall ms", ">GB/s"});
        for (const BaselineResult& b : r.baselines) {
            if (!b.error.empty()) {
                t.Add({Size(b.sizeMiB), b.name, "error: " + b.error});
                continue;
            }
            t.Add({Size(b.sizeMiB), b.name, std::to_string(b.repeat), GpuColumn(b.time, Ms), Range(b.time.wall, Ms),
                   Num(b.gbps, 2)});
        }
        t.Print();
        std::printf("\n");
    }

    if (!r.cases.empty()) {
        std::printf("Operators (launches = kernel dispatches + transfer commands one vkdmlRecordDispatch records)\n");
        Table t({"case", ">size", ">n", ">launches", ">GPU ms", ">wall ms", ">GB/s", ">x copy", ">x kernel", ">x memcpy",
                 ">x numpy"});
        for (const CaseResult& c : r.cases) {
            if (!c.error.empty()) {
                t.Add({c.name, Size(c.sizeMiB), "ERROR: " + c.error});
                continue;
            }
            t.Add({c.name, Size(c.sizeMiB), std::to_string(c.repeat), std::to_string(c.commands.Launches()),
                   GpuColumn(c.time, Ms),
                   Ms(c.time.wall.median), Num(c.gbps, c.gbps < 0.1 ? 3 : 2), Ratio(c.vsCopyBuffer),
                   Ratio(c.vsComputeCopy), Ratio(c.vsMemcpy), Ratio(c.vsNumpy)});
        }
        t.Print();
        std::printf("\nCase layouts (FLOAT32 unless named) at %u MiB\n", s.targetSizeMiB);
        Table l({"case", "layout", ">numpy ms", ">numpy GB/s"});
        for (const CaseResult& c : r.cases)
            if (c.sizeMiB == s.targetSizeMiB)
                l.Add({c.name, c.layout, Range(c.numpy, Ms), Num(c.numpyGbps, 2)});
        l.Print();
        std::printf("\n");
    }

    if (r.haveDispatch) {
        const DispatchOverhead& o = r.dispatch;
        std::printf("Per-dispatch overhead: record + submit + wait, %d repetitions each, interleaved\n", o.repeat);
        if (!o.error.empty()) {
            std::printf("  error: %s\n\n", o.error.c_str());
        } else {
            Table t({"path", ">wall us", ">GPU us"});
            t.Add({"empty command buffer", Range(o.emptySubmit.wall, Us), GpuColumn(o.emptySubmit, Us)});
            t.Add({"raw dispatch (1 group, compute copy)", Range(o.raw.wall, Us), GpuColumn(o.raw, Us)});
            t.Add({"vkdml IDENTITY of 16 bytes", Range(o.vkdml.wall, Us), GpuColumn(o.vkdml, Us)});
            t.Print();
            std::printf("  vkdml / raw (wall medians): %s\n\n", Num(o.vkdml.wall.median / o.raw.wall.median, 2).c_str());
        }
    }
    if (!r.records.empty()) {
        std::printf("Recording alone: CPU time (thread clock) per recording, %d batches of %d recordings; the raw side\n"
                    "replays with vkCmd* exactly the commands vkdmlRecordDispatch recorded\n",
                    r.records[0].batches, r.records[0].recordingsPerBatch);
        Table t({"operator", "commands recorded", ">raw us", ">vkdml us", ">added us"});
        for (const RecordOverhead& o : r.records) {
            if (!o.error.empty()) {
                t.Add({o.name, "error: " + o.error});
                continue;
            }
            t.Add({o.name, o.sequence, Range(o.raw, Us), Range(o.vkdml, Us), Us(o.addedSeconds)});
        }
        t.Print();
        std::printf("\n");
    }
    if (!r.compile.empty()) {
        std::printf("Operator create + compile on a new VkdmlDevice (ms; first dispatch = record + submit + wait)\n");
        Table t({"kernel", "operator", ">create", ">compile", ">first dispatch"});
        for (const CompileResult& c : r.compile) {
            if (!c.error.empty()) {
                t.Add({c.name, "error: " + c.error});
                continue;
            }
            t.Add({c.name, "cold: " + c.first, Range(c.createFirst, Ms), Range(c.compileCold, Ms),
                   Range(c.firstDispatchCold, Ms)});
            t.Add({"", "shared kernel: " + c.second, Range(c.createSecond, Ms), Range(c.compileShared, Ms),
                   Range(c.firstDispatchShared, Ms)});
        }
        t.Print();
        std::printf("  %d repetitions, each on a new VkdmlDevice; driver caches (e.g. Mesa's disk cache) as they "
                    "are.\n\n", r.compile.empty() ? 0 : r.compile[0].repeat);
    }

    if (!r.targets.empty()) {
        std::printf("Targets (issue 6; medians; size cases at %u MiB)\n", s.targetSizeMiB);
        Table t({"subject", "target", ">measured", "verdict"});
        int pass = 0, miss = 0, skip = 0;
        for (const TargetVerdict& v : r.targets) {
            std::string measured = std::isnan(v.measured) ? "-"
                                   : v.unit == "x"        ? Ratio(v.measured) + "x"
                                   : v.unit == "launches" ? Num(v.measured, 0)
                                                          : Num(v.measured, 3) + " " + v.unit;
            std::string verdict = VerdictName(v.verdict);
            if (!v.note.empty()) verdict += " (" + v.note + ")";
            t.Add({v.subject, v.target, measured, verdict});
            (v.verdict == Verdict::Pass ? pass : v.verdict == Verdict::Miss ? miss : skip)++;
        }
        t.Print();
        std::printf("  %d PASS, %d MISS, %d SKIP\n", pass, miss, skip);
    }
    for (const std::string& n : r.notes) std::printf("Note: %s\n", n.c_str());
    std::printf("Total run time: %.1f s\n", r.totalSeconds);
}

}  // namespace vkdml_bench
