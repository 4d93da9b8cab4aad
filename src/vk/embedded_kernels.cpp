#include "vk/embedded_kernels.h"

namespace vkdml {

namespace kernels {
extern const uint32_t k_strided_copy_spirv[];
extern const size_t k_strided_copy_spirv_words;
extern const uint32_t k_gather_spirv[];
extern const size_t k_gather_spirv_words;
extern const uint32_t k_scatter_spirv[];
extern const size_t k_scatter_spirv_words;
extern const uint32_t k_generate_spirv[];
extern const size_t k_generate_spirv_words;
extern const uint32_t k_cast_spirv[];
extern const size_t k_cast_spirv_words;
extern const uint32_t k_copy_words_spirv[];
extern const size_t k_copy_words_spirv_words;
extern const uint32_t k_scatter_reduce_spirv[];
extern const size_t k_scatter_reduce_spirv_words;
extern const uint32_t k_copy_parts_spirv[];
extern const size_t k_copy_parts_spirv_words;
extern const uint32_t k_transpose_quads_spirv[];
extern const size_t k_transpose_quads_spirv_words;
extern const uint32_t k_gather_columns_spirv[];
extern const size_t k_gather_columns_spirv_words;
}  // namespace kernels

namespace {

// The kernel registry: one row per shader in shaders/.
const EmbeddedKernel kKernels[] = {
    {Kernel::StridedCopy, kernels::k_strided_copy_spirv, &kernels::k_strided_copy_spirv_words, 2, "strided_copy"},
    {Kernel::Gather, kernels::k_gather_spirv, &kernels::k_gather_spirv_words, 3, "gather"},
    {Kernel::Scatter, kernels::k_scatter_spirv, &kernels::k_scatter_spirv_words, 3, "scatter"},
    {Kernel::Generate, kernels::k_generate_spirv, &kernels::k_generate_spirv_words, 2, "generate"},
    {Kernel::Cast, kernels::k_cast_spirv, &kernels::k_cast_spirv_words, 2, "cast"},
    {Kernel::CopyWords, kernels::k_copy_words_spirv, &kernels::k_copy_words_spirv_words, 2, "copy_words"},
    {Kernel::ScatterReduce, kernels::k_scatter_reduce_spirv, &kernels::k_scatter_reduce_spirv_words, 3,
     "scatter_reduce"},
    {Kernel::CopyParts, kernels::k_copy_parts_spirv, &kernels::k_copy_parts_spirv_words, kMaxLaunchSlots,
     "copy_parts"},
    {Kernel::TransposeQuads, kernels::k_transpose_quads_spirv, &kernels::k_transpose_quads_spirv_words, 2,
     "transpose_quads"},
    {Kernel::GatherColumns, kernels::k_gather_columns_spirv, &kernels::k_gather_columns_spirv_words, 3,
     "gather_columns"},
};

}  // namespace

std::span<const EmbeddedKernel> EmbeddedKernels() { return kKernels; }

const EmbeddedKernel& EmbeddedKernelOf(Kernel kernel) {
    for (const EmbeddedKernel& k : kKernels)
        if (k.kernel == kernel) return k;
    return kKernels[0];
}

}  // namespace vkdml
