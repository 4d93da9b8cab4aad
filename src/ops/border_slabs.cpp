#include "ops/border_slabs.h"

namespace vkdml {

std::vector<Slab> BorderSlabs(uint32_t rank, const std::array<uint32_t, kMaxRank>& outer,
                              const std::array<uint32_t, kMaxRank>& begin,
                              const std::array<uint32_t, kMaxRank>& sizes) {
    std::vector<Slab> slabs;
    for (uint32_t d = 0; d < rank; ++d)
        for (bool high : {false, true}) {
            Slab s;
            for (uint32_t e = 0; e < rank; ++e) {
                const uint32_t end = begin[e] + sizes[e];
                s.lo[e] = e < d ? begin[e] : e > d || !high ? 0 : end;
                s.hi[e] = e < d ? end : e > d || high ? outer[e] : begin[e];
            }
            if (s.lo[d] != s.hi[d]) slabs.push_back(s);
        }
    return slabs;
}

}  // namespace vkdml
