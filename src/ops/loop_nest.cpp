#include "ops/loop_nest.h"

#include <algorithm>
#include <cstdlib>

namespace vkdml {
namespace {

// A launch count beyond this means a pathological layout; refuse rather than record millions of dispatches.
constexpr size_t kMaxLaunchesPerNest = 65536;

void RemoveDimension(LoopNest& n, uint32_t d) {
    for (uint32_t i = d; i + 1 < n.rank; ++i) {
        n.sizes[i] = n.sizes[i + 1];
        for (uint32_t s = 0; s < kSlotCount; ++s) n.strides[s][i] = n.strides[s][i + 1];
    }
    --n.rank;
}

// Drops size-1 dimensions, then merges each dimension into its inner neighbour when every slot steps over the
// inner one exactly (stride[outer] == stride[inner] * size[inner]).
void Collapse(LoopNest& n) {
    for (uint32_t d = n.rank; d-- > 0;)
        if (n.sizes[d] == 1) RemoveDimension(n, d);
    for (uint32_t d = n.rank; d-- > 1;) {
        uint32_t outer = d - 1, inner = d;
        bool contiguous = true;
        for (uint32_t s = 0; s < n.slotCount; ++s)
            contiguous = contiguous && n.strides[s][outer] == n.strides[s][inner] * int64_t(n.sizes[inner]);
        if (!contiguous) continue;
        n.sizes[inner] *= n.sizes[outer];   // fits: the product of all sizes is < 2^32
        RemoveDimension(n, outer);
    }
}

struct Span {
    int64_t lowest = 0, highest = 0;
};

Span SlotSpan(const LoopNest& n, uint32_t s) {
    Span span{n.origin[s], n.origin[s]};
    for (uint32_t d = 0; d < n.rank; ++d) {
        int64_t reach = int64_t(n.sizes[d] - 1) * n.strides[s][d];
        (reach < 0 ? span.lowest : span.highest) += reach;
    }
    if (n.gather && s == kSlotInput) span.highest += int64_t(n.axisHi - n.axisLo - 1) * n.axisStride;
    return span;
}

uint64_t SpanBytes(const LoopNest& n, uint32_t s) {
    Span span = SlotSpan(n, s);
    return uint64_t(span.highest - span.lowest + 1) * n.slots[s].elementBytes;
}

// Splits the nest in two along the dimension (or gather axis) contributing most to slot s's span.
// Returns false if nothing can be split.
bool SplitLargest(const LoopNest& n, uint32_t s, LoopNest* first, LoopNest* second) {
    int best = -1;
    int64_t bestReach = 0;
    for (uint32_t d = 0; d < n.rank; ++d) {
        int64_t reach = std::llabs(int64_t(n.sizes[d] - 1) * n.strides[s][d]);
        if (n.sizes[d] > 1 && reach > bestReach) best = int(d), bestReach = reach;
    }
    bool axisBest = false;
    if (n.gather && s == kSlotInput && n.axisHi - n.axisLo > 1) {
        int64_t reach = int64_t(n.axisHi - n.axisLo - 1) * n.axisStride;
        if (reach > bestReach) axisBest = true;
    }
    if (best < 0 && !axisBest) return false;
    *first = n;
    *second = n;
    if (axisBest) {
        // Both halves write every output element they own; elements whose index falls in the other half are left
        // alone, so the halves run one after the other.
        uint32_t middle = n.axisLo + (n.axisHi - n.axisLo) / 2;
        first->axisHi = middle;
        second->axisLo = middle;
        second->origin[kSlotInput] += int64_t(middle - n.axisLo) * n.axisStride;
        return true;
    }
    uint32_t head = n.sizes[best] / 2;
    first->sizes[best] = head;
    second->sizes[best] = n.sizes[best] - head;
    for (uint32_t t = 0; t < kSlotCount; ++t) second->origin[t] += int64_t(head) * n.strides[t][best];
    return true;
}

bool OutputIsPacked(const LoopNest& n) {
    int64_t expected = 1;
    for (uint32_t d = n.rank; d-- > 0;) {
        if (n.strides[kSlotOutput][d] != expected) return false;
        expected *= n.sizes[d];
    }
    return true;
}

Launch MakeLaunch(const LoopNest& n) {
    Launch l;
    l.kernel = n.gather ? Kernel::Gather : Kernel::StridedCopy;
    l.elementBytes = n.slots[kSlotOutput].elementBytes;
    l.indexKind = n.indexKind;
    l.rank = n.rank;
    l.slotCount = n.slotCount;
    uint64_t count = 1;
    for (uint32_t d = 0; d < n.rank; ++d) {
        l.sizes[d] = n.sizes[d];
        count *= n.sizes[d];
        for (uint32_t s = 0; s < kSlotCount; ++s) l.strides[s][d] = int32_t(n.strides[s][d]);
    }
    l.elementCount = uint32_t(count);
    for (uint32_t s = 0; s < n.slotCount; ++s) {
        Span span = SlotSpan(n, s);
        l.slots[s] = n.slots[s];
        l.slots[s].origin = n.origin[s];
        l.slots[s].lowest = span.lowest;
        l.slots[s].highest = span.highest;
    }
    l.denseOutput = l.elementBytes < 4 && OutputIsPacked(n);
    if (l.denseOutput) {
        uint32_t perWord = 4 / l.elementBytes;
        l.invocationCount = uint32_t((count + perWord - 1) / perWord + 1);   // +1: the box may start mid-word
    } else {
        l.invocationCount = uint32_t(count);
    }
    if (n.gather) {
        l.axisSize = n.axisSize;
        l.axisLo = n.axisLo;
        l.axisHi = n.axisHi;
        l.axisStride = int32_t(n.axisHi - n.axisLo > 1 ? n.axisStride : 0);
    }
    return l;
}

}  // namespace

void LoopNest::AddDimension(uint32_t size, int64_t outputStride, int64_t inputStride, int64_t indicesStride) {
    sizes[rank] = size;
    strides[kSlotOutput][rank] = outputStride;
    strides[kSlotInput][rank] = inputStride;
    strides[kSlotIndices][rank] = indicesStride;
    ++rank;
}

Status EmitLaunches(const LoopNest& whole, const LoweringLimits& limits, Plan* plan) {
    std::vector<LoopNest> pending{whole};
    Collapse(pending.back());
    std::vector<Launch> launches;
    while (!pending.empty()) {
        LoopNest n = pending.back();
        pending.pop_back();
        int tooLarge = -1;
        for (uint32_t s = 0; s < n.slotCount && tooLarge < 0; ++s)
            if (SpanBytes(n, s) > limits.maxSpanBytes) tooLarge = int(s);
        if (tooLarge < 0) {
            if (n.rank > kMaxLaunchRank)
                return Unsupported("internal: a launch kept %u dimensions after merging; at most %u are supported",
                                   n.rank, kMaxLaunchRank);
            launches.push_back(MakeLaunch(n));
            continue;
        }
        LoopNest first, second;
        if (!SplitLargest(n, uint32_t(tooLarge), &first, &second))
            return Unsupported("a single element of a tensor spans more than the device's maxStorageBufferRange");
        Collapse(first);
        Collapse(second);
        pending.push_back(second);   // LIFO: `first` is emitted before `second`
        pending.push_back(first);
        if (launches.size() + pending.size() > kMaxLaunchesPerNest)
            return Unsupported("the tensors' layout needs more than %zu launches to fit the device's "
                               "maxStorageBufferRange (%llu bytes per descriptor)", kMaxLaunchesPerNest,
                               (unsigned long long)limits.maxSpanBytes);
    }
    // Launches that cover only part of a gather axis rewrite the same output elements: order them with barriers.
    for (size_t i = 1; i < launches.size(); ++i)
        if (launches[i].kernel == Kernel::Gather && launches[i].axisLo != 0) launches[i].barrierBefore = true;
    plan->launches.insert(plan->launches.end(), launches.begin(), launches.end());
    return Status::Ok();
}

}  // namespace vkdml
