// vkdml-bench: numbers as the text output prints them (text_output.cpp, and --profile's lines).
#pragma once

#include "stats.h"

#include <string>

namespace vkdml_bench {

// v with `decimals` decimals; "-" for NaN (no measurement).
std::string Num(double v, int decimals);
// Milliseconds with 3 significant digits (at least 3 decimals below 1 ms).
std::string Ms(double seconds);
// "median [min-max]", each through f; "-" where there is no median.
std::string Range(const Summary& s, std::string (*f)(double));

}  // namespace vkdml_bench
