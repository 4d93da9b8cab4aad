#include "ops/fold_run.h"

#include "core/checked_math.h"

#include <algorithm>

namespace vkdml {
namespace {

// How many coordinates from t on continue one straight run (at most INT64_MAX), where it starts and how it steps.
int64_t RunFrom(InputMap map, int64_t t, int64_t n, int64_t* first, int64_t* step) {
    if (n == 1 || (map == InputMap::Edge && t >= n - 1)) {   // one coordinate from here on
        *first = n - 1, *step = 0;
        return INT64_MAX;
    }
    if (map == InputMap::Edge) {   // t..0 all at 0, or up to n - 1
        *first = std::max<int64_t>(t, 0), *step = t < 0 ? 0 : 1;
        return t < 0 ? 1 - t : n - t;
    }
    if (map == InputMap::Reflection) {   // period 2(n - 1): up from 0 to n - 1, down from there to 1, 0
        int64_t m = FloorMod(t, 2 * (n - 1));
        bool up = m < n - 1;   // at n - 1 the run goes down
        *first = up ? m : 2 * (n - 1) - m, *step = up ? 1 : -1;
        return up ? n - m : 2 * (n - 1) - m + 1;
    }
    if (map == InputMap::Symmetric) {    // period 2n: up from 0 to n - 1, down from n - 1 to 0
        int64_t m = FloorMod(t, 2 * n);
        bool up = m < n;
        *first = up ? m : 2 * n - 1 - m, *step = up ? 1 : -1;
        return up ? n - m : 2 * n - m;
    }
    *first = FloorMod(t, n), *step = 1;   // Wrap
    return n - *first;
}

}  // namespace

bool FoldRuns(InputMap map, int64_t t, int64_t n, uint32_t size, uint32_t maxRuns, std::vector<FoldRun>* runs) {
    runs->clear();
    for (uint32_t offset = 0; offset < size;) {
        if (runs->size() == maxRuns) return false;
        FoldRun r;
        r.offset = offset;
        int64_t length = RunFrom(map, t + offset, n, &r.first, &r.step);
        r.size = uint32_t(std::min<int64_t>(length, size - offset));
        if (r.size == 1) r.step = 0;
        runs->push_back(r);
        offset += r.size;
    }
    return true;
}

}  // namespace vkdml
