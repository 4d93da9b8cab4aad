#include "desc_fuzzing.h"

#include <algorithm>
#include <cstring>

namespace vkdml_fuzz {
namespace {

constexpr uint32_t kEdges32[16] = {0,     1,          2,          3,          4,          7,          8,          9,
                                   255,   256,        65535,      65536,      0x7FFFFFFFu, 0x80000000u, 0xFFFFFFFEu,
                                   0xFFFFFFFFu};
constexpr uint64_t kEdges64[16] = {0,
                                   1,
                                   4,
                                   16,
                                   0xFFFFFFFFull,
                                   0x100000000ull,
                                   0x7FFFFFFFFFFFFFFFull,
                                   0x8000000000000000ull,
                                   0xFFFFFFFFFFFFFFFCull,
                                   0xFFFFFFFFFFFFFFFFull,
                                   0xFFFFFFFFFFFFFFF0ull,
                                   1ull << 40,
                                   1ull << 31,
                                   (1ull << 32) * 4,
                                   8,
                                   12};

class Reader {
public:
    Reader(const uint8_t* data, size_t size) : data_(data), size_(size) {}
    uint8_t U8() { return pos_ < size_ ? data_[pos_++] : 0; }
    uint16_t U16() { return uint16_t(U8() | U8() << 8); }
    uint32_t U32() { return uint32_t(U16()) | uint32_t(U16()) << 16; }
    uint64_t U64() { return uint64_t(U32()) | uint64_t(U32()) << 32; }
    uint32_t Num32() {
        uint8_t b = U8();
        if (b < 0xE0) return b;
        if (b < 0xF0) return kEdges32[b - 0xE0];
        switch (b) {
            case 0xF0: return U16();
            case 0xF1: return U32();
            case 0xF2: return 1u << (U8() % 32);
            case 0xF3: return 0xFFFFFFFFu - U8();
            default: return b;
        }
    }
    uint64_t Num64() {
        uint8_t b = U8();
        if (b < 0xE0) return b;
        if (b < 0xF0) return kEdges64[b - 0xE0];
        switch (b) {
            case 0xF0: return U16();
            case 0xF1: return U32();
            case 0xF2: return 1ull << (U8() % 32);
            case 0xF3: return 0xFFFFFFFFull - U8();
            case 0xF5: return U64();
            case 0xF6: return 1ull << (U8() % 64);
            default: return b;
        }
    }

private:
    const uint8_t* data_;
    size_t size_;
    size_t pos_ = 0;
};

class Decoder {
public:
    Decoder(const uint8_t* data, size_t size, DecodedOperator* out) : r_(data, size), out_(out) {}

    // n value-initialized Ts owned by the decoded operator; each array is its own allocation, so AddressSanitizer
    // catches a read one past its end.
    template <typename T>
    T* New(size_t n = 1) {
        T* p = new T[n]();
        out_->storage.emplace_back(p, [](void* q) { delete[] static_cast<T*>(q); });
        return p;
    }

    const DML_TENSOR_DESC* NewTensor() {
        uint8_t bits = r_.U8();
        auto* t = New<DML_TENSOR_DESC>();
        auto* b = New<DML_BUFFER_TENSOR_DESC>();
        t->Type = (bits & 1) ? DML_TENSOR_TYPE(r_.Num32()) : DML_TENSOR_TYPE_BUFFER;
        t->Desc = (bits & 2) ? nullptr : b;
        b->DataType = DML_TENSOR_DATA_TYPE(r_.Num32());
        b->DimensionCount = r_.Num32();
        uint32_t stored = std::min(b->DimensionCount, kMaxArrayValues);
        UINT* sizes = New<UINT>(std::max(stored, 1u));
        for (uint32_t i = 0; i < stored; ++i) sizes[i] = r_.Num32();
        b->Sizes = (bits & 64) ? nullptr : sizes;
        if (bits & 4) {
            UINT* strides = New<UINT>(std::max(stored, 1u));
            for (uint32_t i = 0; i < stored; ++i) strides[i] = r_.Num32();
            b->Strides = strides;
        }
        if (bits & 16) b->Flags = DML_TENSOR_FLAGS(r_.Num32());
        b->TotalTensorSizeInBytes =
            (bits & 8) ? r_.Num64()
                       : vkdmlCalcBufferTensorSize(b->DataType, b->DimensionCount, b->Sizes, b->Strides);
        if (bits & 128) b->TotalTensorSizeInBytes += 4ull * r_.U8();
        if (bits & 32) b->GuaranteedBaseOffsetAlignment = r_.Num32();
        tensors_.push_back(t);
        return t;
    }

    const DML_TENSOR_DESC* TensorRef() {
        uint8_t ref = r_.U8();
        if (ref == 0) return nullptr;
        if (ref == 1 || tensors_.empty()) return NewTensor();
        return tensors_[(ref - 2) % tensors_.size()];
    }
    const DML_TENSOR_DESC* In() {
        const DML_TENSOR_DESC* t = TensorRef();
        out_->inputs.push_back(t);
        return t;
    }
    const DML_TENSOR_DESC* Out() {
        const DML_TENSOR_DESC* t = TensorRef();
        out_->outputs.push_back(t);
        return t;
    }
    // count:num32 has been read by the caller. nullFlag:u8 then tensorRef per element.
    const DML_TENSOR_DESC* TensorArray(uint32_t count, bool outputs) {
        if (r_.U8() & 1) return nullptr;
        uint32_t stored = std::min(count, kMaxArrayTensors);
        auto* array = New<DML_TENSOR_DESC>(std::max(stored, 1u));
        for (uint32_t i = 0; i < stored; ++i) {
            const DML_TENSOR_DESC* t = TensorRef();
            array[i] = t ? *t : DML_TENSOR_DESC{DML_TENSOR_TYPE_INVALID, nullptr};
            (outputs ? out_->outputs : out_->inputs).push_back(&array[i]);
        }
        return array;
    }
    template <typename T>
    const T* Array(uint32_t count) {
        if (r_.U8() & 1) return nullptr;
        uint32_t stored = std::min(count, kMaxArrayValues);
        T* array = New<T>(std::max(stored, 1u));
        for (uint32_t i = 0; i < stored; ++i) array[i] = T(r_.Num32());
        return array;
    }
    UINT U() { return r_.Num32(); }
    INT I() { return INT(r_.Num32()); }
    FLOAT F() {
        uint32_t bits = r_.U32();
        FLOAT f;
        std::memcpy(&f, &bits, sizeof f);
        return f;
    }
    DML_SCALAR_UNION Scalar() {
        DML_SCALAR_UNION s;
        s.UInt64 = r_.U64();
        return s;
    }
    template <typename E>
    E Enum() { return E(r_.Num32()); }
    const DML_SCALE_BIAS* ScaleBias() {
        if (!(r_.U8() & 1)) return nullptr;
        auto* sb = New<DML_SCALE_BIAS>();
        sb->Scale = F();
        sb->Bias = F();
        return sb;
    }

    const void* OperatorDesc(DML_OPERATOR_TYPE type);
    Reader& reader() { return r_; }

private:
    Reader r_;
    DecodedOperator* out_;
    std::vector<const DML_TENSOR_DESC*> tensors_;
};

// Fields in the order of each struct in vkdml.h; In()/Out() record DirectML's binding order.
const void* Decoder::OperatorDesc(DML_OPERATOR_TYPE type) {
    out_->bindingOrderKnown = true;
    switch (type) {
        case DML_OPERATOR_ELEMENT_WISE_IDENTITY: {
            auto* d = New<DML_ELEMENT_WISE_IDENTITY_OPERATOR_DESC>();
            d->InputTensor = In(), d->OutputTensor = Out(), d->ScaleBias = ScaleBias();
            return d;
        }
        case DML_OPERATOR_ACTIVATION_IDENTITY:
        case DML_OPERATOR_CAST: {
            auto* d = New<DML_CAST_OPERATOR_DESC>();
            d->InputTensor = In(), d->OutputTensor = Out();
            return d;
        }
        case DML_OPERATOR_SLICE: {
            auto* d = New<DML_SLICE_OPERATOR_DESC>();
            d->InputTensor = In(), d->OutputTensor = Out(), d->DimensionCount = U();
            d->Offsets = Array<UINT>(d->DimensionCount);
            d->Sizes = Array<UINT>(d->DimensionCount);
            d->Strides = Array<UINT>(d->DimensionCount);
            return d;
        }
        case DML_OPERATOR_SLICE1:
        case DML_OPERATOR_SLICE_GRAD: {
            static_assert(sizeof(DML_SLICE1_OPERATOR_DESC) == sizeof(DML_SLICE_GRAD_OPERATOR_DESC));
            auto* d = New<DML_SLICE1_OPERATOR_DESC>();
            d->InputTensor = In(), d->OutputTensor = Out(), d->DimensionCount = U();
            d->InputWindowOffsets = Array<UINT>(d->DimensionCount);
            d->InputWindowSizes = Array<UINT>(d->DimensionCount);
            d->InputWindowStrides = Array<INT>(d->DimensionCount);
            return d;
        }
        case DML_OPERATOR_GATHER: {
            auto* d = New<DML_GATHER_OPERATOR_DESC>();
            d->InputTensor = In(), d->IndicesTensor = In(), d->OutputTensor = Out();
            d->Axis = U(), d->IndexDimensions = U();
            return d;
        }
        case DML_OPERATOR_GATHER_ELEMENTS: {
            auto* d = New<DML_GATHER_ELEMENTS_OPERATOR_DESC>();
            d->InputTensor = In(), d->IndicesTensor = In(), d->OutputTensor = Out(), d->Axis = U();
            return d;
        }
        case DML_OPERATOR_GATHER_ND: {
            auto* d = New<DML_GATHER_ND_OPERATOR_DESC>();
            d->InputTensor = In(), d->IndicesTensor = In(), d->OutputTensor = Out();
            d->InputDimensionCount = U(), d->IndicesDimensionCount = U();
            return d;
        }
        case DML_OPERATOR_GATHER_ND1: {
            auto* d = New<DML_GATHER_ND1_OPERATOR_DESC>();
            d->InputTensor = In(), d->IndicesTensor = In(), d->OutputTensor = Out();
            d->InputDimensionCount = U(), d->IndicesDimensionCount = U(), d->BatchDimensionCount = U();
            return d;
        }
        case DML_OPERATOR_SCATTER_ELEMENTS: {
            auto* d = New<DML_SCATTER_OPERATOR_DESC>();
            d->InputTensor = In(), d->IndicesTensor = In(), d->UpdatesTensor = In(), d->OutputTensor = Out();
            d->Axis = U();
            return d;
        }
        case DML_OPERATOR_SCATTER_ND: {
            auto* d = New<DML_SCATTER_ND_OPERATOR_DESC>();
            d->InputTensor = In(), d->IndicesTensor = In(), d->UpdatesTensor = In(), d->OutputTensor = Out();
            d->InputDimensionCount = U(), d->IndicesDimensionCount = U();
            return d;
        }
        case DML_OPERATOR_SPLIT: {
            auto* d = New<DML_SPLIT_OPERATOR_DESC>();
            d->InputTensor = In(), d->OutputCount = U();
            d->OutputTensors = TensorArray(d->OutputCount, true);
            d->Axis = U();
            return d;
        }
        case DML_OPERATOR_JOIN: {
            auto* d = New<DML_JOIN_OPERATOR_DESC>();
            d->InputCount = U();
            d->InputTensors = TensorArray(d->InputCount, false);
            d->OutputTensor = Out(), d->Axis = U();
            return d;
        }
        case DML_OPERATOR_PADDING: {
            auto* d = New<DML_PADDING_OPERATOR_DESC>();
            d->InputTensor = In(), d->OutputTensor = Out(), d->PaddingMode = Enum<DML_PADDING_MODE>();
            d->PaddingValue = F(), d->DimensionCount = U();
            d->StartPadding = Array<UINT>(d->DimensionCount);
            d->EndPadding = Array<UINT>(d->DimensionCount);
            return d;
        }
        case DML_OPERATOR_PADDING1: {
            auto* d = New<DML_PADDING1_OPERATOR_DESC>();
            d->InputTensor = In(), d->OutputTensor = Out(), d->PaddingMode = Enum<DML_PADDING_MODE>();
            d->PaddingValueDataType = Enum<DML_TENSOR_DATA_TYPE>(), d->PaddingValue = Scalar();
            d->DimensionCount = U();
            d->StartPadding = Array<UINT>(d->DimensionCount);
            d->EndPadding = Array<UINT>(d->DimensionCount);
            return d;
        }
        case DML_OPERATOR_TILE: {
            auto* d = New<DML_TILE_OPERATOR_DESC>();
            d->InputTensor = In(), d->OutputTensor = Out(), d->RepeatsCount = U();
            d->Repeats = Array<UINT>(d->RepeatsCount);
            return d;
        }
        case DML_OPERATOR_SPACE_TO_DEPTH:
        case DML_OPERATOR_DEPTH_TO_SPACE:
        case DML_OPERATOR_SPACE_TO_DEPTH1:
        case DML_OPERATOR_DEPTH_TO_SPACE1: {
            // The "1" structs extend the originals by Order.
            auto* d = New<DML_SPACE_TO_DEPTH1_OPERATOR_DESC>();
            d->InputTensor = In(), d->OutputTensor = Out(), d->BlockSize = U();
            if (type == DML_OPERATOR_SPACE_TO_DEPTH1 || type == DML_OPERATOR_DEPTH_TO_SPACE1)
                d->Order = Enum<DML_DEPTH_SPACE_ORDER>();
            return d;
        }
        case DML_OPERATOR_FILL_VALUE_CONSTANT: {
            auto* d = New<DML_FILL_VALUE_CONSTANT_OPERATOR_DESC>();
            d->OutputTensor = Out(), d->ValueDataType = Enum<DML_TENSOR_DATA_TYPE>(), d->Value = Scalar();
            return d;
        }
        case DML_OPERATOR_FILL_VALUE_SEQUENCE: {
            auto* d = New<DML_FILL_VALUE_SEQUENCE_OPERATOR_DESC>();
            d->OutputTensor = Out(), d->ValueDataType = Enum<DML_TENSOR_DATA_TYPE>();
            d->ValueStart = Scalar(), d->ValueDelta = Scalar();
            return d;
        }
        case DML_OPERATOR_ONE_HOT: {
            auto* d = New<DML_ONE_HOT_OPERATOR_DESC>();
            d->IndicesTensor = In(), d->ValuesTensor = In(), d->OutputTensor = Out(), d->Axis = U();
            return d;
        }
        case DML_OPERATOR_REVERSE_SUBSEQUENCES: {
            auto* d = New<DML_REVERSE_SUBSEQUENCES_OPERATOR_DESC>();
            d->InputTensor = In(), d->SequenceLengthsTensor = In(), d->OutputTensor = Out(), d->Axis = U();
            return d;
        }
        case DML_OPERATOR_DIAGONAL_MATRIX: {
            auto* d = New<DML_DIAGONAL_MATRIX_OPERATOR_DESC>();
            d->OutputTensor = Out(), d->Offset = I(), d->Value = F();
            return d;
        }
        case DML_OPERATOR_DIAGONAL_MATRIX1: {
            auto* d = New<DML_DIAGONAL_MATRIX1_OPERATOR_DESC>();
            d->InputTensor = In(), d->OutputTensor = Out(), d->ValueDataType = Enum<DML_TENSOR_DATA_TYPE>();
            d->Value = Scalar(), d->DiagonalFillBegin = I(), d->DiagonalFillEnd = I();
            return d;
        }
        case DML_OPERATOR_TOP_K:
        case DML_OPERATOR_TOP_K1: {
            auto* d = New<DML_TOP_K1_OPERATOR_DESC>();
            d->InputTensor = In(), d->OutputValueTensor = Out(), d->OutputIndexTensor = Out();
            d->Axis = U(), d->K = U();
            if (type == DML_OPERATOR_TOP_K1) d->AxisDirection = Enum<DML_AXIS_DIRECTION>();
            return d;
        }
        case DML_OPERATOR_MAX_UNPOOLING: {
            auto* d = New<DML_MAX_UNPOOLING_OPERATOR_DESC>();
            d->InputTensor = In(), d->IndicesTensor = In(), d->OutputTensor = Out();
            return d;
        }
        case DML_OPERATOR_NONZERO_COORDINATES: {
            auto* d = New<DML_NONZERO_COORDINATES_OPERATOR_DESC>();
            d->InputTensor = In(), d->OutputCountTensor = Out(), d->OutputCoordinatesTensor = Out();
            return d;
        }
        case DML_OPERATOR_FOLD:
        case DML_OPERATOR_UNFOLD: {
            static_assert(sizeof(DML_FOLD_OPERATOR_DESC) == sizeof(DML_UNFOLD_OPERATOR_DESC));
            auto* d = New<DML_UNFOLD_OPERATOR_DESC>();
            d->InputTensor = In(), d->OutputTensor = Out(), d->DimensionCount = U();
            d->WindowSizes = Array<UINT>(d->DimensionCount);
            d->Strides = Array<UINT>(d->DimensionCount);
            d->Dilations = Array<UINT>(d->DimensionCount);
            d->StartPadding = Array<UINT>(d->DimensionCount);
            d->EndPadding = Array<UINT>(d->DimensionCount);
            return d;
        }
        default: {
            // An operator whose struct vkdml.h does not declare (vkdml cannot implement it yet): a block of tensor
            // pointers, each into a zero-padded block, so no reading of it goes out of bounds.
            out_->bindingOrderKnown = false;
            struct Padded {
                DML_TENSOR_DESC tensor;
                uint8_t padding[240];
            };
            auto** slots = New<const void*>(16);
            for (int i = 0; i < 16; ++i) {
                const DML_TENSOR_DESC* t = TensorRef();
                if (!t) continue;
                auto* p = New<Padded>();
                p->tensor = *t;
                slots[i] = p;
            }
            return slots;
        }
    }
}

constexpr DML_FEATURE_LEVEL kLevels[4] = {DML_FEATURE_LEVEL_6_4, DML_FEATURE_LEVEL_3_0, DML_FEATURE_LEVEL_2_1,
                                          DML_FEATURE_LEVEL_1_0};

}  // namespace

DecodedOperator Decode(const uint8_t* data, size_t size) {
    DecodedOperator op;
    Decoder d(data, size, &op);
    uint8_t device = d.reader().U8();
    op.level = kLevels[device % 4];
    op.zeroVolume = (device & 4) != 0;
    op.desc.Type = DML_OPERATOR_TYPE(d.reader().Num32());
    uint8_t kind = d.reader().U8();
    op.nullDesc = (kind & 1) != 0;
    const void* desc = d.OperatorDesc(op.desc.Type);
    op.desc.Desc = (kind & 2) ? nullptr : desc;
    return op;
}

namespace {

bool KnownStatus(VKDML_STATUS s) { return s >= VKDML_SUCCESS && s <= VKDML_ERROR_INVALID_STATE; }

// Statuses a valid, compiled operator may still meet: the device's limits and memory.
bool ResourceStatus(VKDML_STATUS s) {
    return s == VKDML_ERROR_UNSUPPORTED || s == VKDML_ERROR_OUT_OF_HOST_MEMORY || s == VKDML_ERROR_OUT_OF_DEVICE_MEMORY;
}

std::string Failure(const char* call, VKDML_STATUS s) {
    return std::string(call) + " returned " + vkdmlStatusName(s) + ": " + vkdmlGetLastErrorMessage();
}

struct Handles {
    VkdmlDevice device;
    std::vector<void*> objects;
    std::vector<VkBuffer> buffers;
    ~Handles() {
        for (auto it = objects.rbegin(); it != objects.rend(); ++it) vkdmlRelease(*it, nullptr);
        for (VkBuffer b : buffers) vkdmlDestroyBuffer(device, b);
    }
};

uint64_t TotalBytes(const DML_TENSOR_DESC* t) {
    return static_cast<const DML_BUFFER_TENSOR_DESC*>(t->Desc)->TotalTensorSizeInBytes;
}

// A tensor that vkdmlCreateOperator accepted with a size of 0 (on a zero-volume device).
bool IsZeroVolume(const DML_TENSOR_DESC* t) {
    if (!t) return false;
    const auto* b = static_cast<const DML_BUFFER_TENSOR_DESC*>(t->Desc);
    return std::find(b->Sizes, b->Sizes + b->DimensionCount, 0u) != b->Sizes + b->DimensionCount;
}

uint8_t Pattern(uint64_t i) { return uint8_t((i * 0x9E3779B97F4A7C15ull) >> 56); }

}  // namespace

std::string Run(VkdmlDevice device, const DecodedOperator& op, const RunLimits& limits, RunStats* stats) {
    Handles h{device, {}, {}};
    VkdmlOperator o = nullptr;
    VKDML_STATUS s = vkdmlCreateOperator(device, op.DescPointer(), &o);
    if (!KnownStatus(s)) return "vkdmlCreateOperator returned an unknown status";
    if (s != VKDML_SUCCESS) {
        if (o) return "vkdmlCreateOperator failed but set *outOperator";
        if (!*vkdmlGetLastErrorMessage()) return Failure("vkdmlCreateOperator (without a message)", s);
        return "";
    }
    h.objects.push_back(o);
    ++stats->created;

    VkdmlCompiledOperator compiled = nullptr;
    s = vkdmlCompileOperator(device, o, DML_EXECUTION_FLAG_NONE, &compiled);
    if (s != VKDML_SUCCESS) return ResourceStatus(s) && !compiled ? "" : Failure("vkdmlCompileOperator", s);
    h.objects.push_back(compiled);
    ++stats->compiled;
    DML_BINDING_PROPERTIES properties{};
    if ((s = vkdmlGetBindingProperties(compiled, &properties)) != VKDML_SUCCESS)
        return Failure("vkdmlGetBindingProperties", s);
    // Exactly the operators whose outputs are all zero-volume record nothing (and so need no descriptor).
    const bool allOutputsEmpty = op.bindingOrderKnown && !op.outputs.empty() &&
                                 std::all_of(op.outputs.begin(), op.outputs.end(), IsZeroVolume);
    if (properties.RequiredDescriptorCount == 0 && !allOutputsEmpty) return "a compiled operator needs no descriptor";
    if (properties.RequiredDescriptorCount != 0 && allOutputsEmpty)
        return "an operator whose outputs are all zero-volume needs descriptors";

    // Initialize it, as DirectML requires, then bind it.
    VkdmlOperatorInitializer initializer = nullptr;
    if ((s = vkdmlCreateOperatorInitializer(device, 1, &compiled, &initializer)) != VKDML_SUCCESS)
        return Failure("vkdmlCreateOperatorInitializer", s);
    h.objects.push_back(initializer);
    DML_BINDING_TABLE_DESC tableDesc{initializer, VK_NULL_HANDLE, 0, 0};
    VkdmlBindingTable table = nullptr;
    if ((s = vkdmlCreateBindingTable(device, &tableDesc, &table)) != VKDML_SUCCESS)
        return Failure("vkdmlCreateBindingTable (initializer)", s);
    h.objects.push_back(table);
    if ((s = vkdmlExecute(device, initializer, table)) != VKDML_SUCCESS) return Failure("vkdmlExecute (initializer)", s);
    tableDesc.Dispatchable = compiled;
    s = vkdmlResetBindingTable(table, &tableDesc);
    if (s != VKDML_SUCCESS) return ResourceStatus(s) ? "" : Failure("vkdmlResetBindingTable", s);

    if (!op.bindingOrderKnown) return "";
    std::vector<const DML_TENSOR_DESC*> tensors = op.inputs;
    tensors.insert(tensors.end(), op.outputs.begin(), op.outputs.end());
    for (const DML_TENSOR_DESC* t : tensors)
        if (t && TotalBytes(t) > limits.maxExecuteBytes) return "";

    // One buffer per binding: guard | tensor | guard. Inputs hold a pattern (so gather indices are arbitrary,
    // mostly out of range), outputs 0x5A.
    struct Bound {
        VkBuffer buffer = VK_NULL_HANDLE;
        uint64_t offset = 0, bytes = 0;
        std::vector<uint8_t> image;
    };
    std::vector<Bound> bound(tensors.size());
    std::vector<DML_BUFFER_BINDING> buffers(tensors.size());
    std::vector<DML_BINDING_DESC> bindings(tensors.size());
    for (size_t i = 0; i < tensors.size(); ++i) {
        if (!tensors[i]) {
            bindings[i] = {DML_BINDING_TYPE_NONE, nullptr};
            continue;
        }
        Bound& b = bound[i];
        b.bytes = TotalBytes(tensors[i]);
        b.offset = limits.guardBytes + 16 * (i % 3);   // 16-aligned, not always 256-aligned
        b.image.assign(b.offset + b.bytes + limits.guardBytes, 0xA5);
        bool output = i >= op.inputs.size();
        for (uint64_t k = 0; k < b.bytes; ++k) b.image[b.offset + k] = output ? 0x5A : Pattern(k + 977 * i);
        if ((s = vkdmlCreateBuffer(device, b.image.size(), &b.buffer)) != VKDML_SUCCESS)
            return ResourceStatus(s) ? "" : Failure("vkdmlCreateBuffer", s);
        h.buffers.push_back(b.buffer);
        if ((s = vkdmlWriteBuffer(device, b.buffer, 0, b.image.size(), b.image.data())) != VKDML_SUCCESS)
            return Failure("vkdmlWriteBuffer", s);
        buffers[i] = {b.buffer, b.offset, b.bytes};
        bindings[i] = {DML_BINDING_TYPE_BUFFER, &buffers[i]};
    }
    uint32_t inputCount = uint32_t(op.inputs.size()), outputCount = uint32_t(op.outputs.size());
    if ((s = vkdmlBindInputs(table, inputCount, bindings.data())) != VKDML_SUCCESS) return Failure("vkdmlBindInputs", s);
    if ((s = vkdmlBindOutputs(table, outputCount, bindings.data() + inputCount)) != VKDML_SUCCESS)
        return Failure("vkdmlBindOutputs", s);
    // The temporary resource where the operator asks for one (NONZERO_COORDINATES; UNFOLD where a window reads
    // padding): a buffer of its own, garbage in it, bound at DML_TEMPORARY_BUFFER_ALIGNMENT between guard bytes, so
    // that a write past TemporaryResourceSize (UNFOLD's padded copy of its input, say) is caught as for a tensor.
    Bound temporary;
    if (properties.TemporaryResourceSize > 0) {
        if (properties.TemporaryResourceSize > limits.maxExecuteBytes) return "";
        temporary.offset = std::max<uint64_t>(DML_TEMPORARY_BUFFER_ALIGNMENT, limits.guardBytes);
        temporary.offset = (temporary.offset + DML_TEMPORARY_BUFFER_ALIGNMENT - 1) / DML_TEMPORARY_BUFFER_ALIGNMENT *
                           DML_TEMPORARY_BUFFER_ALIGNMENT;
        temporary.bytes = properties.TemporaryResourceSize;
        temporary.image.assign(temporary.offset + temporary.bytes + limits.guardBytes, 0xA5);
        std::fill_n(temporary.image.begin() + temporary.offset, temporary.bytes, uint8_t(0x5A));
        if ((s = vkdmlCreateBuffer(device, temporary.image.size(), &temporary.buffer)) != VKDML_SUCCESS)
            return ResourceStatus(s) ? "" : Failure("vkdmlCreateBuffer (temporary resource)", s);
        h.buffers.push_back(temporary.buffer);
        if ((s = vkdmlWriteBuffer(device, temporary.buffer, 0, temporary.image.size(), temporary.image.data())) !=
            VKDML_SUCCESS)
            return Failure("vkdmlWriteBuffer (temporary resource)", s);
        DML_BUFFER_BINDING buffer{temporary.buffer, temporary.offset, temporary.bytes};
        DML_BINDING_DESC binding{DML_BINDING_TYPE_BUFFER, &buffer};
        if ((s = vkdmlBindTemporaryResource(table, &binding)) != VKDML_SUCCESS)
            return Failure("vkdmlBindTemporaryResource", s);
    }
    s = vkdmlExecute(device, compiled, table);
    if (s != VKDML_SUCCESS) return ResourceStatus(s) ? "" : Failure("vkdmlExecute", s);
    ++stats->executed;

    if (temporary.buffer) {
        std::vector<uint8_t> after(temporary.image.size());
        if ((s = vkdmlReadBuffer(device, temporary.buffer, 0, after.size(), after.data())) != VKDML_SUCCESS)
            return Failure("vkdmlReadBuffer (temporary resource)", s);
        for (uint64_t k = 0; k < after.size(); ++k) {
            if (k >= temporary.offset && k < temporary.offset + temporary.bytes) continue;   // the operator's
            if (after[k] != temporary.image[k])
                return "temporary resource: byte " + std::to_string(k) + " of a guard region was changed (" +
                       std::to_string(temporary.bytes) + " bytes bound at offset " + std::to_string(temporary.offset) +
                       ")";
        }
        stats->guardBytesChecked += after.size() - temporary.bytes;
    }

    for (size_t i = 0; i < tensors.size(); ++i) {
        if (!tensors[i]) continue;
        const Bound& b = bound[i];
        std::vector<uint8_t> after(b.image.size());
        if ((s = vkdmlReadBuffer(device, b.buffer, 0, after.size(), after.data())) != VKDML_SUCCESS)
            return Failure("vkdmlReadBuffer", s);
        bool output = i >= inputCount;
        for (uint64_t k = 0; k < after.size(); ++k) {
            bool inside = k >= b.offset && k < b.offset + b.bytes;
            if (inside && output) continue;
            if (after[k] != b.image[k])
                return std::string(output ? "output" : "input") + " binding " + std::to_string(i) + ": byte " +
                       std::to_string(k) + (inside ? " of the input was changed" : " of a guard region was changed");
        }
        stats->guardBytesChecked += 2 * limits.guardBytes + 16 * (i % 3);
    }
    return "";
}

}  // namespace vkdml_fuzz
