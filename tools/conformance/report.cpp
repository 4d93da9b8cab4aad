#include "report.h"

#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>

namespace conformance {
namespace {

std::string OneLine(std::string text) {
    std::replace(text.begin(), text.end(), '\n', ' ');
    std::replace(text.begin(), text.end(), '\r', ' ');
    return text;
}

std::string Quoted(const std::string& text) {
    if (text.find_first_of(" '\"$\\") == std::string::npos) return text;
    std::string q = "'";
    for (char c : text) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return q + "'";
}

}  // namespace

std::string CaseLine(const TestCase& testCase, CaseResult::Kind kind, const std::string& reason,
                     const RunOptions& options) {
    switch (kind) {
        case CaseResult::kPass: return "PASS " + testCase.name;
        case CaseResult::kSkip: return "SKIP " + testCase.name + ": " + OneLine(reason);
        case CaseResult::kFail: break;
    }
    std::string repro = Quoted(options.program) + " --verbose";
    if (options.deviceGiven) repro += " --device " + std::to_string(options.device.physicalDeviceIndex);
    if (options.device.debug) repro += " --debug";
    if (options.device.guardBytes != 64) repro += " --guard " + std::to_string(options.device.guardBytes);
    repro += " " + Quoted(testCase.dir);
    return "FAIL " + testCase.name + ": " + OneLine(reason) + " [repro: " + repro + "]";
}

// Self-test hooks for the crash isolation (README): the named case crashes or hangs the process running it.
void SelfTestHooks(const TestCase& testCase) {
    const char* crash = std::getenv("VKDML_CONFORMANCE_SELFTEST_CRASH");
    if (crash && testCase.name == crash) raise(SIGSEGV);
    const char* hang = std::getenv("VKDML_CONFORMANCE_SELFTEST_HANG");
    if (hang && testCase.name == hang)
        for (;;) pause();
}

bool RunCases(const std::vector<TestCase>& cases, size_t first, const RunOptions& options, Events* events) {
    CaseRunner runner(options.device, options.verbose);
    bool deviceReported = false;
    for (size_t i = first; i < cases.size(); ++i) {
        events->Begin(i);
        SelfTestHooks(cases[i]);
        CaseResult result = runner.Run(cases[i]);
        if (!deviceReported && !runner.DeviceDescription().empty()) {
            events->Device(runner.DeviceDescription());
            deviceReported = true;
        }
        if (result.fatal) {
            events->Fatal("stopped at " + cases[i].name + ": " + result.reason);
            return false;
        }
        events->Line(CaseLine(cases[i], result.kind, result.reason, options));
        for (const std::string& detail : result.details) events->Line("    " + OneLine(detail));
        events->End(i, result.kind, result.category);
    }
    return true;
}

void Report::Line(const std::string& text) {
    std::fputs(text.c_str(), stdout);
    std::fputc('\n', stdout);
    std::fflush(stdout);
}

void Report::End(size_t, CaseResult::Kind kind, const std::string& skipCategory) {
    switch (kind) {
        case CaseResult::kPass: ++passed_; break;
        case CaseResult::kFail: ++failed_; break;
        case CaseResult::kSkip:
            ++skipped_;
            ++skipCategories_[skipCategory.empty() ? "other" : skipCategory];
            break;
    }
}

void Report::Device(const std::string& description) { Line("# device: " + description); }

void Report::Fatal(const std::string& message) {
    fatal_ = true;
    std::fprintf(stderr, "vkdml-conformance: %s\n", message.c_str());
}

void Report::Finish(double wallSeconds, size_t caseCount) {
    if (fatal_) {   // no summary line: the run did not complete
        Line("# the run stopped early: " + std::to_string(passed_) + " passed, " + std::to_string(failed_) +
             " failed, " + std::to_string(skipped_) + " skipped so far");
        return;
    }
    if (options_.verbose) {
        if (!skipCategories_.empty()) {
            std::vector<std::pair<int, std::string>> sorted;
            for (const auto& [category, count] : skipCategories_) sorted.emplace_back(count, category);
            std::sort(sorted.begin(), sorted.end(), [](const auto& a, const auto& b) {
                return a.first != b.first ? a.first > b.first : a.second < b.second;
            });
            Line("# SKIP reasons:");
            for (const auto& [count, category] : sorted) Line("#   " + std::to_string(count) + "  " + category);
        }
        char text[128];
        std::snprintf(text, sizeof(text), "# wall time %.2f s for %zu cases (%.1f ms per case)", wallSeconds,
                      caseCount, caseCount ? wallSeconds * 1000.0 / double(caseCount) : 0.0);
        Line(text);
    }
    Line(std::to_string(passed_) + " passed, " + std::to_string(failed_) + " failed, " + std::to_string(skipped_) +
         " skipped");
}

}  // namespace conformance
