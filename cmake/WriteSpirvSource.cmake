# cmake -DINPUT=x.spv -DOUTPUT=x.cpp -DNAME=x -P WriteSpirvSource.cmake
file(READ ${INPUT} hex HEX)
string(LENGTH "${hex}" hex_length)
math(EXPR word_count "${hex_length} / 8")
# SPIR-V words are little-endian on disk: each word's four bytes reversed, then eight words to a line. One regular
# expression pass each: a loop of string(SUBSTRING) calls copies the whole text every call (14 s for gather.spv's
# 130 KB, minutes for cast.spv's 330 KB, in each build directory).
string(REGEX REPLACE "(..)(..)(..)(..)" "0x\\4\\3\\2\\1u," body "${hex}")
string(REPEAT "0x........u," 8 line)
string(REGEX REPLACE "(${line})" "\\1\n" body "${body}")
file(WRITE ${OUTPUT} "// Generated from ${SOURCE} at build time. Do not edit.\n#include <cstddef>\n#include <cstdint>\n\nnamespace vkdml::kernels {\nextern const uint32_t k_${NAME}_spirv[] = {\n${body}\n};\nextern const size_t k_${NAME}_spirv_words = ${word_count};\n}  // namespace vkdml::kernels\n")
