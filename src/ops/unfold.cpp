// UNFOLD (im2col): OutputTensor[n, c x K + k, b] = the padded input at (n, c, b_d x Strides[d] + k_d x Dilations[d]
// for each spatial dimension d), where k is the position in the window (K = prod(WindowSizes) of them) and b the
// block, each counted row-major over the spatial dimensions. Viewed as {N, C, k_0.., b_0..} - two dimensions per
// spatial one - both tensors are plain strided views: the output's rows and columns split into those dimensions,
// the input steps by its spatial strides times Dilations along k and times Strides along b (windows overlap, so
// elements are read more than once). UNFOLD is thus one strided copy (a walk of more than 8 dimensions is cut into
// launches by ops/loop_nest.cpp) from
// - the input itself, where no window reaches into the padding;
// - else a copy of the input with its zero padding in the temporary resource, made first by PADDING's lowering. That
//   costs a pass over the input, where the unfolded output is usually several times larger; a copy that tested each
//   element against the padding would walk the whole output through the kernel's slow input map instead.
#include "core/checked_math.h"
#include "core/sliding_window.h"
#include "ops/lowerings.h"
#include "ops/loop_nest.h"

namespace vkdml {
namespace {

constexpr TensorRef kInput{false, 0};
constexpr TensorRef kOutput{true, 0};
constexpr TensorRef kTemporary{false, 0, true};

// True when some window reads a padding element along spatial dimension i (the highest coordinate a window reads,
// counted in the padded input, lies past the input's end; or there is start padding, which the first window reads).
bool ReadsPadding(const OperatorDesc& op, uint32_t i, uint32_t size) {
    const uint64_t blocks = BlocksAlong(size, op, i);
    const uint64_t highest = (blocks - 1) * uint64_t(op.windowStrides[i]) + WindowSpan(op, i) - 1;
    return op.startPadding[i] > 0 || highest >= op.startPadding[i] + uint64_t(size);
}

// The input with its padding, packed, as the temporary resource holds it: PADDING's OutputTensor.
Status PaddedInput(const OperatorDesc& op, Tensor* padded) {
    const Tensor& in = op.inputs[0];
    const uint32_t first = in.rank - op.dimensionCount;
    *padded = in;
    padded->name = "temporary resource (the padded input)";
    padded->isOutput = true;
    padded->hasExplicitStrides = false;
    padded->baseAlignment = DML_TEMPORARY_BUFFER_ALIGNMENT;
    for (uint32_t i = 0; i < op.dimensionCount; ++i) {
        const uint64_t size = PaddedSize(in.sizes[first + i], op, i);
        // PADDING's kernels shift coordinates as 32-bit signed values.
        if (size > uint64_t(INT32_MAX))
            return Unsupported("%s: spatial dimension %u is %llu elements with its padding; vkdml pads dimensions of "
                               "at most 2^31-1 elements", op.name.c_str(), i, (unsigned long long)size);
        padded->sizes[first + i] = uint32_t(size);
    }
    uint64_t elements = 1;
    for (uint32_t d = in.rank; d-- > 0;) {
        padded->strides[d] = uint32_t(elements);
        elements = CheckedMul(elements, padded->sizes[d]).value_or(UINT64_MAX);
        // A tensor's elements are counted in 32 bits everywhere below (strides, the walk's sizes).
        if (elements > UINT32_MAX)
            return Unsupported("%s: the padded input would have more than 2^32-1 elements (%llu so far)",
                               op.name.c_str(), (unsigned long long)elements);
    }
    padded->totalBytes = AlignUp(elements * in.elementBytes, 4);
    return Status::Ok();
}

// Appends PADDING (CONSTANT zeros) from the input into `padded`, in the temporary resource.
Status PadIntoTemporary(const OperatorDesc& op, const Tensor& padded, const LoweringLimits& limits, Plan* plan) {
    const Tensor& in = op.inputs[0];
    const uint32_t first = in.rank - op.dimensionCount;
    OperatorDesc pad;
    pad.type = DML_OPERATOR_PADDING;
    pad.name = op.name;
    pad.allowZeroVolume = op.allowZeroVolume;
    pad.inputs = {in};
    pad.outputs = {padded};
    pad.paddingMode = DML_PADDING_MODE_CONSTANT;
    pad.value = 0;
    pad.dimensionCount = in.rank;
    for (uint32_t i = 0; i < op.dimensionCount; ++i) {
        pad.startPadding[first + i] = op.startPadding[i];
        pad.endPadding[first + i] = op.endPadding[i];
    }
    Plan padding;
    VKDML_RETURN_IF_ERROR(LowerPadding(pad, limits, &padding));
    // PADDING's lowering writes its OutputTensor, which here is the temporary resource.
    for (Launch& l : padding.launches) {
        for (uint32_t s = 0; s < l.slotCount; ++s)
            if (l.slots[s].tensor.isOutput) l.slots[s].tensor = kTemporary;
        plan->launches.push_back(l);
    }
    plan->temporaryBytes = padded.totalBytes;
    return Status::Ok();
}

}  // namespace

Status LowerUnfold(const OperatorDesc& op, const LoweringLimits& limits, Plan* plan) {
    const Tensor& in = op.inputs[0];
    const Tensor& out = op.outputs[0];
    if (out.IsEmpty()) return Status::Ok();
    const uint32_t spatial = op.dimensionCount, first = in.rank - spatial;
    bool readsPadding = false;
    for (uint32_t i = 0; i < spatial; ++i) readsPadding = readsPadding || ReadsPadding(op, i, in.sizes[first + i]);

    Tensor padded;
    if (readsPadding) {
        VKDML_RETURN_IF_ERROR(PaddedInput(op, &padded));
        VKDML_RETURN_IF_ERROR(PadIntoTemporary(op, padded, limits, plan));
    }
    const Tensor& source = readsPadding ? padded : in;

    LoopNest nest;
    nest.SetSlot(kSlotOutput, kOutput, out);
    nest.SetSlot(kSlotInput, readsPadding ? kTemporary : kInput, source);
    // A dimension of one element is left out: it never steps, and its strides times the factors below could
    // overflow (where a dimension does step, its steps lie within the tensors' validated extents).
    auto add = [&nest](uint64_t size, uint64_t outputFactor, int64_t outputStride, uint64_t inputFactor,
                       int64_t inputStride) {
        if (size > 1)
            nest.AddDimension(uint32_t(size), int64_t(outputFactor) * outputStride, int64_t(inputFactor) * inputStride);
    };
    const int64_t rowStride = out.strides[out.rank - 2], columnStride = out.strides[out.rank - 1];
    uint64_t windowElements = 1;
    for (uint32_t i = 0; i < spatial; ++i) windowElements *= op.windowSizes[i];
    add(in.sizes[first - 2], 1, out.strides[out.rank - 3], 1, source.strides[first - 2]);
    add(in.sizes[first - 1], windowElements, rowStride, 1, source.strides[first - 1]);
    uint64_t after = windowElements;   // rows from one window position of dimension i to the next
    for (uint32_t i = 0; i < spatial; ++i) {
        after /= op.windowSizes[i];
        add(op.windowSizes[i], after, rowStride, op.dilations[i], source.strides[first + i]);
    }
    after = out.sizes[out.rank - 1];   // columns from one block of dimension i to the next
    for (uint32_t i = 0; i < spatial; ++i) {
        const uint64_t along = BlocksAlong(in.sizes[first + i], op, i);
        after /= along;
        add(along, after, columnStride, uint64_t(op.windowStrides[i]), source.strides[first + i]);
    }
    return readsPadding ? EmitLaunchesAfter(nest, limits, plan) : EmitLaunches(nest, limits, plan);
}

}  // namespace vkdml
