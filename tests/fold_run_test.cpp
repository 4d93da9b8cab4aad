// src/ops/fold_run.h on the host: the straight runs FoldRuns cuts a stretch of coordinates into must cover it in
// order, and every coordinate must fold exactly where its run says (PADDING copies such pieces of its border without
// the input map). Against a fold written independently (reflecting step by step), over small extents, every start
// and length; and each run must end where the fold turns, so a border no wider than the input is one run.
#include "ops/fold_run.h"

#include <gtest/gtest.h>

#include <algorithm>

namespace {

using vkdml::FoldRun;
using vkdml::FoldRuns;
using vkdml::InputMap;

// t folded into [0, n) by `map`, one reflection at a time.
int64_t Fold(InputMap map, int64_t t, int64_t n) {
    if (map == InputMap::Edge) return std::clamp<int64_t>(t, 0, n - 1);
    if (map == InputMap::Wrap) return ((t % n) + n) % n;
    if (map == InputMap::Reflection && n == 1) return 0;
    while (t < 0 || t >= n) {
        if (map == InputMap::Reflection) t = t < 0 ? -t : 2 * (n - 1) - t;   // the edge element once
        else t = t < 0 ? -t - 1 : 2 * n - 1 - t;                             // Symmetric: the edge twice
    }
    return t;
}

const InputMap kMaps[] = {InputMap::Edge, InputMap::Reflection, InputMap::Symmetric, InputMap::Wrap};

TEST(FoldRuns, RunsCoverTheStretchAndFoldExactly) {
    std::vector<FoldRun> runs;
    for (InputMap map : kMaps)
        for (int64_t n = 1; n <= 7; ++n)
            for (int64_t t = -40; t <= 40; ++t)
                for (uint32_t size = 1; size <= 40; ++size) {
                    ASSERT_TRUE(FoldRuns(map, t, n, size, 100, &runs));
                    uint32_t next = 0;
                    for (const FoldRun& r : runs) {
                        ASSERT_EQ(r.offset, next);
                        ASSERT_GE(r.size, 1u);
                        ASSERT_TRUE(r.step >= -1 && r.step <= 1 && (r.size > 1 || r.step == 0));
                        for (uint32_t i = 0; i < r.size; ++i)
                            ASSERT_EQ(r.first + int64_t(i) * r.step, Fold(map, t + r.offset + i, n))
                                << "map " << int(map) << " t " << t << " n " << n << " size " << size
                                << " offset " << r.offset + i;
                        next += r.size;
                    }
                    ASSERT_EQ(next, size);
                }
}

TEST(FoldRuns, EachRunEndsWhereTheFoldTurns) {
    std::vector<FoldRun> runs;
    for (InputMap map : kMaps)
        for (int64_t n = 2; n <= 7; ++n)
            for (int64_t t = -40; t <= 40; ++t) {
                ASSERT_TRUE(FoldRuns(map, t, n, 60, 100, &runs));
                for (size_t k = 0; k + 1 < runs.size(); ++k) {
                    // The run's last coordinate and the next one: not the next step of a run of two or more.
                    const FoldRun& r = runs[k];
                    int64_t next = Fold(map, t + r.offset + r.size, n);
                    if (r.size > 1) EXPECT_NE(next, r.first + int64_t(r.size) * r.step) << int(map) << " t " << t;
                }
            }
}

TEST(FoldRuns, BordersNoWiderThanTheInputAreOneRun) {
    std::vector<FoldRun> runs;
    for (InputMap map : kMaps)
        for (int64_t n = 2; n <= 9; ++n) {
            // The widest border that folds once: n - 1 for Reflection (the edge element is not repeated), else n.
            const int64_t widest = map == InputMap::Reflection ? n - 1 : n;
            for (int64_t width = 1; width <= widest; ++width) {
                EXPECT_TRUE(FoldRuns(map, -width, n, uint32_t(width), 1, &runs)) << int(map) << " low " << width;
                EXPECT_TRUE(FoldRuns(map, n, n, uint32_t(width), 1, &runs)) << int(map) << " high " << width;
            }
            // The whole padded extent, a border of one each side: three runs (two where n is 2: Edge's 0 0 1 1,
            // Reflection's 1 0 1 0).
            EXPECT_TRUE(FoldRuns(map, -1, n, uint32_t(n + 2), 3, &runs)) << int(map) << " whole, n " << n;
            if (n > 2) EXPECT_FALSE(FoldRuns(map, -1, n, uint32_t(n + 2), 2, &runs)) << int(map) << " whole, n " << n;
        }
}

TEST(FoldRuns, TooManyRunsAreRefused) {
    std::vector<FoldRun> runs;
    EXPECT_FALSE(FoldRuns(InputMap::Wrap, 0, 3, 10, 3, &runs));   // 4 runs: 3 + 3 + 3 + 1
    EXPECT_TRUE(FoldRuns(InputMap::Wrap, 0, 3, 10, 4, &runs));
    EXPECT_EQ(runs.size(), 4u);
}

}  // namespace
