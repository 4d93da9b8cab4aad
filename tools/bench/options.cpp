// vkdml-bench: command-line parsing and --help.
#include "options.h"

#include "common/command_line.h"

#include <algorithm>
#include <cstdio>
#include <regex>
#include <string_view>

namespace vkdml_bench {

using vkdml_tools::MatchesOption;
using vkdml_tools::ParseUint32;
using vkdml_tools::TakeDeviceIndex;
using vkdml_tools::TakeOptionValue;
using vkdml_tools::UnexpectedArgument;

bool ParseArguments(int argc, char** argv, Options* options, std::string* error) {
    for (int i = 1; i < argc; ++i) {
        std::string_view arg = argv[i];
        std::string_view value;
        if (arg == "-h" || arg == "--help") {
            options->help = true;
        } else if (arg == "--json") {
            options->json = true;
        } else if (arg == "--no-numpy") {
            options->numpy = false;
        } else if (arg == "--no-transfer") {
            options->transfer = false;
        } else if (arg == "--no-texel") {
            options->texel = false;
        } else if (arg == "--no-int64") {
            options->int64 = false;
        } else if (arg == "--profile") {
            options->profile = true;
        } else if (MatchesOption(arg, "--filter")) {
            if (!TakeOptionValue("--filter", arg, argc, argv, &i, &value, error)) return false;
            try {
                std::regex check{std::string(value)};
            } catch (const std::regex_error& e) {
                *error = "--filter " + std::string(value) + ": not a regular expression (" + e.what() + ")";
                return false;
            }
            options->filter = value;
        } else if (MatchesOption(arg, "--repeat")) {
            if (!TakeOptionValue("--repeat", arg, argc, argv, &i, &value, error)) return false;
            uint32_t n = 0;
            if (!ParseUint32(value, &n) || n < 1 || n > 10000) {
                *error = "--repeat " + std::string(value) + ": not a repetition count from 1 to 10000";
                return false;
            }
            options->repeat = int(n);
        } else if (MatchesOption(arg, "--sizes")) {
            if (!TakeOptionValue("--sizes", arg, argc, argv, &i, &value, error)) return false;
            std::vector<uint32_t> sizes;
            for (size_t start = 0; start <= value.size();) {
                size_t comma = value.find(',', start);
                std::string_view item = value.substr(start, comma == std::string_view::npos ? value.npos : comma - start);
                uint32_t mib = 0;
                if (!ParseUint32(item, &mib) || mib < 1 || mib > 1024) {
                    *error = "--sizes " + std::string(value) + ": '" + std::string(item) +
                             "' is not a size in MiB from 1 to 1024 (a comma-separated list, e.g. 1,16,64)";
                    return false;
                }
                sizes.push_back(mib);
                if (comma == std::string_view::npos) break;
                start = comma + 1;
            }
            std::sort(sizes.begin(), sizes.end());
            sizes.erase(std::unique(sizes.begin(), sizes.end()), sizes.end());
            options->sizesMiB = sizes;
        } else if (MatchesOption(arg, "--device")) {
            uint32_t index = 0;
            if (!TakeDeviceIndex(arg, argc, argv, &i, &index, error)) return false;
            options->device = index;
        } else if (MatchesOption(arg, "--python")) {
            if (!TakeOptionValue("--python", arg, argc, argv, &i, &value, error)) return false;
            options->python = value;
        } else {
            *error = UnexpectedArgument(arg);
            return false;
        }
    }
    return true;
}

void PrintHelp(const char* program) {
    std::printf(
        "Usage: %s [--sizes 1,16,64] [--repeat N] [--filter REGEX] [--device N] [--json]\n"
        "       [--no-numpy] [--no-transfer] [--no-texel] [--no-int64] [--profile] [--python PATH] [--help]\n"
        "\n"
        "Measures vkdml's data-movement operators against the best raw paths on the same Vulkan device and\n"
        "queue, in one run: vkCmdCopyBuffer, a raw compute copy kernel (4 consecutive uvec4 per invocation)\n"
        "and CPU memcpy on 2 threads, plus numpy for transposes, strided slices and gathers. For each case:\n"
        "median [min-max] GPU time (timestamps) and wall time (submit + wait), GB/s = (bytes read + bytes\n"
        "written) / time, the ratio to each baseline, and the launches one vkdmlRecordDispatch records. Then\n"
        "per-dispatch overhead, recording CPU time, operator create + compile time, and the targets of issue 6\n"
        "as PASS / MISS.\n"
        "\n"
        "Options:\n"
        "  --sizes LIST     Output sizes in MiB, comma-separated (1..1024). Default: 1,16,64.\n"
        "  --repeat N       Timed repetitions at every size (after 1 warm-up). Default: 10 below 64 MiB and\n"
        "                   11 at 64 MiB and more (the targets' size; a case's budget may stop it sooner, see\n"
        "                   tools/bench/README.md); the dispatch overhead uses 20 x N (default 200), the record\n"
        "                   overhead 3 x N batches of 500 recordings (default 30), compile time N (default 9).\n"
        "  --filter REGEX   Run only what REGEX (ECMAScript, searched) matches in these names: the cases\n"
        "                   (identity.contiguous, identity.nchw_to_nhwc, identity.reverse_3210, slice1.rows,\n"
        "                   slice1.step2_last, slice1.step4_last, slice1.negative_last, gather.rows256,\n"
        "                   split.outer_2, split.outer_8, split.last_2, split.last_8, join.outer_2, ...),\n"
        "                   overhead.dispatch, overhead.record, compile.strided_copy, compile.gather_rows.\n"
        "                   Baselines run for the sizes whenever a case runs.\n"
        "  --device N       Use physical device N. Default: as vkdml's embedded default picks (the\n"
        "                   VKDML_DEVICE environment variable - an index or part of the name - else discrete,\n"
        "                   integrated, virtual, other, CPU last). VK_ICD_FILENAMES restricts the drivers.\n"
        "  --json           Print one JSON document instead of tables (schema: tools/bench/README.md).\n"
        "  --no-numpy       Skip the numpy side (its targets are then SKIP).\n"
        "  --no-transfer    Compile without VKDML_EXECUTION_FLAG_TRANSFER_COMMANDS: kernels only (the bench's\n"
        "                   buffers allow transfers, so by default long contiguous runs become vkCmdCopyBuffer).\n"
        "  --no-texel       Compile without VKDML_EXECUTION_FLAG_TEXEL_INPUTS: kernels read their inputs as\n"
        "                   storage buffers (by default through uniform texel buffer views where vkdml can: the\n"
        "                   bench's buffers allow them).\n"
        "  --no-int64       Leave shaderInt64 off on the bench's device: vkdml's kernels then load and store quads\n"
        "                   as 32-bit words (by default it is enabled where the device has it, and vkdml moves\n"
        "                   them as 64-bit words).\n"
        "  --profile        Time only the selected cases' operators (at each size, --repeat times, default 10),\n"
        "                   one after the other, and print their times: no baselines, numpy, overheads, compile\n"
        "                   times or targets. For a profiler attached to the run (perf record, gdb), which then\n"
        "                   sees one kernel's code: docs/performance-sessions.md, Session 65.\n"
        "  --python PATH    The Python with numpy. Default: /usr/bin/python3 (Debian's python3-numpy).\n"
        "  -h, --help       Print this help and exit.\n"
        "Options take their value as the next argument or after '=' (--sizes=1,16).\n"
        "\n"
        "Exit status: 0 measured (also when targets MISS), 1 a device, baseline or case failed,\n"
        "2 usage error.\n",
        program);
}

}  // namespace vkdml_bench
