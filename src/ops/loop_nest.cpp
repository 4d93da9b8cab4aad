#include "ops/loop_nest.h"

#include "ops/gather_columns.h"
#include "ops/gather_rows.h"
#include "ops/transpose_quads.h"
#include "ops/transpose_tiles.h"
#include "ops/word_runs.h"

#include <algorithm>
#include <cstdlib>

namespace vkdml {
namespace {

// A launch count beyond this means a pathological layout; refuse rather than record millions of dispatches.
constexpr size_t kMaxLaunchesPerNest = 65536;

bool HasInputMap(const LoopNest& n) {
    return n.args.kernel == Kernel::StridedCopy && n.args.mode != uint32_t(InputMap::Linear);
}

// True when dimension d's input coordinate is its box coordinate (no map, or one that moves nothing).
bool IsIdentityMapped(const LoopNest& n, uint32_t d) {
    return !HasInputMap(n) ||
           (n.shifts[d] == 0 && n.extents[d] == n.sizes[d] && n.windowLo[d] == 0 && n.windowHi[d] == n.extents[d]);
}

void RemoveDimension(LoopNest& n, uint32_t d) {
    for (uint32_t i = d; i + 1 < n.rank; ++i) {
        n.sizes[i] = n.sizes[i + 1];
        n.extents[i] = n.extents[i + 1];
        n.shifts[i] = n.shifts[i + 1];
        n.windowLo[i] = n.windowLo[i + 1];
        n.windowHi[i] = n.windowHi[i + 1];
        for (uint32_t c = 0; c < kChannelCount; ++c) n.strides[c][i] = n.strides[c][i + 1];
    }
    --n.rank;
}

// Drops size-1 dimensions, then merges each dimension into its inner neighbour when every channel steps over the
// inner one exactly (stride[outer] == stride[inner] * size[inner]). Dimensions with an input map stay as they are:
// their coordinates mean something to the kernel.
void Collapse(LoopNest& n) {
    for (uint32_t d = n.rank; d-- > 0;)
        if (n.sizes[d] == 1 && IsIdentityMapped(n, d)) RemoveDimension(n, d);
    for (uint32_t d = n.rank; d-- > 1;) {
        uint32_t outer = d - 1, inner = d;
        bool contiguous = IsIdentityMapped(n, outer) && IsIdentityMapped(n, inner);
        for (uint32_t c = 0; c < kChannelCount; ++c)
            contiguous = contiguous && n.strides[c][outer] == n.strides[c][inner] * int64_t(n.sizes[inner]);
        if (!contiguous) continue;
        n.sizes[inner] *= n.sizes[outer];   // fits: the product of all sizes is < 2^32
        n.extents[inner] = n.windowHi[inner] = n.sizes[inner];
        RemoveDimension(n, outer);
    }
}

struct Span {
    int64_t lowest = 0, highest = 0;
};

// How far dimension d moves slot s: over the box, or over the input window where an input map folds it.
int64_t DimensionReach(const LoopNest& n, uint32_t s, uint32_t d) {
    if (s == kSlotInput && !IsIdentityMapped(n, d))
        return int64_t(n.windowHi[d] - n.windowLo[d] - 1) * n.strides[s][d];
    return int64_t(n.sizes[d] - 1) * n.strides[s][d];
}

Span SlotSpan(const LoopNest& n, uint32_t s) {
    Span span{n.origin[s], n.origin[s]};
    for (uint32_t d = 0; d < n.rank; ++d) {
        int64_t reach = DimensionReach(n, s, d);
        (reach < 0 ? span.lowest : span.highest) += reach;
    }
    const KernelArgs& a = n.args;
    if (a.axisCount > 0 && s == a.indexedSlot) {
        span.highest += int64_t(n.axisHi - n.axisLo - 1) * a.axisStrides[0];
        for (uint32_t j = 1; j < a.axisCount; ++j) span.highest += int64_t(a.axisSizes[j] - 1) * a.axisStrides[j];
    }
    if (a.axisCount > 1 && s == kSlotIndices) span.highest += int64_t(a.axisCount - 1) * a.tupleStride;
    span.highest += n.extraReach[s];
    return span;
}

uint64_t SpanBytes(const LoopNest& n, uint32_t s) {
    Span span = SlotSpan(n, s);
    return uint64_t(span.highest - span.lowest + 1) * n.slots[s].elementBytes;
}

// Replaces nest n by one nest per coordinate of its smallest dimension, that dimension removed (the first
// coordinate's on top of `pending`, so it is emitted first).
Status SplitOffSmallest(const LoopNest& n, std::vector<LoopNest>* pending) {
    int smallest = -1;
    for (uint32_t d = 0; d < n.rank; ++d)
        if (IsIdentityMapped(n, d) && (smallest < 0 || n.sizes[d] < n.sizes[uint32_t(smallest)])) smallest = int(d);
    if (smallest < 0)
        return Unsupported("internal: a launch kept %u mapped dimensions after merging; at most %u are supported",
                           n.rank, kMaxLaunchRank);
    const uint32_t d = uint32_t(smallest);
    for (uint32_t c = n.sizes[d]; c-- > 0;) {
        LoopNest part = n;
        for (uint32_t ch = 0; ch < kChannelCount; ++ch) part.origin[ch] += int64_t(c) * n.strides[ch][d];
        RemoveDimension(part, d);
        Collapse(part);   // its neighbours may merge now
        pending->push_back(part);
    }
    return Status::Ok();
}

}  // namespace

void SplitBox(const LoopNest& n, uint32_t d, uint32_t head, LoopNest* first, LoopNest* second) {
    *first = n;
    *second = n;
    const bool mapped = !IsIdentityMapped(n, d);
    first->sizes[d] = head;
    second->sizes[d] = n.sizes[d] - head;
    for (uint32_t c = 0; c < kChannelCount; ++c) {
        if (mapped && c == kSlotInput) continue;   // the map moves the input, from the shifted coordinate
        second->origin[c] += int64_t(head) * n.strides[c][d];
    }
    if (mapped) {
        second->shifts[d] += head;   // same input window: the halves fold different coordinates into it
    } else if (HasInputMap(n)) {
        // A dimension that maps to itself stays so: each half's extent and window are its own part.
        first->extents[d] = first->windowHi[d] = head;
        second->extents[d] = second->windowHi[d] = n.sizes[d] - head;
    }
}

namespace {

// Splits the nest in two along what contributes most to slot s's span: a box dimension, the input window of a
// mapped dimension, or index axis 0. Returns false if nothing can be split.
bool SplitLargest(const LoopNest& n, uint32_t s, LoopNest* first, LoopNest* second) {
    enum class Part { Box, Window, Axis } part = Part::Box;
    int best = -1;
    int64_t bestReach = 0;
    // A reducing scatter applies each output element's updates in the box's row-major order, launch after launch:
    // only the outermost dimension may split (each half a contiguous run of that order, the first run first), or
    // index axis 0 (the halves then own disjoint output elements).
    const bool ordered = n.args.kernel == Kernel::ScatterReduce;
    if (ordered && n.rank > 0 && n.sizes[0] > 1) best = 0, bestReach = std::llabs(int64_t(n.sizes[0] - 1) * n.strides[s][0]);
    for (uint32_t d = 0; d < n.rank && !ordered; ++d) {
        bool window = s == kSlotInput && !IsIdentityMapped(n, d);   // the map reads the window whatever the box
        uint32_t extent = window ? n.windowHi[d] - n.windowLo[d] : n.sizes[d];
        int64_t reach = std::llabs(int64_t(extent - 1) * n.strides[s][d]);
        if (extent > 1 && reach > bestReach) best = int(d), bestReach = reach, part = window ? Part::Window : Part::Box;
    }
    if (n.args.axisCount > 0 && s == n.args.indexedSlot && n.axisHi - n.axisLo > 1) {
        int64_t reach = int64_t(n.axisHi - n.axisLo - 1) * n.args.axisStrides[0];
        if (reach > bestReach) part = Part::Axis, best = 0;
    }
    if (best < 0) return false;
    *first = n;
    *second = n;
    if (part == Part::Axis) {
        // Each half handles only the elements whose index falls in its part of the axis and leaves the others
        // alone, so the halves run one after the other.
        uint32_t middle = n.axisLo + (n.axisHi - n.axisLo) / 2;
        first->axisHi = middle;
        second->axisLo = middle;
        second->origin[n.args.indexedSlot] += int64_t(middle - n.axisLo) * n.args.axisStrides[0];
        return true;
    }
    if (part == Part::Window) {
        // Each half writes only the elements whose input coordinate falls in its part of the window.
        uint32_t middle = n.windowLo[best] + (n.windowHi[best] - n.windowLo[best]) / 2;
        first->windowHi[best] = middle;
        second->windowLo[best] = middle;
        second->origin[kSlotInput] += int64_t(middle - n.windowLo[best]) * n.strides[kSlotInput][best];
        return true;
    }
    SplitBox(n, uint32_t(best), n.sizes[best] / 2, first, second);
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

// LoweringLimits::elementsPerInvocation, halved while a launch of `count` elements would have fewer workgroups than
// kMinWorkgroupsPerLaunch.
uint32_t ElementsPerInvocation(uint64_t count, const LoweringLimits& limits) {
    uint32_t e = limits.elementsPerInvocation;
    while (e / 2 >= limits.minElementsPerInvocation && count < uint64_t(e) * kWorkgroupSize * kMinWorkgroupsPerLaunch)
        e /= 2;
    return e;
}

// Most copies of each loaded element a launch stores (Launch::outputCopies): more would leave a GPU few invocations.
constexpr uint32_t kMaxOutputCopies = 8;

// The dimension of a plain copy of 4- or 8-byte elements whose copies the kernel stores from one load
// (Launch::outputCopies), or -1: one other than the innermost along which the input does not move, of 2 to
// kMaxOutputCopies elements (the largest such), and for 4-byte elements an output stride of whole 16-byte quads,
// so that the copies of an output quad are quads too. On lavapipe a kernel's time is its count of load and store
// instructions: a TILE by 2 along rows needs 3 per two output quads instead of 4.
int OutputCopiesDimension(const LoopNest& n, bool wordRun) {
    const uint32_t es = n.slots[kSlotOutput].elementBytes;
    if (wordRun || n.args.kernel != Kernel::StridedCopy || n.args.mode != uint32_t(InputMap::Linear) ||
        n.slotCount != 2 || n.slots[kSlotInput].elementBytes != es || (es != 4 && es != 8))
        return -1;
    int best = -1;
    for (uint32_t d = 0; d + 1 < n.rank; ++d) {
        if (n.strides[kSlotInput][d] != 0 || n.sizes[d] < 2 || n.sizes[d] > kMaxOutputCopies) continue;
        if (es == 4 && n.strides[kSlotOutput][d] % 4 != 0) continue;
        if (best < 0 || n.sizes[d] > n.sizes[best]) best = int(d);
    }
    return best;
}

// Whether the invocations of launch `l` (a StridedCopy without an input map, of 4-byte elements or a dense sub-word
// output, output rows of stride 1) take turns in groups of LoweringLimits::simdLanes over the quads of their rows
// (LANE_GROUP in shaders/launch_main.glsl): on a CPU implementation, where rows are long enough to give each lane
// LoweringLimits::copyTurnQuadsPerLane quads (0: never).
bool TakesTurnsAlongRows(const Launch& l, const LoweringLimits& limits) {
    if (limits.simdLanes <= 1 || limits.copyTurnQuadsPerLane == 0 || l.args.kernel != Kernel::StridedCopy ||
        l.args.mode != uint32_t(InputMap::Linear) || !(l.elementBytes == 4 || l.denseOutput) || l.rank == 0 ||
        l.strides[kSlotOutput][l.rank - 1] != 1)
        return false;
    const uint64_t quadElements = 16 / l.elementBytes;
    return l.sizes[l.rank - 1] >= uint64_t(limits.copyTurnQuadsPerLane) * quadElements * limits.simdLanes;
}

// Gives launch `l` groups of LoweringLimits::simdLanes invocations where they take turns along its rows
// (TakesTurnsAlongRows): a group owns `units` (elements, or a dense output's words) laneGroup x elementsPerInvocation
// at a time.
void GroupAlongRows(Launch& l, const LoweringLimits& limits, uint64_t units) {
    if (!TakesTurnsAlongRows(l, limits)) return;
    l.args.laneGroup = limits.simdLanes;
    const uint64_t groupUnits = uint64_t(l.elementsPerInvocation) * l.args.laneGroup;
    l.invocationCount = uint32_t((units + groupUnits - 1) / groupUnits * l.args.laneGroup);
}

// `wordRun`: IsWordRun(n) (ops/word_runs.h), decided by the caller before it rewrote `n`.
Launch MakeLaunch(const LoopNest& n, const LoweringLimits& limits, bool wordRun) {
    Launch l;
    l.args = n.args;
    l.elementBytes = n.slots[kSlotOutput].elementBytes;
    // A TransposeQuads or GatherColumns nest ends with the two dimensions inside a block: the kernel walks those, the
    // launch the blocks. (The slot spans below still cover every element.)
    const bool transposeBlocks = n.args.kernel == Kernel::TransposeQuads;
    const bool blocks = transposeBlocks || n.args.kernel == Kernel::GatherColumns;
    const int copies = OutputCopiesDimension(n, wordRun);
    l.rank = 0;
    l.slotCount = n.slotCount;
    uint64_t count = 1;
    for (uint32_t d = 0; d < (blocks ? n.rank - 2 : n.rank); ++d) {
        if (int(d) == copies) {
            l.outputCopies = n.sizes[d];
            l.outputCopyStride = int32_t(n.strides[kSlotOutput][d]);
            continue;
        }
        const uint32_t k = l.rank++;
        l.sizes[k] = n.sizes[d];
        l.extents[k] = n.extents[d];
        l.shifts[k] = int32_t(n.shifts[d]);
        l.windowLo[k] = n.windowLo[d];
        l.windowHi[k] = n.windowHi[d];
        count *= n.sizes[d];
        for (uint32_t c = 0; c < kChannelCount; ++c) l.strides[c][k] = int32_t(n.strides[c][d]);
    }
    if (transposeBlocks) {   // [across, innermost]
        l.blockRowStrides[kSlotOutput] = int32_t(n.strides[kSlotOutput][n.rank - 2]);
        l.blockRowStrides[kSlotInput] = int32_t(n.strides[kSlotInput][n.rank - 1]);
        l.blockRows = n.sizes[n.rank - 1];
        l.blockAcross = n.sizes[n.rank - 2];
    } else if (blocks) {     // [rows, columns]
        l.blockRowStrides[kSlotOutput] = int32_t(n.strides[kSlotOutput][n.rank - 2]);
        l.blockRowStrides[kSlotInput] = int32_t(n.strides[kSlotInput][n.rank - 2]);
        l.blockRows = n.sizes[n.rank - 2];
        l.blockAcross = n.sizes[n.rank - 1];
    }
    l.coordinateOrigin = n.origin[kChannelCoordinate];
    l.elementCount = uint32_t(count);
    for (uint32_t s = 0; s < n.slotCount; ++s) {
        Span span = SlotSpan(n, s);
        l.slots[s] = n.slots[s];
        l.slots[s].origin = n.origin[s];
        l.slots[s].lowest = span.lowest;
        l.slots[s].highest = span.highest;
    }
    // A scatter writes where its indices say, so it never owns whole output words.
    l.denseOutput = !wordRun && l.elementBytes < 4 && n.args.kernel != Kernel::Scatter &&
                    n.args.kernel != Kernel::ScatterReduce && !blocks && OutputIsPacked(n);
    if (wordRun) {
        l.args.kernel = Kernel::CopyWords;
        // Invocations own 16-byte quads of a run's output range (it may start at any byte of its first quad); rows of
        // runs (rank 2) get as many invocations each.
        const uint64_t rows = l.rank == 2 ? l.sizes[0] : 1;
        const uint64_t quadsPerRow = (count / rows * l.elementBytes + 15 + 15) / 16;
        const uint32_t quadsPerInvocation = limits.quadsPerCopyInvocation;
        l.elementsPerInvocation = quadsPerInvocation;   // QUADS_PER_INVOCATION in copy_words.comp
        l.rowInvocations = uint32_t((quadsPerRow + quadsPerInvocation - 1) / quadsPerInvocation);
        l.invocationCount = uint32_t(rows * l.rowInvocations);
    } else if (l.args.kernel == Kernel::GatherRows) {
        // The box counts quads along the row (the slot spans above cover every word); each row gets as many
        // invocations of QUADS_PER_INVOCATION quads as it takes (gather_rows.comp).
        l.sizes[1] /= 4;
        l.elementCount = l.sizes[0] * l.sizes[1];
        const auto rowInvocationsFor = [&](uint32_t quads) { return (l.sizes[1] + quads - 1) / quads; };
        l.elementsPerInvocation = limits.quadsPerGatherRowInvocation;
        while (l.elementsPerInvocation / 2 >= limits.quadsPerCopyInvocation &&
               l.sizes[0] * rowInvocationsFor(l.elementsPerInvocation) < kWorkgroupSize * kMinWorkgroupsPerLaunch)
            l.elementsPerInvocation /= 2;
        l.rowInvocations = rowInvocationsFor(l.elementsPerInvocation);
        l.invocationCount = l.sizes[0] * l.rowInvocations;
    } else if (l.denseOutput) {
        uint32_t perWord = 4 / l.elementBytes;
        uint64_t words = (count + perWord - 1) / perWord + 1;   // +1: the box may start mid-word
        // DENSE_WORDS: output words per invocation, as many as 4-byte elements elsewhere (the same bytes).
        l.elementsPerInvocation = ElementsPerInvocation(words, limits);
        l.invocationCount = uint32_t((words + l.elementsPerInvocation - 1) / l.elementsPerInvocation);
        GroupAlongRows(l, limits, words);
    } else {
        // scatter_reduce.comp gives each update its own invocation (a leader scans the updates around it);
        // transpose_quads.comp and gather_columns.comp count blocks of blockAcross x blockRows elements. Transposes
        // whose rows start on quads count their share in 4-byte words, so that blocks of 1- and 2-byte elements move
        // as many bytes per invocation as 4-byte ones (a CPU's UINT8 invocation 16 KiB rather than 4: NCHW -> NHWC
        // 0.61 -> 0.66-0.67 x the compute copy at 64 MiB, 0.85-0.87 -> 1.00 at 1 MiB, on an Intel host's lavapipe;
        // shifted rows lost at 1 MiB, 0.48-0.66 -> 0.39-0.40 for an odd-sized image's UINT8 planes:
        // docs/performance-sessions.md, Session 57).
        const uint32_t blockElements = blocks ? l.blockAcross * l.blockRows : 1;
        const bool alignedBlocks = transposeBlocks && l.args.mode == uint32_t(BlockRows::Aligned);
        const uint32_t elementsPerWord = alignedBlocks ? std::max<uint32_t>(4 / l.elementBytes, 1) : 1;
        const uint64_t blockWords = (count * blockElements + elementsPerWord - 1) / elementsPerWord;
        l.elementsPerInvocation = n.args.kernel == Kernel::ScatterReduce ? 1
                                  : std::max<uint32_t>(ElementsPerInvocation(blockWords, limits) * elementsPerWord /
                                                           blockElements, 1);
        l.invocationCount = uint32_t((count + l.elementsPerInvocation - 1) / l.elementsPerInvocation);
        if (transposeBlocks && l.args.mode != uint32_t(BlockRows::Aligned)) {
            const ShiftedRowSplit walk = ShiftedRowWalk(count, l.sizes[l.rank - 1], BlockRows(l.args.mode),
                                                        l.elementBytes, kWorkgroupSize * kMinWorkgroupsPerLaunch,
                                                        limits, l.elementsPerInvocation);
            l.shiftedRowsPerInvocation = walk.rowsPerInvocation;
            l.elementsPerInvocation = walk.blocksPerInvocation;
            l.invocationCount = walk.invocations;
            l.args.laneGroup = walk.laneGroup;
            SetKnownRowShifts(l);
        }
        GroupAlongRows(l, limits, count);
        // Whole groups of invocations that take turns over their blocks or quads (LANE_GROUP in transpose_quads.comp
        // and launch_main.glsl).
        l.invocationCount += (l.args.laneGroup - l.invocationCount % l.args.laneGroup) % l.args.laneGroup;
    }
    if (n.args.kernel == Kernel::Gather || n.args.kernel == Kernel::Scatter)
        l.plainSegments = l.rank == 0 || (l.strides[kSlotIndices][l.rank - 1] == 0 &&
                                          l.strides[kChannelCoordinate][l.rank - 1] == 0);
    l.axisLo = n.axisLo;
    l.axisHi = n.axisHi;
    if (n.axisHi - n.axisLo <= 1) l.args.axisStrides[0] = 0;   // (index - axisLo) is 0: keep the product small
    return l;
}

}  // namespace

void LoopNest::SetSlot(Slot slot, TensorRef ref, const Tensor& tensor) {
    slots[slot] = {ref, tensor.elementBytes};
    slots[slot].baseAlignment = tensor.GuaranteedBaseAlignment();
}

void LoopNest::AddDimension(uint32_t size, int64_t outputStride, int64_t inputStride, int64_t indicesStride,
                            int64_t coordinateStride) {
    sizes[rank] = size;
    extents[rank] = size;
    shifts[rank] = 0;
    windowLo[rank] = 0;
    windowHi[rank] = size;
    strides[kSlotOutput][rank] = outputStride;
    strides[kSlotInput][rank] = inputStride;
    strides[kSlotIndices][rank] = indicesStride;
    strides[kChannelCoordinate][rank] = coordinateStride;
    ++rank;
}

void LoopNest::AddMappedDimension(uint32_t size, int64_t outputStride, int64_t inputStride, uint32_t extent,
                                  int64_t shift) {
    AddDimension(size, outputStride, inputStride);
    extents[rank - 1] = extent;
    shifts[rank - 1] = shift;
    windowHi[rank - 1] = extent;
}

void LoopNest::SetIndexAxes(Slot slot, uint32_t count, const uint32_t* axisSizes, const int64_t* axisStrides,
                            int64_t tuple) {
    args.indexedSlot = slot;
    args.axisCount = count;
    for (uint32_t j = 0; j < count; ++j) {
        args.axisSizes[j] = axisSizes[j];
        args.axisStrides[j] = axisStrides[j];
    }
    args.tupleStride = tuple;
    axisLo = 0;
    axisHi = axisSizes[0];
}

Status EmitLaunches(const LoopNest& whole, const LoweringLimits& limits, Plan* plan) {
    // A walk over a zero-volume box (a zero-size tensor on a device that allows them) has nothing to do.
    for (uint32_t d = 0; d < whole.rank; ++d)
        if (whole.sizes[d] == 0) return Status::Ok();
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
            if (n.rank > kMaxLaunchRank) {
                // More dimensions than a launch walks (UNFOLD walks two per spatial dimension): a nest per
                // coordinate of the smallest dimension, each without it.
                VKDML_RETURN_IF_ERROR(SplitOffSmallest(n, &pending));
                if (plan->launches.size() + launches.size() + pending.size() > kMaxLaunchesPerNest)
                    return Unsupported("the tensors' layout keeps %u dimensions after merging and needs more than "
                                       "%zu launches of at most %u", n.rank, kMaxLaunchesPerNest, kMaxLaunchRank);
                continue;
            }
            const bool wordRun = IsWordRun(n);
            if (wordRun) {
                CountWordRunInWords(n);
            } else {
                TileTranspose(n);
                std::vector<LoopNest> edges;
                TransposeInQuads(n, limits, &edges);
                for (LoopNest& edge : edges) {
                    Collapse(edge);
                    pending.push_back(edge);
                }
                GatherInColumnBlocks(n, limits);
                CountRowsInWords(n);
                GatherInRowQuads(n);
            }
            launches.push_back(MakeLaunch(n, limits, wordRun));
            continue;
        }
        LoopNest first, second;
        if (!SplitLargest(n, uint32_t(tooLarge), &first, &second))
            return Unsupported("a single element of a tensor spans more than the device's maxStorageBufferRange");
        Collapse(first);
        Collapse(second);
        pending.push_back(second);   // LIFO: `first` is emitted before `second`
        pending.push_back(first);
        // Counted over the whole plan (earlier nests too), so no operator exceeds it: JOIN/SPLIT of 65536 parts
        // each split in many launches would otherwise grow without bound (and RequiredDescriptorCount with it).
        if (plan->launches.size() + launches.size() + pending.size() > kMaxLaunchesPerNest)
            return Unsupported("the tensors' layout needs more than %zu launches to fit the device's "
                               "maxStorageBufferRange (%llu bytes per descriptor)", kMaxLaunchesPerNest,
                               (unsigned long long)limits.maxSpanBytes);
    }
    // Launches that cover only part of an index axis handle disjoint elements of the same output: order them. A
    // reducing scatter's launches read what the ones before wrote: each waits for the previous.
    for (size_t i = 1; i < launches.size(); ++i)
        if ((launches[i].args.axisCount > 0 && launches[i].axisLo != 0) || whole.args.kernel == Kernel::ScatterReduce)
            launches[i].barrierBefore = true;
    plan->launches.insert(plan->launches.end(), launches.begin(), launches.end());
    return Status::Ok();
}

Status EmitLaunchesAfter(const LoopNest& nest, const LoweringLimits& limits, Plan* plan) {
    size_t first = plan->launches.size();
    VKDML_RETURN_IF_ERROR(EmitLaunches(nest, limits, plan));
    if (first > 0 && first < plan->launches.size()) plan->launches[first].barrierBefore = true;
    return Status::Ok();
}

}  // namespace vkdml
