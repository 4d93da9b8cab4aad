// vkdml-conformance: runs ONNX backend node tests (model.onnx + test_data_set_N/{input,output}_K.pb) against vkdml
// through its public C API, lowering each node to DML operators as an engine's DirectML backend would.
// Options and output: see README.md next to this file, or --help.
#include "isolation.h"
#include "lowering.h"
#include "report.h"

#include <google/protobuf/stubs/common.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <regex>
#include <string>
#include <vector>

namespace {

using namespace conformance;

constexpr int kExitUsage = 2;

void PrintUsage(FILE* out) {
    std::fputs(
        "usage: vkdml-conformance [options] PATH...\n"
        "  PATH                a case directory (holding model.onnx and test_data_set_N/) or a directory of them,\n"
        "                      e.g. /usr/include/onnx/backend/test/data/node\n"
        "options:\n"
        "  --filter REGEX      only cases whose name matches REGEX (ECMAScript, searched anywhere in the name)\n"
        "  --list              list the selected cases (with --verbose: op and opset) without running them\n"
        "  --device N          the physical device with index N (see --list-devices); default: VKDML_DEVICE, else\n"
        "                      the library's choice\n"
        "  --list-devices      list the Vulkan devices vkdml can use, and exit\n"
        "  --verbose, -v       add the DML operators used, per-case timings, SKIP counts per reason, wall time\n"
        "  --debug             create the device with DML_CREATE_DEVICE_FLAG_DEBUG (Khronos validation when\n"
        "                      installed); any validation message fails the case\n"
        "  --guard BYTES       canary bytes before and after every binding, a multiple of 16 (default 64)\n"
        "  --timeout SECONDS   per-case time limit, 0 = none (default 120)\n"
        "  --no-fork           run the cases in this process (no crash isolation; for debuggers)\n"
        "  --help              this text\n"
        "One line per case: PASS name | FAIL name: reason [repro: ...] | SKIP name: reason; the last line is\n"
        "\"N passed, M failed, K skipped\". Exit status: 0 no failure, 1 a case failed, 2 usage or device error.\n",
        out);
}

int UsageError(const std::string& message) {
    std::fprintf(stderr, "vkdml-conformance: %s\n", message.c_str());
    PrintUsage(stderr);
    return kExitUsage;
}

bool ParseNumber(const char* text, long long min, long long max, long long* value) {
    char* end = nullptr;
    errno = 0;
    long long v = std::strtoll(text, &end, 10);
    if (errno || !end || *end || end == text || v < min || v > max) return false;
    *value = v;
    return true;
}

int ListDevices() {
    uint32_t count = 0, chosen = 0;
    VKDML_STATUS s = vkdmlEnumerateDefaultDevices(&count, nullptr, nullptr);
    if (s != VKDML_SUCCESS) {
        std::fprintf(stderr, "vkdml-conformance: vkdmlEnumerateDefaultDevices: %s: %s\n", vkdmlStatusName(s),
                     vkdmlGetLastErrorMessage());
        return kExitUsage;
    }
    std::vector<VKDML_PHYSICAL_DEVICE_INFO> devices(count);
    s = vkdmlEnumerateDefaultDevices(&count, devices.data(), &chosen);
    if (s != VKDML_SUCCESS) return kExitUsage;
    for (uint32_t i = 0; i < count; ++i) {
        const VkPhysicalDeviceProperties& p = devices[i].properties;
        std::printf("%u: %s [%s], Vulkan %u.%u%s\n", i, p.deviceName, devices[i].driverName,
                    VK_API_VERSION_MAJOR(p.apiVersion), VK_API_VERSION_MINOR(p.apiVersion),
                    i == chosen ? "  <- default" : "");
    }
    if (chosen == UINT32_MAX) std::printf("VKDML_DEVICE names none of these devices\n");
    return 0;
}

void ListCases(const std::vector<TestCase>& cases, bool verbose) {
    for (const TestCase& c : cases) {
        if (!verbose) {
            std::printf("%s\n", c.name.c_str());
            continue;
        }
        onnx::ModelProto model;
        std::string error = ReadModelFile(c.dir + "/model.onnx", &model);
        std::string ops;
        if (!error.empty()) {
            ops = "(" + error + ")";
        } else {
            for (int i = 0; i < model.graph().node_size(); ++i) ops += (i ? "," : "") + model.graph().node(i).op_type();
            const LoweringEntry* entry = model.graph().node_size() == 1 ? FindLowering(ops) : nullptr;
            const PlannedMapping* planned = model.graph().node_size() == 1 ? FindPlannedMapping(ops) : nullptr;
            ops += " opset " + std::to_string(DefaultOpset(model)) +
                   (entry     ? std::string(" -> ") + entry->dmlOperators
                    : planned ? std::string(" (not mapped; planned: ") + planned->dmlName + ")"
                              : std::string(" (not mapped)"));
        }
        std::printf("%-60s %s  %s\n", c.name.c_str(), ops.c_str(), c.dir.c_str());
    }
}

}  // namespace

int main(int argc, char** argv) {
    GOOGLE_PROTOBUF_VERIFY_VERSION;
    RunOptions options;
    options.program = argc > 0 ? argv[0] : "vkdml-conformance";
    std::vector<std::string> paths;
    std::string filter;
    bool haveFilter = false, list = false;
    for (int i = 1; i < argc; ++i) {
        std::string arg = argv[i], value;
        bool hasInlineValue = false;
        if (arg.rfind("--", 0) == 0 && arg.find('=') != std::string::npos) {
            value = arg.substr(arg.find('=') + 1);
            arg = arg.substr(0, arg.find('='));
            hasInlineValue = true;
        }
        auto takeValue = [&](std::string* out) {
            if (hasInlineValue) {
                *out = value;
                return true;
            }
            if (i + 1 >= argc) return false;
            *out = argv[++i];
            return true;
        };
        long long number = 0;
        if (arg == "--help" || arg == "-h") {
            PrintUsage(stdout);
            return 0;
        } else if (arg == "--verbose" || arg == "-v") {
            options.verbose = true;
        } else if (arg == "--list") {
            list = true;
        } else if (arg == "--list-devices") {
            return ListDevices();
        } else if (arg == "--debug") {
            options.device.debug = true;
        } else if (arg == "--no-fork") {
            options.isolate = false;
        } else if (arg == "--filter") {
            if (!takeValue(&filter)) return UsageError("--filter needs a REGEX");
            haveFilter = true;
        } else if (arg == "--device") {
            if (!takeValue(&value) || !ParseNumber(value.c_str(), 0, INT32_MAX, &number))
                return UsageError("--device needs a device index (see --list-devices)");
            options.device.physicalDeviceIndex = int32_t(number);
            options.deviceGiven = true;
        } else if (arg == "--guard") {
            if (!takeValue(&value) || !ParseNumber(value.c_str(), 0, 1 << 20, &number) || number % 16 != 0)
                return UsageError("--guard needs a byte count that is a multiple of 16");
            options.device.guardBytes = uint64_t(number);
        } else if (arg == "--timeout") {
            if (!takeValue(&value) || !ParseNumber(value.c_str(), 0, 86400, &number))
                return UsageError("--timeout needs a number of seconds");
            options.timeoutSeconds = double(number);
        } else if (arg.size() > 1 && arg[0] == '-') {
            return UsageError("unknown option " + arg);
        } else {
            paths.push_back(argv[i]);
        }
    }
    if (paths.empty()) return UsageError("no PATH given");

    std::regex pattern;
    if (haveFilter) {
        try {
            pattern = std::regex(filter, std::regex::ECMAScript);
        } catch (const std::regex_error& e) {
            return UsageError("--filter '" + filter + "' is not a valid regular expression: " + e.what());
        }
    }
    std::vector<TestCase> all, cases;
    for (const std::string& path : paths) {
        std::string error = FindCases(path, &all);
        if (!error.empty()) return UsageError(error);
    }
    for (TestCase& c : all)
        if (!haveFilter || std::regex_search(c.name, pattern)) cases.push_back(std::move(c));
    if (list) {
        ListCases(cases, options.verbose);
        return 0;
    }

    const auto start = std::chrono::steady_clock::now();
    Report report(options);
    bool completed = options.isolate ? RunIsolated(cases, options, &report) : RunCases(cases, 0, options, &report);
    const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    report.Finish(wall, cases.size());
    if (!completed || report.fatal()) return kExitUsage;
    return report.failed() ? 1 : 0;
}
