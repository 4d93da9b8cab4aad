// vkdml-bench: median, min and max of repeated measurements, and GB/s.
#pragma once

#include <limits>
#include <vector>

namespace vkdml_bench {

struct Summary {
    double median = std::numeric_limits<double>::quiet_NaN();
    double min = std::numeric_limits<double>::quiet_NaN();
    double max = std::numeric_limits<double>::quiet_NaN();
    int count = 0;
};

// Median (mean of the middle two for an even count), min and max; an empty sample gives NaNs.
Summary Summarize(std::vector<double> samples);

// The median over i of numerators[i] / denominators[i] (the shorter length): the ratio of two measurements taken in
// turns, pair by pair, so that a change of machine speed between pairs hits both sides alike. A pair with a side that
// is not > 0 is no measurement and is skipped (as Gbps gives NaN for it); NaN when no pair is left.
double PairedRatioMedian(const std::vector<double>& numerators, const std::vector<double>& denominators);

// The upper quartile of `samples` over the lower one (the spread of the middle half, which one outlier does not move
// as it moves max / min); NaN for fewer than 4 samples or a lower quartile that is not > 0.
double QuartileSpread(std::vector<double> samples);

// (bytes read + bytes written) / seconds, in GB/s (10^9 bytes); NaN for a non-positive time.
double Gbps(double bytesMoved, double seconds);

// Monotonic wall clock and this thread's CPU clock, in seconds.
double WallSeconds();
double ThreadCpuSeconds();

}  // namespace vkdml_bench
