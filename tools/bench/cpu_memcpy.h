// vkdml-bench: CPU memcpy on 2 threads (the calling thread and one helper), the machine's memory-bandwidth
// reference of ARCHITECTURE.md. Both buffers are allocated and touched beforehand. The copy is cut into chunks
// that both threads take from a shared counter, so a helper the scheduler has not woken yet (the 2 cores are
// shared) delays nothing: the calling thread copies the rest itself. The helper lives only while this baseline
// runs and yields while idle.
#pragma once

#include "report.h"

#include <cstdint>

namespace vkdml_bench {

void MeasureMemcpy(uint64_t bytes, int warmup, int repeat, BaselineResult* out);

}  // namespace vkdml_bench
