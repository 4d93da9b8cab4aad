// Command-line helpers shared by the tools (vkdml-info, vkdml-bench): "--flag value" / "--flag=value" options and
// unsigned numbers, so every tool reads its options the same way. Header-only.
#pragma once

#include <charconv>
#include <cstdint>
#include <string>
#include <string_view>

namespace vkdml_tools {

// arg is `flag` itself or "flag=...".
inline bool MatchesOption(std::string_view arg, std::string_view flag) {
    return arg == flag || (arg.size() > flag.size() && arg.starts_with(flag) && arg[flag.size()] == '=');
}

// The value of an option MatchesOption accepted: after '=' or the next argument (advancing *i). Returns false with
// *error when it is missing or empty.
inline bool TakeOptionValue(std::string_view flag, std::string_view arg, int argc, char** argv, int* i,
                            std::string_view* value, std::string* error) {
    if (arg.size() > flag.size()) {   // --flag=value
        *value = arg.substr(flag.size() + 1);
    } else if (*i + 1 < argc) {
        *value = argv[++*i];
    } else {
        *error = std::string(flag) + " needs a value";
        return false;
    }
    if (value->empty()) {
        *error = std::string(flag) + " needs a non-empty value";
        return false;
    }
    return true;
}

// The whole of text as a decimal uint32_t.
inline bool ParseUint32(std::string_view text, uint32_t* out) {
    auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), *out);
    return ec == std::errc() && end == text.data() + text.size();
}

// "--device N" (MatchesOption(arg, "--device") holds): the index of a physical device, as vkdml-info lists them.
inline bool TakeDeviceIndex(std::string_view arg, int argc, char** argv, int* i, uint32_t* device,
                            std::string* error) {
    std::string_view value;
    if (!TakeOptionValue("--device", arg, argc, argv, i, &value, error)) return false;
    if (!ParseUint32(value, device)) {
        *error = "--device " + std::string(value) + ": not a device index (a number from vkdml-info's device list)";
        return false;
    }
    return true;
}

// The error for an argument no option of the tool took.
inline std::string UnexpectedArgument(std::string_view arg) {
    return (arg.starts_with("-") ? "unknown option " : "unexpected argument ") + std::string(arg) + " (see --help)";
}

}  // namespace vkdml_tools
