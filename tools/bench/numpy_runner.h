// vkdml-bench: runs numpy_bench.py with Debian's /usr/bin/python3 (python3-numpy) as a subprocess, after the GPU
// work so that the two never compete for the CPU, and reads its per-case times.
#pragma once

#include "stats.h"

#include <map>
#include <string>
#include <vector>

namespace vkdml_bench {

struct NumpyJob {
    std::string id;        // "slice1.step2_last@64"
    std::string spec;      // the case's JSON object, without id / warmup / repeat
    int warmup = 1;
    int repeat = 1;
};

struct NumpyOutcome {
    bool ran = false;                            // numpy was found and the script ran
    std::string version;
    std::string error;                           // why numpy did not run
    std::map<std::string, Summary> results;      // seconds, by job id
    std::map<std::string, std::string> errors;   // by job id
};

NumpyOutcome RunNumpy(const std::string& python, const std::string& script, const std::vector<NumpyJob>& jobs);

}  // namespace vkdml_bench
