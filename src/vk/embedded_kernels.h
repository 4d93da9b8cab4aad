// The kernels embedded in the library: each shader of shaders/, compiled to SPIR-V at build time
// (cmake/EmbedKernels.cmake, shaders/CMakeLists.txt), with what the pipelines built from it need to know.
#pragma once

#include "ops/plan.h"

#include <cstddef>
#include <cstdint>
#include <span>

namespace vkdml {

// The bindings of the input's R32G32B32A32_UINT view and of its element view (R8_UINT / R16_UINT for 1- / 2-byte
// elements, else R32_UINT) in the TEXEL_INPUT builds (TEXEL_QUADS_BINDING, TEXEL_ELEMENTS_BINDING in
// shaders/launch_params.glsl): past every storage binding, copy_parts' 9 included.
constexpr uint32_t kTexelQuadsBinding = 10;
constexpr uint32_t kTexelElementsBinding = 11;
// The views a TEXEL_INPUT launch reads its input through: words (binding 2), quads, elements.
constexpr uint32_t kTexelViewCount = 3;
// copy_parts' TEXEL_INPUT build also reads the quads of parts 1..kMaxParts - 1 (a JOIN's) through R32G32B32A32_UINT
// views, at kTexelPartQuadsBinding + k - 1: 10 uniform texel buffer descriptors in all, within the 16 sampled images
// (maxPerStageDescriptorSampledImages) every Vulkan device allows a stage, and within its RequiredDescriptorCount.
constexpr uint32_t kTexelPartQuadsBinding = 12;
// The uniform texel buffer descriptors of a kernel's TEXEL_INPUT build.
uint32_t TexelBindingCount(Kernel kernel);

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
    // The INT64_WORDS build with TEXEL_INPUT (the input range, binding 2, read through uniform texel buffer views:
    // R32_UINT at binding 2, R32G32B32A32_UINT at kTexelQuadsBinding, elements at kTexelElementsBinding), for
    // launches that take it (Launch::texelInput).
    SpirvModule texelInput;
    uint32_t storageBindings;   // bindings 1..n: output, input, indices (copy_parts: whole, parts)
    const char* name;

    const SpirvModule& Module(bool int64, bool texel) const { return texel ? texelInput : int64 ? int64Words : plain; }
};

// Every embedded kernel, one row per shader.
std::span<const EmbeddedKernel> EmbeddedKernels();
const EmbeddedKernel& EmbeddedKernelOf(Kernel kernel);

}  // namespace vkdml
