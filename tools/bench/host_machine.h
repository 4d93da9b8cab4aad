// vkdml-bench: facts about the host the run shared, for the report's notes (Linux /proc; "?" or empty elsewhere).
#pragma once

#include <string>

namespace vkdml_bench {

// The 1-minute load average, to tell a quiet run from one that shared the CPU with other work ("?" if unknown).
std::string LoadAverage();

// The host CPU's model as /proc/cpuinfo names it, with the x86 family and model numbers, which tell processor
// generations apart where the name does not ("AMD EPYC Processor"): on a CPU device (lavapipe, SwiftShader) the
// ratios depend on the microarchitecture (docs/performance-sessions.md, Session 51). Empty where the file names no
// model.
std::string HostCpuModel();

}  // namespace vkdml_bench
