// The DML_FEATURE_LEVEL values, in order, with their names ("4_1").
#pragma once

#include <vkdml/vkdml.h>

#include <optional>
#include <span>
#include <string_view>

namespace vkdml {

std::span<const DML_FEATURE_LEVEL> AllFeatureLevels();   // ascending
bool IsKnownFeatureLevel(DML_FEATURE_LEVEL level);
const char* FeatureLevelName(DML_FEATURE_LEVEL level);    // "4_1"; "?" if unknown
// Parses "4_1", "4.1" or "DML_FEATURE_LEVEL_4_1".
std::optional<DML_FEATURE_LEVEL> ParseFeatureLevel(std::string_view text);

}  // namespace vkdml
