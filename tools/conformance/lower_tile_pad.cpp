// Tile -> TILE; Pad -> PADDING (opset < 11: float 'value' attribute) or PADDING1 (opset >= 11: the constant as
// a tensor of the data's type). Both are index-remapping copies of the whole input.
//
// Tile: repeats (opset >= 6, an INT64 input read on the host); a repeat of 0 empties the output (no dispatch).
// TILE has no FLOAT64 row, so FLOAT64 data moves as UINT64 (the same bits). Rank > 8: size-1 dimensions repeated
// once vanish, and a dimension repeated once merges into the one before it.
//
// Pad: pads [x1_begin, x2_begin, ..., x1_end, x2_end, ...] (opset 1 'paddings', 2-10 'pads' attributes, >= 11
// input; opset 18 'axes' input names the padded axes); mode constant / reflect / edge (/ wrap, opset 19) ->
// DML_PADDING_MODE_CONSTANT / REFLECTION / EDGE / WRAP. Negative pads crop, which PADDING cannot express: a SLICE1
// does the cropping first (into an intermediate tensor when padding follows). Padding an empty tensor has nothing
// to copy from: SKIP.
#include "lowering.h"

#include <algorithm>
#include <cstring>

namespace conformance {

LowerStatus LowerTile(const NodeContext& c, Plan* plan) {
    const HostTensor* x = c.Input(0);
    if (!x) return LowerStatus::Fail("input 0 is missing");
    if (c.opset < 6) return LowerStatus::Skip("Tile-" + std::to_string(c.opset) + " (tiles/axis inputs) is not lowered");
    DML_TENSOR_DATA_TYPE type;
    CONFORMANCE_RETURN_IF_NOT_OK(ToDmlType(*x, "input 0", &type));
    const std::string note = MoveFloat64AsUint64(&type);
    std::vector<int64_t> repeats;
    CONFORMANCE_RETURN_IF_NOT_OK(ReadConstantInts(c, 1, "repeats", &repeats));
    const size_t rank = x->shape.size();
    if (repeats.size() != rank)
        return LowerStatus::Fail("repeats has " + std::to_string(repeats.size()) + " entries for rank " +
                                 std::to_string(rank));
    std::vector<int64_t> shape(rank);
    for (size_t d = 0; d < rank; ++d) {
        if (repeats[d] < 0) return LowerStatus::Fail("repeats " + FormatShape(repeats) + " has a negative entry");
        shape[d] = x->shape[d] * repeats[d];
    }
    SetOutput(plan, 0, shape, x->onnxType);
    if (ElementCount(shape) == 0) {
        plan->notes.push_back("output 0 " + FormatShape(shape) + " is empty: no dispatch");
        return LowerStatus::Ok();
    }
    std::vector<int64_t> inShape = x->shape, reps = repeats;
    if (rank == 0) inShape = reps = {1};
    std::string folded;
    if (inShape.size() > DML_TENSOR_DIMENSION_COUNT_MAX1) {
        std::vector<int64_t> s, r;
        for (size_t d = 0; d < inShape.size(); ++d) {
            if (inShape[d] == 1 && reps[d] == 1) continue;
            if (!s.empty() && reps[d] == 1) {
                s.back() *= inShape[d];
            } else {
                s.push_back(inShape[d]);
                r.push_back(reps[d]);
            }
        }
        if (s.empty()) s = r = {1};
        if (s.size() > DML_TENSOR_DIMENSION_COUNT_MAX1)
            return LowerStatus::Skip("rank " + std::to_string(rank) + " folds only to rank " + std::to_string(s.size()) +
                                     "; DML takes at most 8 dimensions");
        folded = " (rank " + std::to_string(rank) + " folded)";
        inShape = s;
        reps = r;
    }
    std::vector<int64_t> outShape(inShape.size());
    std::vector<uint32_t> dmlRepeats;
    for (size_t d = 0; d < inShape.size(); ++d) {
        outShape[d] = inShape[d] * reps[d];
        dmlRepeats.push_back(uint32_t(reps[d]));   // <= the output size, < 2^32
    }
    std::vector<uint32_t> inSizes, outSizes;
    CONFORMANCE_RETURN_IF_NOT_OK(ToDmlSizes(inShape, &inSizes));
    CONFORMANCE_RETURN_IF_NOT_OK(ToDmlSizes(outShape, &outSizes));
    Dispatch* d = plan->Add(DML_OPERATOR_TILE, "TILE");
    const DML_TENSOR_DESC* in = d->Tensor(type, inSizes);
    const DML_TENSOR_DESC* out = d->Tensor(type, outSizes);
    auto* desc = d->SetDesc<DML_TILE_OPERATOR_DESC>();
    desc->InputTensor = in;
    desc->OutputTensor = out;
    desc->RepeatsCount = uint32_t(dmlRepeats.size());
    desc->Repeats = d->Uints(dmlRepeats);
    d->BindInput({false, 0, 0}, in);
    d->BindOutput({true, 0, 0}, out);
    d->text = std::string("TILE ") + DmlTypeName(type) + " in " + FormatDims(inSizes) + " out " + FormatDims(outSizes) +
              " Repeats " + FormatDims(dmlRepeats) + note + folded;
    return LowerStatus::Ok();
}

LowerStatus LowerPad(const NodeContext& c, Plan* plan) {
    const HostTensor* x = c.Input(0);
    if (!x) return LowerStatus::Fail("input 0 is missing");
    DML_TENSOR_DATA_TYPE type;
    CONFORMANCE_RETURN_IF_NOT_OK(ToDmlType(*x, "input 0", &type));
    const size_t rank = x->shape.size();

    std::vector<int64_t> pads, axes;
    if (c.opset >= 11) {
        CONFORMANCE_RETURN_IF_NOT_OK(ReadConstantInts(c, 1, "pads", &pads));
        if (c.opset >= 18 && c.Input(3)) CONFORMANCE_RETURN_IF_NOT_OK(ReadConstantInts(c, 3, "axes", &axes));
    } else if (!c.IntsAttribute(c.opset < 2 ? "paddings" : "pads", &pads)) {
        return LowerStatus::Fail("Pad-" + std::to_string(c.opset) + " without its pads attribute");
    }
    std::vector<size_t> padded;   // the axis of pads[i] / pads[n + i]
    if (axes.empty()) {
        for (size_t d = 0; d < rank; ++d) padded.push_back(d);
    } else {
        for (int64_t a : axes) {
            size_t axis;
            CONFORMANCE_RETURN_IF_NOT_OK(NormalizeAxis(a, rank, "axes entry", &axis));
            padded.push_back(axis);
        }
    }
    if (pads.size() != 2 * padded.size())
        return LowerStatus::Fail("pads has " + std::to_string(pads.size()) + " entries for " +
                                 std::to_string(padded.size()) + " axes");
    std::vector<int64_t> begin(rank, 0), end(rank, 0);
    for (size_t i = 0; i < padded.size(); ++i) {
        begin[padded[i]] = pads[i];
        end[padded[i]] = pads[padded.size() + i];
    }
    std::vector<int64_t> shape(rank), cropped(rank);
    bool crops = false, grows = false;
    for (size_t d = 0; d < rank; ++d) {
        shape[d] = x->shape[d] + begin[d] + end[d];
        cropped[d] = x->shape[d] + std::min<int64_t>(begin[d], 0) + std::min<int64_t>(end[d], 0);
        if (cropped[d] < 0)
            return LowerStatus::Fail("pads " + FormatShape(pads) + " crop more than input " + FormatShape(x->shape));
        crops |= begin[d] < 0 || end[d] < 0;
        grows |= begin[d] > 0 || end[d] > 0;
    }

    std::string modeName = "constant";
    if (const onnx::AttributeProto* m = c.Attribute("mode")) modeName = m->s();
    DML_PADDING_MODE mode;
    if (modeName == "constant") mode = DML_PADDING_MODE_CONSTANT;
    else if (modeName == "reflect") mode = DML_PADDING_MODE_REFLECTION;
    else if (modeName == "edge") mode = DML_PADDING_MODE_EDGE;
    else if (modeName == "wrap") mode = DML_PADDING_MODE_WRAP;
    else return LowerStatus::Fail("mode '" + modeName + "' is not an ONNX Pad mode");

    SetOutput(plan, 0, shape, x->onnxType);
    if (ElementCount(shape) == 0) {
        plan->notes.push_back("output 0 " + FormatShape(shape) + " is empty: no dispatch");
        return LowerStatus::Ok();
    }
    if (ElementCount(cropped) == 0)
        return LowerStatus::Skip("padding the empty tensor " + FormatShape(cropped) +
                                 " (a fill, which DML PADDING cannot express: its input must not be empty)");

    // Negative pads crop: a SLICE1 first, into an intermediate when padding follows (an engine's two operators).
    TensorRef source{false, 0, 0};
    if (crops) {
        if (rank > DML_TENSOR_DIMENSION_COUNT_MAX1)
            return LowerStatus::Skip("rank " + std::to_string(rank) + " with cropping pads; DML takes at most 8 dimensions");
        std::vector<uint32_t> inSizes, cropSizes, offsets;
        CONFORMANCE_RETURN_IF_NOT_OK(ToDmlSizes(x->shape, &inSizes));
        CONFORMANCE_RETURN_IF_NOT_OK(ToDmlSizes(cropped, &cropSizes));
        for (size_t d = 0; d < rank; ++d) offsets.push_back(uint32_t(std::max<int64_t>(-begin[d], 0)));
        const TensorRef target = grows ? plan->AddScratch(ElementCount(cropped) * x->ElementBytes())
                                       : TensorRef{true, 0, 0};
        Dispatch* d = plan->Add(DML_OPERATOR_SLICE1, "SLICE1");
        const DML_TENSOR_DESC* in = d->Tensor(type, inSizes);
        const DML_TENSOR_DESC* out = d->Tensor(type, cropSizes);
        auto* desc = d->SetDesc<DML_SLICE1_OPERATOR_DESC>();
        *desc = {in, out, uint32_t(rank), d->Uints(offsets), d->Uints(cropSizes),
                 d->Ints(std::vector<int32_t>(rank, 1))};
        d->BindInput({false, 0, 0}, in);
        d->BindOutput(target, out);
        d->text = std::string("SLICE1 ") + DmlTypeName(type) + " in " + FormatDims(inSizes) + " out " +
                  FormatDims(cropSizes) + " offsets " + FormatDims(offsets) + " (the negative pads)" +
                  (grows ? " -> intermediate" : "");
        if (!grows) return LowerStatus::Ok();
        source = target;
        for (size_t d = 0; d < rank; ++d) begin[d] = std::max<int64_t>(begin[d], 0), end[d] = std::max<int64_t>(end[d], 0);
    }

    std::vector<int64_t> inShape = cropped, outShape = shape, b = begin, e = end;
    if (rank == 0) inShape = outShape = {1}, b = e = {0};
    if (inShape.size() > DML_TENSOR_DIMENSION_COUNT_MAX1) {
        // Size-1 dimensions without padding vanish (every mode); nothing else folds for every mode.
        std::vector<int64_t> s, o, bb, ee;
        for (size_t d = 0; d < inShape.size(); ++d)
            if (!(inShape[d] == 1 && b[d] == 0 && e[d] == 0)) {
                s.push_back(inShape[d]), o.push_back(outShape[d]), bb.push_back(b[d]), ee.push_back(e[d]);
            }
        if (s.empty()) s = o = {1}, bb = ee = {0};
        if (s.size() > DML_TENSOR_DIMENSION_COUNT_MAX1)
            return LowerStatus::Skip("rank " + std::to_string(rank) + " folds only to rank " + std::to_string(s.size()) +
                                     "; DML takes at most 8 dimensions");
        inShape = s, outShape = o, b = bb, e = ee;
    }
    std::vector<uint32_t> inSizes, outSizes, start, stop;
    CONFORMANCE_RETURN_IF_NOT_OK(ToDmlSizes(inShape, &inSizes));
    CONFORMANCE_RETURN_IF_NOT_OK(ToDmlSizes(outShape, &outSizes));
    for (size_t d = 0; d < inShape.size(); ++d) start.push_back(uint32_t(b[d])), stop.push_back(uint32_t(e[d]));

    static const char* const kModeNames[] = {"CONSTANT", "EDGE", "REFLECTION", "SYMMETRIC", "WRAP"};
    if (c.opset < 11) {
        // The float 'value' attribute: DML_PADDING_OPERATOR_DESC's FLOAT PaddingValue, as an engine would pass it.
        float value = 0.0f;
        if (const onnx::AttributeProto* v = c.Attribute("value")) value = v->f();
        Dispatch* d = plan->Add(DML_OPERATOR_PADDING, "PADDING");
        const DML_TENSOR_DESC* in = d->Tensor(type, inSizes);
        const DML_TENSOR_DESC* out = d->Tensor(type, outSizes);
        auto* desc = d->SetDesc<DML_PADDING_OPERATOR_DESC>();
        desc->InputTensor = in;
        desc->OutputTensor = out;
        desc->PaddingMode = mode;
        desc->PaddingValue = value;
        desc->DimensionCount = uint32_t(inSizes.size());
        desc->StartPadding = d->Uints(start);
        desc->EndPadding = d->Uints(stop);
        d->BindInput(source, in);
        d->BindOutput({true, 0, 0}, out);
        d->text = std::string("PADDING ") + DmlTypeName(type) + " in " + FormatDims(inSizes) + " out " +
                  FormatDims(outSizes) + " " + kModeNames[mode] + " value " + std::to_string(value) + " start " +
                  FormatDims(start) + " end " + FormatDims(stop);
        return LowerStatus::Ok();
    }
    DML_SCALAR_UNION value{};
    if (const HostTensor* v = c.Input(2)) {
        if (v->onnxType != x->onnxType || v->ElementCount() != 1)
            return LowerStatus::Fail("constant_value is " + std::string(OnnxTypeName(v->onnxType)) +
                                     FormatShape(v->shape) + "; one " + OnnxTypeName(x->onnxType) + " expected");
        std::memcpy(value.Bytes, v->bytes.data(), v->bytes.size());
    }
    Dispatch* d = plan->Add(DML_OPERATOR_PADDING1, "PADDING1");
    const DML_TENSOR_DESC* in = d->Tensor(type, inSizes);
    const DML_TENSOR_DESC* out = d->Tensor(type, outSizes);
    auto* desc = d->SetDesc<DML_PADDING1_OPERATOR_DESC>();
    desc->InputTensor = in;
    desc->OutputTensor = out;
    desc->PaddingMode = mode;
    desc->PaddingValueDataType = type;
    desc->PaddingValue = value;
    desc->DimensionCount = uint32_t(inSizes.size());
    desc->StartPadding = d->Uints(start);
    desc->EndPadding = d->Uints(stop);
    d->BindInput(source, in);
    d->BindOutput({true, 0, 0}, out);
    d->text = std::string("PADDING1 ") + DmlTypeName(type) + " in " + FormatDims(inSizes) + " out " +
              FormatDims(outSizes) + " " + kModeNames[mode] + " start " + FormatDims(start) + " end " + FormatDims(stop);
    return LowerStatus::Ok();
}

}  // namespace conformance
