// vkdml-info: command-line parsing and --help.
#include "info_report.h"

#include "common/command_line.h"
#include "core/feature_level.h"

#include <cstdio>
#include <string_view>

namespace vkdml::info {
namespace {

using vkdml_tools::MatchesOption;
using vkdml_tools::TakeDeviceIndex;
using vkdml_tools::TakeOptionValue;
using vkdml_tools::UnexpectedArgument;

std::string KnownLevels() {
    std::string text;
    for (DML_FEATURE_LEVEL level : AllFeatureLevels()) text += (text.empty() ? "" : ", ") + std::string(FeatureLevelName(level));
    return text;
}

}  // namespace

bool ParseArguments(int argc, char** argv, Options* options, std::string* error) {
    for (int i = 1; i < argc; ++i) {
        std::string_view arg = argv[i];
        std::string_view value;
        if (arg == "-h" || arg == "--help") {
            options->help = true;
        } else if (arg == "--json") {
            options->json = true;
        } else if (arg == "--implemented") {
            options->implementedOnly = true;
        } else if (MatchesOption(arg, "--device")) {
            uint32_t index = 0;
            if (!TakeDeviceIndex(arg, argc, argv, &i, &index, error)) return false;
            options->device = index;
        } else if (MatchesOption(arg, "--feature-level")) {
            if (!TakeOptionValue("--feature-level", arg, argc, argv, &i, &value, error)) return false;
            std::optional<DML_FEATURE_LEVEL> level = ParseFeatureLevel(value);
            if (!level) {
                *error = "--feature-level " + std::string(value) + ": not a DML_FEATURE_LEVEL; known levels: " +
                         KnownLevels();
                return false;
            }
            options->featureLevel = *level;
        } else if (MatchesOption(arg, "--op")) {
            if (!TakeOptionValue("--op", arg, argc, argv, &i, &value, error)) return false;
            const schema::OperatorSchema* op = schema::FindOperatorSchemaByName(value);
            if (!op || op->type == DML_OPERATOR_INVALID) {
                *error = "--op " + std::string(value) +
                         ": not a DML_OPERATOR_TYPE (run vkdml-info without --op to list every operator)";
                return false;
            }
            options->op = op;
        } else {
            *error = UnexpectedArgument(arg);
            return false;
        }
    }
    return true;
}

void PrintHelp(const char* program) {
    std::printf(
        "Usage: %s [--device N] [--feature-level X_Y] [--op NAME] [--implemented] [--json] [--help]\n"
        "\n"
        "Shows what vkdml supports on this machine's Vulkan devices: the devices, the highest\n"
        "DirectML feature level of the selected one (and which Vulkan feature, limit or version is\n"
        "missing for a higher one), tensor data type support, and every DML_OPERATOR_TYPE with the\n"
        "feature level that introduced it, whether vkdml implements it, and its tensor-support table\n"
        "(the same table vkdml's validator enforces), limited to the data types the device supports.\n"
        "\n"
        "Options:\n"
        "  --device N           Use physical device N from the device list. Default: the device\n"
        "                       vkdmlCreateDefaultDevice picks (discrete GPU, integrated, virtual,\n"
        "                       other, CPU last), or the one the VKDML_DEVICE environment variable\n"
        "                       names (an index or a case-insensitive part of the device name).\n"
        "  --feature-level L    Show the tensor-support tables at feature level L: 2_1, 2.1 or\n"
        "                       DML_FEATURE_LEVEL_2_1 (known: %s ... %s).\n"
        "                       Default: the selected device's highest level.\n"
        "  --op NAME            Show only operator NAME: SLICE1, slice1 or DML_OPERATOR_SLICE1.\n"
        "  --implemented        Show only the operators vkdml implements.\n"
        "  --json               Print one JSON document instead of text (schema: tools/info/README.md).\n"
        "  -h, --help           Print this help and exit.\n"
        "Options take their value as the next argument or after '=' (--op=SLICE1); if an option is\n"
        "given twice, the last one counts.\n"
        "\n"
        "Without a usable Vulkan device (no driver, no device, or device creation fails) vkdml-info\n"
        "still prints the operator tables - at --feature-level, or else at the highest level vkdml\n"
        "knows, which it says it assumed - with data types not limited to a device, reports why on\n"
        "stderr (and in the JSON's selected_device.error), and exits with status 1.\n"
        "\n"
        "Exit status:\n"
        "  0  success\n"
        "  1  no usable Vulkan device (everything else was still printed)\n"
        "  2  usage error: unknown option, operator, feature level or device index (nothing printed\n"
        "     on stdout; the reason is on stderr)\n"
        "\n"
        "Environment:\n"
        "  VKDML_DEVICE         as for any vkdml application: which device the default picks\n"
        "  VK_ICD_FILENAMES     Vulkan loader: which drivers are visible, e.g.\n"
        "                       VK_ICD_FILENAMES=/usr/lib/chromium/vk_swiftshader_icd.json\n",
        program, FeatureLevelName(AllFeatureLevels().front()), FeatureLevelName(AllFeatureLevels().back()));
}

}  // namespace vkdml::info
