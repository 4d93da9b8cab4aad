// vkdml-bench: command-line options.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace vkdml_bench {

struct Options {
    bool help = false;
    bool json = false;
    std::string filter;                       // ECMAScript regex searched in case names; "" = everything
    std::optional<int> repeat;                // timed repetitions at every size
    std::vector<uint32_t> sizesMiB = {1, 16, 64};
    std::optional<uint32_t> device;
    bool numpy = true;
    bool transfer = true;                     // compile with VKDML_EXECUTION_FLAG_TRANSFER_COMMANDS
    bool texel = true;                        // compile with VKDML_EXECUTION_FLAG_TEXEL_INPUTS
    bool int64 = true;                        // enable shaderInt64 on the bench's device where it has it
    bool profile = false;                     // the cases' operators alone: no baselines, numpy, overheads, targets
    std::string python = "/usr/bin/python3";
};

// Returns false with *error on a usage error (exit status 2).
bool ParseArguments(int argc, char** argv, Options* options, std::string* error);
void PrintHelp(const char* program);

}  // namespace vkdml_bench
