// NONZERO_COORDINATES: four passes of the NonzeroCoordinates kernel (ops/plan.h, NonzeroPass;
// shaders/nonzero_coordinates.comp) - count each lane's run of elements, sum the counts in groups of lanes, sum the
// groups, write the coordinates -, then a copy of the total to OutputCountTensor. The lanes' counts and masks live in
// the temporary resource. The coordinates keep the order of the elements however the runs are spread over
// workgroups, and no workgroup waits for another.
#include "ops/copy_nest.h"
#include "ops/generate_nest.h"
#include "ops/lowerings.h"

#include <algorithm>

namespace vkdml {
namespace {

constexpr TensorRef kInput{false, 0};
constexpr TensorRef kCount{true, 0};
constexpr TensorRef kCoordinates{true, 1};
constexpr TensorRef kTemporary{false, 0, true};

// Bits that make an element non-zero: all of them, but the sign of the float types (-0 is zero).
uint32_t NonzeroBits(DML_TENSOR_DATA_TYPE type) {
    switch (type) {
        case DML_TENSOR_DATA_TYPE_FLOAT32: return 0x7FFFFFFFu;
        case DML_TENSOR_DATA_TYPE_FLOAT16: return 0x7FFFu;
        default: return 0xFFFFFFFFu;
    }
}

// Laid out row-major without gaps: element e at offset e.
bool IsPacked(const Tensor& t) {
    uint64_t stride = 1;
    for (uint32_t d = t.rank; d-- > 0;) {
        if (t.sizes[d] != 1 && t.strides[d] != stride) return false;
        stride *= t.sizes[d];
    }
    return true;
}

// The temporary resource, in words (as the kernel's header says): the lanes' counts, the groups' counts, the total,
// the lanes' masks.
struct TemporaryLayout {
    uint64_t lanes, groups;
    explicit TemporaryLayout(uint64_t elements)
        : lanes((elements + kNonzeroLaneElements - 1) / kNonzeroLaneElements),
          groups((lanes + kNonzeroScanGroup - 1) / kNonzeroScanGroup) {}
    uint64_t TotalWord() const { return lanes + groups; }
    uint64_t Words() const { return 2 * lanes + groups + 1; }
};

// The input's highest element offset: its slot reaches from element 0 to it.
int64_t HighestInputElement(const Tensor& in) {
    int64_t highest = 0;
    for (uint32_t d = 0; d < in.rank; ++d) highest += int64_t(in.sizes[d] - 1) * in.strides[d];
    return highest;
}

// A pass of `invocations`: the box is the input's dimensions as they are (the kernel reads coordinates off them).
Launch Pass(const Tensor& in, NonzeroPass pass, uint64_t invocations) {
    Launch l;
    l.args.kernel = Kernel::NonzeroCoordinates;
    l.args.mode = uint32_t(pass) | (pass == NonzeroPass::Count && IsPacked(in) ? kNonzeroPackedInput : 0);
    l.args.value = NonzeroBits(in.dataType);
    l.elementBytes = 4;
    l.rank = in.rank;
    for (uint32_t d = 0; d < in.rank; ++d) {
        l.sizes[d] = in.sizes[d];
        l.strides[kSlotInput][d] = int32_t(in.strides[d]);
    }
    l.elementCount = uint32_t(in.ElementCount());
    l.elementsPerInvocation = kNonzeroLaneElements;
    l.invocationCount = uint32_t((invocations + kWorkgroupSize - 1) / kWorkgroupSize * kWorkgroupSize);
    l.slots[kSlotInput] = {kInput, in.elementBytes, 0, 0, HighestInputElement(in), in.GuaranteedBaseAlignment()};
    l.barrierBefore = pass != NonzeroPass::Count;   // each pass reads what the one before wrote
    return l;
}

// The temporary resource's words [0, words) in a slot.
SlotView TemporaryView(uint64_t words) {
    return {kTemporary, 4, 0, 0, int64_t(words) - 1, DML_TEMPORARY_BUFFER_ALIGNMENT};
}

// The most of `count` lines `stride` elements apart that one descriptor holds beside `reach` more elements (at least
// 1: a single element always fits).
uint32_t LinesThatFit(uint64_t maxElements, uint32_t count, uint32_t stride, uint64_t reach) {
    if (stride == 0 || count <= 1) return std::max<uint32_t>(count, 1);
    if (reach >= maxElements) return 1;
    return uint32_t(std::clamp<uint64_t>((maxElements - reach) / stride, 1, count));
}

// The write passes: a launch per part of the coordinates that one descriptor holds - all of it, unless it is too
// large (rows split first; columns too where even one row is). Each reads the lanes' masks and rows, not the input.
void AddWrites(const Tensor& in, const Tensor& coords, const TemporaryLayout& temporary, uint64_t maxElements,
               Plan* plan) {
    const uint32_t rows = coords.sizes[coords.rank - 2], columns = coords.sizes[coords.rank - 1];
    const uint32_t rowStride = coords.strides[coords.rank - 2], columnStride = coords.strides[coords.rank - 1];
    const uint32_t columnsPerLaunch = LinesThatFit(maxElements, columns, columnStride, 1);
    const uint32_t rowsPerLaunch =
        LinesThatFit(maxElements, rows, rowStride, uint64_t(columnsPerLaunch - 1) * columnStride + 1);
    for (uint32_t rowLo = 0; rowLo < rows; rowLo += std::min(rowsPerLaunch, rows - rowLo)) {
        const uint32_t rowHi = rowLo + std::min(rowsPerLaunch, rows - rowLo);
        for (uint32_t columnLo = 0; columnLo < columns; columnLo += std::min(columnsPerLaunch, columns - columnLo)) {
            const uint32_t columnHi = columnLo + std::min(columnsPerLaunch, columns - columnLo);
            Launch l = Pass(in, NonzeroPass::Write, temporary.lanes);
            l.args.mode |= columns << kNonzeroColumnsShift;
            l.coordinateRowStride = int32_t(rowStride);
            l.coordinateColumnStride = int32_t(columnStride);
            l.rowLo = rowLo, l.rowHi = rowHi, l.columnLo = columnLo, l.columnHi = columnHi;
            const int64_t origin = int64_t(rowLo) * rowStride + int64_t(columnLo) * columnStride;
            const int64_t highest =
                origin + int64_t(rowHi - rowLo - 1) * rowStride + int64_t(columnHi - columnLo - 1) * columnStride;
            l.slots[kSlotOutput] = {kCoordinates, 4, origin, origin, highest, coords.GuaranteedBaseAlignment()};
            // The input slot views the temporary resource too: the pass reads no input.
            l.slots[kSlotInput] = l.slots[kSlotIndices] = TemporaryView(temporary.Words());
            l.slotCount = 3;
            plan->launches.push_back(l);
        }
    }
}

}  // namespace

Status LowerNonzeroCoordinates(const OperatorDesc& op, const LoweringLimits& limits, Plan* plan) {
    const Tensor& in = op.inputs[0];
    const Tensor& count = op.outputs[0];
    const Tensor& coords = op.outputs[1];
    if (in.IsEmpty()) {   // no element: the count is 0, and the coordinates have no row
        LoopNest zero = GenerateNest(count, kCount, GenerateMode::Constant, count.dataType);
        return EmitLaunches(zero, limits, plan);
    }
    const uint64_t inputBytes = uint64_t(HighestInputElement(in) + 1) * in.elementBytes;
    if (inputBytes > limits.maxSpanBytes)
        return Unsupported("%s: InputTensor spans %llu bytes; this device's storage buffers reach %llu "
                           "(maxStorageBufferRange): NONZERO_COORDINATES reads its input through one",
                           op.name.c_str(), (unsigned long long)inputBytes,
                           (unsigned long long)limits.maxSpanBytes);
    // The temporary resource takes a word and a half per 32 input elements - less than the input, which fits.
    const TemporaryLayout temporary(in.ElementCount());
    plan->temporaryBytes = temporary.Words() * 4;

    Launch counts = Pass(in, NonzeroPass::Count, temporary.lanes);
    counts.slots[kSlotOutput] = TemporaryView(temporary.Words());
    plan->launches.push_back(counts);
    Launch lanes = Pass(in, NonzeroPass::ScanLanes, temporary.groups * kWorkgroupSize);
    Launch groups = Pass(in, NonzeroPass::ScanGroups, kWorkgroupSize);
    for (Launch* scan : {&lanes, &groups}) {
        scan->slots[kSlotOutput] = TemporaryView(temporary.TotalWord() + 1);
        scan->slotCount = 1;   // the input and indices bindings repeat it (binding_table.cpp): a scan reads neither
        plan->launches.push_back(*scan);
    }
    if (!coords.IsEmpty()) AddWrites(in, coords, temporary, limits.maxSpanBytes / 4, plan);

    // The total to every element of OutputCountTensor (one).
    Tensor total = count;
    total.name = "temporary resource";
    std::array<int64_t, kMaxRank> noStrides{};
    LoopNest copy = CopyNest(count, kCount, total, kTemporary, 0, int64_t(temporary.TotalWord()), noStrides);
    copy.slots[kSlotInput].baseAlignment = DML_TEMPORARY_BUFFER_ALIGNMENT;
    return EmitLaunchesAfter(copy, limits, plan);
}

}  // namespace vkdml
