#include "core/tensor.h"

#include "core/checked_math.h"
#include "core/data_type.h"

#include <algorithm>
#include <numeric>

namespace vkdml {

uint64_t Tensor::ElementCount() const {
    uint64_t count = 1;
    for (uint32_t d = 0; d < rank; ++d) count *= sizes[d];   // bounded by ReadTensor to < 2^32
    return count;
}

bool Tensor::SameLayout(const Tensor& other) const {
    return dataType == other.dataType && rank == other.rank && sizes == other.sizes && strides == other.strides;
}

uint32_t Tensor::GuaranteedBaseAlignment() const {
    return baseAlignment ? baseAlignment : DML_MINIMUM_BUFFER_TENSOR_ALIGNMENT;
}

std::string FormatDims(const uint32_t* values, uint32_t count) {
    std::string text = "{";
    for (uint32_t i = 0; i < count; ++i) text += (i ? ", " : "") + std::to_string(values[i]);
    return text + "}";
}

std::optional<uint64_t> CalcBufferTensorSize(DML_TENSOR_DATA_TYPE dataType, uint32_t rank, const uint32_t* sizes,
                                             const uint32_t* strides) {
    const DataTypeInfo* info = FindDataType(dataType);
    if (!info || !sizes) return std::nullopt;
    for (uint32_t d = 0; d < rank; ++d)
        if (sizes[d] == 0) return 0;   // a zero-volume tensor has no element to hold
    uint64_t elements = 1;
    if (!strides) {
        for (uint32_t d = 0; d < rank; ++d) {
            auto product = CheckedMul(elements, sizes[d]);
            if (!product) return std::nullopt;
            elements = *product;
        }
    } else {
        uint64_t lastIndex = 0;
        for (uint32_t d = 0; d < rank; ++d) {
            auto term = CheckedMul(uint64_t(sizes[d]) - 1, strides[d]);
            auto sum = term ? CheckedAdd(lastIndex, *term) : std::nullopt;
            if (!sum) return std::nullopt;
            lastIndex = *sum;
        }
        auto count = CheckedAdd(lastIndex, 1);
        if (!count) return std::nullopt;
        elements = *count;
    }
    auto bits = CheckedMul(elements, info->bits);
    if (!bits || *bits > UINT64_MAX - 31) return std::nullopt;
    return AlignUp((*bits + 7) / 8, 4);
}

Status RejectZeroVolume(const char* op, const Tensor& t) {
    for (uint32_t d = 0; d < t.rank; ++d)
        if (t.sizes[d] == 0)
            return InvalidArgument("%s: %s.Sizes[%u] is 0; every size must be at least 1 (zero-volume tensors need "
                                   "a device created with VKDML_CREATE_DEVICE_FLAG_ZERO_VOLUME_TENSORS)", op,
                                   t.name.c_str(), d);
    return Status::Ok();
}

namespace {

// True when no two elements of the layout share an offset: visiting dimensions from the smallest stride up,
// each stride must step past everything the smaller ones reach. (Sufficient, and true of every packed,
// padded or permuted layout.)
bool LayoutIsInjective(const Tensor& t) {
    std::array<uint32_t, kMaxRank> order{};
    uint32_t count = 0;
    for (uint32_t d = 0; d < t.rank; ++d)
        if (t.sizes[d] > 1) order[count++] = d;
    for (uint32_t i = 1; i < count; ++i)   // insertion sort by stride: at most 8 entries
        for (uint32_t j = i; j > 0 && t.strides[order[j]] < t.strides[order[j - 1]]; --j) std::swap(order[j], order[j - 1]);
    uint64_t reach = 0;   // largest offset reachable by the dimensions visited so far
    for (uint32_t i = 0; i < count; ++i) {
        uint32_t d = order[i];
        if (uint64_t(t.strides[d]) <= reach) return false;
        reach += uint64_t(t.sizes[d] - 1) * t.strides[d];
    }
    return true;
}

}  // namespace

Status ReadTensor(const char* op, std::string name, bool isOutput, const DML_TENSOR_DESC* desc, Tensor* out) {
    const char* n = name.c_str();
    if (!desc) return InvalidArgument("%s: %s is NULL; this tensor is required", op, n);
    if (desc->Type != DML_TENSOR_TYPE_BUFFER)
        return InvalidArgument("%s: %s.Type is %d; only DML_TENSOR_TYPE_BUFFER (1) is valid", op, n, int(desc->Type));
    if (!desc->Desc) return InvalidArgument("%s: %s.Desc is NULL; it must point at a DML_BUFFER_TENSOR_DESC", op, n);
    const auto& b = *static_cast<const DML_BUFFER_TENSOR_DESC*>(desc->Desc);

    const DataTypeInfo* type = FindDataType(b.DataType);
    if (!type) return InvalidArgument("%s: %s.DataType is %d, which is not a DML_TENSOR_DATA_TYPE", op, n, int(b.DataType));
    if (b.Flags & ~DML_TENSOR_FLAG_OWNED_BY_DML)
        return InvalidArgument("%s: %s.Flags is 0x%x; only DML_TENSOR_FLAG_OWNED_BY_DML (0x1) is defined", op, n,
                               unsigned(b.Flags));
    if (b.Flags & DML_TENSOR_FLAG_OWNED_BY_DML) {
        if (isOutput)
            return InvalidArgument("%s: %s.Flags has DML_TENSOR_FLAG_OWNED_BY_DML, which is for inputs only", op, n);
        return Unsupported("%s: %s.Flags has DML_TENSOR_FLAG_OWNED_BY_DML; vkdml does not support tensors owned by "
                           "the runtime yet (bind the tensor at execution instead)", op, n);
    }
    if (b.DimensionCount < 1 || b.DimensionCount > kMaxRank)
        return InvalidArgument("%s: %s.DimensionCount is %u; it must be 1 to %u (DML_TENSOR_DIMENSION_COUNT_MAX1)", op,
                               n, b.DimensionCount, kMaxRank);
    if (!b.Sizes) return InvalidArgument("%s: %s.Sizes is NULL; it must hold DimensionCount values", op, n);

    Tensor t;
    t.name = std::move(name);
    n = t.name.c_str();
    t.isOutput = isOutput;
    t.dataType = b.DataType;
    t.flags = b.Flags;
    t.rank = b.DimensionCount;
    t.elementBytes = (type->bits + 7) / 8;
    t.hasExplicitStrides = b.Strides != nullptr;
    // Zero sizes are read here and refused by the caller unless the device allows zero-volume tensors
    // (RejectZeroVolume); the element limit applies to the non-zero sizes either way.
    uint64_t elements = 1;
    for (uint32_t d = 0; d < t.rank; ++d) {
        t.sizes[d] = b.Sizes[d];
        elements *= std::max(b.Sizes[d], 1u);   // < 2^64: at most 8 factors below 2^32 would overflow, so check as we go
        if (elements > UINT32_MAX)
            return InvalidArgument("%s: %s.Sizes %s has more than 2^32-1 elements, DirectML's limit", op, n,
                                   FormatDims(b.Sizes, t.rank).c_str());
    }
    if (b.Strides) {
        for (uint32_t d = 0; d < t.rank; ++d) t.strides[d] = b.Strides[d];
    } else {
        // Packed row-major; a zero size counts as 1 so a zero-volume tensor's strides stay those of its shape.
        uint64_t stride = 1;
        for (uint32_t d = t.rank; d-- > 0;) {
            t.strides[d] = uint32_t(stride);
            stride *= std::max(t.sizes[d], 1u);
        }
    }
    // A zero-volume tensor has no element: nothing of its layout can overlap, and it needs no bytes.
    bool empty = t.IsEmpty();
    if (isOutput && !empty) {
        for (uint32_t d = 0; d < t.rank; ++d)
            if (t.sizes[d] > 1 && t.strides[d] == 0)
                return InvalidArgument("%s: %s.Strides[%u] is 0; an output cannot broadcast (only inputs may have "
                                       "zero strides)", op, n, d);
        if (!LayoutIsInjective(t))
            return InvalidArgument("%s: %s.Strides %s make two elements share one offset; output elements must not "
                                   "overlap", op, n, FormatDims(t.strides.data(), t.rank).c_str());
    }

    std::optional<uint64_t> implied =
        CalcBufferTensorSize(b.DataType, t.rank, t.sizes.data(), b.Strides ? t.strides.data() : nullptr);
    if (!implied) return InvalidArgument("%s: %s: the size implied by Sizes and Strides overflows 64 bits", op, n);
    uint64_t minimum = *implied;
    if (b.TotalTensorSizeInBytes < minimum)
        return InvalidArgument("%s: %s.TotalTensorSizeInBytes is %llu; DMLCalcBufferTensorSize gives %llu for these "
                               "Sizes/Strides/DataType, and it must be at least that", op, n,
                               (unsigned long long)b.TotalTensorSizeInBytes, (unsigned long long)minimum);
    if (b.TotalTensorSizeInBytes % 4 != 0)
        return InvalidArgument("%s: %s.TotalTensorSizeInBytes is %llu; it must be a multiple of 4", op, n,
                               (unsigned long long)b.TotalTensorSizeInBytes);
    if (b.GuaranteedBaseOffsetAlignment != 0 &&
        (!IsPowerOfTwo(b.GuaranteedBaseOffsetAlignment) || b.GuaranteedBaseOffsetAlignment < t.elementBytes))
        return InvalidArgument("%s: %s.GuaranteedBaseOffsetAlignment is %u; it must be 0 or a power of two at least "
                               "the element size (%u)", op, n, b.GuaranteedBaseOffsetAlignment, t.elementBytes);
    t.totalBytes = b.TotalTensorSizeInBytes;
    t.baseAlignment = b.GuaranteedBaseOffsetAlignment;
    *out = std::move(t);
    return Status::Ok();
}

}  // namespace vkdml
