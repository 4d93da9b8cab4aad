#include "core/feature_level.h"

#include <algorithm>
#include <string>

namespace vkdml {
namespace {

constexpr DML_FEATURE_LEVEL kLevels[] = {
    DML_FEATURE_LEVEL_1_0, DML_FEATURE_LEVEL_2_0, DML_FEATURE_LEVEL_2_1, DML_FEATURE_LEVEL_3_0,
    DML_FEATURE_LEVEL_3_1, DML_FEATURE_LEVEL_4_0, DML_FEATURE_LEVEL_4_1, DML_FEATURE_LEVEL_5_0,
    DML_FEATURE_LEVEL_5_1, DML_FEATURE_LEVEL_5_2, DML_FEATURE_LEVEL_6_0, DML_FEATURE_LEVEL_6_1,
    DML_FEATURE_LEVEL_6_2, DML_FEATURE_LEVEL_6_3, DML_FEATURE_LEVEL_6_4,
};
constexpr const char* kNames[] = {"1_0", "2_0", "2_1", "3_0", "3_1", "4_0", "4_1", "5_0",
                                  "5_1", "5_2", "6_0", "6_1", "6_2", "6_3", "6_4"};

}  // namespace

std::span<const DML_FEATURE_LEVEL> AllFeatureLevels() { return kLevels; }

bool IsKnownFeatureLevel(DML_FEATURE_LEVEL level) {
    return std::find(std::begin(kLevels), std::end(kLevels), level) != std::end(kLevels);
}

const char* FeatureLevelName(DML_FEATURE_LEVEL level) {
    for (size_t i = 0; i < std::size(kLevels); ++i)
        if (kLevels[i] == level) return kNames[i];
    return "?";
}

std::optional<DML_FEATURE_LEVEL> ParseFeatureLevel(std::string_view text) {
    constexpr std::string_view prefix = "DML_FEATURE_LEVEL_";
    if (text.size() > prefix.size() && std::equal(prefix.begin(), prefix.end(), text.begin(), [](char a, char b) {
            return a == std::toupper(static_cast<unsigned char>(b));
        }))
        text.remove_prefix(prefix.size());
    std::string normalized(text);
    std::replace(normalized.begin(), normalized.end(), '.', '_');
    for (size_t i = 0; i < std::size(kLevels); ++i)
        if (normalized == kNames[i]) return kLevels[i];
    return std::nullopt;
}

}  // namespace vkdml
