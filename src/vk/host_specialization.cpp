#include "vk/host_specialization.h"

#include <spirv-tools/libspirv.hpp>
#include <spirv-tools/optimizer.hpp>

#include <cstdlib>
#include <unordered_map>

namespace vkdml {

namespace {

// The drivers whose pipelines build faster from modules specialized on the host (see the header).
constexpr VkDriverId kDriversSpecializedOnHost[] = {VK_DRIVER_ID_GOOGLE_SWIFTSHADER, VK_DRIVER_ID_MESA_LLVMPIPE};

}  // namespace

bool SpecializesOnHost(VkDriverId driver) {
    if (const char* env = std::getenv("VKDML_HOST_SPECIALIZATION"); env && *env) return std::atoi(env) != 0;
    for (VkDriverId listed : kDriversSpecializedOnHost)
        if (driver == listed) return true;
    return false;
}

bool SpecializeOnHost(const uint32_t* words, size_t wordCount, const uint32_t* values, uint32_t valueCount,
                      std::vector<uint32_t>* out) {
    std::unordered_map<uint32_t, std::vector<uint32_t>> specialization;
    for (uint32_t id = 0; id < valueCount; ++id) specialization[id] = {values[id]};
    spvtools::Optimizer optimizer(SPV_ENV_VULKAN_1_1);
    optimizer.SetMessageConsumer([](spv_message_level_t, const char*, const spv_position_t&, const char*) {});
    optimizer.RegisterPass(spvtools::CreateSetSpecConstantDefaultValuePass(specialization));
    optimizer.RegisterPass(spvtools::CreateFreezeSpecConstantValuePass());
    optimizer.RegisterPass(spvtools::CreateFoldSpecConstantOpAndCompositePass());
    // Only what the constants now decide: the values computed from them (the kernels choose their paths with selects
    // and loop counts as often as with branches), the branches on them, the code nothing reaches - once more after
    // the control flow is cleaned up - and the functions nothing calls. The driver optimizes the rest itself (the
    // full -O recipe here took longer than it saved). With the folding and the second round, lavapipe's pipelines
    // cost 9-12% less CPU time, SPIRV-Tools' included, than with the branches and dead code alone
    // (docs/performance-sessions.md, Session 40).
    optimizer.RegisterPass(spvtools::CreateCCPPass());
    optimizer.RegisterPass(spvtools::CreateSimplificationPass());
    optimizer.RegisterPass(spvtools::CreateDeadBranchElimPass());
    optimizer.RegisterPass(spvtools::CreateAggressiveDCEPass());
    optimizer.RegisterPass(spvtools::CreateCFGCleanupPass());
    optimizer.RegisterPass(spvtools::CreateDeadBranchElimPass());
    optimizer.RegisterPass(spvtools::CreateAggressiveDCEPass());
    optimizer.RegisterPass(spvtools::CreateEliminateDeadFunctionsPass());
    spvtools::OptimizerOptions options;
    options.set_run_validator(false);   // the embedded kernels were validated when the library was built
    out->clear();
    return optimizer.Run(words, wordCount, out, options) && !out->empty();
}

}  // namespace vkdml
