// C entry points of vkdml/layout.h: check the output arguments, run the layout operation on normalized tensors,
// then write the result into the caller's desc and arrays (only on success, and only after every input was read).
#include <vkdml/layout.h>

#include "api/api_support.h"
#include "layout/layout_ops.h"

#include <algorithm>

using namespace vkdml;

namespace {

Status CheckOutputs(const char* fn, const DML_BUFFER_TENSOR_DESC* out, const UINT* outSizes, const UINT* outStrides) {
    if (!out) return InvalidArgument("%s: out is NULL; it must point at the DML_BUFFER_TENSOR_DESC to fill", fn);
    if (!outSizes)
        return InvalidArgument("%s: outSizes is NULL; it must hold the result's DimensionCount values (8 suffice)", fn);
    if (!outStrides)
        return InvalidArgument("%s: outStrides is NULL; it must hold the result's DimensionCount values (8 suffice)", fn);
    return Status::Ok();
}

void WriteResult(const Tensor& t, DML_BUFFER_TENSOR_DESC* out, UINT* outSizes, UINT* outStrides) {
    std::copy_n(t.sizes.begin(), t.rank, outSizes);
    std::copy_n(t.strides.begin(), t.rank, outStrides);
    out->DataType = t.dataType;
    out->Flags = t.flags;
    out->DimensionCount = t.rank;
    out->Sizes = outSizes;
    out->Strides = outStrides;
    out->TotalTensorSizeInBytes = t.totalBytes;
    out->GuaranteedBaseOffsetAlignment = t.baseAlignment;
}

}  // namespace

extern "C" {

VKDML_API VKDML_STATUS vkdmlLayoutCalcSize(DML_TENSOR_DATA_TYPE dataType, UINT dimensionCount, const UINT* sizes,
                                           const UINT* strides, UINT64* outSizeInBytes) {
    VKDML_API_GUARD_BEGIN
    constexpr const char* fn = "vkdmlLayoutCalcSize";
    if (!outSizeInBytes) return Report(InvalidArgument("%s: outSizeInBytes is NULL", fn));
    uint64_t bytes = 0;
    VKDML_STATUS status = Report(layout::CalcSize(fn, dataType, dimensionCount, sizes, strides, &bytes));
    if (status == VKDML_SUCCESS) *outSizeInBytes = bytes;
    return status;
    VKDML_API_GUARD_END
}

VKDML_API VKDML_STATUS vkdmlLayoutFromFormatTag(DML_TENSOR_DATA_TYPE dataType, UINT dimensionCount,
                                                const UINT* sizes, const char* tag, DML_BUFFER_TENSOR_DESC* out,
                                                UINT* outSizes, UINT* outStrides) {
    VKDML_API_GUARD_BEGIN
    constexpr const char* fn = "vkdmlLayoutFromFormatTag";
    Tensor t;
    Status s = CheckOutputs(fn, out, outSizes, outStrides);
    if (s.ok()) s = layout::FromFormatTag(fn, dataType, dimensionCount, sizes, tag, &t);
    if (s.ok()) WriteResult(t, out, outSizes, outStrides);
    return Report(s);
    VKDML_API_GUARD_END
}

VKDML_API VKDML_STATUS vkdmlLayoutEqual(const DML_BUFFER_TENSOR_DESC* a, const DML_BUFFER_TENSOR_DESC* b,
                                        BOOL* outEqual) {
    VKDML_API_GUARD_BEGIN
    constexpr const char* fn = "vkdmlLayoutEqual";
    if (!outEqual) return Report(InvalidArgument("%s: outEqual is NULL", fn));
    Tensor ta, tb;
    Status s = layout::ReadDescArgument(fn, "a", a, &ta);
    if (s.ok()) s = layout::ReadDescArgument(fn, "b", b, &tb);
    if (s.ok()) *outEqual = layout::SameElements(ta, tb) ? TRUE : FALSE;
    return Report(s);
    VKDML_API_GUARD_END
}

VKDML_API VKDML_STATUS vkdmlLayoutReshape(const DML_BUFFER_TENSOR_DESC* desc, UINT dimensionCount,
                                          const UINT* sizes, DML_BUFFER_TENSOR_DESC* out, UINT* outSizes,
                                          UINT* outStrides) {
    VKDML_API_GUARD_BEGIN
    constexpr const char* fn = "vkdmlLayoutReshape";
    Tensor in, t;
    Status s = CheckOutputs(fn, out, outSizes, outStrides);
    if (s.ok()) s = layout::ReadDescArgument(fn, "desc", desc, &in);
    if (s.ok()) s = layout::Reshape(fn, in, dimensionCount, sizes, &t);
    if (s.ok()) WriteResult(t, out, outSizes, outStrides);
    return Report(s);
    VKDML_API_GUARD_END
}

VKDML_API VKDML_STATUS vkdmlLayoutPermuteAxes(const DML_BUFFER_TENSOR_DESC* desc, const UINT* permutation,
                                              DML_BUFFER_TENSOR_DESC* out, UINT* outSizes, UINT* outStrides) {
    VKDML_API_GUARD_BEGIN
    constexpr const char* fn = "vkdmlLayoutPermuteAxes";
    Tensor in, t;
    Status s = CheckOutputs(fn, out, outSizes, outStrides);
    if (s.ok()) s = layout::ReadDescArgument(fn, "desc", desc, &in);
    if (s.ok()) s = layout::PermuteAxes(fn, in, permutation, &t);
    if (s.ok()) WriteResult(t, out, outSizes, outStrides);
    return Report(s);
    VKDML_API_GUARD_END
}

VKDML_API VKDML_STATUS vkdmlLayoutSubView(const DML_BUFFER_TENSOR_DESC* desc, const UINT* sizes,
                                          const UINT* offsets, DML_BUFFER_TENSOR_DESC* out, UINT* outSizes,
                                          UINT* outStrides, UINT64* outByteOffset) {
    VKDML_API_GUARD_BEGIN
    constexpr const char* fn = "vkdmlLayoutSubView";
    Tensor in, t;
    uint64_t byteOffset = 0;
    Status s = CheckOutputs(fn, out, outSizes, outStrides);
    if (s.ok() && !outByteOffset) s = InvalidArgument("%s: outByteOffset is NULL; the view must be bound that many "
                                                      "bytes after the parent", fn);
    if (s.ok()) s = layout::ReadDescArgument(fn, "desc", desc, &in);
    if (s.ok()) s = layout::SubView(fn, in, sizes, offsets, &t, &byteOffset);
    if (s.ok()) {
        WriteResult(t, out, outSizes, outStrides);
        *outByteOffset = byteOffset;
    }
    return Report(s);
    VKDML_API_GUARD_END
}

VKDML_API VKDML_STATUS vkdmlLayoutBitcast(const DML_BUFFER_TENSOR_DESC* desc, DML_TENSOR_DATA_TYPE dataType,
                                          DML_BUFFER_TENSOR_DESC* out, UINT* outSizes, UINT* outStrides) {
    VKDML_API_GUARD_BEGIN
    constexpr const char* fn = "vkdmlLayoutBitcast";
    Tensor in, t;
    Status s = CheckOutputs(fn, out, outSizes, outStrides);
    if (s.ok()) s = layout::ReadDescArgument(fn, "desc", desc, &in);
    if (s.ok()) s = layout::Bitcast(fn, in, dataType, &t);
    if (s.ok()) WriteResult(t, out, outSizes, outStrides);
    return Report(s);
    VKDML_API_GUARD_END
}

}  // extern "C"
