// The run and its report: one line per case (PASS / FAIL with a repro / SKIP with its reason), --verbose details,
// counts per SKIP reason, and the last line "N passed, M failed, K skipped". RunCases walks cases in this process;
// isolation.cpp runs the same walk in a worker process and feeds the events back.
#pragma once

#include "case_runner.h"
#include "onnx_data.h"

#include <map>
#include <string>
#include <vector>

namespace conformance {

struct RunOptions {
    DeviceOptions device;
    bool verbose = false;
    bool deviceGiven = false;   // --device was passed (for the repro line)
    std::string program;        // argv[0], for the repro line
    double timeoutSeconds = 120;
    bool isolate = true;
};

// What the walk over the cases produces, in order.
class Events {
public:
    virtual ~Events() = default;
    virtual void Begin(size_t caseIndex) = 0;
    virtual void Line(const std::string& text) = 0;   // a finished line of the report
    virtual void End(size_t caseIndex, CaseResult::Kind kind, const std::string& skipCategory) = 0;
    virtual void Device(const std::string& description) = 0;
    virtual void Fatal(const std::string& message) = 0;
};

// Runs cases[first...] and reports through `events`. Returns false after a fatal error.
bool RunCases(const std::vector<TestCase>& cases, size_t first, const RunOptions& options, Events* events);

// "FAIL name: reason [repro: ...]" etc.
std::string CaseLine(const TestCase& testCase, CaseResult::Kind kind, const std::string& reason,
                     const RunOptions& options);

// Tallies and prints: the Events the main process sees.
class Report : public Events {
public:
    explicit Report(const RunOptions& options) : options_(options) {}
    void Begin(size_t) override {}
    void Line(const std::string& text) override;
    void End(size_t caseIndex, CaseResult::Kind kind, const std::string& skipCategory) override;
    void Device(const std::string& description) override;
    void Fatal(const std::string& message) override;

    // --verbose: the SKIP counts per reason and the wall time; then, always, the summary line (or, after a fatal
    // error, a comment with the counts so far).
    void Finish(double wallSeconds, size_t caseCount);
    int failed() const { return failed_; }
    bool fatal() const { return fatal_; }

private:
    const RunOptions& options_;
    int passed_ = 0, failed_ = 0, skipped_ = 0;
    bool fatal_ = false;
    std::map<std::string, int> skipCategories_;
};

}  // namespace conformance
