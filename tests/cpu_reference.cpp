// CPU reference for the data-movement operators; see cpu_reference.h.
#include "cpu_reference.h"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace vkdml_ref {
namespace {

[[noreturn]] void Fail(const char* op, const std::string& what) {
    throw std::invalid_argument(std::string("vkdml_ref::") + op + ": " + what);
}

std::string ToString(const std::vector<uint32_t>& values) {
    std::string s = "{";
    for (size_t i = 0; i < values.size(); ++i) s += (i ? "," : "") + std::to_string(values[i]);
    return s + "}";
}

void CheckLayout(const char* op, const char* name, const TensorLayout& t) {
    if (t.elementSize != 1 && t.elementSize != 2 && t.elementSize != 4 && t.elementSize != 8)
        Fail(op, std::string(name) + ": element size " + std::to_string(t.elementSize) + " is not 1, 2, 4 or 8");
    if (t.sizes.empty()) Fail(op, std::string(name) + ": no dimensions");
    if (!t.strides.empty() && t.strides.size() != t.sizes.size())
        Fail(op, std::string(name) + ": " + std::to_string(t.strides.size()) + " strides for " +
                     std::to_string(t.sizes.size()) + " sizes");
    for (uint32_t s : t.sizes)
        if (s == 0) Fail(op, std::string(name) + ": a size is 0 in " + ToString(t.sizes));
}

void CheckSameRank(const char* op, const TensorLayout& a, const char* nameA, const TensorLayout& b, const char* nameB) {
    if (a.sizes.size() != b.sizes.size())
        Fail(op, std::string(nameA) + " has " + std::to_string(a.sizes.size()) + " dimensions, " + nameB + " has " +
                     std::to_string(b.sizes.size()));
}

void CheckSameElementSize(const char* op, const TensorLayout& a, const TensorLayout& b) {
    if (a.elementSize != b.elementSize)
        Fail(op, "element sizes differ: " + std::to_string(a.elementSize) + " vs " + std::to_string(b.elementSize));
}

uint64_t Dot(const std::vector<uint32_t>& coordinate, const std::vector<uint32_t>& strides) {
    uint64_t offset = 0;
    for (size_t i = 0; i < coordinate.size(); ++i) offset += uint64_t(coordinate[i]) * strides[i];
    return offset;
}

// Copies one element: source element at `sourceCoordinate` of (sourceLayout, source) to the destination element at
// `destinationCoordinate`. Both coordinates must lie inside their tensors' sizes, both byte ranges inside the vectors.
void CopyElement(const char* op, const TensorLayout& sourceLayout, const std::vector<uint32_t>& sourceStrides,
                 const Bytes& source, const std::vector<uint32_t>& sourceCoordinate, const TensorLayout& destLayout,
                 const std::vector<uint32_t>& destStrides, Bytes& destination,
                 const std::vector<uint32_t>& destinationCoordinate) {
    for (size_t i = 0; i < sourceCoordinate.size(); ++i)
        if (sourceCoordinate[i] >= sourceLayout.sizes[i])
            Fail(op, "read coordinate " + ToString(sourceCoordinate) + " outside input sizes " +
                         ToString(sourceLayout.sizes));
    for (size_t i = 0; i < destinationCoordinate.size(); ++i)
        if (destinationCoordinate[i] >= destLayout.sizes[i])
            Fail(op, "write coordinate " + ToString(destinationCoordinate) + " outside output sizes " +
                         ToString(destLayout.sizes));
    const uint64_t es = sourceLayout.elementSize;
    const uint64_t from = Dot(sourceCoordinate, sourceStrides) * es;
    const uint64_t to = Dot(destinationCoordinate, destStrides) * es;
    if (from + es > source.size())
        Fail(op, "read of element " + ToString(sourceCoordinate) + " at byte " + std::to_string(from) +
                     " beyond the input's " + std::to_string(source.size()) + " bytes");
    if (to + es > destination.size())
        Fail(op, "write of element " + ToString(destinationCoordinate) + " at byte " + std::to_string(to) +
                     " beyond the output's " + std::to_string(destination.size()) + " bytes");
    for (uint64_t b = 0; b < es; ++b) destination[to + b] = source[from + b];
}

uint64_t ReadLittleEndian(const Bytes& bytes, uint64_t offset, uint32_t width) {
    uint64_t value = 0;
    for (uint32_t b = 0; b < width; ++b) value |= uint64_t(bytes[offset + b]) << (8 * b);
    return value;
}

}  // namespace

// ---- Layout helpers -----------------------------------------------------------------------------------------------

std::vector<uint32_t> PackedStrides(const std::vector<uint32_t>& sizes) {
    std::vector<uint32_t> strides(sizes.size());
    uint64_t stride = 1;
    for (size_t i = sizes.size(); i-- > 0;) {
        strides[i] = uint32_t(stride);
        stride *= sizes[i];
    }
    return strides;
}

std::vector<uint32_t> EffectiveStrides(const TensorLayout& layout) {
    return layout.strides.empty() ? PackedStrides(layout.sizes) : layout.strides;
}

uint64_t ElementCount(const std::vector<uint32_t>& sizes) {
    uint64_t count = 1;
    for (uint32_t s : sizes) count *= s;
    return count;
}

uint64_t MinimumTensorBytes(const TensorLayout& layout) {
    uint64_t elements;
    if (layout.strides.empty()) {
        elements = ElementCount(layout.sizes);
    } else {
        uint64_t lastIndex = 0;
        for (size_t i = 0; i < layout.sizes.size(); ++i) lastIndex += uint64_t(layout.sizes[i] - 1) * layout.strides[i];
        elements = lastIndex + 1;
    }
    return (elements * layout.elementSize + 3) & ~uint64_t(3);
}

bool NextCoordinate(std::vector<uint32_t>& coordinate, const std::vector<uint32_t>& sizes) {
    for (size_t i = sizes.size(); i-- > 0;) {
        if (++coordinate[i] < sizes[i]) return true;
        coordinate[i] = 0;
    }
    return false;
}

std::vector<uint64_t> ElementByteOffsets(const TensorLayout& layout) {
    const std::vector<uint32_t> strides = EffectiveStrides(layout);
    std::vector<uint64_t> offsets;
    offsets.reserve(ElementCount(layout.sizes));
    std::vector<uint32_t> c(layout.sizes.size(), 0);
    do {
        offsets.push_back(Dot(c, strides) * layout.elementSize);
    } while (NextCoordinate(c, layout.sizes));
    return offsets;
}

uint32_t ResolveGatherIndex(IndexType type, uint64_t rawBits, uint32_t axisSize) {
    const int64_t last = int64_t(axisSize) - 1;
    int64_t value;
    switch (type) {
        case IndexType::UInt32:
            return uint32_t(std::min<uint64_t>(rawBits & 0xFFFFFFFFu, uint64_t(last)));
        case IndexType::UInt64:
            return uint32_t(std::min<uint64_t>(rawBits, uint64_t(last)));
        case IndexType::Int32:
            value = int64_t(int32_t(uint32_t(rawBits & 0xFFFFFFFFu)));
            break;
        case IndexType::Int64:
        default:
            value = int64_t(rawBits);
            break;
    }
    if (value < 0) value += axisSize;  // -1 = last element; cannot overflow (value < 0, axisSize < 2^32)
    if (value < 0) return 0;
    if (value > last) return uint32_t(last);
    return uint32_t(value);
}

// ---- Operators ----------------------------------------------------------------------------------------------------

void Identity(const TensorLayout& input, const Bytes& inputBytes, const TensorLayout& output, Bytes& outputBytes) {
    const char* op = "Identity";
    CheckLayout(op, "input", input);
    CheckLayout(op, "output", output);
    CheckSameElementSize(op, input, output);
    if (input.sizes != output.sizes)
        Fail(op, "input sizes " + ToString(input.sizes) + " differ from output sizes " + ToString(output.sizes));
    const auto inStrides = EffectiveStrides(input), outStrides = EffectiveStrides(output);
    std::vector<uint32_t> c(output.sizes.size(), 0);
    do {
        CopyElement(op, input, inStrides, inputBytes, c, output, outStrides, outputBytes, c);
    } while (NextCoordinate(c, output.sizes));
}

void Slice(const TensorLayout& input, const Bytes& inputBytes, const TensorLayout& output, Bytes& outputBytes,
           const std::vector<uint32_t>& offsets, const std::vector<uint32_t>& strides) {
    const char* op = "Slice";
    CheckLayout(op, "input", input);
    CheckLayout(op, "output", output);
    CheckSameElementSize(op, input, output);
    CheckSameRank(op, input, "input", output, "output");
    const size_t rank = input.sizes.size();
    if (offsets.size() != rank || strides.size() != rank) Fail(op, "offsets/strides do not have one entry per dimension");
    const auto inStrides = EffectiveStrides(input), outStrides = EffectiveStrides(output);
    std::vector<uint32_t> c(rank, 0), source(rank);
    do {
        for (size_t i = 0; i < rank; ++i) {
            const uint64_t s = uint64_t(offsets[i]) + uint64_t(strides[i]) * c[i];
            if (s >= input.sizes[i]) Fail(op, "dimension " + std::to_string(i) + " reads outside the input");
            source[i] = uint32_t(s);
        }
        CopyElement(op, input, inStrides, inputBytes, source, output, outStrides, outputBytes, c);
    } while (NextCoordinate(c, output.sizes));
}

void Slice1(const TensorLayout& input, const Bytes& inputBytes, const TensorLayout& output, Bytes& outputBytes,
            const std::vector<uint32_t>& windowOffsets, const std::vector<uint32_t>& windowSizes,
            const std::vector<int32_t>& windowStrides) {
    const char* op = "Slice1";
    CheckLayout(op, "input", input);
    CheckLayout(op, "output", output);
    CheckSameElementSize(op, input, output);
    CheckSameRank(op, input, "input", output, "output");
    const size_t rank = input.sizes.size();
    if (windowOffsets.size() != rank || windowSizes.size() != rank || windowStrides.size() != rank)
        Fail(op, "window arrays do not have one entry per dimension");
    std::vector<int64_t> start(rank);
    for (size_t i = 0; i < rank; ++i) {
        if (windowSizes[i] == 0 || uint64_t(windowOffsets[i]) + windowSizes[i] > input.sizes[i])
            Fail(op, "window of dimension " + std::to_string(i) + " is empty or leaves the input");
        if (windowStrides[i] == 0) Fail(op, "stride 0 in dimension " + std::to_string(i));
        start[i] = int64_t(windowOffsets[i]) + (windowStrides[i] < 0 ? int64_t(windowSizes[i]) - 1 : 0);
    }
    const auto inStrides = EffectiveStrides(input), outStrides = EffectiveStrides(output);
    std::vector<uint32_t> c(rank, 0), source(rank);
    do {
        for (size_t i = 0; i < rank; ++i) {
            const int64_t s = start[i] + int64_t(windowStrides[i]) * int64_t(c[i]);
            if (s < int64_t(windowOffsets[i]) || s >= int64_t(windowOffsets[i]) + int64_t(windowSizes[i]))
                Fail(op, "output coordinate " + std::to_string(c[i]) + " of dimension " + std::to_string(i) +
                             " reads outside the window");
            source[i] = uint32_t(s);
        }
        CopyElement(op, input, inStrides, inputBytes, source, output, outStrides, outputBytes, c);
    } while (NextCoordinate(c, output.sizes));
}

void Gather(const TensorLayout& input, const Bytes& inputBytes, const TensorLayout& indices, const Bytes& indexBytes,
            IndexType indexType, const TensorLayout& output, Bytes& outputBytes, uint32_t axis,
            uint32_t indexDimensions) {
    const char* op = "Gather";
    CheckLayout(op, "input", input);
    CheckLayout(op, "indices", indices);
    CheckLayout(op, "output", output);
    CheckSameElementSize(op, input, output);
    CheckSameRank(op, input, "input", output, "output");
    CheckSameRank(op, input, "input", indices, "indices");
    const uint32_t rank = uint32_t(input.sizes.size());
    if (axis >= rank) Fail(op, "axis " + std::to_string(axis) + " out of range");
    if (indexDimensions > rank) Fail(op, "indexDimensions " + std::to_string(indexDimensions) + " > rank");
    const uint32_t indexWidth = (indexType == IndexType::UInt32 || indexType == IndexType::Int32) ? 4 : 8;
    if (indices.elementSize != indexWidth) Fail(op, "index element size does not match the index type");
    for (uint32_t k = 0; k < rank - indexDimensions; ++k)
        if (indices.sizes[k] != 1)
            Fail(op, "index dimension " + std::to_string(k) + " is outside the last indexDimensions but not 1");

    // The concatenated size list and where each entry comes from.
    struct Entry {
        bool fromIndices;
        uint32_t dimension;
        uint32_t size;
    };
    std::vector<Entry> list;
    for (uint32_t d = 0; d < axis; ++d) list.push_back({false, d, input.sizes[d]});
    for (uint32_t k = rank - indexDimensions; k < rank; ++k) list.push_back({true, k, indices.sizes[k]});
    for (uint32_t d = axis + 1; d < rank; ++d) list.push_back({false, d, input.sizes[d]});
    std::vector<Entry> nonOne;
    for (const Entry& e : list)
        if (e.size != 1) nonOne.push_back(e);
    std::vector<uint32_t> outputNonOne;
    for (uint32_t d = 0; d < rank; ++d)
        if (output.sizes[d] != 1) outputNonOne.push_back(d);
    std::vector<uint32_t> expectedNonOne, actualNonOne;
    for (const Entry& e : nonOne) expectedNonOne.push_back(e.size);
    for (uint32_t d : outputNonOne) actualNonOne.push_back(output.sizes[d]);
    if (expectedNonOne != actualNonOne)
        Fail(op, "output sizes " + ToString(output.sizes) + " do not match the gathered sizes (non-1 entries " +
                     ToString(expectedNonOne) + ")");

    const auto inStrides = EffectiveStrides(input), idxStrides = EffectiveStrides(indices),
               outStrides = EffectiveStrides(output);
    const uint32_t axisSize = input.sizes[axis];
    std::vector<uint32_t> c(rank, 0), inputCoordinate(rank), indexCoordinate(rank);
    do {
        std::fill(inputCoordinate.begin(), inputCoordinate.end(), 0u);
        std::fill(indexCoordinate.begin(), indexCoordinate.end(), 0u);
        for (size_t k = 0; k < nonOne.size(); ++k) {
            const uint32_t v = c[outputNonOne[k]];
            (nonOne[k].fromIndices ? indexCoordinate : inputCoordinate)[nonOne[k].dimension] = v;
        }
        const uint64_t indexOffset = Dot(indexCoordinate, idxStrides) * indexWidth;
        if (indexOffset + indexWidth > indexBytes.size())
            Fail(op, "index read at byte " + std::to_string(indexOffset) + " beyond the indices' " +
                         std::to_string(indexBytes.size()) + " bytes");
        const uint64_t raw = ReadLittleEndian(indexBytes, indexOffset, indexWidth);
        inputCoordinate[axis] = ResolveGatherIndex(indexType, raw, axisSize);
        CopyElement(op, input, inStrides, inputBytes, inputCoordinate, output, outStrides, outputBytes, c);
    } while (NextCoordinate(c, output.sizes));
}

void Split(const TensorLayout& input, const Bytes& inputBytes, const std::vector<TensorLayout>& outputs,
           std::vector<Bytes>& outputBytes, uint32_t axis) {
    const char* op = "Split";
    CheckLayout(op, "input", input);
    if (outputs.empty() || outputs.size() != outputBytes.size()) Fail(op, "no outputs or byte vectors missing");
    if (axis >= input.sizes.size()) Fail(op, "axis out of range");
    uint64_t axisTotal = 0;
    for (const TensorLayout& o : outputs) {
        CheckLayout(op, "output", o);
        CheckSameElementSize(op, input, o);
        CheckSameRank(op, input, "input", o, "output");
        for (size_t d = 0; d < input.sizes.size(); ++d)
            if (d != axis && o.sizes[d] != input.sizes[d])
                Fail(op, "output sizes " + ToString(o.sizes) + " differ from input sizes " + ToString(input.sizes));
        axisTotal += o.sizes[axis];
    }
    if (axisTotal != input.sizes[axis]) Fail(op, "output sizes along the axis do not add up to the input's");
    const auto inStrides = EffectiveStrides(input);
    uint32_t base = 0;
    for (size_t j = 0; j < outputs.size(); ++j) {
        const auto outStrides = EffectiveStrides(outputs[j]);
        std::vector<uint32_t> c(input.sizes.size(), 0);
        do {
            std::vector<uint32_t> source = c;
            source[axis] += base;
            CopyElement(op, input, inStrides, inputBytes, source, outputs[j], outStrides, outputBytes[j], c);
        } while (NextCoordinate(c, outputs[j].sizes));
        base += outputs[j].sizes[axis];
    }
}

void Join(const std::vector<TensorLayout>& inputs, const std::vector<Bytes>& inputBytes, const TensorLayout& output,
          Bytes& outputBytes, uint32_t axis) {
    const char* op = "Join";
    CheckLayout(op, "output", output);
    if (inputs.empty() || inputs.size() != inputBytes.size()) Fail(op, "no inputs or byte vectors missing");
    if (axis >= output.sizes.size()) Fail(op, "axis out of range");
    uint64_t axisTotal = 0;
    for (const TensorLayout& in : inputs) {
        CheckLayout(op, "input", in);
        CheckSameElementSize(op, in, output);
        CheckSameRank(op, in, "input", output, "output");
        for (size_t d = 0; d < output.sizes.size(); ++d)
            if (d != axis && in.sizes[d] != output.sizes[d])
                Fail(op, "input sizes " + ToString(in.sizes) + " differ from output sizes " + ToString(output.sizes));
        axisTotal += in.sizes[axis];
    }
    if (axisTotal != output.sizes[axis]) Fail(op, "input sizes along the axis do not add up to the output's");
    const auto outStrides = EffectiveStrides(output);
    uint32_t base = 0;
    for (size_t j = 0; j < inputs.size(); ++j) {
        const auto inStrides = EffectiveStrides(inputs[j]);
        std::vector<uint32_t> c(output.sizes.size(), 0);
        do {
            std::vector<uint32_t> destination = c;
            destination[axis] += base;
            CopyElement(op, inputs[j], inStrides, inputBytes[j], c, output, outStrides, outputBytes, destination);
        } while (NextCoordinate(c, inputs[j].sizes));
        base += inputs[j].sizes[axis];
    }
}

}  // namespace vkdml_ref
