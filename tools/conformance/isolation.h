// Crash isolation: the cases run in a forked worker process (the parent never touches Vulkan) that reports each
// event over a pipe. A case that kills the worker (a signal, an abort) or runs past the time limit is reported as
// FAIL, and a new worker continues with the next case.
#pragma once

#include "report.h"

namespace conformance {

// Runs every case through workers, reporting to `report`. Returns false after a fatal error (no device).
bool RunIsolated(const std::vector<TestCase>& cases, const RunOptions& options, Report* report);

}  // namespace conformance
