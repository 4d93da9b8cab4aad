#include "layout/format_tags.h"

#include "core/tensor.h"

#include <cstring>
#include <string>

namespace vkdml::layout {
namespace {

// The aliases of oneDNN's dnnl::memory::format_tag (seed 003), each with the plain tag it stands for. Sizes are
// always given in the logical order of the plain tag (activations n, c, [d,] [h,] w; weights [g,] o, i, ...).
// giodhw is acbdef as its enumerator says (the seed's prose repeats "abcdef", which is goidhw).
constexpr FormatTagAlias kAliases[] = {
    {"x", "a"},
    {"nc", "ab"},          {"cn", "ba"},          {"tn", "ab"},          {"nt", "ba"},
    {"ncw", "abc"},        {"nwc", "acb"},
    {"nchw", "abcd"},      {"nhwc", "acdb"},      {"chwn", "bcda"},
    {"ncdhw", "abcde"},    {"ndhwc", "acdeb"},
    {"oi", "ab"},          {"io", "ba"},
    {"oiw", "abc"},        {"owi", "acb"},        {"wio", "cba"},        {"iwo", "bca"},
    {"oihw", "abcd"},      {"hwio", "cdba"},      {"ohwi", "acdb"},      {"ihwo", "bcda"},      {"iohw", "bacd"},
    {"oidhw", "abcde"},    {"dhwio", "cdeba"},    {"odhwi", "acdeb"},    {"idhwo", "bcdea"},
    {"goiw", "abcd"},      {"wigo", "dcab"},
    {"goihw", "abcde"},    {"hwigo", "decab"},    {"giohw", "acbde"},
    {"goidhw", "abcdef"},  {"giodhw", "acbdef"},  {"dhwigo", "defcab"},
    {"tnc", "abc"},        {"ntc", "bac"},
    {"ldnc", "abcd"},      {"ldigo", "abcde"},    {"ldgoi", "abdec"},    {"ldio", "abcd"},      {"ldoi", "abdc"},
    {"ldgo", "abcd"},
};

bool IsPlainLetters(const char* tag) {
    for (const char* c = tag; *c; ++c)
        if (*c < 'a' || *c > 'a' + char(kMaxRank - 1)) return false;
    return true;
}

}  // namespace

std::span<const FormatTagAlias> FormatTagAliases() { return kAliases; }

Status ParseFormatTag(const char* fn, const char* tag, uint32_t rank, uint32_t* order) {
    if (!tag) return InvalidArgument("%s: tag is NULL; it must be a oneDNN format tag such as \"acdb\" or \"nhwc\"", fn);
    if (std::strcmp(tag, "any") == 0 || std::strcmp(tag, "undef") == 0)
        return InvalidArgument("%s: tag \"%s\" names no layout (in oneDNN a primitive chooses one); a DML desc needs "
                               "a concrete tag such as \"abcd\" or \"nhwc\"", fn, tag);
    const char* letters = nullptr;
    std::string described = Format("\"%s\"", tag);
    for (const FormatTagAlias& alias : kAliases)
        if (std::strcmp(alias.alias, tag) == 0) {
            letters = alias.letters;
            described = Format("\"%s\" (an alias of \"%s\")", tag, alias.letters);
            break;
        }
    if (!letters) {
        if (!*tag || !IsPlainLetters(tag)) {
            bool blocked = false;
            for (const char* c = tag; *c; ++c) blocked |= (*c >= 'A' && *c <= 'Z') || (*c >= '0' && *c <= '9');
            return InvalidArgument(
                "%s: tag \"%s\" is not a format tag vkdml knows%s; use the letters a-h, one per dimension from the "
                "outermost to the innermost in memory (e.g. \"acdb\"), or an alias (nchw, nhwc, ncdhw, ndhwc, oihw, "
                "hwio, ...; see vkdml/layout.h)", fn, tag,
                blocked ? " (upper-case letters and numbers are oneDNN's blocked formats, e.g. \"aBcd16b\", which "
                          "DML strides cannot express)"
                        : "");
        }
        letters = tag;
    }
    size_t length = std::strlen(letters);
    if (length != rank)
        return InvalidArgument("%s: tag %s has %zu dimensions but dimensionCount is %u; a tag has one letter per "
                               "dimension", fn, described.c_str(), length, rank);
    uint32_t seen = 0;
    for (uint32_t k = 0; k < rank; ++k) {
        uint32_t d = uint32_t(letters[k] - 'a');
        if (d >= rank)
            return InvalidArgument("%s: tag %s uses '%c', dimension %u, but there are only %u dimensions (letters a-%c)",
                                   fn, described.c_str(), letters[k], d, rank, char('a' + rank - 1));
        if (seen & (1u << d))
            return InvalidArgument("%s: tag %s uses '%c' twice; each dimension appears exactly once", fn,
                                   described.c_str(), letters[k]);
        seen |= 1u << d;
        order[k] = d;
    }
    return Status::Ok();
}

}  // namespace vkdml::layout
