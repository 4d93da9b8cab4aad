// One case, start to finish: read the model, decide whether it can run, then for every test_data_set_N bind the
// input_K.pb files to the graph's inputs, lower the node, run it on the device and compare every output_K.pb.
#pragma once

#include "device_runner.h"
#include "lowering.h"
#include "onnx_data.h"

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace conformance {

struct CaseResult {
    enum Kind { kPass, kFail, kSkip } kind = kPass;
    std::string reason;                 // FAIL/SKIP: one line
    std::string category;               // SKIP: a short reason class, for the counts per reason
    std::vector<std::string> details;   // --verbose: DML operators, notes, timings
    bool fatal = false;                 // the device could not be created: stop the run
};

class CaseRunner {
public:
    CaseRunner(const DeviceOptions& deviceOptions, bool verbose)
        : deviceOptions_(deviceOptions), verbose_(verbose) {}

    CaseResult Run(const TestCase& testCase);

    // Set once the device exists (created at the first case that needs it).
    const std::string& DeviceDescription() const { return deviceDescription_; }

private:
    DeviceRunner* Device(std::string* error);
    std::string PlannedNote(DML_OPERATOR_TYPE type, const char* dmlName);
    std::optional<CaseResult> LowerRunCompare(const LoweringEntry& lowering, const NodeContext& context,
                                              const std::vector<const HostTensor*>& expected,
                                              const std::vector<size_t>& nodeOutput, const std::string& prefix,
                                              double loadMs, CaseResult* result);

    DeviceOptions deviceOptions_;
    bool verbose_;
    std::unique_ptr<DeviceRunner> device_;
    std::string deviceError_, deviceDescription_;
    std::map<int, std::string> probes_;
};

}  // namespace conformance
