// src/vk/host_specialization.h on the host: every embedded kernel, specialized to a pipeline's values, must come back
// as valid SPIR-V for Vulkan with no specialization constant left (none set, none decorated), smaller than the kernel,
// and different for different values. That the specialized kernels compute what the kernels do is the device tests'
// job: they run on SwiftShader and lavapipe, which both get host specialization (and on lavapipe again with it forced
// off).
#include "vk/embedded_kernels.h"
#include "vk/host_specialization.h"

#include <gtest/gtest.h>
#include <spirv-tools/libspirv.hpp>

#include <cstdlib>
#include <string>

namespace {

using vkdml::EmbeddedKernel;
using vkdml::SpirvModule;

// SPIR-V opcodes and the decoration the checks look for (SPIR-V specification, "Instructions" and "Decoration").
constexpr uint32_t kOpSpecConstantTrue = 48;       // .. OpSpecConstantFalse 49, OpSpecConstant 50,
constexpr uint32_t kOpSpecConstantOp = 52;         // OpSpecConstantComposite 51, OpSpecConstantOp 52
constexpr uint32_t kOpDecorate = 71;
constexpr uint32_t kOpCapability = 17;
constexpr uint32_t kCapabilityInt64 = 11;
constexpr uint32_t kDecorationSpecId = 1;
constexpr size_t kHeaderWords = 5;

// How many instructions set or decorate a specialization constant.
int SpecializationInstructions(const std::vector<uint32_t>& module) {
    int count = 0;
    for (size_t i = kHeaderWords; i < module.size();) {
        uint32_t opcode = module[i] & 0xFFFFu, length = module[i] >> 16;
        if (length == 0) return -1;   // malformed
        if (opcode >= kOpSpecConstantTrue && opcode <= kOpSpecConstantOp) ++count;
        if (opcode == kOpDecorate && length >= 3 && module[i + 2] == kDecorationSpecId) ++count;
        i += length;
    }
    return count;
}

// Whether the module declares the Int64 capability (which a device without shaderInt64 must not be given).
bool DeclaresInt64(const SpirvModule& spirv) {
    for (size_t i = kHeaderWords; i < *spirv.wordCount;) {
        uint32_t opcode = spirv.words[i] & 0xFFFFu, length = spirv.words[i] >> 16;
        if (length == 0) return false;
        if (opcode == kOpCapability && spirv.words[i + 1] == kCapabilityInt64) return true;
        i += length;
    }
    return false;
}

// Values of SpecIds 0..9 (launch_params.glsl, launch_main.glsl): element bytes, dense output, index kind, mode, data
// type, input bytes, elements per invocation, input type, plain segments, output copies.
std::vector<uint32_t> Values(uint32_t elementBytes, uint32_t denseOutput) {
    return {elementBytes, denseOutput, 1, 0, 0, elementBytes, 1024, 0, 1, 0};
}

std::vector<uint32_t> Specialized(const SpirvModule& kernel, const std::vector<uint32_t>& values) {
    std::vector<uint32_t> out;
    EXPECT_TRUE(vkdml::SpecializeOnHost(kernel.words, *kernel.wordCount, values.data(), uint32_t(values.size()), &out));
    return out;
}

TEST(HostSpecialization, EveryKernelBecomesValidSpirvWithoutSpecializationConstants) {
    spvtools::SpirvTools tools(SPV_ENV_VULKAN_1_1);
    std::string messages;
    tools.SetMessageConsumer([&](spv_message_level_t, const char*, const spv_position_t&, const char* m) {
        messages += m;
        messages += "\n";
    });
    for (const EmbeddedKernel& kernel : vkdml::EmbeddedKernels()) {
        for (int build = 0; build < 3; ++build) {
            const bool int64 = build >= 1, texel = build == 2;
            const SpirvModule& spirv = kernel.Module(int64, texel);
            const std::string name = std::string(kernel.name) + (texel ? " (TEXEL_INPUT)" : int64 ? " (INT64_WORDS)" : "");
            std::vector<uint32_t> original(spirv.words, spirv.words + *spirv.wordCount);
            ASSERT_GT(SpecializationInstructions(original), 0) << name << " has no specialization constant";
            for (uint32_t elementBytes : {1u, 2u, 4u, 8u}) {
                for (uint32_t dense : {0u, 1u}) {
                    std::vector<uint32_t> module = Specialized(spirv, Values(elementBytes, dense));
                    SCOPED_TRACE(name + " ELEMENT_BYTES " + std::to_string(elementBytes) + " DENSE_OUTPUT " +
                                 std::to_string(dense));
                    messages.clear();
                    EXPECT_TRUE(tools.Validate(module)) << messages;
                    EXPECT_EQ(SpecializationInstructions(module), 0);
                    EXPECT_LT(module.size(), original.size());
                }
            }
        }
    }
}

// Each kernel's plain build runs on devices without shaderInt64 (SwiftShader); its INT64_WORDS build loads and stores
// 64-bit words where the kernel moves quads or 8-byte values, and so does its TEXEL_INPUT build (an INT64_WORDS one:
// vkdml takes it only where shaderInt64 is enabled).
TEST(HostSpecialization, OnlyTheInt64BuildsDeclareInt64) {
    for (const EmbeddedKernel& kernel : vkdml::EmbeddedKernels())
        EXPECT_FALSE(DeclaresInt64(kernel.plain)) << kernel.name;
    for (vkdml::Kernel k : {vkdml::Kernel::StridedCopy, vkdml::Kernel::Gather, vkdml::Kernel::Scatter,
                            vkdml::Kernel::Cast, vkdml::Kernel::CopyWords, vkdml::Kernel::CopyParts,
                            vkdml::Kernel::TransposeQuads}) {
        EXPECT_TRUE(DeclaresInt64(vkdml::EmbeddedKernelOf(k).int64Words)) << vkdml::EmbeddedKernelOf(k).name;
        EXPECT_TRUE(DeclaresInt64(vkdml::EmbeddedKernelOf(k).texelInput)) << vkdml::EmbeddedKernelOf(k).name;
    }
}

TEST(HostSpecialization, DifferentValuesGiveDifferentModules) {
    const SpirvModule& gather = vkdml::EmbeddedKernelOf(vkdml::Kernel::Gather).plain;
    EXPECT_NE(Specialized(gather, Values(1, 0)), Specialized(gather, Values(8, 0)));
    EXPECT_NE(Specialized(gather, Values(1, 0)), Specialized(gather, Values(1, 1)));   // dense: 1/2-byte outputs only
    EXPECT_EQ(Specialized(gather, Values(4, 0)), Specialized(gather, Values(4, 0)));   // deterministic
}

TEST(HostSpecialization, DriversAndOverride) {
    ::unsetenv("VKDML_HOST_SPECIALIZATION");
    EXPECT_TRUE(vkdml::SpecializesOnHost(VK_DRIVER_ID_GOOGLE_SWIFTSHADER));
    EXPECT_TRUE(vkdml::SpecializesOnHost(VK_DRIVER_ID_MESA_LLVMPIPE));
    EXPECT_FALSE(vkdml::SpecializesOnHost(VK_DRIVER_ID_NVIDIA_PROPRIETARY));
    EXPECT_FALSE(vkdml::SpecializesOnHost(VK_DRIVER_ID_MESA_RADV));
    ::setenv("VKDML_HOST_SPECIALIZATION", "1", 1);
    EXPECT_TRUE(vkdml::SpecializesOnHost(VK_DRIVER_ID_NVIDIA_PROPRIETARY));
    ::setenv("VKDML_HOST_SPECIALIZATION", "0", 1);
    EXPECT_FALSE(vkdml::SpecializesOnHost(VK_DRIVER_ID_GOOGLE_SWIFTSHADER));
    EXPECT_FALSE(vkdml::SpecializesOnHost(VK_DRIVER_ID_MESA_LLVMPIPE));
    ::unsetenv("VKDML_HOST_SPECIALIZATION");
}

}  // namespace
