// vkdml-bench: the case catalog. Shapes are chosen per size so that every case writes exactly `size` bytes of
// output: n = size / 4 FLOAT32 elements (the transposes of 2- and 1-byte elements: 2n FLOAT16, 4n UINT8); the images
// of 3 channels, which 3 does not divide, a little less (their GB/s count the bytes they move).
#include "case_building.h"

#include <algorithm>
#include <cmath>
#include <initializer_list>
#include <numeric>
#include <random>

namespace vkdml_bench {
namespace {

// ---- IDENTITY ----

// ELEMENT_WISE_IDENTITY from `in` to `out`, bound one to one.
void Identity(BuiltCase* c, const DML_TENSOR_DESC* in, const DML_TENSOR_DESC* out) {
    c->SetOp<DML_ELEMENT_WISE_IDENTITY_OPERATOR_DESC>(DML_OPERATOR_ELEMENT_WISE_IDENTITY) = {in, out, nullptr};
    OneToOne(c, in, out);
}

// n: FLOAT32 elements of the size; as many bytes of `t` elements. With --no-transfer, the 1- and 2-byte cases show
// that packed sub-word runs go as words (copy_words), not element by element.
std::unique_ptr<BuiltCase> IdentityContiguousOf(const ElementType& t, uint64_t n) {
    auto c = Start(std::string("identity.contiguous") + t.suffix, TargetClass::ContiguousRuns);
    Factors hw = Factor(n * 4 / t.bytes / 64, 2);
    std::vector<UINT> sizes = {2, 32, hw[0], hw[1]};
    auto in = c->AddTensor(sizes, {}, t.type), out = c->AddTensor(sizes, {}, t.type);
    Identity(c.get(), in, out);
    c->bytesRead = c->bytesWritten = n * 4;
    c->layout = "NCHW " + Dims(sizes) + TypeNote(t) + " packed -> same";
    return c;
}

// n: FLOAT32 elements of the size; as many bytes of `t` elements.
std::unique_ptr<BuiltCase> IdentityNchwToNhwcOf(const ElementType& t, uint64_t n) {
    auto c = Start(std::string("identity.nchw_to_nhwc") + t.suffix, TargetClass::Other);
    c->numpyTarget = true;
    const UINT N = 2, C = 32;
    const uint64_t elements = n * 4 / t.bytes;
    Factors hw = Factor(elements / (N * C), 2);
    const UINT H = hw[0], W = hw[1];
    // The output is packed NHWC; the input reads NCHW memory through permuted strides.
    auto in = c->AddTensor({N, H, W, C}, {C * H * W, W, 1, H * W}, t.type);
    auto out = c->AddTensor({N, H, W, C}, {}, t.type);
    Identity(c.get(), in, out);
    c->bytesRead = c->bytesWritten = n * 4;
    c->layout = "NCHW " + Dims({N, C, H, W}) + TypeNote(t) + " -> NHWC (input strides)";
    c->numpySpec = "{\"shape\":" + Dims({N, C, H, W}) + ",\"transpose\":[0,2,3,1],\"dtype\":\"" + t.numpy + "\"}";
    return c;
}

std::unique_ptr<BuiltCase> IdentityNchwToNhwc(uint64_t n) { return IdentityNchwToNhwcOf(kFloat32, n); }

// NCHW -> NHWC of 7 x 7 feature maps of 512 channels (a CNN's last ones): each plane starts at another element of a
// quad. N: as many maps as fit the size.
std::unique_ptr<BuiltCase> IdentitySmallMapsOf(const ElementType& t, uint64_t n) {
    auto c = Start(std::string("identity.nchw7x7_to_nhwc") + t.suffix, TargetClass::Other);
    c->numpyTarget = true;
    const UINT C = 512, H = 7, W = 7, N = std::max<UINT>(UINT(n * 4 / t.bytes / (C * H * W)), 1u);
    auto in = c->AddTensor({N, H, W, C}, {C * H * W, W, 1, H * W}, t.type);
    auto out = c->AddTensor({N, H, W, C}, {}, t.type);
    Identity(c.get(), in, out);
    c->bytesRead = c->bytesWritten = uint64_t(N) * C * H * W * t.bytes;
    c->layout = "NCHW " + Dims({N, C, H, W}) + TypeNote(t) + " -> NHWC (input strides)";
    c->numpySpec = "{\"shape\":" + Dims({N, C, H, W}) + ",\"transpose\":[0,2,3,1],\"dtype\":\"" + t.numpy + "\"}";
    return c;
}

// A matrix transpose whose sides are not multiples of a quad's elements: [W, H] -> [H, W], W = 1001 (7 x 11 x 13) and
// H the rest of the size, odd (a vocabulary or sequence length rarely is a multiple of 16).
std::unique_ptr<BuiltCase> IdentityTransposeOddOf(const ElementType& t, uint64_t n) {
    auto c = Start(std::string("identity.transpose_odd") + t.suffix, TargetClass::Other);
    c->numpyTarget = true;
    const UINT W = 1001, H = (UINT(n * 4 / t.bytes / W) - 1u) | 1u;   // the largest odd H that fits
    auto in = c->AddTensor({H, W}, {1, H}, t.type);
    auto out = c->AddTensor({H, W}, {}, t.type);
    Identity(c.get(), in, out);
    c->bytesRead = c->bytesWritten = uint64_t(H) * W * t.bytes;
    c->layout = Dims({W, H}) + TypeNote(t) + " -> transposed (input strides)";
    c->numpySpec = "{\"shape\":" + Dims({W, H}) + ",\"transpose\":[1,0],\"dtype\":\"" + t.numpy + "\"}";
    return c;
}

// Images of `channels` channels (3: RGB, 4: RGBA): NCHW planes -> NHWC pixels (`toPixels`: planes interleaved) or
// back (decoded pixels into a model's planes). The output is packed; the input reads the other layout's memory through
// permuted strides. 3 does not divide the size, so those cases write a little less: H x W a multiple of 64 elements,
// N = 2.
std::unique_ptr<BuiltCase> IdentityImagesOf(const ElementType& t, uint64_t n, UINT channels, bool toPixels) {
    const std::string k = std::to_string(channels);
    auto c = Start((toPixels ? "identity.nchw" + k + "_to_nhwc" : "identity.nhwc" + k + "_to_nchw") + t.suffix,
                   TargetClass::Other);
    c->numpyTarget = true;
    const UINT N = 2, C = channels;
    Factors hw = Factor(n * 4 / t.bytes / (N * C) / 64 * 64, 2);
    const UINT H = hw[0], W = hw[1];
    const std::vector<UINT> planes = {N, C, H, W}, pixels = {N, H, W, C};
    auto in = toPixels ? c->AddTensor(pixels, {C * H * W, W, 1, H * W}, t.type)
                       : c->AddTensor(planes, {H * W * C, 1, W * C, C}, t.type);
    auto out = c->AddTensor(toPixels ? pixels : planes, {}, t.type);
    Identity(c.get(), in, out);
    c->bytesRead = c->bytesWritten = uint64_t(N) * C * H * W * t.bytes;
    c->layout = toPixels ? "NCHW " + Dims(planes) + TypeNote(t) + " -> NHWC (input strides)"
                         : "NHWC " + Dims(pixels) + TypeNote(t) + " -> NCHW (input strides)";
    c->numpySpec = "{\"shape\":" + Dims(toPixels ? planes : pixels) + ",\"transpose\":" +
                   (toPixels ? "[0,2,3,1]" : "[0,3,1,2]") + ",\"dtype\":\"" + t.numpy + "\"}";
    return c;
}

template <UINT kChannels>
std::unique_ptr<BuiltCase> IdentityPlanesToPixelsOf(const ElementType& t, uint64_t n) {
    return IdentityImagesOf(t, n, kChannels, true);
}
template <UINT kChannels>
std::unique_ptr<BuiltCase> IdentityPixelsToPlanesOf(const ElementType& t, uint64_t n) {
    return IdentityImagesOf(t, n, kChannels, false);
}

// One RGB image whose planes are odd-sized (S x S, S odd: a photo's size rarely is a multiple of 16): NCHW planes ->
// NHWC pixels, each plane starting at another element of a quad. S: the largest odd side that fits the size.
std::unique_ptr<BuiltCase> IdentityOddImageOf(const ElementType& t, uint64_t n) {
    auto c = Start(std::string("identity.nchw3_odd_to_nhwc") + t.suffix, TargetClass::Other);
    c->numpyTarget = true;
    const UINT C = 3, S = (UINT(std::sqrt(double(n * 4 / t.bytes / C))) - 1u) | 1u;
    auto in = c->AddTensor({1, S, S, C}, {C * S * S, S, 1, S * S}, t.type);
    auto out = c->AddTensor({1, S, S, C}, {}, t.type);
    Identity(c.get(), in, out);
    c->bytesRead = c->bytesWritten = uint64_t(C) * S * S * t.bytes;
    c->layout = "NCHW " + Dims({1, C, S, S}) + TypeNote(t) + " -> NHWC (input strides)";
    c->numpySpec = "{\"shape\":" + Dims({1, C, S, S}) + ",\"transpose\":[0,2,3,1],\"dtype\":\"" + t.numpy + "\"}";
    return c;
}

std::unique_ptr<BuiltCase> IdentityReverse(uint64_t n) {
    auto c = Start("identity.reverse_3210", TargetClass::Other);
    c->numpyTarget = true;
    Factors f = Factor(n, 4);
    const UINT a = f[0], b = f[1], cc = f[2], d = f[3];
    auto in = c->AddTensor({d, cc, b, a}, {1, d, cc * d, b * cc * d});
    auto out = c->AddTensor({d, cc, b, a});
    Identity(c.get(), in, out);
    c->bytesRead = c->bytesWritten = n * 4;
    c->layout = Dims({a, b, cc, d}) + " -> permutation (3,2,1,0)";
    c->numpySpec = "{\"shape\":" + Dims({a, b, cc, d}) + ",\"transpose\":[3,2,1,0]}";
    return c;
}

// A per-channel value expanded over each channel's plane (NCHW [2, 32, 1] -> [2, 32, H x W]: a bias or scale made
// dense): the input does not move along the output's rows. n: FLOAT32 elements of the size; as many bytes of `t`.
std::unique_ptr<BuiltCase> IdentityBroadcastLastOf(const ElementType& t, uint64_t n) {
    auto c = Start(std::string("identity.broadcast_last") + t.suffix, TargetClass::Other);
    const UINT N = 2, C = 32, plane = UINT(n * 4 / t.bytes / (N * C));
    auto in = c->AddTensor({N, C, plane}, {C, 1, 0}, t.type);
    auto out = c->AddTensor({N, C, plane}, {}, t.type);
    Identity(c.get(), in, out);
    c->bytesRead = uint64_t(N) * C * t.bytes;
    c->bytesWritten = n * 4;
    c->layout = Dims({N, C, 1}) + TypeNote(t) + " -> " + Dims({N, C, plane}) + " (input stride 0)";
    return c;
}

// ---- SLICE1 ----

std::unique_ptr<BuiltCase> Slice1(const std::string& name, TargetClass targetClass, std::vector<UINT> inSizes,
                                  std::vector<UINT> offsets, std::vector<UINT> window, std::vector<INT> strides,
                                  std::vector<UINT> outSizes, const ElementType& t = kFloat32) {
    auto c = Start(name, targetClass);
    auto in = c->AddTensor(inSizes, {}, t.type), out = c->AddTensor(outSizes, {}, t.type);
    c->SetOp<DML_SLICE1_OPERATOR_DESC>(DML_OPERATOR_SLICE1) = {
        in, out, UINT(inSizes.size()), c->Keep(offsets), c->Keep(window), c->Keep(strides)};
    OneToOne(c.get(), in, out);
    c->bytesRead = c->bytesWritten = c->Bytes(out);
    return c;
}

std::unique_ptr<BuiltCase> Slice1Rows(uint64_t n) {
    const UINT R = UINT(n / 1024);
    auto c = Slice1("slice1.rows", TargetClass::ContiguousRuns, {2 * R, 1024}, {R / 2, 0}, {R, 1024}, {1, 1},
                    {R, 1024});
    c->layout = Dims({2 * R, 1024}) + " rows [" + std::to_string(R / 2) + ", " + std::to_string(R / 2 + R) + ")";
    return c;
}

// A byte run 3 bytes into the input: every output word straddles two input words (copy_words' shifted path with
// --no-transfer).
std::unique_ptr<BuiltCase> Slice1ShiftedBytes(uint64_t n) {
    const UINT bytes = UINT(n * 4);
    auto c = Slice1("slice1.shifted_u8", TargetClass::ContiguousRuns, {bytes + 3}, {3}, {bytes}, {1}, {bytes},
                    kUint8);
    c->layout = Dims({bytes + 3}) + " UINT8 [3:]";
    return c;
}

// Rows of 4 KiB less their first element (the runs, below the transfer threshold, start one element in): FLOAT16
// rows start at every other byte of a word (copy_words' rows of byte runs), INT64 ones at either half of a quad
// (launch_main's row quads, the elements counted as words).
std::unique_ptr<BuiltCase> Slice1OddRowsOf(const ElementType& t, uint64_t n) {
    const UINT R = UINT(n / 1024), W = 4096 / t.bytes;
    auto c = Slice1(std::string("slice1.odd_rows") + t.suffix, TargetClass::Other, {R, W}, {0, 1}, {R, W - 1}, {1, 1},
                    {R, W - 1}, t);
    c->layout = Dims({R, W}) + TypeNote(t) + " [:, 1:]";
    return c;
}

// Every `step`-th element of rows whose output is 4 KiB. n: FLOAT32 elements of the size; as many bytes of `t`
// elements. The input (step x the output) fills at most the bench's source buffer of 2 x the size: beyond step 2 the
// output is smaller than the size.
std::unique_ptr<BuiltCase> Slice1StepOf(UINT step, const ElementType& t, uint64_t n) {
    const UINT R = UINT(n / 1024 * 2 / std::max(step, 2u)), W = step * 4096 / t.bytes;
    const std::string s = std::to_string(step);
    auto c = Slice1("slice1.step" + s + "_last" + t.suffix, TargetClass::Other, {R, W}, {0, 0}, {R, W},
                    {1, INT(step)}, {R, W / step}, t);
    c->numpyTarget = true;
    c->layout = Dims({R, W}) + TypeNote(t) + " [:, ::" + s + "]";
    c->numpySpec = "{\"shape\":" + Dims({R, W}) + ",\"slice\":[[null,null,null],[null,null," + s +
                   "]],\"dtype\":\"" + t.numpy + "\"}";
    return c;
}

std::unique_ptr<BuiltCase> Slice1Step2Of(const ElementType& t, uint64_t n) { return Slice1StepOf(2, t, n); }
std::unique_ptr<BuiltCase> Slice1Step4Of(const ElementType& t, uint64_t n) { return Slice1StepOf(4, t, n); }

std::unique_ptr<BuiltCase> Slice1Step2(uint64_t n) { return Slice1Step2Of(kFloat32, n); }

std::unique_ptr<BuiltCase> Slice1Negative(uint64_t n) {
    const UINT R = UINT(n / 1024);
    auto c = Slice1("slice1.negative_last", TargetClass::Other, {R, 1024}, {0, 0}, {R, 1024}, {1, -1}, {R, 1024});
    c->numpyTarget = true;
    c->layout = Dims({R, 1024}) + " [:, ::-1]";
    c->numpySpec = "{\"shape\":" + Dims({R, 1024}) + ",\"slice\":[[null,null,null],[null,null,-1]]}";
    return c;
}

// ---- GATHER (UINT32 indices, a fixed random permutation of the axis) ----

std::unique_ptr<BuiltCase> Gather(const std::string& name, UINT rows, UINT cols, UINT axis,
                                  const ElementType& t = kFloat32) {
    auto c = Start(name, TargetClass::Other);
    const UINT axisSize = axis == 0 ? rows : cols;
    auto in = c->AddTensor({rows, cols}, {}, t.type);
    auto idx = c->AddTensor({1, axisSize}, {}, DML_TENSOR_DATA_TYPE_UINT32);
    auto out = c->AddTensor({rows, cols}, {}, t.type);
    c->SetOp<DML_GATHER_OPERATOR_DESC>(DML_OPERATOR_GATHER) = {in, idx, out, axis, 1};
    c->indices = Permutation(axisSize, 7);
    c->inputs.push_back({WorkBuffer::Source, 0, c->Bytes(in)});
    c->inputs.push_back({WorkBuffer::Indices, 0, c->Bytes(idx)});
    c->outputs.push_back({WorkBuffer::Destination, 0, c->Bytes(out)});
    c->bytesWritten = c->Bytes(out);
    c->bytesRead = c->Bytes(out) + c->Bytes(idx);
    c->numpySpec = "{\"shape\":" + Dims({rows, cols}) + ",\"take_axis\":" + std::to_string(axis) +
                   ",\"dtype\":\"" + t.numpy + "\"}";
    return c;
}

// Rows of 256 elements (an embedding table's lookup); n: FLOAT32 elements of the size, as many bytes of `t`.
std::unique_ptr<BuiltCase> GatherRowsOf(const ElementType& t, uint64_t n) {
    const UINT R = UINT(n * 4 / t.bytes / 256);
    auto c = Gather(std::string("gather.rows256") + t.suffix, R, 256, 0, t);
    c->layout = Dims({R, 256}) + TypeNote(t) + " axis 0, " + std::to_string(R) + " row indices";
    return c;
}

std::unique_ptr<BuiltCase> GatherRows(uint64_t n) { return GatherRowsOf(kFloat32, n); }

std::unique_ptr<BuiltCase> GatherScalarsOf(const ElementType& t, uint64_t n) {
    const UINT R = UINT(n * 4 / t.bytes / 1024);
    auto c = Gather(std::string("gather.scalars_last") + t.suffix, R, 1024, 1, t);
    c->layout = Dims({R, 1024}) + TypeNote(t) + " axis 1, 1024 indices";
    return c;
}

// ---- SPLIT / JOIN of [R, 1024] into N equal parts along axis 0 (outer) or 1 (last) ----

std::vector<UINT> PartSizes(UINT R, UINT parts, UINT axis) {
    return axis == 0 ? std::vector<UINT>{R / parts, 1024} : std::vector<UINT>{R, 1024 / parts};
}

std::unique_ptr<BuiltCase> Split(uint64_t n, UINT parts, UINT axis) {
    const UINT R = UINT(n / 1024);
    auto c = Start("split." + std::string(axis == 0 ? "outer_" : "last_") + std::to_string(parts),
                   axis == 0 ? TargetClass::ContiguousRuns : TargetClass::Other);
    c->oneLaunchTarget = true;
    c->parts = parts;
    auto in = c->AddTensor({R, 1024});
    std::vector<const DML_TENSOR_DESC*> outs;
    for (UINT j = 0; j < parts; ++j) outs.push_back(c->AddTensor(PartSizes(R, parts, axis)));
    std::vector<DML_TENSOR_DESC> outDescs;
    for (auto* t : outs) outDescs.push_back(*t);
    c->SetOp<DML_SPLIT_OPERATOR_DESC>(DML_OPERATOR_SPLIT) = {in, parts, c->Keep(outDescs), axis};
    c->inputs.push_back({WorkBuffer::Source, 0, c->Bytes(in)});
    uint64_t offset = 0;
    for (auto* t : outs) {
        c->outputs.push_back({WorkBuffer::Destination, offset, c->Bytes(t)});
        offset += c->Bytes(t);
    }
    c->bytesRead = c->bytesWritten = n * 4;
    c->layout = Dims({R, 1024}) + " -> " + std::to_string(parts) + " x " + Dims(PartSizes(R, parts, axis));
    return c;
}

std::unique_ptr<BuiltCase> Join(uint64_t n, UINT parts, UINT axis) {
    const UINT R = UINT(n / 1024);
    auto c = Start("join." + std::string(axis == 0 ? "outer_" : "last_") + std::to_string(parts),
                   axis == 0 ? TargetClass::ContiguousRuns : TargetClass::Other);
    c->oneLaunchTarget = true;
    c->parts = parts;
    std::vector<const DML_TENSOR_DESC*> ins;
    for (UINT j = 0; j < parts; ++j) ins.push_back(c->AddTensor(PartSizes(R, parts, axis)));
    auto out = c->AddTensor({R, 1024});
    std::vector<DML_TENSOR_DESC> inDescs;
    for (auto* t : ins) inDescs.push_back(*t);
    c->SetOp<DML_JOIN_OPERATOR_DESC>(DML_OPERATOR_JOIN) = {parts, c->Keep(inDescs), out, axis};
    uint64_t offset = 0;
    for (auto* t : ins) {
        c->inputs.push_back({WorkBuffer::Source, offset, c->Bytes(t)});
        offset += c->Bytes(t);
    }
    c->outputs.push_back({WorkBuffer::Destination, 0, c->Bytes(out)});
    c->bytesRead = c->bytesWritten = n * 4;
    c->layout = std::to_string(parts) + " x " + Dims(PartSizes(R, parts, axis)) + " -> " + Dims({R, 1024});
    return c;
}

}  // namespace

const DML_TENSOR_DESC* BuiltCase::AddTensor(std::vector<UINT> sizes, std::vector<UINT> strides,
                                            DML_TENSOR_DATA_TYPE type) {
    Tensor& t = tensors.emplace_back();
    t.sizes = std::move(sizes);
    t.strides = std::move(strides);
    const UINT rank = UINT(t.sizes.size());
    const UINT* s = t.strides.empty() ? nullptr : t.strides.data();
    t.buffer = {type, DML_TENSOR_FLAG_NONE, rank, t.sizes.data(), s,
                vkdmlCalcBufferTensorSize(type, rank, t.sizes.data(), s), 0};
    t.desc = {DML_TENSOR_TYPE_BUFFER, &t.buffer};
    return &t.desc;
}

uint64_t BuiltCase::Bytes(const DML_TENSOR_DESC* t) const {
    return static_cast<const DML_BUFFER_TENSOR_DESC*>(t->Desc)->TotalTensorSizeInBytes;
}

const std::vector<CaseSpec>& Catalog() {
    static const std::vector<CaseSpec> catalog = [] {
        std::vector<CaseSpec> c;
        auto add = [&](const std::string& name, std::function<std::unique_ptr<BuiltCase>(uint64_t)> f) {
            c.push_back(SizedCase(name, std::move(f)));
        };
        // One case per element type: the name gets the type's suffix.
        using TypedCase = std::unique_ptr<BuiltCase> (*)(const ElementType&, uint64_t);
        auto addTyped = [&](const std::string& name, std::initializer_list<ElementType> types, TypedCase f) {
            for (const ElementType& t : types) add(name + t.suffix, [t, f](uint64_t n) { return f(t, n); });
        };
        addTyped("identity.contiguous", {kFloat32, kFloat16, kUint8}, IdentityContiguousOf);
        addTyped("identity.nchw_to_nhwc", {kFloat32, kFloat16, kUint8}, IdentityNchwToNhwcOf);
        addTyped("identity.nchw7x7_to_nhwc", {kFloat32, kFloat16, kUint8}, IdentitySmallMapsOf);
        addTyped("identity.transpose_odd", {kFloat32, kFloat16, kUint8}, IdentityTransposeOddOf);
        addTyped("identity.nchw3_to_nhwc", {kFloat32, kFloat16, kUint8}, IdentityPlanesToPixelsOf<3>);
        addTyped("identity.nhwc3_to_nchw", {kFloat32, kFloat16, kUint8}, IdentityPixelsToPlanesOf<3>);
        addTyped("identity.nchw3_odd_to_nhwc", {kFloat32, kFloat16, kUint8}, IdentityOddImageOf);
        addTyped("identity.nchw4_to_nhwc", {kFloat16, kUint8}, IdentityPlanesToPixelsOf<4>);
        addTyped("identity.nhwc4_to_nchw", {kFloat16, kUint8}, IdentityPixelsToPlanesOf<4>);
        add("identity.reverse_3210", IdentityReverse);
        addTyped("identity.broadcast_last", {kFloat32, kFloat16, kUint8, kInt64}, IdentityBroadcastLastOf);
        add("slice1.rows", Slice1Rows);
        add("slice1.shifted_u8", Slice1ShiftedBytes);
        addTyped("slice1.odd_rows", {kFloat16, kInt64}, Slice1OddRowsOf);
        addTyped("slice1.step2_last", {kFloat32, kFloat16, kUint8}, Slice1Step2Of);
        addTyped("slice1.step4_last", {kFloat16, kUint8}, Slice1Step4Of);
        add("slice1.negative_last", Slice1Negative);
        addTyped("gather.rows256", {kFloat32, kFloat16}, GatherRowsOf);
        addTyped("gather.scalars_last", {kFloat32, kFloat16}, GatherScalarsOf);
        for (UINT axis : {0u, 1u})
            for (UINT parts : {2u, 8u}) {
                std::string suffix = std::string(axis == 0 ? "outer_" : "last_") + std::to_string(parts);
                add("split." + suffix, [=](uint64_t n) { return Split(n, parts, axis); });
            }
        for (UINT axis : {0u, 1u})
            for (UINT parts : {2u, 8u}) {
                std::string suffix = std::string(axis == 0 ? "outer_" : "last_") + std::to_string(parts);
                add("join." + suffix, [=](uint64_t n) { return Join(n, parts, axis); });
            }
        for (CaseSpec& spec : OperatorCases()) c.push_back(std::move(spec));
        return c;
    }();
    return catalog;
}

const std::vector<CompilePair>& CompilePairs() {
    // 16 KiB operators: the kernels matter here, not the data. Both operators of a pair lower to the named kernel
    // with the same specialization (4-byte elements; for the gathers, whole rows of quads, gather_rows.comp), so the
    // second one finds its pipeline made.
    static const std::vector<CompilePair> pairs = {
        {"strided_copy", [] { return Slice1Step2(4096); }, [] { return Slice1Negative(4096); }},
        {"transpose_quads", [] { return IdentityNchwToNhwc(4096); }, [] { return IdentityReverse(4096); }},
        {"gather_rows", [] { return GatherRows(4096); }, [] { return GatherNdRows(4096); }},
    };
    return pairs;
}

std::unique_ptr<BuiltCase> TinyIdentity() {
    auto c = Start("identity.tiny", TargetClass::Other);
    auto in = c->AddTensor({4}), out = c->AddTensor({4});
    Identity(c.get(), in, out);
    c->bytesRead = c->bytesWritten = 16;
    c->layout = "[4] fp32 packed";
    return c;
}

std::unique_ptr<BuiltCase> SmallSplit8() { return Split(8192, 8, 1); }

}  // namespace vkdml_bench
