// CPU reference for the data-movement operators; see cpu_reference.h.
#include "cpu_reference.h"

#include "half_float.h"

#include <algorithm>
#include <cmath>
#include <cstring>
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

// A scatter's write: CopyElement, or - with `combine` - the target's bits replaced by combine(target, update).
void ScatterElement(const char* op, const TensorLayout& updates, const std::vector<uint32_t>& updateStrides,
                    const Bytes& updateBytes, const std::vector<uint32_t>& updateCoordinate, const TensorLayout& output,
                    const std::vector<uint32_t>& outputStrides, Bytes& outputBytes,
                    const std::vector<uint32_t>& target, const ScatterCombine& combine) {
    if (!combine) {
        CopyElement(op, updates, updateStrides, updateBytes, updateCoordinate, output, outputStrides, outputBytes,
                    target);
        return;
    }
    uint64_t current = 0, update = 0;   // CopyElement checks the coordinates and byte ranges on this scratch copy
    Bytes currentBytes(output.elementSize), updateCopy(output.elementSize);
    const std::vector<uint32_t> origin(target.size(), 0), unit(target.size(), 0);
    const TensorLayout one{output.elementSize, std::vector<uint32_t>(target.size(), 1), unit};
    CopyElement(op, output, outputStrides, outputBytes, target, one, unit, currentBytes, origin);
    CopyElement(op, updates, updateStrides, updateBytes, updateCoordinate, one, unit, updateCopy, origin);
    std::memcpy(&current, currentBytes.data(), output.elementSize);
    std::memcpy(&update, updateCopy.data(), output.elementSize);
    const uint64_t result = combine(current, update);
    std::memcpy(&outputBytes[Dot(target, outputStrides) * output.elementSize], &result, output.elementSize);
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

namespace {

// SPLIT and JOIN: checks that `parts` stack along `axis` into `whole` (the other sizes equal, the sizes along the
// axis adding up), then calls visit(j, c, w) for every element of every part: c its coordinate in part j, w the
// same element's in the whole tensor.
template <typename Visit>
void ForEachPartElement(const char* op, const TensorLayout& whole, const char* wholeName,
                        const std::vector<TensorLayout>& parts, const char* partName, uint32_t axis, Visit visit) {
    CheckLayout(op, wholeName, whole);
    if (parts.empty()) Fail(op, std::string("no ") + partName + "s");
    if (axis >= whole.sizes.size()) Fail(op, "axis out of range");
    uint64_t axisTotal = 0;
    for (const TensorLayout& part : parts) {
        CheckLayout(op, partName, part);
        CheckSameElementSize(op, whole, part);
        CheckSameRank(op, whole, wholeName, part, partName);
        for (size_t d = 0; d < whole.sizes.size(); ++d)
            if (d != axis && part.sizes[d] != whole.sizes[d])
                Fail(op, std::string(partName) + " sizes " + ToString(part.sizes) + " differ from " + wholeName +
                             " sizes " + ToString(whole.sizes));
        axisTotal += part.sizes[axis];
    }
    if (axisTotal != whole.sizes[axis])
        Fail(op, std::string(partName) + " sizes along the axis do not add up to the " + wholeName + "'s");
    uint32_t base = 0;
    for (size_t j = 0; j < parts.size(); ++j) {
        std::vector<uint32_t> c(whole.sizes.size(), 0);
        do {
            std::vector<uint32_t> w = c;
            w[axis] += base;
            visit(j, c, w);
        } while (NextCoordinate(c, parts[j].sizes));
        base += parts[j].sizes[axis];
    }
}

}  // namespace

void Split(const TensorLayout& input, const Bytes& inputBytes, const std::vector<TensorLayout>& outputs,
           std::vector<Bytes>& outputBytes, uint32_t axis) {
    const char* op = "Split";
    if (outputs.size() != outputBytes.size()) Fail(op, "an output's byte vector is missing");
    const auto inStrides = EffectiveStrides(input);
    std::vector<std::vector<uint32_t>> outStrides;
    for (const TensorLayout& o : outputs) outStrides.push_back(EffectiveStrides(o));
    auto copy = [&](size_t j, const std::vector<uint32_t>& c, const std::vector<uint32_t>& w) {
        CopyElement(op, input, inStrides, inputBytes, w, outputs[j], outStrides[j], outputBytes[j], c);
    };
    ForEachPartElement(op, input, "input", outputs, "output", axis, copy);
}

void Join(const std::vector<TensorLayout>& inputs, const std::vector<Bytes>& inputBytes, const TensorLayout& output,
          Bytes& outputBytes, uint32_t axis) {
    const char* op = "Join";
    if (inputs.size() != inputBytes.size()) Fail(op, "an input's byte vector is missing");
    const auto outStrides = EffectiveStrides(output);
    std::vector<std::vector<uint32_t>> inStrides;
    for (const TensorLayout& in : inputs) inStrides.push_back(EffectiveStrides(in));
    auto copy = [&](size_t j, const std::vector<uint32_t>& c, const std::vector<uint32_t>& w) {
        CopyElement(op, inputs[j], inStrides[j], inputBytes[j], c, output, outStrides, outputBytes, w);
    };
    ForEachPartElement(op, output, "output", inputs, "input", axis, copy);
}

// ---- Layout family: TILE, DEPTH/SPACE ------------------------------------------------------------------------------

void Tile(const TensorLayout& input, const Bytes& inputBytes, const TensorLayout& output, Bytes& outputBytes) {
    const char* op = "Tile";
    CheckLayout(op, "input", input);
    CheckLayout(op, "output", output);
    CheckSameElementSize(op, input, output);
    CheckSameRank(op, input, "input", output, "output");
    for (size_t d = 0; d < input.sizes.size(); ++d)
        if (output.sizes[d] % input.sizes[d] != 0)
            Fail(op, "output sizes " + ToString(output.sizes) + " are not whole repeats of " + ToString(input.sizes));
    const auto inStrides = EffectiveStrides(input), outStrides = EffectiveStrides(output);
    std::vector<uint32_t> c(output.sizes.size(), 0), source(c.size());
    do {
        for (size_t d = 0; d < c.size(); ++d) source[d] = c[d] % input.sizes[d];
        CopyElement(op, input, inStrides, inputBytes, source, output, outStrides, outputBytes, c);
    } while (NextCoordinate(c, output.sizes));
}

namespace {

// The depth channel holding space channel c at block position (bh, bw).
uint32_t DepthChannel(DepthSpaceOrder order, uint32_t c, uint32_t bh, uint32_t bw, uint32_t block, uint32_t channels) {
    return order == DepthSpaceOrder::DepthColumnRow ? (bh * block + bw) * channels + c : (c * block + bh) * block + bw;
}

void CheckDepthSpace(const char* op, const TensorLayout& depth, const TensorLayout& space, uint32_t block) {
    CheckLayout(op, "depth tensor", depth);
    CheckLayout(op, "space tensor", space);
    CheckSameElementSize(op, depth, space);
    if (depth.sizes.size() != 4 || space.sizes.size() != 4) Fail(op, "tensors must have 4 dimensions");
    if (block == 0) Fail(op, "block size 0");
    if (depth.sizes[0] != space.sizes[0] || uint64_t(depth.sizes[1]) != uint64_t(space.sizes[1]) * block * block ||
        uint64_t(depth.sizes[2]) * block != space.sizes[2] || uint64_t(depth.sizes[3]) * block != space.sizes[3])
        Fail(op, "sizes " + ToString(depth.sizes) + " (depth) and " + ToString(space.sizes) + " (space) do not match "
                 "block size " + std::to_string(block));
}

}  // namespace

void DepthToSpace(const TensorLayout& input, const Bytes& inputBytes, const TensorLayout& output, Bytes& outputBytes,
                  uint32_t block, DepthSpaceOrder order) {
    const char* op = "DepthToSpace";
    CheckDepthSpace(op, input, output, block);
    const auto inStrides = EffectiveStrides(input), outStrides = EffectiveStrides(output);
    std::vector<uint32_t> c(4, 0);
    do {
        const uint32_t channel = DepthChannel(order, c[1], c[2] % block, c[3] % block, block, output.sizes[1]);
        CopyElement(op, input, inStrides, inputBytes, {c[0], channel, c[2] / block, c[3] / block}, output, outStrides,
                    outputBytes, c);
    } while (NextCoordinate(c, output.sizes));
}

void SpaceToDepth(const TensorLayout& input, const Bytes& inputBytes, const TensorLayout& output, Bytes& outputBytes,
                  uint32_t block, DepthSpaceOrder order) {
    const char* op = "SpaceToDepth";
    CheckDepthSpace(op, output, input, block);
    const auto inStrides = EffectiveStrides(input), outStrides = EffectiveStrides(output);
    const uint32_t channels = input.sizes[1];
    std::vector<uint32_t> c(4, 0);
    do {
        // Find the (space channel, bh, bw) whose depth channel is c[1].
        for (uint32_t sc = 0; sc < channels; ++sc)
            for (uint32_t bh = 0; bh < block; ++bh)
                for (uint32_t bw = 0; bw < block; ++bw)
                    if (DepthChannel(order, sc, bh, bw, block, channels) == c[1])
                        CopyElement(op, input, inStrides, inputBytes, {c[0], sc, c[2] * block + bh, c[3] * block + bw},
                                    output, outStrides, outputBytes, c);
    } while (NextCoordinate(c, output.sizes));
}

// ---- PADDING, SLICE_GRAD, REVERSE_SUBSEQUENCES -------------------------------------------------------------------

namespace {

void WriteBits(Bytes& bytes, uint64_t offset, uint32_t width, uint64_t bits) {
    for (uint32_t b = 0; b < width; ++b) bytes[offset + b] = uint8_t(bits >> (8 * b));
}

// Where a padded coordinate t of an input of n elements reads, by folding it step by step; -1 = outside (Constant).
int64_t FoldCoordinate(PaddingMode mode, int64_t t, int64_t n) {
    switch (mode) {
        case PaddingMode::Constant: return t >= 0 && t < n ? t : -1;
        case PaddingMode::Edge: return t < 0 ? 0 : t >= n ? n - 1 : t;
        case PaddingMode::Wrap: return ((t % n) + n) % n;
        case PaddingMode::Reflection:
            if (n == 1) return 0;
            while (t < 0 || t >= n) t = t < 0 ? -t : 2 * (n - 1) - t;
            return t;
        case PaddingMode::Symmetric:
            while (t < 0 || t >= n) t = t < 0 ? -t - 1 : 2 * n - 1 - t;
            return t;
    }
    return -1;
}

}  // namespace

void Padding(const TensorLayout& input, const Bytes& inputBytes, const TensorLayout& output, Bytes& outputBytes,
             PaddingMode mode, const std::vector<uint32_t>& start, const std::vector<uint32_t>& end,
             uint64_t valueBits) {
    const char* op = "Padding";
    CheckLayout(op, "input", input);
    CheckLayout(op, "output", output);
    CheckSameElementSize(op, input, output);
    CheckSameRank(op, input, "input", output, "output");
    const size_t rank = input.sizes.size();
    if (start.size() != rank || end.size() != rank) Fail(op, "padding arrays do not have one entry per dimension");
    for (size_t d = 0; d < rank; ++d)
        if (uint64_t(input.sizes[d]) + start[d] + end[d] != output.sizes[d])
            Fail(op, "output size of dimension " + std::to_string(d) + " is not input + start + end");
    const auto inStrides = EffectiveStrides(input), outStrides = EffectiveStrides(output);
    std::vector<uint32_t> c(rank, 0), source(rank);
    do {
        bool outside = false;
        for (size_t d = 0; d < rank; ++d) {
            const int64_t s = FoldCoordinate(mode, int64_t(c[d]) - start[d], input.sizes[d]);
            outside = outside || s < 0;
            source[d] = uint32_t(s < 0 ? 0 : s);
        }
        if (!outside) {
            CopyElement(op, input, inStrides, inputBytes, source, output, outStrides, outputBytes, c);
            continue;
        }
        const uint64_t to = Dot(c, outStrides) * output.elementSize;
        if (to + output.elementSize > outputBytes.size()) Fail(op, "write beyond the output's bytes");
        WriteBits(outputBytes, to, output.elementSize, valueBits);
    } while (NextCoordinate(c, output.sizes));
}

void SliceGrad(const TensorLayout& input, const Bytes& inputBytes, const TensorLayout& output, Bytes& outputBytes,
               const std::vector<uint32_t>& windowOffsets, const std::vector<uint32_t>& windowSizes,
               const std::vector<int32_t>& windowStrides) {
    const char* op = "SliceGrad";
    CheckLayout(op, "input gradient", input);
    CheckLayout(op, "output gradient", output);
    CheckSameElementSize(op, input, output);
    CheckSameRank(op, input, "input gradient", output, "output gradient");
    const size_t rank = input.sizes.size();
    if (windowOffsets.size() != rank || windowSizes.size() != rank || windowStrides.size() != rank)
        Fail(op, "window arrays do not have one entry per dimension");
    const auto inStrides = EffectiveStrides(input), outStrides = EffectiveStrides(output);
    std::vector<uint32_t> c(rank, 0);
    do {
        WriteBits(outputBytes, Dot(c, outStrides) * output.elementSize, output.elementSize, 0);
    } while (NextCoordinate(c, output.sizes));
    std::vector<int64_t> first(rank);
    for (size_t i = 0; i < rank; ++i) {
        if (windowSizes[i] == 0 || uint64_t(windowOffsets[i]) + windowSizes[i] > output.sizes[i] || !windowStrides[i])
            Fail(op, "window of dimension " + std::to_string(i) + " is empty, leaves the output or has stride 0");
        first[i] = int64_t(windowOffsets[i]) + (windowStrides[i] < 0 ? int64_t(windowSizes[i]) - 1 : 0);
    }
    std::vector<uint32_t> target(rank);
    do {
        for (size_t i = 0; i < rank; ++i) {
            const int64_t t = first[i] + int64_t(windowStrides[i]) * c[i];
            if (t < int64_t(windowOffsets[i]) || t >= int64_t(windowOffsets[i]) + int64_t(windowSizes[i]))
                Fail(op, "input gradient coordinate " + std::to_string(c[i]) + " of dimension " + std::to_string(i) +
                             " falls outside the window");
            target[i] = uint32_t(t);
        }
        CopyElement(op, input, inStrides, inputBytes, c, output, outStrides, outputBytes, target);
    } while (NextCoordinate(c, input.sizes));
}

void ReverseSubsequences(const TensorLayout& input, const Bytes& inputBytes, const TensorLayout& lengths,
                         const Bytes& lengthBytes, IndexType lengthType, const TensorLayout& output,
                         Bytes& outputBytes, uint32_t axis) {
    const char* op = "ReverseSubsequences";
    CheckLayout(op, "input", input);
    CheckLayout(op, "lengths", lengths);
    CheckLayout(op, "output", output);
    CheckSameElementSize(op, input, output);
    CheckSameRank(op, input, "input", output, "output");
    CheckSameRank(op, input, "input", lengths, "lengths");
    if (input.sizes != output.sizes) Fail(op, "input and output sizes differ");
    if (axis >= input.sizes.size()) Fail(op, "axis out of range");
    const uint32_t width = lengthType == IndexType::UInt64 ? 8 : 4;
    if (lengths.elementSize != width || (lengthType != IndexType::UInt32 && lengthType != IndexType::UInt64))
        Fail(op, "lengths must be UInt32 or UInt64 with a matching element size");
    for (size_t d = 0; d < input.sizes.size(); ++d)
        if (lengths.sizes[d] != (d == axis ? 1u : input.sizes[d])) Fail(op, "lengths sizes do not match the input's");
    const auto inStrides = EffectiveStrides(input), lenStrides = EffectiveStrides(lengths),
               outStrides = EffectiveStrides(output);
    const uint64_t axisSize = input.sizes[axis];
    std::vector<uint32_t> c(input.sizes.size(), 0);
    do {
        std::vector<uint32_t> at = c;
        at[axis] = 0;
        const uint64_t offset = Dot(at, lenStrides) * width;
        if (offset + width > lengthBytes.size()) Fail(op, "length read beyond the lengths' bytes");
        const uint64_t length = std::min(ReadLittleEndian(lengthBytes, offset, width), axisSize);
        std::vector<uint32_t> source = c;
        if (c[axis] < length) source[axis] = uint32_t(length - 1 - c[axis]);
        CopyElement(op, input, inStrides, inputBytes, source, output, outStrides, outputBytes, c);
    } while (NextCoordinate(c, output.sizes));
}

// ---- GATHER_ELEMENTS, GATHER_ND(1) -------------------------------------------------------------------------------

namespace {

uint32_t IndexWidth(IndexType type) { return type == IndexType::UInt32 || type == IndexType::Int32 ? 4 : 8; }

uint64_t ReadIndexBits(const char* op, const Bytes& bytes, uint64_t elementOffset, uint32_t width) {
    const uint64_t at = elementOffset * width;
    if (at + width > bytes.size())
        Fail(op, "index read at byte " + std::to_string(at) + " beyond the indices' " + std::to_string(bytes.size()) +
                     " bytes");
    return ReadLittleEndian(bytes, at, width);
}

}  // namespace

void GatherElements(const TensorLayout& input, const Bytes& inputBytes, const TensorLayout& indices,
                    const Bytes& indexBytes, IndexType indexType, const TensorLayout& output, Bytes& outputBytes,
                    uint32_t axis) {
    const char* op = "GatherElements";
    CheckLayout(op, "input", input);
    CheckLayout(op, "indices", indices);
    CheckLayout(op, "output", output);
    CheckSameElementSize(op, input, output);
    CheckSameRank(op, input, "input", indices, "indices");
    CheckSameRank(op, input, "input", output, "output");
    if (axis >= input.sizes.size()) Fail(op, "axis out of range");
    if (indices.elementSize != IndexWidth(indexType)) Fail(op, "index element size does not match the index type");
    if (indices.sizes != output.sizes) Fail(op, "output sizes differ from the indices'");
    for (size_t d = 0; d < input.sizes.size(); ++d)
        if (d != axis && indices.sizes[d] != input.sizes[d]) Fail(op, "indices sizes differ from the input's off axis");
    const auto inStrides = EffectiveStrides(input), idxStrides = EffectiveStrides(indices),
               outStrides = EffectiveStrides(output);
    std::vector<uint32_t> c(output.sizes.size(), 0);
    do {
        const uint64_t raw = ReadIndexBits(op, indexBytes, Dot(c, idxStrides), indices.elementSize);
        std::vector<uint32_t> source = c;
        source[axis] = ResolveGatherIndex(indexType, raw, input.sizes[axis]);
        CopyElement(op, input, inStrides, inputBytes, source, output, outStrides, outputBytes, c);
    } while (NextCoordinate(c, output.sizes));
}

void GatherNd(const TensorLayout& input, const Bytes& inputBytes, const TensorLayout& indices, const Bytes& indexBytes,
              IndexType indexType, const TensorLayout& output, Bytes& outputBytes, uint32_t inputDimensions,
              uint32_t indicesDimensions, uint32_t batchDimensions) {
    const char* op = "GatherNd";
    CheckLayout(op, "input", input);
    CheckLayout(op, "indices", indices);
    CheckLayout(op, "output", output);
    CheckSameElementSize(op, input, output);
    CheckSameRank(op, input, "input", indices, "indices");
    CheckSameRank(op, input, "input", output, "output");
    const uint32_t rank = uint32_t(input.sizes.size());
    if (indices.elementSize != IndexWidth(indexType)) Fail(op, "index element size does not match the index type");
    if (inputDimensions < 1 || inputDimensions > rank || indicesDimensions < 1 || indicesDimensions > rank)
        Fail(op, "dimension counts out of range");
    if (batchDimensions >= inputDimensions || batchDimensions >= indicesDimensions) Fail(op, "too many batch dimensions");
    const uint32_t inFirst = rank - inputDimensions, idxFirst = rank - indicesDimensions;
    for (uint32_t d = 0; d < inFirst; ++d)
        if (input.sizes[d] != 1) Fail(op, "an ignored leading input dimension is not 1");
    for (uint32_t d = 0; d < idxFirst; ++d)
        if (indices.sizes[d] != 1) Fail(op, "an ignored leading indices dimension is not 1");
    const uint32_t tuple = indices.sizes[rank - 1];
    if (tuple > inputDimensions - batchDimensions) Fail(op, "index tuples longer than the input's dimensions");
    for (uint32_t k = 0; k < batchDimensions; ++k)
        if (input.sizes[inFirst + k] != indices.sizes[idxFirst + k]) Fail(op, "batch sizes differ");

    // Where each entry of the gathered size list comes from: a batch dimension (input and indices), an indices
    // dimension, or an input dimension.
    enum class From { Batch, Indices, Input };
    struct Entry {
        From from;
        uint32_t dimension;   // of the input (Batch, Input) or of the indices (Indices)
        uint32_t size;
    };
    std::vector<Entry> list;
    for (uint32_t k = 0; k < batchDimensions; ++k) list.push_back({From::Batch, k, input.sizes[inFirst + k]});
    for (uint32_t d = idxFirst + batchDimensions; d + 1 < rank; ++d) list.push_back({From::Indices, d, indices.sizes[d]});
    for (uint32_t d = inFirst + batchDimensions + tuple; d < rank; ++d) list.push_back({From::Input, d, input.sizes[d]});
    std::vector<Entry> nonOne;
    for (const Entry& e : list)
        if (e.size != 1) nonOne.push_back(e);
    std::vector<uint32_t> outputNonOne, expected, actual;
    for (uint32_t d = 0; d < rank; ++d)
        if (output.sizes[d] != 1) outputNonOne.push_back(d), actual.push_back(output.sizes[d]);
    for (const Entry& e : nonOne) expected.push_back(e.size);
    if (expected != actual) Fail(op, "output sizes " + ToString(output.sizes) + " do not match the gathered sizes");

    const auto inStrides = EffectiveStrides(input), idxStrides = EffectiveStrides(indices),
               outStrides = EffectiveStrides(output);
    std::vector<uint32_t> c(rank, 0), source(rank), at(rank);
    do {
        std::fill(source.begin(), source.end(), 0u);
        std::fill(at.begin(), at.end(), 0u);
        for (size_t k = 0; k < nonOne.size(); ++k) {
            const uint32_t v = c[outputNonOne[k]];
            const Entry& e = nonOne[k];
            if (e.from == From::Batch) source[inFirst + e.dimension] = v, at[idxFirst + e.dimension] = v;
            if (e.from == From::Indices) at[e.dimension] = v;
            if (e.from == From::Input) source[e.dimension] = v;
        }
        for (uint32_t j = 0; j < tuple; ++j) {
            at[rank - 1] = j;
            const uint32_t dim = inFirst + batchDimensions + j;
            const uint64_t raw = ReadIndexBits(op, indexBytes, Dot(at, idxStrides), indices.elementSize);
            source[dim] = ResolveGatherIndex(indexType, raw, input.sizes[dim]);
        }
        CopyElement(op, input, inStrides, inputBytes, source, output, outStrides, outputBytes, c);
    } while (NextCoordinate(c, output.sizes));
}

// ---- SCATTER, SCATTER_ND, ONE_HOT -------------------------------------------------------------------------------

bool ResolveScatterIndex(IndexType type, uint64_t rawBits, uint32_t axisSize, uint32_t* index) {
    int64_t value;
    switch (type) {
        case IndexType::UInt32: value = int64_t(rawBits & 0xFFFFFFFFu); break;
        case IndexType::Int32: value = int64_t(int32_t(uint32_t(rawBits))); break;
        case IndexType::UInt64:
            if (rawBits >= axisSize) return false;
            value = int64_t(rawBits);
            break;
        case IndexType::Int64:
        default: value = int64_t(rawBits); break;
    }
    if (value < 0) value += axisSize;   // value >= -2^63 and axisSize < 2^32: no overflow
    if (value < 0 || value >= int64_t(axisSize)) return false;
    *index = uint32_t(value);
    return true;
}

void ScatterElements(const TensorLayout& input, const Bytes& inputBytes, const TensorLayout& indices,
                     const Bytes& indexBytes, IndexType indexType, const TensorLayout& updates,
                     const Bytes& updateBytes, const TensorLayout& output, Bytes& outputBytes, uint32_t axis,
                     const ScatterCombine& combine) {
    const char* op = "ScatterElements";
    Identity(input, inputBytes, output, outputBytes);
    CheckLayout(op, "indices", indices);
    CheckLayout(op, "updates", updates);
    CheckSameElementSize(op, updates, output);
    CheckSameRank(op, input, "input", indices, "indices");
    if (axis >= input.sizes.size()) Fail(op, "axis out of range");
    if (indices.elementSize != IndexWidth(indexType)) Fail(op, "index element size does not match the index type");
    if (indices.sizes != updates.sizes) Fail(op, "updates sizes differ from the indices'");
    for (size_t d = 0; d < input.sizes.size(); ++d)
        if (d != axis && indices.sizes[d] != input.sizes[d]) Fail(op, "indices sizes differ from the input's off axis");
    const auto idxStrides = EffectiveStrides(indices), updStrides = EffectiveStrides(updates),
               outStrides = EffectiveStrides(output);
    std::vector<uint32_t> c(updates.sizes.size(), 0);
    do {
        uint32_t index;
        const uint64_t raw = ReadIndexBits(op, indexBytes, Dot(c, idxStrides), indices.elementSize);
        if (!ResolveScatterIndex(indexType, raw, output.sizes[axis], &index)) continue;
        std::vector<uint32_t> target = c;
        target[axis] = index;
        ScatterElement(op, updates, updStrides, updateBytes, c, output, outStrides, outputBytes, target, combine);
    } while (NextCoordinate(c, updates.sizes));
}

void ScatterNd(const TensorLayout& input, const Bytes& inputBytes, const TensorLayout& indices, const Bytes& indexBytes,
               IndexType indexType, const TensorLayout& updates, const Bytes& updateBytes, const TensorLayout& output,
               Bytes& outputBytes, uint32_t inputDimensions, uint32_t indicesDimensions, const ScatterCombine& combine) {
    const char* op = "ScatterNd";
    Identity(input, inputBytes, output, outputBytes);
    CheckLayout(op, "indices", indices);
    CheckLayout(op, "updates", updates);
    CheckSameElementSize(op, updates, output);
    CheckSameRank(op, input, "input", indices, "indices");
    CheckSameRank(op, input, "input", updates, "updates");
    const uint32_t rank = uint32_t(input.sizes.size());
    if (indices.elementSize != IndexWidth(indexType)) Fail(op, "index element size does not match the index type");
    if (inputDimensions < 1 || inputDimensions > rank || indicesDimensions < 1 || indicesDimensions > rank)
        Fail(op, "dimension counts out of range");
    const uint32_t inFirst = rank - inputDimensions, idxFirst = rank - indicesDimensions;
    const uint32_t tuple = indices.sizes[rank - 1];
    if (tuple > inputDimensions) Fail(op, "index tuples longer than the input's dimensions");
    // The updates' size list: {indices dims, input dims after the tuple}; which tensor each entry moves.
    struct Entry {
        bool fromIndices;
        uint32_t dimension;
        uint32_t size;
    };
    std::vector<Entry> list;
    for (uint32_t d = idxFirst; d + 1 < rank; ++d) list.push_back({true, d, indices.sizes[d]});
    for (uint32_t d = inFirst + tuple; d < rank; ++d) list.push_back({false, d, input.sizes[d]});
    std::vector<Entry> nonOne;
    for (const Entry& e : list)
        if (e.size != 1) nonOne.push_back(e);
    std::vector<uint32_t> updatesNonOne, expected, actual;
    for (uint32_t d = 0; d < rank; ++d)
        if (updates.sizes[d] != 1) updatesNonOne.push_back(d), actual.push_back(updates.sizes[d]);
    for (const Entry& e : nonOne) expected.push_back(e.size);
    if (expected != actual) Fail(op, "updates sizes " + ToString(updates.sizes) + " do not match the scattered sizes");
    const auto idxStrides = EffectiveStrides(indices), updStrides = EffectiveStrides(updates),
               outStrides = EffectiveStrides(output);
    std::vector<uint32_t> c(rank, 0), target(rank), at(rank);
    do {
        std::fill(target.begin(), target.end(), 0u);
        std::fill(at.begin(), at.end(), 0u);
        for (size_t k = 0; k < nonOne.size(); ++k)
            (nonOne[k].fromIndices ? at : target)[nonOne[k].dimension] = c[updatesNonOne[k]];
        bool valid = true;
        for (uint32_t j = 0; j < tuple && valid; ++j) {
            at[rank - 1] = j;
            const uint64_t raw = ReadIndexBits(op, indexBytes, Dot(at, idxStrides), indices.elementSize);
            valid = ResolveScatterIndex(indexType, raw, output.sizes[inFirst + j], &target[inFirst + j]);
        }
        if (valid)
            ScatterElement(op, updates, updStrides, updateBytes, c, output, outStrides, outputBytes, target, combine);
    } while (NextCoordinate(c, updates.sizes));
}

void OneHot(const TensorLayout& indices, const Bytes& indexBytes, IndexType indexType, const TensorLayout& values,
            const Bytes& valueBytes, const TensorLayout& output, Bytes& outputBytes, uint32_t axis) {
    const char* op = "OneHot";
    CheckLayout(op, "indices", indices);
    CheckLayout(op, "values", values);
    CheckLayout(op, "output", output);
    CheckSameElementSize(op, values, output);
    CheckSameRank(op, indices, "indices", output, "output");
    CheckSameRank(op, values, "values", output, "output");
    const size_t rank = output.sizes.size();
    if (axis >= rank) Fail(op, "axis out of range");
    if (indices.elementSize != IndexWidth(indexType)) Fail(op, "index element size does not match the index type");
    for (size_t d = 0; d < rank; ++d)
        if (indices.sizes[d] != (d == axis ? 1u : output.sizes[d])) Fail(op, "indices sizes do not match the output's");
    if (ElementCount(values.sizes) < 2) Fail(op, "fewer than two values");
    std::vector<uint32_t> on(rank, 0), off(rank, 0);
    for (size_t d = rank; d-- > 0;)
        if (values.sizes[d] > 1) {
            on[d] = 1;
            break;
        }
    const auto idxStrides = EffectiveStrides(indices), valStrides = EffectiveStrides(values),
               outStrides = EffectiveStrides(output);
    std::vector<uint32_t> c(rank, 0);
    do {
        std::vector<uint32_t> at = c;
        at[axis] = 0;
        uint32_t index;
        const uint64_t raw = ReadIndexBits(op, indexBytes, Dot(at, idxStrides), indices.elementSize);
        const bool hot = ResolveScatterIndex(indexType, raw, output.sizes[axis], &index) && index == c[axis];
        CopyElement(op, values, valStrides, valueBytes, hot ? on : off, output, outStrides, outputBytes, c);
    } while (NextCoordinate(c, output.sizes));
}

// ---- FILL_VALUE_CONSTANT, FILL_VALUE_SEQUENCE, DIAGONAL_MATRIX -----------------------------------------------------

uint32_t NumberBytes(NumberType type) {
    switch (type) {
        case NumberType::Int8: case NumberType::UInt8: return 1;
        case NumberType::Float16: case NumberType::Int16: case NumberType::UInt16: return 2;
        case NumberType::Float32: case NumberType::Int32: case NumberType::UInt32: return 4;
        default: return 8;
    }
}

void MaxUnpooling(const TensorLayout& input, const Bytes& inputBytes, const TensorLayout& indices,
                  const Bytes& indexBytes, IndexType indexType, const TensorLayout& output, Bytes& outputBytes) {
    const char* op = "MaxUnpooling";
    CheckLayout(op, "input", input);
    CheckLayout(op, "indices", indices);
    CheckLayout(op, "output", output);
    CheckSameElementSize(op, input, output);
    CheckSameRank(op, input, "input", indices, "indices");
    CheckSameRank(op, input, "input", output, "output");
    if (indexType != IndexType::UInt32 && indexType != IndexType::UInt64) Fail(op, "indices must be unsigned");
    if (indices.elementSize != IndexWidth(indexType)) Fail(op, "index element size does not match the index type");
    if (indices.sizes != input.sizes) Fail(op, "indices sizes differ from the input's");
    FillValueConstant(output, outputBytes, 0);
    const auto inStrides = EffectiveStrides(input), idxStrides = EffectiveStrides(indices),
               outStrides = EffectiveStrides(output);
    const size_t rank = input.sizes.size();
    std::vector<uint32_t> c(rank, 0), target(rank);
    do {
        uint64_t index = ReadIndexBits(op, indexBytes, Dot(c, idxStrides), indices.elementSize);
        if (index >= ElementCount(output.sizes)) continue;
        for (size_t d = rank; d-- > 0;) {   // the row-major position as a coordinate
            target[d] = uint32_t(index % output.sizes[d]);
            index /= output.sizes[d];
        }
        CopyElement(op, input, inStrides, inputBytes, c, output, outStrides, outputBytes, target);
    } while (NextCoordinate(c, input.sizes));
}

void FillValueConstant(const TensorLayout& output, Bytes& outputBytes, uint64_t valueBits) {
    const char* op = "FillValueConstant";
    CheckLayout(op, "output", output);
    const auto outStrides = EffectiveStrides(output);
    std::vector<uint32_t> c(output.sizes.size(), 0);
    do {
        const uint64_t to = Dot(c, outStrides) * output.elementSize;
        if (to + output.elementSize > outputBytes.size()) Fail(op, "write beyond the output's bytes");
        WriteBits(outputBytes, to, output.elementSize, valueBits);
    } while (NextCoordinate(c, output.sizes));
}

namespace {

float FloatOfBits(uint32_t bits) {
    float f;
    std::memcpy(&f, &bits, 4);
    return f;
}

uint32_t BitsOfFloat(float f) {
    uint32_t bits;
    std::memcpy(&bits, &f, 4);
    return bits;
}

}  // namespace

void FillValueSequence(const TensorLayout& output, Bytes& outputBytes, NumberType type, uint64_t startBits,
                       uint64_t deltaBits) {
    const char* op = "FillValueSequence";
    CheckLayout(op, "output", output);
    if (output.elementSize != NumberBytes(type) || type == NumberType::Float64) Fail(op, "element size / type mismatch");
    const auto outStrides = EffectiveStrides(output);
    std::vector<uint32_t> c(output.sizes.size(), 0);
    uint64_t i = 0;
    do {
        uint64_t bits;
        if (type == NumberType::Float32) {
            volatile float product = float(i) * FloatOfBits(uint32_t(deltaBits));
            volatile float sum = FloatOfBits(uint32_t(startBits)) + product;
            bits = BitsOfFloat(sum);
        } else if (type == NumberType::Float16) {
            const float start = float(vkdml_test::HalfBitsToDouble(uint16_t(startBits)));
            const float delta = float(vkdml_test::HalfBitsToDouble(uint16_t(deltaBits)));
            volatile float product = float(i) * delta;
            volatile float sum = start + product;
            bits = vkdml_test::DoubleToHalfBits(double(float(sum)));
        } else {
            bits = startBits + i * deltaBits;   // modulo 2^64; the element keeps its low bytes
        }
        const uint64_t to = Dot(c, outStrides) * output.elementSize;
        if (to + output.elementSize > outputBytes.size()) Fail(op, "write beyond the output's bytes");
        WriteBits(outputBytes, to, output.elementSize, bits);
        ++i;
    } while (NextCoordinate(c, output.sizes));
}

void DiagonalMatrix(const TensorLayout* input, const Bytes* inputBytes, const TensorLayout& output, Bytes& outputBytes,
                    uint64_t valueBits, int32_t begin, int32_t end) {
    const char* op = "DiagonalMatrix";
    CheckLayout(op, "output", output);
    const size_t rank = output.sizes.size();
    if (rank < 2) Fail(op, "fewer than two dimensions");
    if (input) {
        CheckLayout(op, "input", *input);
        CheckSameElementSize(op, *input, output);
        if (input->sizes != output.sizes) Fail(op, "input and output sizes differ");
    }
    const auto outStrides = EffectiveStrides(output);
    const auto inStrides = input ? EffectiveStrides(*input) : std::vector<uint32_t>{};
    std::vector<uint32_t> c(rank, 0);
    do {
        const int64_t t = int64_t(c[rank - 1]) - int64_t(c[rank - 2]);
        const bool useValue = (end >= begin) != (t >= begin) != (t < end);
        const uint64_t to = Dot(c, outStrides) * output.elementSize;
        if (useValue || !input) {
            if (to + output.elementSize > outputBytes.size()) Fail(op, "write beyond the output's bytes");
            WriteBits(outputBytes, to, output.elementSize, useValue ? valueBits : 0);
        } else {
            CopyElement(op, *input, inStrides, *inputBytes, c, output, outStrides, outputBytes, c);
        }
    } while (NextCoordinate(c, output.sizes));
}

// ---- CAST ----------------------------------------------------------------------------------------------------------

namespace {

bool IsFloat(NumberType t) { return t == NumberType::Float16 || t == NumberType::Float32 || t == NumberType::Float64; }
bool IsSigned(NumberType t) {
    return t == NumberType::Int8 || t == NumberType::Int16 || t == NumberType::Int32 || t == NumberType::Int64;
}

// Floating-point formats: fraction bits and exponent bits.
struct FloatFormat {
    uint32_t fractionBits, exponentBits;
};
FloatFormat FormatOf(NumberType t) {
    return t == NumberType::Float16 ? FloatFormat{10, 5} : t == NumberType::Float32 ? FloatFormat{23, 8} : FloatFormat{52, 11};
}

bool IsNan(uint64_t bits, FloatFormat f) {
    const uint64_t exponent = (bits >> f.fractionBits) & ((1ull << f.exponentBits) - 1);
    return exponent == (1ull << f.exponentBits) - 1 && (bits & ((1ull << f.fractionBits) - 1)) != 0;
}

double DoubleOf(uint64_t bits, NumberType t) {
    if (t == NumberType::Float64) {
        double d;
        std::memcpy(&d, &bits, 8);
        return d;
    }
    if (t == NumberType::Float32) return double(FloatOfBits(uint32_t(bits)));
    return vkdml_test::HalfBitsToDouble(uint16_t(bits));
}

uint64_t BitsOf(double d, NumberType t) {   // one rounding from the double (exact for what the tests put there)
    uint64_t bits = 0;
    if (t == NumberType::Float64) std::memcpy(&bits, &d, 8);
    if (t == NumberType::Float32) bits = BitsOfFloat(float(d));
    if (t == NumberType::Float16) bits = vkdml_test::DoubleToHalfBits(d);
    return bits;
}

}  // namespace

uint64_t CastBits(uint64_t inputBits, NumberType from, NumberType to) {
    const uint32_t fromBits = 8 * NumberBytes(from), toBits = 8 * NumberBytes(to);
    const uint64_t toMask = toBits == 64 ? ~0ull : (1ull << toBits) - 1;
    inputBits &= fromBits == 64 ? ~0ull : (1ull << fromBits) - 1;
    if (from == to) return inputBits;   // the same type: the bits, whatever they are
    if (!IsFloat(from)) {
        // The exact integer: sign-extend signed types.
        int64_t asSigned = int64_t(inputBits);
        if (IsSigned(from) && fromBits < 64) asSigned = int64_t(inputBits << (64 - fromBits)) >> (64 - fromBits);
        if (!IsFloat(to)) return uint64_t(asSigned) & toMask;   // wrap
        if (IsSigned(from)) {
            if (to == NumberType::Float64) return BitsOf(double(asSigned), to);
            if (to == NumberType::Float32) return BitsOfFloat(float(asSigned));
            return vkdml_test::DoubleToHalfBits(double(asSigned));   // exact below 2^53, infinity above
        }
        if (to == NumberType::Float64) return BitsOf(double(inputBits), to);
        if (to == NumberType::Float32) return BitsOfFloat(float(inputBits));
        return vkdml_test::DoubleToHalfBits(double(inputBits));
    }
    const FloatFormat f = FormatOf(from);
    if (IsNan(inputBits, f)) {
        if (!IsFloat(to)) return 0;
        const FloatFormat g = FormatOf(to);
        const bool negative = (inputBits >> (f.fractionBits + f.exponentBits)) & 1;
        const uint64_t fraction = (inputBits & ((1ull << f.fractionBits) - 1)) << (64 - f.fractionBits);   // left-aligned
        uint64_t bits = ((1ull << g.exponentBits) - 1) << g.fractionBits;
        bits |= 1ull << (g.fractionBits - 1);                  // quiet
        bits |= fraction >> (64 - g.fractionBits);             // top fraction bits
        if (negative) bits |= 1ull << (g.fractionBits + g.exponentBits);
        return bits;
    }
    const double value = DoubleOf(inputBits, from);
    if (IsFloat(to)) return BitsOf(value, to);
    // Saturating truncation.
    const double t = std::trunc(value);
    if (IsSigned(to)) {
        const double lo = -std::ldexp(1.0, int(toBits) - 1), hi = std::ldexp(1.0, int(toBits) - 1);   // [lo, hi)
        const int64_t v = t < lo ? int64_t(toBits == 64 ? INT64_MIN : int64_t(lo))
                          : t >= hi ? int64_t(toBits == 64 ? INT64_MAX : int64_t(hi) - 1)
                                    : int64_t(t);
        return uint64_t(v) & toMask;
    }
    const double hi = std::ldexp(1.0, int(toBits));
    if (t <= 0) return 0;
    if (t >= hi) return toMask;
    return uint64_t(t);
}

void Cast(const TensorLayout& input, const Bytes& inputBytes, NumberType inputType, const TensorLayout& output,
          Bytes& outputBytes, NumberType outputType) {
    const char* op = "Cast";
    CheckLayout(op, "input", input);
    CheckLayout(op, "output", output);
    if (input.sizes != output.sizes) Fail(op, "input and output sizes differ");
    if (input.elementSize != NumberBytes(inputType) || output.elementSize != NumberBytes(outputType))
        Fail(op, "element sizes do not match the types");
    const auto inStrides = EffectiveStrides(input), outStrides = EffectiveStrides(output);
    std::vector<uint32_t> c(output.sizes.size(), 0);
    do {
        const uint64_t from = Dot(c, inStrides) * input.elementSize, to = Dot(c, outStrides) * output.elementSize;
        if (from + input.elementSize > inputBytes.size()) Fail(op, "read beyond the input's bytes");
        if (to + output.elementSize > outputBytes.size()) Fail(op, "write beyond the output's bytes");
        WriteBits(outputBytes, to, output.elementSize,
                  CastBits(ReadLittleEndian(inputBytes, from, input.elementSize), inputType, outputType));
    } while (NextCoordinate(c, output.sizes));
}

void IdentityScaleBias(const TensorLayout& input, const Bytes& inputBytes, const TensorLayout& output,
                       Bytes& outputBytes, NumberType type, float scale, float bias) {
    const char* op = "IdentityScaleBias";
    CheckLayout(op, "input", input);
    CheckLayout(op, "output", output);
    CheckSameElementSize(op, input, output);
    if (input.sizes != output.sizes) Fail(op, "input and output sizes differ");
    if ((type != NumberType::Float32 && type != NumberType::Float16) || input.elementSize != NumberBytes(type))
        Fail(op, "ScaleBias needs Float32 or Float16 elements");
    const auto inStrides = EffectiveStrides(input), outStrides = EffectiveStrides(output);
    std::vector<uint32_t> c(output.sizes.size(), 0);
    do {
        const uint64_t from = Dot(c, inStrides) * input.elementSize, to = Dot(c, outStrides) * output.elementSize;
        if (from + input.elementSize > inputBytes.size() || to + output.elementSize > outputBytes.size())
            Fail(op, "access beyond a tensor's bytes");
        const uint64_t bits = ReadLittleEndian(inputBytes, from, input.elementSize);
        volatile float product = float(DoubleOf(bits, type)) * scale;
        volatile float sum = product + bias;
        WriteBits(outputBytes, to, output.elementSize, BitsOf(double(sum), type));
    } while (NextCoordinate(c, output.sizes));
}

// ---- Element arithmetic: FOLD, the scatter reductions' ADD and MULTIPLY ---------------------------------------------

namespace {

// Floats in double, where the sum or product of two Float16 values is exact and that of two Float32 values rounds
// innocuously (53 >= 2 x 24 + 2), then rounded once to the type, subnormals included (the host does not flush them).
uint64_t ArithmeticBits(NumberType type, bool multiply, uint64_t x, uint64_t y) {
    if (type == NumberType::Float64) throw std::invalid_argument("vkdml_ref: no Float64 arithmetic");
    const uint32_t width = NumberBytes(type) * 8;
    const uint64_t mask = width == 64 ? ~uint64_t(0) : (uint64_t(1) << width) - 1;
    x &= mask;
    y &= mask;
    if (!IsFloat(type)) return (multiply ? x * y : x + y) & mask;   // unsigned wrap = two's complement wrap
    // NaNs as x86 SSE gives them (numpy's, hence ONNX's data): the first NaN operand, quieted; an invalid operation
    // (inf - inf, 0 x inf) the default NaN. Decided here, not left to the compiler's operand order.
    const FloatFormat format = FormatOf(type);
    const uint64_t quiet = uint64_t(1) << (format.fractionBits - 1);
    if (IsNan(x, format)) return x | quiet;
    if (IsNan(y, format)) return y | quiet;
    const double a = DoubleOf(x, type), b = DoubleOf(y, type);
    const double r = multiply ? a * b : a + b;
    if (std::isnan(r)) return type == NumberType::Float16 ? 0xFE00u : 0xFFC00000u;
    return BitsOf(r, type);
}

}  // namespace

uint64_t AddBits(NumberType type, uint64_t x, uint64_t y) { return ArithmeticBits(type, false, x, y); }
uint64_t MultiplyBits(NumberType type, uint64_t x, uint64_t y) { return ArithmeticBits(type, true, x, y); }

// ---- NONZERO_COORDINATES ------------------------------------------------------------------------------------------

uint32_t NonzeroCoordinates(const TensorLayout& input, const Bytes& inputBytes, NumberType inputType,
                            const TensorLayout& count, Bytes& countBytes, const TensorLayout& coordinates,
                            Bytes& coordinateBytes) {
    const char* op = "NonzeroCoordinates";
    CheckLayout(op, "input", input);
    CheckLayout(op, "count", count);
    CheckLayout(op, "coordinates", coordinates);
    if (input.elementSize != NumberBytes(inputType)) Fail(op, "input element size does not match its type");
    if (count.elementSize != 4 || coordinates.elementSize != 4) Fail(op, "count and coordinates must be 4-byte");
    if (ElementCount(count.sizes) != 1) Fail(op, "count sizes " + ToString(count.sizes) + " are not all 1");
    const size_t rank = input.sizes.size(), coordinateRank = coordinates.sizes.size();
    if (coordinateRank < 2) Fail(op, "coordinates need at least 2 dimensions");
    for (size_t d = 0; d + 2 < coordinateRank; ++d)
        if (coordinates.sizes[d] != 1)
            Fail(op, "coordinates sizes " + ToString(coordinates.sizes) + " are not {1, ..., 1, M, N}");
    const uint32_t rows = coordinates.sizes[coordinateRank - 2], columns = coordinates.sizes[coordinateRank - 1];
    if (rows != ElementCount(input.sizes)) Fail(op, "coordinates' M is not the input's element count");
    size_t leadingOnes = 0;
    while (leadingOnes < rank && input.sizes[leadingOnes] == 1) ++leadingOnes;
    if (columns < rank - leadingOnes || columns > rank)
        Fail(op, "coordinates' N " + std::to_string(columns) + " is outside [effective rank, rank] of input sizes " +
                     ToString(input.sizes));
    // The bits that make an element non-zero: all of its width, without the sign of the float types.
    const uint64_t widthMask = input.elementSize == 8 ? ~0ull : (1ull << (8 * input.elementSize)) - 1;
    const uint64_t significant = IsFloat(inputType) ? widthMask >> 1 : widthMask;
    const auto inStrides = EffectiveStrides(input), coordinateStrides = EffectiveStrides(coordinates);
    const std::vector<uint32_t> origin(coordinateRank, 0);
    uint32_t found = 0;
    std::vector<uint32_t> c(rank, 0);
    do {
        const uint64_t from = Dot(c, inStrides) * input.elementSize;
        if (from + input.elementSize > inputBytes.size()) Fail(op, "read beyond the input's bytes");
        if ((ReadLittleEndian(inputBytes, from, input.elementSize) & significant) == 0) continue;
        std::vector<uint32_t> at = origin;
        at[coordinateRank - 2] = found;
        for (uint32_t j = 0; j < columns; ++j) {
            at[coordinateRank - 1] = j;
            const uint64_t to = Dot(at, coordinateStrides) * 4;
            if (to + 4 > coordinateBytes.size()) Fail(op, "write beyond the coordinates' bytes");
            WriteBits(coordinateBytes, to, 4, c[rank - columns + j]);
        }
        ++found;
    } while (NextCoordinate(c, input.sizes));
    FillValueConstant(count, countBytes, found);
    return found;
}

// ---- UNFOLD, FOLD -------------------------------------------------------------------------------------------------

namespace {

// The sliding windows of UNFOLD and FOLD: an image {1.., N, C, S_0..S_{D-1}} and its columns {1.., N, C x K, L}.
struct SlidingWindows {
    std::vector<uint32_t> windowSizes, strides, dilations, startPadding;
    std::vector<uint32_t> imageSizes, blocks;   // B_d per spatial dimension
    size_t first = 0;                           // the image's first spatial dimension
    uint64_t windowElements = 1;                // K

    // The image coordinate `x` that the columns coordinate `at` = {1.., n, c x K + k, b} names; false where it lies in
    // the padding (x then holds 0 along the spatial dimensions from the first one outside on).
    bool ImageCoordinate(const std::vector<uint32_t>& at, std::vector<uint32_t>& x) const {
        const size_t columnsRank = at.size(), spatial = blocks.size();
        const uint32_t row = at[columnsRank - 2];
        uint64_t k = row % windowElements, b = at[columnsRank - 1];
        std::fill(x.begin(), x.end(), 0u);
        x[first - 2] = at[columnsRank - 3];
        x[first - 1] = uint32_t(row / windowElements);
        bool inside = true;
        // Row-major: the last spatial dimension's window and block positions are the fastest digits of k and b.
        for (size_t i = spatial; i-- > 0;) {
            const int64_t p = int64_t(b % blocks[i]) * strides[i] + int64_t(k % windowSizes[i]) * dilations[i] -
                              int64_t(startPadding[i]);
            k /= windowSizes[i];
            b /= blocks[i];
            inside = inside && p >= 0 && p < int64_t(imageSizes[first + i]);
            x[first + i] = inside ? uint32_t(p) : 0;
        }
        return inside;
    }
};

// Checks the parameters and both tensors' sizes against the rule (the columns' sizes follow from the image's).
SlidingWindows CheckWindows(const char* op, const TensorLayout& image, const char* imageName,
                            const TensorLayout& columns, const char* columnsName,
                            const std::vector<uint32_t>& windowSizes, const std::vector<uint32_t>& strides,
                            const std::vector<uint32_t>& dilations, const std::vector<uint32_t>& startPadding,
                            const std::vector<uint32_t>& endPadding) {
    CheckLayout(op, imageName, image);
    CheckLayout(op, columnsName, columns);
    CheckSameElementSize(op, image, columns);
    const size_t spatial = windowSizes.size();
    if (spatial == 0 || strides.size() != spatial || dilations.size() != spatial || startPadding.size() != spatial ||
        endPadding.size() != spatial)
        Fail(op, "window sizes, strides, dilations and paddings need one value per spatial dimension (at least one)");
    const size_t imageRank = image.sizes.size(), columnsRank = columns.sizes.size();
    if (imageRank < spatial + 2)
        Fail(op, std::string(imageName) + " sizes " + ToString(image.sizes) + " lack {N, C} before the spatial ones");
    if (columnsRank < 3)
        Fail(op, std::string(columnsName) + " sizes " + ToString(columns.sizes) + " are not {N, C x K, L}");
    SlidingWindows w{windowSizes, strides, dilations, startPadding, image.sizes, std::vector<uint32_t>(spatial),
                     imageRank - spatial};
    for (size_t d = 0; d + 2 < w.first; ++d)
        if (image.sizes[d] != 1)
            Fail(op, std::string(imageName) + " sizes " + ToString(image.sizes) + ": the sizes before N must be 1");
    for (size_t d = 0; d + 3 < columnsRank; ++d)
        if (columns.sizes[d] != 1)
            Fail(op, std::string(columnsName) + " sizes " + ToString(columns.sizes) + ": the sizes before N must be 1");
    uint64_t blockCount = 1;
    for (size_t i = 0; i < spatial; ++i) {
        if (windowSizes[i] == 0 || strides[i] == 0 || dilations[i] == 0)
            Fail(op, "window sizes, strides and dilations must be at least 1");
        const int64_t padded = int64_t(image.sizes[w.first + i]) + startPadding[i] + endPadding[i];
        const int64_t span = int64_t(dilations[i]) * (windowSizes[i] - 1) + 1;
        if (padded < span)
            Fail(op, "spatial dimension " + std::to_string(i) + ": the window spans " + std::to_string(span) +
                         " elements, the padded " + imageName + " only " + std::to_string(padded));
        w.blocks[i] = uint32_t((padded - span) / strides[i] + 1);
        w.windowElements *= windowSizes[i];
        blockCount *= w.blocks[i];
    }
    const uint64_t expected[3] = {image.sizes[w.first - 2], image.sizes[w.first - 1] * w.windowElements, blockCount};
    for (size_t j = 0; j < 3; ++j)
        if (columns.sizes[columnsRank - 3 + j] != expected[j])
            Fail(op, std::string(columnsName) + " sizes " + ToString(columns.sizes) + " end in {" +
                         std::to_string(expected[0]) + "," + std::to_string(expected[1]) + "," +
                         std::to_string(expected[2]) + "} = {N, C x K, L}");
    return w;
}

}  // namespace

void Unfold(const TensorLayout& input, const Bytes& inputBytes, const TensorLayout& output, Bytes& outputBytes,
            const std::vector<uint32_t>& windowSizes, const std::vector<uint32_t>& strides,
            const std::vector<uint32_t>& dilations, const std::vector<uint32_t>& startPadding,
            const std::vector<uint32_t>& endPadding) {
    const char* op = "Unfold";
    const SlidingWindows w = CheckWindows(op, input, "input", output, "output", windowSizes, strides, dilations,
                                          startPadding, endPadding);
    const auto inStrides = EffectiveStrides(input), outStrides = EffectiveStrides(output);
    std::vector<uint32_t> at(output.sizes.size(), 0), from(input.sizes.size(), 0);
    do {
        if (w.ImageCoordinate(at, from)) {
            CopyElement(op, input, inStrides, inputBytes, from, output, outStrides, outputBytes, at);
            continue;
        }
        const uint64_t to = Dot(at, outStrides) * output.elementSize;
        if (to + output.elementSize > outputBytes.size()) Fail(op, "write beyond the output's bytes");
        WriteBits(outputBytes, to, output.elementSize, 0);   // a padding element: all bits zero
    } while (NextCoordinate(at, output.sizes));
}

void Fold(const TensorLayout& input, const Bytes& inputBytes, const TensorLayout& output, Bytes& outputBytes,
          NumberType type, const std::vector<uint32_t>& windowSizes, const std::vector<uint32_t>& strides,
          const std::vector<uint32_t>& dilations, const std::vector<uint32_t>& startPadding,
          const std::vector<uint32_t>& endPadding) {
    const char* op = "Fold";
    const SlidingWindows w = CheckWindows(op, output, "output", input, "input", windowSizes, strides, dilations,
                                          startPadding, endPadding);
    if (type == NumberType::Float64 || input.elementSize != NumberBytes(type))
        Fail(op, "the element size does not match the type, or the type is Float64");
    const auto inStrides = EffectiveStrides(input), outStrides = EffectiveStrides(output);
    const uint32_t width = output.elementSize;
    std::vector<uint32_t> to(output.sizes.size(), 0);
    do {   // every output element starts at all bits zero
        const uint64_t offset = Dot(to, outStrides) * width;
        if (offset + width > outputBytes.size()) Fail(op, "write beyond the output's bytes");
        WriteBits(outputBytes, offset, width, 0);
    } while (NextCoordinate(to, output.sizes));
    // The columns in row-major order: n, c, k ascending (row c x K + k), then the blocks.
    std::vector<uint32_t> at(input.sizes.size(), 0);
    do {
        if (!w.ImageCoordinate(at, to)) continue;   // a value in the padding: dropped
        const uint64_t from = Dot(at, inStrides) * width, offset = Dot(to, outStrides) * width;
        if (from + width > inputBytes.size()) Fail(op, "read beyond the input's bytes");
        const uint64_t sum = AddBits(type, ReadLittleEndian(outputBytes, offset, width),
                                     ReadLittleEndian(inputBytes, from, width));
        WriteBits(outputBytes, offset, width, sum);
    } while (NextCoordinate(at, input.sizes));
}

}  // namespace vkdml_ref
