#include "layout/layout_ops.h"

#include "core/checked_math.h"
#include "core/data_type.h"
#include "layout/format_tags.h"

#include <algorithm>

namespace vkdml::layout {
namespace {

constexpr uint64_t kMaxElements = UINT32_MAX;   // DirectML's limit on a tensor's element count

// The result keeps the input's type, flags and binding facts; the caller sets sizes and strides.
Tensor ViewOf(const Tensor& in) {
    Tensor t;
    t.dataType = in.dataType;
    t.flags = in.flags;
    t.elementBytes = in.elementBytes;
    t.hasExplicitStrides = true;
    t.totalBytes = in.totalBytes;
    t.baseAlignment = in.baseAlignment;
    return t;
}

// "{a, b}" of the entries of values picked by indices[0..count).
std::string FormatPicked(const uint32_t* values, const uint32_t* indices, uint32_t count) {
    std::array<uint32_t, kMaxRank> picked{};
    for (uint32_t k = 0; k < count; ++k) picked[k] = values[indices[k]];
    return FormatDims(picked.data(), count);
}

// DMLCalcBufferTensorSize of a view the algebra built. Its strides come from a checked desc, so the size does not
// overflow; if it ever did, UINT64_MAX fails every later size check rather than passing as a small size.
uint64_t BytesOf(const Tensor& t) {
    return CalcBufferTensorSize(t.dataType, t.rank, t.sizes.data(), t.strides.data()).value_or(UINT64_MAX);
}

}  // namespace

Status ReadDescArgument(const char* fn, const char* name, const DML_BUFFER_TENSOR_DESC* desc, Tensor* out) {
    if (!desc) return InvalidArgument("%s: %s is NULL; it must point at a DML_BUFFER_TENSOR_DESC", fn, name);
    // The layout does not depend on who owns the tensor: check the rest as for any input, keep the flag.
    DML_BUFFER_TENSOR_DESC copy = *desc;
    copy.Flags = DML_TENSOR_FLAGS(copy.Flags & ~DML_TENSOR_FLAG_OWNED_BY_DML);
    DML_TENSOR_DESC wrapper{DML_TENSOR_TYPE_BUFFER, &copy};
    Tensor t;
    VKDML_RETURN_IF_ERROR(ReadTensor(fn, name, false, &wrapper, &t));
    VKDML_RETURN_IF_ERROR(RejectZeroVolume(fn, t));   // the layout algebra is DirectML's: every size at least 1
    t.flags = desc->Flags;
    *out = std::move(t);
    return Status::Ok();
}

Status CheckShapeArguments(const char* fn, DML_TENSOR_DATA_TYPE dataType, uint32_t rank, const uint32_t* sizes) {
    if (!FindDataType(dataType))
        return InvalidArgument("%s: dataType is %d, which is not a DML_TENSOR_DATA_TYPE", fn, int(dataType));
    if (rank < 1 || rank > kMaxRank)
        return InvalidArgument("%s: dimensionCount is %u; it must be 1 to %u (DML_TENSOR_DIMENSION_COUNT_MAX1)", fn,
                               rank, kMaxRank);
    if (!sizes) return InvalidArgument("%s: sizes is NULL; it must hold dimensionCount values", fn);
    for (uint32_t d = 0; d < rank; ++d)
        if (sizes[d] == 0)
            return InvalidArgument("%s: sizes[%u] is 0; every size must be at least 1 (DirectML has no zero-volume "
                                   "tensors)", fn, d);
    return Status::Ok();
}

Status CalcSize(const char* fn, DML_TENSOR_DATA_TYPE dataType, uint32_t rank, const uint32_t* sizes,
                const uint32_t* strides, uint64_t* bytes) {
    VKDML_RETURN_IF_ERROR(CheckShapeArguments(fn, dataType, rank, sizes));
    std::optional<uint64_t> result = CalcBufferTensorSize(dataType, rank, sizes, strides);
    if (!result)
        return InvalidArgument("%s: sizes %s%s%s of %s need more than 2^64-1 bytes", fn, FormatDims(sizes, rank).c_str(),
                               strides ? " with strides " : "", strides ? FormatDims(strides, rank).c_str() : "",
                               DataTypeName(dataType));
    *bytes = *result;
    return Status::Ok();
}

Status FromFormatTag(const char* fn, DML_TENSOR_DATA_TYPE dataType, uint32_t rank, const uint32_t* sizes,
                     const char* tag, Tensor* out) {
    VKDML_RETURN_IF_ERROR(CheckShapeArguments(fn, dataType, rank, sizes));
    std::array<uint32_t, kMaxRank> order{};
    VKDML_RETURN_IF_ERROR(ParseFormatTag(fn, tag, rank, order.data()));
    Tensor t;
    t.dataType = dataType;
    t.elementBytes = (FindDataType(dataType)->bits + 7) / 8;
    t.hasExplicitStrides = true;
    t.rank = rank;
    uint64_t stride = 1;   // innermost first; the running product is the element count so far
    for (uint32_t k = rank; k-- > 0;) {
        uint32_t d = order[k];
        t.sizes[d] = sizes[d];
        t.strides[d] = uint32_t(stride);
        stride *= sizes[d];
        if (stride > kMaxElements)
            return InvalidArgument("%s: sizes %s hold more than 2^32-1 elements, DirectML's limit", fn,
                                   FormatDims(sizes, rank).c_str());
    }
    t.totalBytes = BytesOf(t);
    *out = std::move(t);
    return Status::Ok();
}

bool SameElements(const Tensor& a, const Tensor& b) {
    if (a.dataType != b.dataType || a.rank != b.rank) return false;
    for (uint32_t d = 0; d < a.rank; ++d) {
        if (a.sizes[d] != b.sizes[d]) return false;
        if (a.sizes[d] != 1 && a.strides[d] != b.strides[d]) return false;
    }
    return true;
}

// oneDNN's reshape as the document describes it: a combination of (1) adding a size-1 dimension, (2) removing
// one, (3) splitting a dimension into dense parts and (4) joining consecutive dense, in-order dimensions. DirectML
// has no padding and no blocking, so (1)-(3) always hold; size-1 dimensions are removed first (their strides
// place no element), the remaining dimensions of input and output are matched in minimal groups of equal product,
// and each group that joins several input dimensions must be dense: Strides[i] == Strides[i + 1] * Sizes[i + 1].
Status Reshape(const char* fn, const Tensor& in, uint32_t rank, const uint32_t* sizes, Tensor* out) {
    if (rank < 1 || rank > kMaxRank)
        return InvalidArgument("%s: dimensionCount is %u; it must be 1 to %u (DML_TENSOR_DIMENSION_COUNT_MAX1)", fn,
                               rank, kMaxRank);
    if (!sizes) return InvalidArgument("%s: sizes is NULL; it must hold dimensionCount values", fn);
    uint64_t count = 1;
    for (uint32_t d = 0; d < rank; ++d) {
        if (sizes[d] == 0)
            return InvalidArgument("%s: sizes[%u] is 0; every size must be at least 1 (DirectML has no zero-volume "
                                   "tensors)", fn, d);
        count = std::min<uint64_t>(count * sizes[d], kMaxElements + 1);   // no overflow: both below 2^33
    }
    if (count != in.ElementCount())
        return InvalidArgument("%s: sizes %s hold %s%llu elements but desc.Sizes %s hold %llu; a reshape keeps the "
                               "element count", fn, FormatDims(sizes, rank).c_str(), count > kMaxElements ? "over " : "",
                               (unsigned long long)std::min(count, kMaxElements), FormatDims(in.sizes.data(), in.rank).c_str(),
                               (unsigned long long)in.ElementCount());

    // Rules (2) and (1): only the dimensions of size > 1 take part in the grouping.
    std::array<uint32_t, kMaxRank> inDims{}, outDims{};
    uint32_t inCount = 0, outCount = 0;
    for (uint32_t d = 0; d < in.rank; ++d)
        if (in.sizes[d] > 1) inDims[inCount++] = d;
    for (uint32_t d = 0; d < rank; ++d)
        if (sizes[d] > 1) outDims[outCount++] = d;

    Tensor t = ViewOf(in);
    t.rank = rank;
    std::copy_n(sizes, rank, t.sizes.begin());
    uint32_t ib = 0, ob = 0;
    while (ib < inCount) {   // equal products: both lists end together
        uint32_t ie = ib + 1, oe = ob + 1;
        uint64_t inProduct = in.sizes[inDims[ib]], outProduct = sizes[outDims[ob]];
        while (inProduct != outProduct) {
            if (inProduct < outProduct) inProduct *= in.sizes[inDims[ie++]];
            else outProduct *= sizes[outDims[oe++]];
        }
        // Rule (4): joining input dimensions inDims[ib..ie) needs them dense and in order.
        for (uint32_t k = ib; k + 1 < ie; ++k) {
            uint32_t outer = inDims[k], inner = inDims[k + 1];
            uint64_t dense = uint64_t(in.strides[inner]) * in.sizes[inner];
            if (in.strides[outer] != dense)
                return InvalidArgument(
                    "%s: rule 4 (join consecutive dimensions that are dense and in order) fails: sizes %s joins desc "
                    "dimensions %s (Sizes %s, Strides %s) into %s, which needs Strides[%u] == Strides[%u] * Sizes[%u] "
                    "= %llu, but Strides[%u] is %u; rules 1-3 (add or remove a size-1 dimension, split a dimension) "
                    "cannot avoid the join. Copy into a packed tensor (DML_OPERATOR_ELEMENT_WISE_IDENTITY) first",
                    fn, FormatDims(sizes, rank).c_str(), FormatDims(inDims.data() + ib, ie - ib).c_str(),
                    FormatPicked(in.sizes.data(), inDims.data() + ib, ie - ib).c_str(),
                    FormatPicked(in.strides.data(), inDims.data() + ib, ie - ib).c_str(),
                    FormatPicked(sizes, outDims.data() + ob, oe - ob).c_str(), outer, inner, inner,
                    (unsigned long long)dense, outer, in.strides[outer]);
        }
        // Rule (3): the group (one dimension, or the joined ones) splits into the output's dense parts.
        uint64_t stride = in.strides[inDims[ie - 1]];
        for (uint32_t k = oe; k-- > ob;) {
            if (stride > UINT32_MAX)
                return InvalidArgument("%s: splitting into sizes %s gives sizes[%u] the stride %llu, which does not fit "
                                       "a 32-bit Strides entry", fn, FormatDims(sizes, rank).c_str(), outDims[k],
                                       (unsigned long long)stride);
            t.strides[outDims[k]] = uint32_t(stride);
            stride *= sizes[outDims[k]];
        }
        ib = ie;
        ob = oe;
    }
    // Rule (1): a size-1 dimension places no element; give it the stride it would have if packed against the
    // dimension on its right (as oneDNN does), so a packed desc reshapes to a packed desc.
    uint64_t right = 1;
    for (uint32_t d = rank; d-- > 0;) {
        if (sizes[d] > 1) right = uint64_t(t.strides[d]) * sizes[d];
        else t.strides[d] = right <= UINT32_MAX ? uint32_t(right) : 0;
    }
    t.totalBytes = std::max(in.totalBytes, BytesOf(t));
    *out = std::move(t);
    return Status::Ok();
}

Status PermuteAxes(const char* fn, const Tensor& in, const uint32_t* permutation, Tensor* out) {
    if (!permutation) return InvalidArgument("%s: permutation is NULL; it must hold desc.DimensionCount values", fn);
    std::array<int, kMaxRank> source{};
    source.fill(-1);
    for (uint32_t i = 0; i < in.rank; ++i) {
        uint32_t p = permutation[i];
        if (p >= in.rank)
            return InvalidArgument("%s: permutation[%u] is %u; every entry must be below desc.DimensionCount (%u)", fn,
                                   i, p, in.rank);
        if (source[p] >= 0)
            return InvalidArgument("%s: permutation[%u] is %u, as is permutation[%d]; a permutation names each axis "
                                   "once", fn, i, p, source[p]);
        source[p] = int(i);
    }
    Tensor t = ViewOf(in);
    t.rank = in.rank;
    for (uint32_t i = 0; i < in.rank; ++i) {   // oneDNN: new_desc.dims()[permutation[i]] = dims()[i]
        t.sizes[permutation[i]] = in.sizes[i];
        t.strides[permutation[i]] = in.strides[i];
    }
    *out = std::move(t);
    return Status::Ok();
}

Status SubView(const char* fn, const Tensor& in, const uint32_t* sizes, const uint32_t* offsets, Tensor* out,
               uint64_t* byteOffset) {
    if (!sizes) return InvalidArgument("%s: sizes is NULL; it must hold desc.DimensionCount values", fn);
    if (!offsets) return InvalidArgument("%s: offsets is NULL; it must hold desc.DimensionCount values", fn);
    Tensor t = ViewOf(in);
    t.rank = in.rank;
    uint64_t elementOffset = 0;   // < 2^64: at most 8 terms below 2^32 * 2^32
    for (uint32_t d = 0; d < in.rank; ++d) {
        if (sizes[d] == 0)
            return InvalidArgument("%s: sizes[%u] is 0; every size must be at least 1 (DirectML has no zero-volume "
                                   "tensors)", fn, d);
        if (uint64_t(offsets[d]) + sizes[d] > in.sizes[d])
            return InvalidArgument("%s: offsets[%u] + sizes[%u] is %u + %u = %llu, beyond desc.Sizes[%u] = %u; the "
                                   "region must lie inside the parent", fn, d, d, offsets[d], sizes[d],
                                   (unsigned long long)(uint64_t(offsets[d]) + sizes[d]), d, in.sizes[d]);
        t.sizes[d] = sizes[d];
        t.strides[d] = in.strides[d];
        elementOffset += uint64_t(offsets[d]) * in.strides[d];
    }
    uint64_t bits = FindDataType(in.dataType)->bits;
    auto offsetBits = CheckedMul(elementOffset, bits);
    if (!offsetBits) return InvalidArgument("%s: the view's byte offset overflows 64 bits", fn);
    if (*offsetBits % 8 != 0)
        return InvalidArgument("%s: offsets %s start the view at element %llu, which is not on a byte boundary for "
                               "%s; a binding offset is in whole bytes", fn, FormatDims(offsets, in.rank).c_str(),
                               (unsigned long long)elementOffset, DataTypeName(in.dataType));
    uint64_t offset = *offsetBits / 8;
    t.totalBytes = BytesOf(t);
    if (offset + t.totalBytes > in.totalBytes)   // both bounded by the parent's size
        return InvalidArgument("%s: the view starts %llu bytes into the parent and needs TotalTensorSizeInBytes %llu "
                               "(DMLCalcBufferTensorSize, rounded up to 4), ending at byte %llu, beyond the parent's "
                               "desc.TotalTensorSizeInBytes %llu; the view's binding must stay inside the parent's "
                               "(give the parent a larger TotalTensorSizeInBytes)", fn, (unsigned long long)offset,
                               (unsigned long long)t.totalBytes, (unsigned long long)(offset + t.totalBytes),
                               (unsigned long long)in.totalBytes);
    // The parent is bound at a multiple of P; the view, `offset` further, at a multiple of the smaller of P and
    // the lowest set bit of offset (at least the element size, since offset is a whole number of elements).
    uint64_t parentAlignment = in.GuaranteedBaseAlignment();
    if (offset % parentAlignment != 0) t.baseAlignment = uint32_t(offset & (~offset + 1));
    *byteOffset = offset;
    *out = std::move(t);
    return Status::Ok();
}

Status Bitcast(const char* fn, const Tensor& in, DML_TENSOR_DATA_TYPE dataType, Tensor* out) {
    const DataTypeInfo* to = FindDataType(dataType);
    if (!to) return InvalidArgument("%s: dataType is %d, which is not a DML_TENSOR_DATA_TYPE", fn, int(dataType));
    const DataTypeInfo* from = FindDataType(in.dataType);
    if (to->bits != from->bits)
        return InvalidArgument("%s: dataType %s is %u bits wide but desc.DataType %s is %u; a bitcast keeps the element "
                               "width", fn, to->name, to->bits, from->name, from->bits);
    Tensor t = ViewOf(in);
    t.dataType = dataType;
    t.rank = in.rank;
    t.sizes = in.sizes;
    t.strides = in.strides;
    *out = std::move(t);
    return Status::Ok();
}

}  // namespace vkdml::layout
