// The kernels embedded in the library: each shader of shaders/, compiled to SPIR-V at build time
// (cmake/EmbedKernels.cmake), with what the pipelines built from it need to know.
#pragma once

#include "ops/plan.h"

#include <cstddef>
#include <cstdint>
#include <span>

namespace vkdml {

struct EmbeddedKernel {
    Kernel kernel;
    const uint32_t* words;
    const size_t* wordCount;    // a pointer: the count is another translation unit's constant
    uint32_t storageBindings;   // bindings 1..n: output, input, indices (copy_parts: whole, parts)
    const char* name;
};

// Every embedded kernel, one row per shader.
std::span<const EmbeddedKernel> EmbeddedKernels();
const EmbeddedKernel& EmbeddedKernelOf(Kernel kernel);

}  // namespace vkdml
