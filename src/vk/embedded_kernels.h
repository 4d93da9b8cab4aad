// The kernels embedded in the library: each shader of shaders/, compiled to SPIR-V at build time
// (cmake/EmbedKernels.cmake, shaders/CMakeLists.txt), with what the pipelines built from it need to know.
#pragma once

#include "ops/plan.h"

#include <cstddef>
#include <cstdint>
#include <span>

namespace vkdml {

struct SpirvModule {
    const uint32_t* words;
    const size_t* wordCount;   // a pointer: the count is another translation unit's constant
};

struct EmbeddedKernel {
    Kernel kernel;
    SpirvModule plain;
    // The same kernel built with INT64_WORDS (shaders/launch_params.glsl: quads and 8-byte values loaded and stored
    // as 64-bit words), for devices with shaderInt64 enabled: it declares the Int64 capability.
    SpirvModule int64Words;
    uint32_t storageBindings;   // bindings 1..n: output, input, indices (copy_parts: whole, parts)
    const char* name;

    const SpirvModule& Module(bool int64) const { return int64 ? int64Words : plain; }
};

// Every embedded kernel, one row per shader.
std::span<const EmbeddedKernel> EmbeddedKernels();
const EmbeddedKernel& EmbeddedKernelOf(Kernel kernel);

}  // namespace vkdml
