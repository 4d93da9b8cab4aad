// oneDNN format tags: the domain-specific aliases (nchw, nhwc, oihw, ...) as data, and parsing a tag into the
// order of the logical dimensions in memory.
#pragma once

#include "core/status.h"

#include <cstdint>
#include <span>

namespace vkdml::layout {

struct FormatTagAlias {
    const char* alias;     // "nhwc"
    const char* letters;   // "acdb": the plain tag it stands for
};

// Every alias vkdml accepts (those of the oneDNN memory document), in the document's order.
std::span<const FormatTagAlias> FormatTagAliases();

// Turns tag (plain letters or an alias) for a desc of `rank` dimensions into order[0..rank): order[0] is the
// outermost logical dimension in memory, order[rank-1] the innermost. function prefixes the messages.
Status ParseFormatTag(const char* function, const char* tag, uint32_t rank, uint32_t* order);

}  // namespace vkdml::layout
