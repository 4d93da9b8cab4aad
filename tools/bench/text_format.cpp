// vkdml-bench: numbers as the text output prints them.
#include "text_format.h"

#include <cmath>
#include <cstdio>

namespace vkdml_bench {

std::string Num(double v, int decimals) {
    if (std::isnan(v)) return "-";
    char t[64];
    std::snprintf(t, sizeof(t), "%.*f", decimals, v);
    return t;
}

std::string Ms(double seconds) {
    if (std::isnan(seconds)) return "-";
    double ms = seconds * 1e3;
    return Num(ms, ms < 1 ? 3 : ms < 10 ? 2 : ms < 100 ? 1 : 0);
}

std::string Range(const Summary& s, std::string (*f)(double)) {
    if (std::isnan(s.median)) return "-";
    return f(s.median) + " [" + f(s.min) + "-" + f(s.max) + "]";
}

}  // namespace vkdml_bench
