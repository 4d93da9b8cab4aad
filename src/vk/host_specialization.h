// Specialization on the host: a kernel's specialization constants set to a pipeline's values, frozen and folded, and
// the code they switch off removed (SPIRV-Tools' optimizer, linked in from Debian's spirv-tools), before the driver
// sees the module.
//
// Most drivers do this themselves while they compile a pipeline (Mesa's NIR, the GPU vendors' compilers), and keep
// the result in their own disk cache, so vkdml leaves it to them. SwiftShader does not fold the operations on
// specialization constants: it translates every path of a kernel, the ones a pipeline's constants switch off
// included, and compiling gather.comp's ~130 KB of SPIR-V took it 2.5-3.7 s per pipeline; specialized on the host
// (~0.15-0.25 s) the same pipelines took it 0.07-0.6 s. lavapipe folds them, but only after its NIR passes have gone
// over the whole module, and it builds a pipeline faster from the specialized one, SPIRV-Tools' time included
// (docs/performance-sessions.md, Session 40: `compile.*` cold 72 / 113 / 204 -> 58-68 / 72-76 / 159-174 ms; with the
// validation layer, which also walks the module per pipeline, a randomized test set 117 -> 49 s).
#pragma once

#include <volk.h>

#include <cstddef>
#include <cstdint>
#include <vector>

namespace vkdml {

// Whether kernels are specialized on the host for this driver: SwiftShader and lavapipe. VKDML_HOST_SPECIALIZATION=1
// (or 0) turns it on (off) for any driver; the tests run lavapipe without it too.
bool SpecializesOnHost(VkDriverId driver);

// `words`: a kernel's SPIR-V; `values[i]`: the value of the 32-bit specialization constant with SpecId i. On success
// `out` holds the module with those values as plain constants and without the code they make unreachable; false if
// the optimizer failed (the caller then leaves specialization to the driver).
bool SpecializeOnHost(const uint32_t* words, size_t wordCount, const uint32_t* values, uint32_t valueCount,
                      std::vector<uint32_t>* out);

}  // namespace vkdml
