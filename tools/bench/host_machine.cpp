// vkdml-bench: what the notes say about the machine the run shared (host_machine.h).
#include "host_machine.h"

#include <algorithm>
#include <cstdio>

namespace vkdml_bench {

std::string LoadAverage() {
    std::FILE* f = std::fopen("/proc/loadavg", "r");
    if (!f) return "?";
    char text[32] = "?";
    if (std::fscanf(f, "%31s", text) != 1) text[0] = '?', text[1] = 0;
    std::fclose(f);
    return text;
}

std::string HostCpuModel() {
    std::FILE* f = std::fopen("/proc/cpuinfo", "r");
    if (!f) return "";
    std::string name, family, model;
    char line[512];
    while (std::fgets(line, sizeof line, f)) {
        std::string text(line);
        size_t colon = text.find(':');
        if (colon == std::string::npos || colon == 0) {
            if (!name.empty()) break;   // the end of the first processor's block
            continue;
        }
        std::string key = text.substr(0, text.find_last_not_of(" \t", colon - 1) + 1);
        std::string value = text.substr(std::min(colon + 2, text.size()));
        if (!value.empty() && value.back() == '\n') value.pop_back();
        if (key == "model name") name = value;
        else if (key == "cpu family") family = value;
        else if (key == "model") model = value;
    }
    std::fclose(f);
    if (name.empty() || family.empty() || model.empty()) return name;
    return name + " (family " + family + ", model " + model + ")";
}

}  // namespace vkdml_bench
