// Slice -> SLICE1. Opset 1-9 take starts/ends/axes as attributes; opset >= 10 as inputs (read on the host), with
// optional axes (negative from opset 11) and steps (negative = backwards). starts/ends are clamped by ONNX's rules:
// negative values count from the end, then step > 0 clamps to [0, dim], step < 0 to [0, dim-1] / [-1, dim-1].
// An axis left with no element makes the output empty: no dispatch.
//
// The SLICE1 window of one dimension is the range the ONNX slice walks: step > 0 reads start, start+step, ... < end,
// the window [start, end); step < 0 reads start, start+step, ... > end, the window (end, start], which SLICE1 walks
// from its last element for a negative stride.
#include "lowering.h"

#include <algorithm>
#include <limits>

namespace conformance {

LowerStatus LowerSlice(const NodeContext& c, Plan* plan) {
    const HostTensor* x = c.Input(0);
    if (!x) return LowerStatus::Fail("input 0 is missing");
    DML_TENSOR_DATA_TYPE type;
    CONFORMANCE_RETURN_IF_NOT_OK(ToDmlType(*x, "input 0", &type));
    const size_t rank = x->shape.size();
    if (rank == 0) return LowerStatus::Fail("Slice of a rank-0 tensor");

    std::vector<int64_t> starts, ends, axes, steps;
    bool haveAxes = false, haveSteps = false;
    if (c.opset < 10) {
        if (!c.IntsAttribute("starts", &starts) || !c.IntsAttribute("ends", &ends))
            return LowerStatus::Fail("Slice-" + std::to_string(c.opset) + " needs 'starts' and 'ends' attributes");
        haveAxes = c.IntsAttribute("axes", &axes);
    } else {
        CONFORMANCE_RETURN_IF_NOT_OK(ReadConstantInts(c, 1, "starts", &starts));
        CONFORMANCE_RETURN_IF_NOT_OK(ReadConstantInts(c, 2, "ends", &ends));
        if (c.Input(3)) {
            CONFORMANCE_RETURN_IF_NOT_OK(ReadConstantInts(c, 3, "axes", &axes));
            haveAxes = true;
        }
        if (c.Input(4)) {
            CONFORMANCE_RETURN_IF_NOT_OK(ReadConstantInts(c, 4, "steps", &steps));
            haveSteps = true;
        }
    }
    const size_t n = starts.size();
    if (!haveAxes)
        for (size_t i = 0; i < n; ++i) axes.push_back(int64_t(i));
    if (!haveSteps) steps.assign(n, 1);
    if (ends.size() != n || axes.size() != n || steps.size() != n)
        return LowerStatus::Fail("starts, ends, axes and steps have " + std::to_string(n) + ", " +
                                 std::to_string(ends.size()) + ", " + std::to_string(axes.size()) + " and " +
                                 std::to_string(steps.size()) + " entries; they must agree");

    std::vector<int64_t> offsets(rank, 0), windows(x->shape), strides(rank, 1), shape(x->shape);
    std::vector<bool> seen(rank, false);
    for (size_t i = 0; i < n; ++i) {
        size_t axis;
        CONFORMANCE_RETURN_IF_NOT_OK(NormalizeAxis(axes[i], rank, "axes entry", &axis));
        if (seen[axis]) return LowerStatus::Fail("axis " + std::to_string(axis) + " appears twice in axes");
        seen[axis] = true;
        const int64_t dim = x->shape[axis];
        const int64_t step = steps[i];
        if (step == 0) return LowerStatus::Fail("steps[" + std::to_string(i) + "] is 0");
        int64_t start = starts[i], end = ends[i];
        if (start < 0) start += dim;   // no overflow: dim >= 0
        if (end < 0) end += dim;
        // |step| as unsigned: steps may be INT64_MIN.
        const uint64_t magnitude = step > 0 ? uint64_t(step) : uint64_t(0) - uint64_t(step);
        int64_t count, offset, window;
        if (dim == 0) {
            count = offset = window = 0;
        } else if (step > 0) {
            start = std::clamp<int64_t>(start, 0, dim);
            end = std::clamp<int64_t>(end, 0, dim);
            count = end > start ? int64_t(1 + (uint64_t(end - start) - 1) / magnitude) : 0;
            offset = start;
            window = end - start;
        } else {
            start = std::clamp<int64_t>(start, 0, dim - 1);
            end = std::clamp<int64_t>(end, -1, dim - 1);
            count = start > end ? int64_t(1 + (uint64_t(start - end) - 1) / magnitude) : 0;
            offset = end + 1;
            window = start - end;
        }
        shape[axis] = count;
        if (count == 0) continue;
        int64_t stride = step;
        if (magnitude > uint64_t(std::numeric_limits<int32_t>::max())) {
            // A step beyond INT's range reads one element (count is 1): the window of that element alone.
            offset = start;
            window = 1;
            stride = step > 0 ? 1 : -1;
        }
        offsets[axis] = offset;
        windows[axis] = window;
        strides[axis] = stride;
    }
    SetOutput(plan, 0, shape, x->onnxType);
    if (ElementCount(shape) == 0) {
        plan->notes.push_back("output 0 " + FormatShape(shape) + " is empty: no dispatch");
        return LowerStatus::Ok();
    }

    std::vector<int64_t> inShape = x->shape;
    std::string folded;
    if (rank > DML_TENSOR_DIMENSION_COUNT_MAX1) {
        // Drop dimensions of size 1; merge a stride-1 window with the whole dimension after it.
        std::vector<int64_t> s, o, w, st, out;
        for (size_t d = 0; d < rank; ++d) {
            if (inShape[d] == 1) continue;
            const bool whole = offsets[d] == 0 && windows[d] == inShape[d] && strides[d] == 1;
            if (!s.empty() && whole && st.back() == 1) {
                s.back() *= inShape[d];
                o.back() *= inShape[d];
                w.back() *= inShape[d];
                out.back() *= inShape[d];
            } else {
                s.push_back(inShape[d]);
                o.push_back(offsets[d]);
                w.push_back(windows[d]);
                st.push_back(strides[d]);
                out.push_back(shape[d]);
            }
        }
        if (s.empty()) s = {1}, o = {0}, w = {1}, st = {1}, out = {1};
        if (s.size() > DML_TENSOR_DIMENSION_COUNT_MAX1)
            return LowerStatus::Skip("rank " + std::to_string(rank) + " folds only to rank " + std::to_string(s.size()) +
                                     "; DML takes at most 8 dimensions");
        folded = " (rank " + std::to_string(rank) + " folded)";
        inShape = s, offsets = o, windows = w, strides = st, shape = out;
    }

    std::vector<uint32_t> inSizes, outSizes;
    CONFORMANCE_RETURN_IF_NOT_OK(ToDmlSizes(inShape, &inSizes));
    CONFORMANCE_RETURN_IF_NOT_OK(ToDmlSizes(shape, &outSizes));
    std::vector<uint32_t> dmlOffsets, dmlWindows;
    std::vector<int32_t> dmlStrides;
    for (size_t d = 0; d < inShape.size(); ++d) {
        dmlOffsets.push_back(uint32_t(offsets[d]));
        dmlWindows.push_back(uint32_t(windows[d]));
        dmlStrides.push_back(int32_t(strides[d]));
    }
    Dispatch* d = plan->Add(DML_OPERATOR_SLICE1, "SLICE1");
    const DML_TENSOR_DESC* in = d->Tensor(type, inSizes);
    const DML_TENSOR_DESC* out = d->Tensor(type, outSizes);
    auto* desc = d->SetDesc<DML_SLICE1_OPERATOR_DESC>();
    desc->InputTensor = in;
    desc->OutputTensor = out;
    desc->DimensionCount = uint32_t(inSizes.size());
    desc->InputWindowOffsets = d->Uints(dmlOffsets);
    desc->InputWindowSizes = d->Uints(dmlWindows);
    desc->InputWindowStrides = d->Ints(dmlStrides);
    d->BindInput({false, 0, 0}, in);
    d->BindOutput({true, 0, 0}, out);
    d->text = std::string("SLICE1 ") + DmlTypeName(type) + " in " + FormatDims(inSizes) + " out " +
              FormatDims(outSizes) + " offsets " + FormatDims(dmlOffsets) + " sizes " + FormatDims(dmlWindows) +
              " strides " + FormatInts(dmlStrides) + folded;
    return LowerStatus::Ok();
}

}  // namespace conformance
