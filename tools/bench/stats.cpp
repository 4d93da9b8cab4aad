// vkdml-bench: statistics and clocks.
#include "stats.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <ctime>

namespace vkdml_bench {

Summary Summarize(std::vector<double> samples) {
    Summary s;
    s.count = int(samples.size());
    if (samples.empty()) return s;
    std::sort(samples.begin(), samples.end());
    size_t n = samples.size();
    s.median = n % 2 ? samples[n / 2] : 0.5 * (samples[n / 2 - 1] + samples[n / 2]);
    s.min = samples.front();
    s.max = samples.back();
    return s;
}

double PairedRatioMedian(const std::vector<double>& numerators, const std::vector<double>& denominators) {
    std::vector<double> ratios;
    for (size_t i = 0; i < std::min(numerators.size(), denominators.size()); ++i)
        if (numerators[i] > 0 && denominators[i] > 0) ratios.push_back(numerators[i] / denominators[i]);
    return Summarize(std::move(ratios)).median;
}

double QuartileSpread(std::vector<double> samples) {
    size_t n = samples.size();
    if (n < 4) return std::numeric_limits<double>::quiet_NaN();
    std::sort(samples.begin(), samples.end());
    double lower = samples[n / 4], upper = samples[n - 1 - n / 4];
    return lower > 0 ? upper / lower : std::numeric_limits<double>::quiet_NaN();
}

double Gbps(double bytesMoved, double seconds) {
    if (!(seconds > 0)) return std::numeric_limits<double>::quiet_NaN();
    return bytesMoved / seconds * 1e-9;
}

double WallSeconds() {
    return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

double ThreadCpuSeconds() {
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return double(t.tv_sec) + double(t.tv_nsec) * 1e-9;
}

}  // namespace vkdml_bench
