// vkdml-bench: the cases of the operators that landed after issue 6's list (PADDING, TILE, CAST, DEPTH_TO_SPACE,
// SPACE_TO_DEPTH, GATHER_ELEMENTS, GATHER_ND, SCATTER, SCATTER_ND, MAX_UNPOOLING, NONZERO_COORDINATES, UNFOLD, FOLD,
// ONE_HOT, FILL_VALUE_*, REVERSE_SUBSEQUENCES, SLICE_GRAD, DIAGONAL_MATRIX): one or two common layouts each, every one
// writing the nominal size of output (n FLOAT32 elements, or as many bytes of the output type). All are judged against
// the compute copy; the depth/space rearrangements, being transposes, against numpy too.
#include "case_building.h"

#include <algorithm>

namespace vkdml_bench {
namespace {

// The input of a case in the Source buffer at `offset`, its indices (UINT32 contents in c->indices) in the Indices
// buffer, its output in the Destination buffer.
void BindSource(BuiltCase* c, const DML_TENSOR_DESC* t, uint64_t offset = 0) {
    c->inputs.push_back({WorkBuffer::Source, offset, c->Bytes(t)});
    c->bytesRead += c->Bytes(t);
}
void BindIndices(BuiltCase* c, const DML_TENSOR_DESC* t) {
    c->inputs.push_back({WorkBuffer::Indices, 0, c->Bytes(t)});
    c->bytesRead += c->Bytes(t);
}
void BindOutput(BuiltCase* c, const DML_TENSOR_DESC* t) {
    c->outputs.push_back({WorkBuffer::Destination, 0, c->Bytes(t)});
    c->bytesWritten += c->Bytes(t);
}
// The bindings of a gather-like operator: input, indices, output.
void BindInputIndicesOutput(BuiltCase* c, const DML_TENSOR_DESC* in, const DML_TENSOR_DESC* indices,
                            const DML_TENSOR_DESC* out) {
    BindSource(c, in);
    BindIndices(c, indices);
    BindOutput(c, out);
}

// `rows` copies of a permutation of 0..size-1.
std::vector<uint32_t> RepeatedPermutation(uint32_t size, uint32_t rows) {
    std::vector<uint32_t> p = Permutation(size, 11), all;
    all.reserve(uint64_t(size) * rows);
    for (uint32_t r = 0; r < rows; ++r) all.insert(all.end(), p.begin(), p.end());
    return all;
}

// ---- PADDING: NCHW [2, 32, H, W] padded by 1 on both sides of H and W ----

std::unique_ptr<BuiltCase> Padding(uint64_t n, DML_PADDING_MODE mode, const std::string& numpyMode) {
    auto c = Start("padding." + numpyMode + "_hw", TargetClass::Other);
    Factors hw = Factor(n / 64, 2);
    const std::vector<UINT> inSizes = {2, 32, hw[0] - 2, hw[1] - 2};
    auto in = c->AddTensor(inSizes), out = c->AddTensor({2, 32, hw[0], hw[1]});
    c->SetOp<DML_PADDING_OPERATOR_DESC>(DML_OPERATOR_PADDING) = {
        in, out, mode, 0.0f, 4, c->Keep<UINT>({0, 0, 1, 1}), c->Keep<UINT>({0, 0, 1, 1})};
    BindSource(c.get(), in);
    BindOutput(c.get(), out);
    c->layout = Dims(inSizes) + " -> H, W padded by 1 each side (" + numpyMode + ")";
    c->numpySpec = "{\"shape\":" + Dims(inSizes) + ",\"pad\":[[0,0],[0,0],[1,1],[1,1]],\"pad_mode\":\"" + numpyMode +
                   "\"}";
    return c;
}

// ---- TILE of [R, 1024]: twice along the outer axis (two long runs), or [R, 512] twice along the last ----

std::unique_ptr<BuiltCase> Tile(uint64_t n, UINT axis) {
    const UINT R = UINT(n / 1024);
    const std::vector<UINT> inSizes = axis == 0 ? std::vector<UINT>{R / 2, 1024} : std::vector<UINT>{R, 512};
    const std::vector<UINT> repeats = axis == 0 ? std::vector<UINT>{2, 1} : std::vector<UINT>{1, 2};
    auto c = Start(axis == 0 ? "tile.outer_2" : "tile.last_2",
                   axis == 0 ? TargetClass::ContiguousRuns : TargetClass::Other);
    auto in = c->AddTensor(inSizes), out = c->AddTensor({R, 1024});
    c->SetOp<DML_TILE_OPERATOR_DESC>(DML_OPERATOR_TILE) = {in, out, 2, c->Keep(repeats)};
    BindSource(c.get(), in);
    BindOutput(c.get(), out);
    c->layout = Dims(inSizes) + " repeated " + Dims(repeats);
    c->numpySpec = "{\"shape\":" + Dims(inSizes) + ",\"tile\":" + Dims(repeats) + "}";
    return c;
}

// ---- CAST of [R, W] packed, W = 1024 output elements of 4 bytes' worth per row ----

// "f32", "f16", "u8" in case names.
std::string ShortName(const ElementType& t) { return t.bytes == 4 ? "f32" : t.suffix + 1; }

std::unique_ptr<BuiltCase> Cast(uint64_t n, const ElementType& from, const ElementType& to) {
    auto c = Start("cast." + ShortName(from) + "_to_" + ShortName(to), TargetClass::Other);
    const UINT R = UINT(n / 1024), W = 4096 / to.bytes;
    auto in = c->AddTensor({R, W}, {}, from.type), out = c->AddTensor({R, W}, {}, to.type);
    c->SetOp<DML_CAST_OPERATOR_DESC>(DML_OPERATOR_CAST) = {in, out};
    BindSource(c.get(), in);
    BindOutput(c.get(), out);
    c->layout = Dims({R, W}) + " " + from.name + " -> " + to.name;
    c->numpySpec = "{\"shape\":" + Dims({R, W}) + ",\"dtype\":\"" + from.numpy + "\",\"cast_to\":\"" + to.numpy +
                   "\"}";
    return c;
}

// ---- DEPTH_TO_SPACE1 / SPACE_TO_DEPTH1, block 2, DCR order: [2, 128, H, W] <-> [2, 32, 2H, 2W] ----

// n: FLOAT32 elements of the size; as many bytes of `t` elements.
std::unique_ptr<BuiltCase> DepthSpace(uint64_t n, bool toSpace, const ElementType& t) {
    const UINT N = 2, C = 32, B = 2;
    Factors hw = Factor(n * 4 / t.bytes / (N * C * B * B), 2);
    const UINT H = hw[0], W = hw[1];   // of the depth side
    const std::vector<UINT> depth = {N, C * B * B, H, W}, space = {N, C, H * B, W * B};
    auto c = Start(std::string(toSpace ? "depth_to_space.dcr_2" : "space_to_depth.dcr_2") + t.suffix,
                   TargetClass::Other);
    c->numpyTarget = true;
    auto in = c->AddTensor(toSpace ? depth : space, {}, t.type);
    auto out = c->AddTensor(toSpace ? space : depth, {}, t.type);
    if (toSpace)
        c->SetOp<DML_DEPTH_TO_SPACE1_OPERATOR_DESC>(DML_OPERATOR_DEPTH_TO_SPACE1) = {
            in, out, B, DML_DEPTH_SPACE_ORDER_DEPTH_COLUMN_ROW};
    else
        c->SetOp<DML_SPACE_TO_DEPTH1_OPERATOR_DESC>(DML_OPERATOR_SPACE_TO_DEPTH1) = {
            in, out, B, DML_DEPTH_SPACE_ORDER_DEPTH_COLUMN_ROW};
    BindSource(c.get(), in);
    BindOutput(c.get(), out);
    c->layout = Dims(toSpace ? depth : space) + TypeNote(t) + " -> " + Dims(toSpace ? space : depth);
    // numpy (ONNX's DCR definition): a reshape exposing the block, a transpose, the copy.
    c->numpySpec = (toSpace ? "{\"shape\":" + Dims(depth) + ",\"reshape\":" + Dims({N, B, B, C, H, W}) +
                                  ",\"transpose\":[0,3,4,1,5,2]"
                            : "{\"shape\":" + Dims(space) + ",\"reshape\":" + Dims({N, C, H, B, W, B}) +
                                  ",\"transpose\":[0,3,5,1,2,4]") +
                   ",\"dtype\":\"" + t.numpy + "\"}";
    return c;
}

// ---- GATHER_ELEMENTS along the last axis of [R, 1024]: each row's indices a permutation ----

std::unique_ptr<BuiltCase> GatherElements(uint64_t n) {
    const UINT R = UINT(n / 1024);
    auto c = Start("gather_elements.last", TargetClass::Other);
    auto in = c->AddTensor({R, 1024}), idx = c->AddTensor({R, 1024}, {}, DML_TENSOR_DATA_TYPE_UINT32);
    auto out = c->AddTensor({R, 1024});
    c->SetOp<DML_GATHER_ELEMENTS_OPERATOR_DESC>(DML_OPERATOR_GATHER_ELEMENTS) = {in, idx, out, 1};
    c->indices = RepeatedPermutation(1024, R);
    BindInputIndicesOutput(c.get(), in, idx, out);
    c->layout = Dims({R, 1024}) + " axis 1, UINT32 indices of the output's sizes";
    return c;
}

// ---- SCATTER (elements) along the last axis and SCATTER_ND of rows: every output element updated once ----

std::unique_ptr<BuiltCase> Scatter(uint64_t n, bool nd) {
    const UINT cols = nd ? 256 : 1024, R = UINT(n / cols);
    auto c = Start(nd ? "scatter_nd.rows256" : "scatter_elements.last", TargetClass::Other);
    auto in = c->AddTensor({R, cols}), updates = c->AddTensor({R, cols}), out = c->AddTensor({R, cols});
    auto idx = c->AddTensor(nd ? std::vector<UINT>{R, 1} : std::vector<UINT>{R, cols}, {},
                            DML_TENSOR_DATA_TYPE_UINT32);
    if (nd) {
        c->SetOp<DML_SCATTER_ND_OPERATOR_DESC>(DML_OPERATOR_SCATTER_ND) = {in, idx, updates, out, 2, 2};
        c->indices = Permutation(R, 7);
    } else {
        c->SetOp<DML_SCATTER_OPERATOR_DESC>(DML_OPERATOR_SCATTER_ELEMENTS) = {in, idx, updates, out, 1};
        c->indices = RepeatedPermutation(cols, R);
    }
    BindSource(c.get(), in);
    BindIndices(c.get(), idx);
    BindSource(c.get(), updates, c->Bytes(in));
    BindOutput(c.get(), out);
    c->layout = Dims({R, cols}) + (nd ? " rows replaced through " + Dims({R, 1}) + " row indices"
                                      : std::string(" axis 1, updates and UINT32 indices of the output's sizes"));
    return c;
}

// ---- MAX_UNPOOLING of a 2 x 2 max pooling of stride 2: [2, 32, H, W] -> [2, 32, 2H, 2W], each element to one
// place of its window (the indices a pooling gives: flat positions over the whole output) ----

std::unique_ptr<BuiltCase> MaxUnpooling(uint64_t n) {
    const UINT N = 2, C = 32;
    Factors hw = Factor(n / (N * C * 4), 2);
    const UINT H = hw[0], W = hw[1];
    const std::vector<UINT> pooled = {N, C, H, W}, unpooled = {N, C, 2 * H, 2 * W};
    auto c = Start("max_unpooling.2x2", TargetClass::Other);
    auto in = c->AddTensor(pooled), idx = c->AddTensor(pooled, {}, DML_TENSOR_DATA_TYPE_UINT32);
    auto out = c->AddTensor(unpooled);
    c->SetOp<DML_MAX_UNPOOLING_OPERATOR_DESC>(DML_OPERATOR_MAX_UNPOOLING) = {in, idx, out};
    const std::vector<uint32_t> corner = Permutation(4, 5);   // which of the window's 4 elements, cycling
    c->indices.reserve(uint64_t(N) * C * H * W);
    for (UINT plane = 0; plane < N * C; ++plane)
        for (UINT y = 0; y < H; ++y)
            for (UINT x = 0; x < W; ++x) {
                const uint32_t k = corner[(plane + y + x) % 4];
                c->indices.push_back((plane * 2 * H + 2 * y + k / 2) * 2 * W + 2 * x + k % 2);
            }
    BindInputIndicesOutput(c.get(), in, idx, out);
    c->layout = Dims(pooled) + " by UINT32 indices -> " + Dims(unpooled) + " (zeros, then one element per window)";
    return c;
}

// ---- NONZERO_COORDINATES of [R, 1024] FLOAT32 ones: every element non-zero, so the most coordinates - 2 words
// per element, n words in all - and the count (in the Indices buffer, which the case leaves otherwise unused) ----

std::unique_ptr<BuiltCase> NonzeroCoordinates(uint64_t n) {
    const UINT elements = UINT(n / 2), R = elements / 1024;
    auto c = Start("nonzero_coordinates.all_2d", TargetClass::Other);
    auto in = c->AddTensor({R, 1024}), count = c->AddTensor({1, 1}, {}, DML_TENSOR_DATA_TYPE_UINT32);
    auto coords = c->AddTensor({R * 1024, 2}, {}, DML_TENSOR_DATA_TYPE_UINT32);
    c->SetOp<DML_NONZERO_COORDINATES_OPERATOR_DESC>(DML_OPERATOR_NONZERO_COORDINATES) = {in, count, coords};
    BindSource(c.get(), in);
    c->outputs.push_back({WorkBuffer::Indices, 0, c->Bytes(count)});
    c->bytesWritten += c->Bytes(count);
    BindOutput(c.get(), coords);
    c->layout = Dims({R, 1024}) + " ones -> count, " + Dims({R * 1024, 2}) + " UINT32 coordinates";
    return c;
}

// ---- UNFOLD of [1, C, 64, 64] FLOAT32: 3x3 windows, stride 1, padding 1 (a 3x3 convolution's im2col: each element
// read 9 times, through a padded copy of the input), or 4x4 windows, stride 4 (patches, as a vision transformer cuts
// its image: every element read once, no padding) ----

std::unique_ptr<BuiltCase> Unfold(uint64_t n, bool patches) {
    const UINT window = patches ? 4 : 3, stride = patches ? 4 : 1, pad = patches ? 0 : 1, H = 64;
    const UINT windowElements = window * window, C = UINT(n / (patches ? 1 : windowElements) / (H * H));
    const UINT blocks = (H + 2 * pad - window) / stride + 1;
    auto c = Start(patches ? "unfold.patches_4x4" : "unfold.3x3_pad1", TargetClass::Other);
    auto in = c->AddTensor({1, C, H, H}), out = c->AddTensor({1, C * windowElements, blocks * blocks});
    c->SetOp<DML_UNFOLD_OPERATOR_DESC>(DML_OPERATOR_UNFOLD) = {
        in, out, 2, c->Keep<UINT>({window, window}), c->Keep<UINT>({stride, stride}), c->Keep<UINT>({1, 1}),
        c->Keep<UINT>({pad, pad}), c->Keep<UINT>({pad, pad})};
    BindSource(c.get(), in);
    BindOutput(c.get(), out);
    c->layout = Dims({1, C, H, H}) + " -> " + Dims({1, C * windowElements, blocks * blocks}) + ", " +
                std::to_string(window) + "x" + std::to_string(window) + " windows, stride " + std::to_string(stride) +
                ", padding " + std::to_string(pad);
    return c;
}

// ---- FOLD into [1, C, 64, 64] FLOAT32, UNFOLD's cases inverted: 3x3 windows, stride 1, padding 1 (a 3x3
// convolution's col2im: nine values summed into each element), or 4x4 patches, stride 4 (each element written once).
// The columns are the n elements; each window position is a pass that reads and rewrites its part of the output ----

std::unique_ptr<BuiltCase> Fold(uint64_t n, bool patches) {
    const UINT window = patches ? 4 : 3, stride = patches ? 4 : 1, pad = patches ? 0 : 1, H = 64;
    const UINT windowElements = window * window, blocks = (H + 2 * pad - window) / stride + 1;
    const UINT C = std::max<UINT>(UINT(n / (uint64_t(windowElements) * blocks * blocks)), 1);
    auto c = Start(patches ? "fold.patches_4x4" : "fold.3x3_pad1", TargetClass::Other);
    auto in = c->AddTensor({1, C * windowElements, blocks * blocks}), out = c->AddTensor({1, C, H, H});
    c->SetOp<DML_FOLD_OPERATOR_DESC>(DML_OPERATOR_FOLD) = {
        in, out, 2, c->Keep<UINT>({window, window}), c->Keep<UINT>({stride, stride}), c->Keep<UINT>({1, 1}),
        c->Keep<UINT>({pad, pad}), c->Keep<UINT>({pad, pad})};
    BindSource(c.get(), in);
    BindOutput(c.get(), out);
    c->layout = Dims({1, C * windowElements, blocks * blocks}) + " -> " + Dims({1, C, H, H}) + ", " +
                std::to_string(window) + "x" + std::to_string(window) + " windows, stride " + std::to_string(stride) +
                ", padding " + std::to_string(pad);
    return c;
}

// ---- ONE_HOT along the last axis: [R, 1] UINT32 indices -> [R, 1024] ----

std::unique_ptr<BuiltCase> OneHot(uint64_t n) {
    const UINT R = UINT(n / 1024);
    auto c = Start("one_hot.last_1024", TargetClass::Other);
    auto idx = c->AddTensor({R, 1}, {}, DML_TENSOR_DATA_TYPE_UINT32), values = c->AddTensor({1, 2});
    auto out = c->AddTensor({R, 1024});
    c->SetOp<DML_ONE_HOT_OPERATOR_DESC>(DML_OPERATOR_ONE_HOT) = {idx, values, out, 1};
    c->indices = Permutation(R, 7);
    for (uint32_t& i : c->indices) i %= 1024;
    BindIndices(c.get(), idx);
    BindSource(c.get(), values);
    BindOutput(c.get(), out);
    c->layout = Dims({R, 1}) + " UINT32 -> " + Dims({R, 1024});
    return c;
}

// ---- FILL_VALUE_CONSTANT / FILL_VALUE_SEQUENCE of [R, 1024]: writes only ----

std::unique_ptr<BuiltCase> Fill(uint64_t n, bool sequence) {
    const UINT R = UINT(n / 1024);
    auto c = Start(sequence ? "fill.sequence" : "fill.constant", TargetClass::Other);
    auto out = c->AddTensor({R, 1024});
    DML_SCALAR_UNION start{}, delta{};
    start.Float32 = 1.0f;
    delta.Float32 = 0.5f;
    if (sequence)
        c->SetOp<DML_FILL_VALUE_SEQUENCE_OPERATOR_DESC>(DML_OPERATOR_FILL_VALUE_SEQUENCE) = {
            out, DML_TENSOR_DATA_TYPE_FLOAT32, start, delta};
    else
        c->SetOp<DML_FILL_VALUE_CONSTANT_OPERATOR_DESC>(DML_OPERATOR_FILL_VALUE_CONSTANT) = {
            out, DML_TENSOR_DATA_TYPE_FLOAT32, start};
    BindOutput(c.get(), out);
    c->layout = Dims({R, 1024}) + (sequence ? " = 1 + 0.5 i" : " = 1");
    return c;
}

// ---- REVERSE_SUBSEQUENCES along the last axis of [R, 1024], lengths 0..1024 ----

std::unique_ptr<BuiltCase> ReverseSubsequences(uint64_t n) {
    const UINT R = UINT(n / 1024);
    auto c = Start("reverse_subsequences.last", TargetClass::Other);
    auto in = c->AddTensor({R, 1024}), lengths = c->AddTensor({R, 1}, {}, DML_TENSOR_DATA_TYPE_UINT32);
    auto out = c->AddTensor({R, 1024});
    c->SetOp<DML_REVERSE_SUBSEQUENCES_OPERATOR_DESC>(DML_OPERATOR_REVERSE_SUBSEQUENCES) = {in, lengths, out, 1};
    c->indices = Permutation(R, 7);
    for (uint32_t& l : c->indices) l %= 1025;
    BindInputIndicesOutput(c.get(), in, lengths, out);
    c->layout = Dims({R, 1024}) + " axis 1, each row's first 0..1024 elements reversed";
    return c;
}

// ---- SLICE_GRAD: [R, 512] into the middle half of [R, 1024], zeros around ----

std::unique_ptr<BuiltCase> SliceGrad(uint64_t n) {
    const UINT R = UINT(n / 1024);
    auto c = Start("slice_grad.middle", TargetClass::Other);
    auto in = c->AddTensor({R, 512}), out = c->AddTensor({R, 1024});
    c->SetOp<DML_SLICE_GRAD_OPERATOR_DESC>(DML_OPERATOR_SLICE_GRAD) = {
        in, out, 2, c->Keep<UINT>({0, 256}), c->Keep<UINT>({R, 512}), c->Keep<INT>({1, 1})};
    BindSource(c.get(), in);
    BindOutput(c.get(), out);
    c->layout = Dims({R, 512}) + " -> " + Dims({R, 1024}) + "[:, 256:768], zeros around";
    return c;
}

// ---- DIAGONAL_MATRIX: [R, 1024] of `t`, ones on the main diagonal, zeros elsewhere: writes only ----

std::unique_ptr<BuiltCase> DiagonalMatrix(const ElementType& t, uint64_t n) {
    const UINT R = UINT(n * 4 / t.bytes / 1024);
    auto c = Start("diagonal_matrix.ones" + std::string(t.suffix), TargetClass::Other);
    auto out = c->AddTensor({R, 1024}, {}, t.type);
    c->SetOp<DML_DIAGONAL_MATRIX_OPERATOR_DESC>(DML_OPERATOR_DIAGONAL_MATRIX) = {out, 0, 1.0f};
    BindOutput(c.get(), out);
    c->layout = Dims({R, 1024}) + TypeNote(t) + ", ones on the main diagonal";
    return c;
}

}  // namespace

// ---- GATHER_ND1 of rows: [R, 256] by [R, 1] row indices (an embedding lookup) ----

std::unique_ptr<BuiltCase> GatherNdRows(uint64_t n) {
    const UINT R = UINT(n / 256);
    auto c = Start("gather_nd.rows256", TargetClass::Other);
    auto in = c->AddTensor({R, 256}), idx = c->AddTensor({R, 1}, {}, DML_TENSOR_DATA_TYPE_UINT32);
    auto out = c->AddTensor({R, 256});
    c->SetOp<DML_GATHER_ND1_OPERATOR_DESC>(DML_OPERATOR_GATHER_ND1) = {in, idx, out, 2, 2, 0};
    c->indices = Permutation(R, 7);
    BindInputIndicesOutput(c.get(), in, idx, out);
    c->layout = Dims({R, 256}) + " by " + Dims({R, 1}) + " row indices";
    c->numpySpec = "{\"shape\":" + Dims({R, 256}) + ",\"take_axis\":0}";
    return c;
}

std::vector<CaseSpec> OperatorCases() {
    std::vector<CaseSpec> c;
    auto add = [&](const std::string& name, std::function<std::unique_ptr<BuiltCase>(uint64_t)> f) {
        c.push_back(SizedCase(name, std::move(f)));
    };
    add("padding.constant_hw", [](uint64_t n) { return Padding(n, DML_PADDING_MODE_CONSTANT, "constant"); });
    add("padding.reflect_hw", [](uint64_t n) { return Padding(n, DML_PADDING_MODE_REFLECTION, "reflect"); });
    add("tile.outer_2", [](uint64_t n) { return Tile(n, 0); });
    add("tile.last_2", [](uint64_t n) { return Tile(n, 1); });
    add("cast.f32_to_f16", [](uint64_t n) { return Cast(n, kFloat32, kFloat16); });
    add("cast.f16_to_f32", [](uint64_t n) { return Cast(n, kFloat16, kFloat32); });
    add("cast.u8_to_f32", [](uint64_t n) { return Cast(n, kUint8, kFloat32); });
    for (const ElementType& t : {kFloat32, kFloat16, kUint8})
        add(std::string("depth_to_space.dcr_2") + t.suffix, [t](uint64_t n) { return DepthSpace(n, true, t); });
    for (const ElementType& t : {kFloat32, kFloat16, kUint8})
        add(std::string("space_to_depth.dcr_2") + t.suffix, [t](uint64_t n) { return DepthSpace(n, false, t); });
    add("gather_elements.last", GatherElements);
    add("gather_nd.rows256", GatherNdRows);
    add("scatter_elements.last", [](uint64_t n) { return Scatter(n, false); });
    add("scatter_nd.rows256", [](uint64_t n) { return Scatter(n, true); });
    add("max_unpooling.2x2", MaxUnpooling);
    add("nonzero_coordinates.all_2d", NonzeroCoordinates);
    add("unfold.3x3_pad1", [](uint64_t n) { return Unfold(n, false); });
    add("unfold.patches_4x4", [](uint64_t n) { return Unfold(n, true); });
    add("fold.3x3_pad1", [](uint64_t n) { return Fold(n, false); });
    add("fold.patches_4x4", [](uint64_t n) { return Fold(n, true); });
    add("one_hot.last_1024", OneHot);
    add("fill.constant", [](uint64_t n) { return Fill(n, false); });
    add("fill.sequence", [](uint64_t n) { return Fill(n, true); });
    add("reverse_subsequences.last", ReverseSubsequences);
    add("slice_grad.middle", SliceGrad);
    for (const ElementType& t : {kFloat32, kFloat16, kUint8})
        add(std::string("diagonal_matrix.ones") + t.suffix, [t](uint64_t n) { return DiagonalMatrix(t, n); });
    return c;
}

}  // namespace vkdml_bench
