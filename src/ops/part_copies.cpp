#include "ops/part_copies.h"

#include <algorithm>

namespace vkdml {
namespace {

constexpr uint64_t kMaxWalkWords = uint64_t(1) << 31;      // the kernel's word counts and offsets are 32-bit

bool operator==(TensorRef a, TensorRef b) {
    return a.isOutput == b.isOutput && a.index == b.index && a.isTemporary == b.isTemporary;
}

// One launch seen as `rows` rows of a run of `runWords` words in each of its two tensors.
struct RowCopy {
    const Launch* launch = nullptr;
    uint32_t rows = 1, runWords = 0;
    std::array<int64_t, 2> rowStrideWords{};   // per slot (kSlotOutput, kSlotInput)
    // The launch's two slots counted in 4-byte words, so that parts of different element sizes (8-byte rows that
    // word_runs.h already counts in words beside a part one element wide) share one launch.
    std::array<SlotView, 2> words{};
};

// A slot whose origin, lowest and highest elements begin and end on words (RowCopyOf checks it), in words.
SlotView InWords(const SlotView& v) {
    const int64_t es = v.elementBytes;
    SlotView w = v;
    w.elementBytes = 4;
    w.origin = v.origin * es / 4;
    w.lowest = v.lowest * es / 4;
    w.highest = (v.highest + 1) * es / 4 - 1;
    return w;
}

bool WholeWords(int64_t elements, uint32_t elementBytes) { return (elements * int64_t(elementBytes)) % 4 == 0; }

// A plain copy of rows of whole words: after merging, at most a row dimension and a run with stride 1 in both
// tensors (a run of one element where no dimension has stride 1: a part one element wide), every offset and stride a
// whole number of words. Sub-word tensors qualify only where their binding offsets are sure to be multiples of
// 4 bytes (SlotView::baseAlignment).
// Launch::outputCopies is not looked at: the box is what RowCopy describes (CopiesAsJoin's copies are parts).
std::optional<RowCopy> RowCopyOfBox(const Launch& l) {
    bool plain = l.args.kernel == Kernel::CopyWords ||
                 (l.args.kernel == Kernel::StridedCopy && l.args.mode == uint32_t(InputMap::Linear));
    if (!plain || l.slotCount != 2 || l.rank > 2) return std::nullopt;
    const uint32_t es = l.slots[kSlotOutput].elementBytes;
    if (l.slots[kSlotInput].elementBytes != es) return std::nullopt;
    const bool hasRun = l.rank > 0 && l.strides[kSlotOutput][l.rank - 1] == 1 && l.strides[kSlotInput][l.rank - 1] == 1;
    const uint32_t rowDims = l.rank - (hasRun ? 1 : 0);
    if (rowDims > 1) return std::nullopt;
    RowCopy r;
    r.launch = &l;
    r.rows = rowDims ? l.sizes[0] : 1;
    const uint64_t runElements = hasRun ? l.sizes[l.rank - 1] : 1;
    if (!WholeWords(int64_t(runElements), es)) return std::nullopt;
    r.runWords = uint32_t(runElements * es / 4);
    for (uint32_t s : {kSlotOutput, kSlotInput}) {
        const SlotView& v = l.slots[s];
        if (es < 4 && v.baseAlignment % 4 != 0) return std::nullopt;
        if (!WholeWords(v.origin, es)) return std::nullopt;
        if (rowDims) {
            if (!WholeWords(l.strides[s][0], es)) return std::nullopt;
            r.rowStrideWords[s] = int64_t(l.strides[s][0]) * es / 4;
        }
        r.words[s] = InWords(v);
    }
    return r;
}

std::optional<RowCopy> RowCopyOf(const Launch& l) {
    return l.outputCopies > 1 ? std::nullopt : RowCopyOfBox(l);
}

// A run of launches being merged: which slot is the whole tensor, and the runs so far.
struct Group {
    uint32_t wholeSlot = kSlotInput;   // kSlotInput: SPLIT-like (parts written); kSlotOutput: JOIN-like
    std::vector<RowCopy> runs;
    uint32_t partSlot() const { return wholeSlot == kSlotInput ? kSlotOutput : kSlotInput; }
};

// Whether `next` can join `g` as one more part.
bool Accepts(Group& g, const RowCopy& next, const LoweringLimits& limits) {
    const RowCopy& head = g.runs.front();
    const Launch& h = *head.launch;
    const Launch& n = *next.launch;
    if (n.barrierBefore || g.runs.size() >= limits.maxPartsPerLaunch) return false;
    if (next.rows != head.rows) return false;
    if (g.runs.size() == 1) {   // the second launch decides which tensor the two share
        if (n.slots[kSlotInput].tensor == h.slots[kSlotInput].tensor) g.wholeSlot = kSlotInput;
        else if (n.slots[kSlotOutput].tensor == h.slots[kSlotOutput].tensor) g.wholeSlot = kSlotOutput;
        else return false;
    }
    const uint32_t whole = g.wholeSlot, part = g.partSlot();
    if (!(n.slots[whole].tensor == h.slots[whole].tensor) || n.slots[part].tensor == h.slots[whole].tensor)
        return false;
    if (head.rows > 1 && next.rowStrideWords[whole] != head.rowStrideWords[whole]) return false;
    uint64_t rowWords = next.runWords;
    int64_t lowest = next.words[whole].lowest, highest = next.words[whole].highest;
    for (const RowCopy& r : g.runs) {
        if (r.launch->slots[part].tensor == n.slots[part].tensor) return false;   // each part once
        rowWords += r.runWords;
        lowest = std::min(lowest, r.words[whole].lowest);
        highest = std::max(highest, r.words[whole].highest);
    }
    // The whole tensor is one descriptor covering every part's runs.
    if (uint64_t(highest - lowest + 1) * 4 > limits.maxSpanBytes) return false;
    // Every part's words and the launch's invocation count fit 32 bits.
    return rowWords * head.rows < kMaxWalkWords;
}

// copy_parts.comp's MODE: which tensor is the whole one, and how the launch walks the rows.
constexpr uint32_t kModeSplit = 0, kModeJoin = 1, kModeWholeRows = 2;
constexpr uint32_t kModeCopiesShift = 3;   // MODE >> 3: COPIES, the parts that are copies of one input run

// The rows each invocation of a JOIN copies whole (MODE_WHOLE_ROWS), or 0 where it goes in bands. On a CPU
// implementation each invocation then writes the whole tensor front to back, where in bands it writes a piece of a
// row per part (Intel Xeon host of docs/performance-sessions.md, Session 53, 8 parts of 512 bytes: 0.44 -> 0.67-0.69 x
// the compute copy; 2 parts 0.80 -> 0.92); SPLIT, which writes the parts, runs best in bands (0.82 against 0.62-0.68
// for 8 parts).
uint32_t JoinRowsPerInvocation(const Group& g, uint64_t rowWords, const LoweringLimits& limits) {
    if (g.wholeSlot != kSlotOutput || rowWords > limits.wordsPerJoinRowsInvocation) return 0;
    const uint32_t rows = g.runs.front().rows;
    uint32_t r = uint32_t(std::min<uint64_t>(limits.wordsPerJoinRowsInvocation / rowWords, rows));
    while (r > 1 && (rows + r - 1) / r < kWorkgroupSize * kMinWorkgroupsPerLaunch) r /= 2;
    return r;
}

// The slot of part k in a CopyParts launch (copy_parts.comp): parts 1.. at slots 2..; the whole tensor and part 0 at
// slots 0 and 1, the one the launch writes at slot 0 (the output's), the one it reads at slot 1 (the input's, which
// the kernel's TEXEL_INPUT build reads through texel views: vk/texel_inputs.h).
uint32_t PartSlot(const Group& g, size_t k) {
    if (k > 0) return uint32_t(1 + k);
    return g.wholeSlot == kSlotOutput ? kSlotInput : kSlotOutput;
}

// The launch copies words: every slot is counted in them (RowCopy::words).
Launch PartsLaunch(const Group& g, const LoweringLimits& limits) {
    const RowCopy& head = g.runs.front();
    const uint32_t whole = g.wholeSlot, part = g.partSlot();
    Launch l;
    l.args.kernel = Kernel::CopyParts;
    l.args.mode = whole == kSlotOutput ? kModeJoin : kModeSplit;
    l.elementBytes = 4;
    l.elementsPerInvocation = limits.quadsPerPartInvocation;   // QUADS_PER_INVOCATION in copy_parts.comp
    l.barrierBefore = head.launch->barrierBefore;
    l.slotCount = 1 + uint32_t(g.runs.size());
    SlotView& wholeView = l.slots[whole];   // the whole tensor keeps its slot: SPLIT's input, JOIN's output
    wholeView = head.words[whole];
    l.partCount = l.rank = uint32_t(g.runs.size());
    l.partRows = g.runs.front().rows;
    l.wholeRowStride = int32_t(g.runs.front().rowStrideWords[whole]);
    uint64_t words = 0, rowWords = 0;
    uint32_t longestRun = 1;
    for (size_t k = 0; k < g.runs.size(); ++k) {
        const RowCopy& r = g.runs[k];
        const SlotView& w = r.words[whole];
        wholeView.lowest = std::min(wholeView.lowest, w.lowest);
        wholeView.highest = std::max(wholeView.highest, w.highest);
        l.slots[PartSlot(g, k)] = r.words[part];
        l.sizes[k] = r.runWords;
        l.parts[k] = {int32_t(w.origin - head.words[whole].origin), int32_t(r.rowStrideWords[part])};
        words += uint64_t(r.rows) * r.runWords;
        rowWords += r.runWords;
        longestRun = std::max(longestRun, r.runWords);
    }
    l.elementCount = uint32_t(words);
    if (uint32_t rows = JoinRowsPerInvocation(g, rowWords, limits)) {
        l.args.mode |= kModeWholeRows;
        l.wholeRowsPerInvocation = rows;
        l.invocationCount = uint32_t((l.partRows + rows - 1) / rows);   // the last workgroup's extra ones return
        return l;
    }
    // Bands of rows, each one workgroup's worth of the longest run (or one row, in as many workgroups as it takes),
    // every part in turn: the workgroups running at the same time copy neighbouring pieces of the same rows of the
    // whole tensor, rather than each part sweeping all of it (lavapipe, 8 parts of 512-byte runs: SPLIT 0.67 -> 0.88,
    // JOIN 0.73 -> 0.85 of the compute copy).
    // Shorter runs leave part of their workgroups idle: at most partCount x the longest part's workgroups in all.
    const uint64_t groupWords = uint64_t(kWorkgroupSize) * 4 * limits.quadsPerPartInvocation;
    l.bandRows = uint32_t(std::clamp<uint64_t>(groupWords / longestRun, 1, l.partRows));
    l.bandGroupsPerPart = uint32_t((uint64_t(l.bandRows) * longestRun + groupWords - 1) / groupWords);
    const uint64_t bands = (l.partRows + l.bandRows - 1) / l.bandRows;
    l.invocationCount = uint32_t(bands * l.partCount * l.bandGroupsPerPart * kWorkgroupSize);
    return l;
}

// A plain copy that stores each loaded element Launch::outputCopies times (a TILE's repeats along a row, a broadcast)
// as a JOIN whose parts all read the input, copy k at output shift k x outputCopyStride, where a CPU implementation
// copies whole rows of it (MODE_WHOLE_ROWS): each invocation then writes the output front to back, where the strided
// copy's lanes stored the copies as streams a copy apart (Intel Xeon host of docs/performance-sessions.md, Session 54,
// TILE [16384,512] by [1,2]: 0.51 -> 0.70 x the compute copy as parts, 0.80-0.82 with COPIES).
std::optional<Launch> CopiesAsJoin(const Launch& l, const LoweringLimits& limits) {
    if (l.outputCopies < 2 || l.outputCopies > limits.maxPartsPerLaunch) return std::nullopt;
    const std::optional<RowCopy> box = RowCopyOfBox(l);
    if (!box) return std::nullopt;
    const int64_t copyStrideWords = int64_t(l.outputCopyStride) * l.slots[kSlotOutput].elementBytes / 4;
    Group g;
    g.wholeSlot = kSlotOutput;
    for (uint32_t k = 0; k < l.outputCopies; ++k) {
        RowCopy copy = *box;
        copy.words[kSlotOutput].origin += int64_t(k) * copyStrideWords;
        g.runs.push_back(copy);
    }
    if (uint64_t(box->runWords) * l.outputCopies * box->rows >= kMaxWalkWords) return std::nullopt;
    if (JoinRowsPerInvocation(g, uint64_t(box->runWords) * l.outputCopies, limits) == 0) return std::nullopt;
    Launch join = PartsLaunch(g, limits);
    // Copies whole quads apart share their quads' alignment: each piece of the run is loaded once (COPIES).
    if (copyStrideWords % 4 == 0) join.args.mode |= l.outputCopies << kModeCopiesShift;
    return join;
}

}  // namespace

bool ReadsEveryPart(const Launch& l) {
    return l.args.kernel == Kernel::CopyParts && (l.args.mode & kModeJoin) && (l.args.mode >> kModeCopiesShift) == 0;
}

void MergePartCopies(const LoweringLimits& limits, Plan* plan, std::vector<std::optional<TransferCopy>>* transfers) {
    if (limits.maxPartsPerLaunch < 2) return;
    const std::vector<Launch> launches = std::move(plan->launches);
    std::vector<std::optional<TransferCopy>> decided = std::move(*transfers);
    plan->launches.clear();
    transfers->clear();
    for (size_t i = 0; i < launches.size();) {
        if (std::optional<Launch> copies = decided[i] ? std::nullopt : CopiesAsJoin(launches[i], limits)) {
            plan->launches.push_back(*copies);
            transfers->push_back(std::nullopt);
            ++i;
            continue;
        }
        Group g;
        if (!decided[i]) {
            if (std::optional<RowCopy> first = RowCopyOf(launches[i])) g.runs.push_back(*first);
        }
        size_t next = i + 1;
        while (!g.runs.empty() && next < launches.size() && !decided[next]) {
            std::optional<RowCopy> r = RowCopyOf(launches[next]);
            if (!r || !Accepts(g, *r, limits)) break;
            g.runs.push_back(*r);
            ++next;
        }
        if (g.runs.size() >= 2) {
            plan->launches.push_back(PartsLaunch(g, limits));
            transfers->push_back(std::nullopt);
            i = next;
        } else {
            plan->launches.push_back(launches[i]);
            transfers->push_back(decided[i]);
            ++i;
        }
    }
}

}  // namespace vkdml
