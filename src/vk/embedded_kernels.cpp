#include "vk/embedded_kernels.h"

// The words of the builds of a kernel (cmake/EmbedKernels.cmake names them k_<name>_spirv, k_<name>_int64_spirv,
// k_<name>_texel_spirv), and a registry row's three modules made of them.
#define VKDML_KERNEL_WORDS(name)                      \
    extern const uint32_t k_##name##_spirv[];         \
    extern const size_t k_##name##_spirv_words;       \
    extern const uint32_t k_##name##_int64_spirv[];   \
    extern const size_t k_##name##_int64_spirv_words; \
    extern const uint32_t k_##name##_texel_spirv[];   \
    extern const size_t k_##name##_texel_spirv_words;
#define VKDML_KERNEL_MODULES(name)                                              \
    {kernels::k_##name##_spirv, &kernels::k_##name##_spirv_words},             \
    {kernels::k_##name##_int64_spirv, &kernels::k_##name##_int64_spirv_words}, \
    {kernels::k_##name##_texel_spirv, &kernels::k_##name##_texel_spirv_words}

namespace vkdml {

namespace kernels {
VKDML_KERNEL_WORDS(strided_copy)
VKDML_KERNEL_WORDS(gather)
VKDML_KERNEL_WORDS(scatter)
VKDML_KERNEL_WORDS(generate)
VKDML_KERNEL_WORDS(cast)
VKDML_KERNEL_WORDS(copy_words)
VKDML_KERNEL_WORDS(scatter_reduce)
VKDML_KERNEL_WORDS(copy_parts)
VKDML_KERNEL_WORDS(transpose_quads)
VKDML_KERNEL_WORDS(gather_columns)
VKDML_KERNEL_WORDS(gather_rows)
VKDML_KERNEL_WORDS(nonzero_coordinates)
VKDML_KERNEL_WORDS(accumulate)
}  // namespace kernels

namespace {

// The kernel registry: one row per shader in shaders/.
const EmbeddedKernel kKernels[] = {
    {Kernel::StridedCopy, VKDML_KERNEL_MODULES(strided_copy), 2, "strided_copy"},
    {Kernel::Gather, VKDML_KERNEL_MODULES(gather), 3, "gather"},
    {Kernel::Scatter, VKDML_KERNEL_MODULES(scatter), 3, "scatter"},
    {Kernel::Generate, VKDML_KERNEL_MODULES(generate), 2, "generate"},
    {Kernel::Cast, VKDML_KERNEL_MODULES(cast), 2, "cast"},
    {Kernel::CopyWords, VKDML_KERNEL_MODULES(copy_words), 2, "copy_words"},
    {Kernel::ScatterReduce, VKDML_KERNEL_MODULES(scatter_reduce), 3, "scatter_reduce"},
    {Kernel::CopyParts, VKDML_KERNEL_MODULES(copy_parts), kMaxLaunchSlots, "copy_parts"},
    {Kernel::TransposeQuads, VKDML_KERNEL_MODULES(transpose_quads), 2, "transpose_quads"},
    {Kernel::GatherColumns, VKDML_KERNEL_MODULES(gather_columns), 3, "gather_columns"},
    {Kernel::GatherRows, VKDML_KERNEL_MODULES(gather_rows), 3, "gather_rows"},
    {Kernel::NonzeroCoordinates, VKDML_KERNEL_MODULES(nonzero_coordinates), 3, "nonzero_coordinates"},
    {Kernel::Accumulate, VKDML_KERNEL_MODULES(accumulate), 2, "accumulate"},
};

}  // namespace

std::span<const EmbeddedKernel> EmbeddedKernels() { return kKernels; }

uint32_t TexelBindingCount(Kernel kernel) {
    return kTexelViewCount + (kernel == Kernel::CopyParts ? kMaxParts - 1 : 0);
}

const EmbeddedKernel& EmbeddedKernelOf(Kernel kernel) {
    for (const EmbeddedKernel& k : kKernels)
        if (k.kernel == kernel) return k;
    return kKernels[0];
}

}  // namespace vkdml
