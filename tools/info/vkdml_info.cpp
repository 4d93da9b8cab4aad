// vkdml-info: the feature-level query tool (issue 4). Lists the Vulkan devices, the selected device's highest
// DML feature level and why it is not higher, tensor data type support, and every DML_OPERATOR_TYPE with its
// tensor-support table - read from the schema the validator enforces. See --help and tools/info/README.md.
#include "info_report.h"

#include "core/feature_level.h"

#include <cstdio>

int main(int argc, char** argv) {
    using namespace vkdml::info;
    Options options;
    std::string error;
    if (!ParseArguments(argc, argv, &options, &error)) {
        std::fprintf(stderr, "vkdml-info: error: %s\n", error.c_str());
        return kExitUsage;
    }
    if (options.help) {
        PrintHelp("vkdml-info");
        return kExitOk;
    }
    InfoReport report;
    int exitCode = GatherReport(options, &report, &error);
    if (exitCode == kExitUsage) {
        std::fprintf(stderr, "vkdml-info: error: %s\n", error.c_str());
        return kExitUsage;
    }
    if (options.json)
        PrintJson(report);
    else
        PrintText(report);
    std::fflush(stdout);
    if (exitCode == kExitNoDevice) {
        std::fprintf(stderr, "vkdml-info: no usable Vulkan device: %s\n", report.deviceError.c_str());
        if (report.devices.empty())
            std::fprintf(stderr,
                         "vkdml-info: is a Vulkan driver installed and visible? (Mesa's lavapipe: mesa-vulkan-drivers;\n"
                         "vkdml-info: VK_ICD_FILENAMES / VK_DRIVER_FILES choose the drivers the loader sees)\n");
        std::fprintf(stderr, "vkdml-info: tables printed at DML_FEATURE_LEVEL_%s, not limited to a device's data types\n", vkdml::FeatureLevelName(report.tableLevel));
    }
    return exitCode;
}
