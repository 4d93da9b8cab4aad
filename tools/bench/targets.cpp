// vkdml-bench: the targets of issue 6, part 2, judged as PASS / MISS (SKIP when a number is missing). Ratios are
// of medians in the same run; size cases are judged at Settings::targetSizeMiB (64 MiB unless not run).
#include "report.h"

#include <cmath>

namespace vkdml_bench {
namespace {

void Judge(Report* report, const std::string& subject, uint32_t sizeMiB, const std::string& target, double measured,
           const std::string& unit, double threshold, bool atLeast, const std::string& missing) {
    TargetVerdict v;
    v.subject = subject;
    v.sizeMiB = sizeMiB;
    v.target = target;
    v.measured = measured;
    v.unit = unit;
    if (std::isnan(measured)) {
        v.verdict = Verdict::Skip;
        v.note = missing;
    } else {
        v.verdict = (atLeast ? measured >= threshold : measured <= threshold) ? Verdict::Pass : Verdict::Miss;
    }
    report->targets.push_back(v);
}

}  // namespace

void EvaluateTargets(Report* report) {
    report->targets.clear();
    const uint32_t size = report->settings.targetSizeMiB;
    for (const CaseResult& c : report->cases) {
        if (c.sizeMiB != size) continue;
        const std::string why = c.error.empty() ? "baseline missing" : "case failed";
        if (c.targetClass == TargetClass::ContiguousRuns)
            Judge(report, c.name, size, ">= 0.9 x vkCmdCopyBuffer", c.vsCopyBuffer, "x", 0.9, true, why);
        else
            Judge(report, c.name, size, ">= 0.8 x compute copy", c.vsComputeCopy, "x", 0.8, true, why);
        if (c.numpyTarget)
            Judge(report, c.name, size, ">= 1.0 x numpy", c.vsNumpy, "x", 1.0, true,
                  c.error.empty() ? (c.numpyError.empty() ? "numpy not run" : c.numpyError) : why);
        if (c.oneLaunchTarget)
            Judge(report, c.name, size, "1 launch for " + std::to_string(c.parts) + " parts",
                  c.error.empty() ? double(c.commands.Launches()) : kNaN, "launches", 1, false, why);
    }
    for (const RecordOverhead& r : report->records)
        Judge(report, "record " + r.name.substr(0, r.name.find(' ')), 0, "<= 2 us CPU over the raw vkCmd*",
              r.addedSeconds * 1e6, "us", 2.0, false, r.error);
    for (const CompileResult& c : report->compile)
        Judge(report, "compile." + c.name, 0, "<= 0.1 ms with the kernel in use", c.compileShared.median * 1e3, "ms",
              0.1, false, c.error);
}

}  // namespace vkdml_bench
