// Col2Im (opset 18) -> FOLD. ONNX's input [N, C x prod(block_shape), L] holds, for each channel and window position
// k and block b, a value of the image [N, C, image_shape...] at b_d x strides[d] + k_d x dilations[d] - pads[d] along
// each spatial dimension d; overlapping values are summed, values landing in the padding dropped. That is exactly
// DML's FOLD with WindowSizes = block_shape, Strides, Dilations, StartPadding = pads[:D], EndPadding = pads[D:]; the
// sum is ONNX's reference's (zeros, then one add per window position, k ascending, in the data type), which is
// vkdml's. image_shape and block_shape are inputs: read on the host, as an engine with static shapes does (Reshape's
// shape, Tile's repeats). What FOLD's UINT fields cannot hold SKIPs: more than 6 spatial dimensions, a block size,
// stride or dilation below 1, negative pads or image sizes. L = 0 (the window spans more than the padded image: no
// block) gives an image of zeros, which FOLD cannot express (its validator wants a block): FILL_VALUE_CONSTANT 0.
// BOOL moves as UINT8, where FOLD adds: the reference's numpy `+=` ORs BOOL values, the same unless two true values
// land on one element (then SKIP). FLOAT64: the runtime answers VKDML_ERROR_UNSUPPORTED (no exact 64-bit add).
#include "lowering.h"

namespace conformance {
namespace {

using onnx::TensorProto;

constexpr size_t kMaxSpatialDimensions = 6;   // FOLD's DimensionCount: [1, 6]

// The attributes and image_shape / block_shape, checked against ONNX's rules (Fail) and FOLD's fields (Skip).
struct Windows {
    std::vector<int64_t> image, block, strides, dilations, pads;   // pads: [begin_0.., end_0..]
    std::vector<int64_t> blocks;                                    // blocks per spatial dimension (0: none fits)
    int64_t positions = 1;                                          // prod(block_shape)
};

LowerStatus ReadWindows(const NodeContext& c, Windows* w) {
    CONFORMANCE_RETURN_IF_NOT_OK(ReadConstantInts(c, 1, "image_shape", &w->image));
    CONFORMANCE_RETURN_IF_NOT_OK(ReadConstantInts(c, 2, "block_shape", &w->block));
    const size_t spatial = w->image.size();
    if (spatial == 0) return LowerStatus::Fail("image_shape is empty; Col2Im needs at least one spatial dimension");
    if (w->block.size() != spatial)
        return LowerStatus::Fail("block_shape " + FormatShape(w->block) + " and image_shape " + FormatShape(w->image) +
                                 " differ in length");
    w->strides.assign(spatial, 1);
    w->dilations.assign(spatial, 1);
    w->pads.assign(2 * spatial, 0);
    const struct {
        const char* name;
        std::vector<int64_t>* values;
        size_t count;
    } attributes[] = {{"strides", &w->strides, spatial}, {"dilations", &w->dilations, spatial},
                      {"pads", &w->pads, 2 * spatial}};
    for (const auto& a : attributes)
        if (c.IntsAttribute(a.name, a.values) && a.values->size() != a.count)
            return LowerStatus::Fail(std::string(a.name) + " must hold " + std::to_string(a.count) + " values");
    if (spatial > kMaxSpatialDimensions)
        return LowerStatus::Skip(std::to_string(spatial) + " spatial dimensions; DML FOLD takes at most " +
                                 std::to_string(kMaxSpatialDimensions));
    // FOLD's fields are UINT: window sizes, strides and dilations at least 1, pads and image sizes not negative.
    const struct {
        const char* name;
        const std::vector<int64_t>* values;
        int64_t least;
    } fields[] = {{"block_shape", &w->block, 1}, {"strides", &w->strides, 1}, {"dilations", &w->dilations, 1},
                  {"pads", &w->pads, 0}, {"image_shape", &w->image, 0}};
    for (const auto& f : fields)
        for (int64_t v : *f.values) {
            if (v < f.least)
                return LowerStatus::Skip(std::string(f.name) + " " + FormatShape(*f.values) + " holds " +
                                         std::to_string(v) + "; DML FOLD takes values of at least " +
                                         std::to_string(f.least));
            if (v > int64_t(UINT32_MAX))
                return LowerStatus::Skip(std::string(f.name) + " " + FormatShape(*f.values) + " holds " +
                                         std::to_string(v) + ", which exceeds UINT32");
        }
    for (size_t d = 0; d < spatial; ++d) {
        // ONNX's reference: (image + pads - dilation x (block - 1) - 1) // stride + 1, none when that is below 1.
        // Every value is below 2^32: the padded size and the span fit in 64 bits.
        const uint64_t padded = uint64_t(w->image[d]) + uint64_t(w->pads[d]) + uint64_t(w->pads[spatial + d]);
        const uint64_t span = uint64_t(w->dilations[d]) * uint64_t(w->block[d] - 1) + 1;
        w->blocks.push_back(padded < span ? 0 : int64_t((padded - span) / uint64_t(w->strides[d]) + 1));
        w->positions = w->positions > INT64_MAX / w->block[d] ? INT64_MAX : w->positions * w->block[d];
    }
    return LowerStatus::Ok();
}

// BOOL: FOLD adds UINT8 values, numpy's `+=` ORs BOOL ones; they agree unless two true values land on one element.
LowerStatus CheckBoolSums(const HostTensor& x, const Windows& w, const std::vector<int64_t>& shape) {
    const size_t spatial = w.image.size();
    const int64_t n = x.shape[0], k = w.positions, l = x.shape[2], channels = x.shape[1] / k;
    const uint64_t image = ElementCount(w.image);
    std::vector<uint8_t> landed(ElementCount(shape), 0);
    std::vector<int64_t> at(spatial);
    for (int64_t position = 0; position < k; ++position)
        for (int64_t block = 0; block < l; ++block) {
            // The image element window position `position` of block `block` lands on, or none (in the padding).
            int64_t p = position, b = block, flat = 0;
            bool inside = true;
            for (size_t d = spatial; d-- > 0;) {
                const int64_t pd = p % w.block[d], bd = b % w.blocks[d];
                p /= w.block[d], b /= w.blocks[d];
                at[d] = bd * w.strides[d] + pd * w.dilations[d] - w.pads[d];
                inside = inside && at[d] >= 0 && at[d] < w.image[d];
            }
            if (!inside) continue;
            for (size_t d = 0; d < spatial; ++d) flat = flat * w.image[d] + at[d];
            for (int64_t i = 0; i < n * channels; ++i) {
                if (!x.bytes[uint64_t(((i / channels) * x.shape[1] + (i % channels) * k + position) * l + block)])
                    continue;
                uint8_t& seen = landed[uint64_t(i) * image + uint64_t(flat)];
                if (seen)
                    return LowerStatus::Skip("two true BOOL values land on one element; ONNX's reference ORs them, "
                                             "DML FOLD (BOOL as UINT8) would add them to 2");
                seen = 1;
            }
        }
    return LowerStatus::Ok();
}

std::vector<uint32_t> Uints(const std::vector<int64_t>& values) {
    std::vector<uint32_t> u;
    for (int64_t v : values) u.push_back(uint32_t(v));   // checked: in [0, UINT32_MAX]
    return u;
}

}  // namespace

LowerStatus LowerCol2Im(const NodeContext& c, Plan* plan) {
    const HostTensor* x = c.Input(0);
    if (!x || !c.Input(1) || !c.Input(2))
        return LowerStatus::Fail("Col2Im needs inputs 0 (input), 1 (image_shape) and 2 (block_shape)");
    if (x->shape.size() != 3)
        return LowerStatus::Fail("input has shape " + FormatShape(x->shape) +
                                 "; [N, C x prod(block_shape), L] expected");
    Windows w;
    CONFORMANCE_RETURN_IF_NOT_OK(ReadWindows(c, &w));
    const size_t spatial = w.image.size();
    if (x->shape[1] % w.positions != 0)
        return LowerStatus::Fail("input's dimension 1 (" + std::to_string(x->shape[1]) +
                                 ") is not a multiple of prod(block_shape) = " + std::to_string(w.positions));
    uint64_t blockCount = 1;   // saturated: an overflowing product matches no L
    for (int64_t b : w.blocks)
        blockCount = b == 0 ? 0 : blockCount > UINT64_MAX / uint64_t(b) ? UINT64_MAX : blockCount * uint64_t(b);
    if (uint64_t(x->shape[2]) != blockCount)
        return LowerStatus::Fail("input has L = " + std::to_string(x->shape[2]) + "; the windows give " +
                                 FormatShape(w.blocks) + " = " + std::to_string(blockCount) + " blocks");
    DML_TENSOR_DATA_TYPE type;
    CONFORMANCE_RETURN_IF_NOT_OK(ToDmlType(*x, "input", &type));

    std::vector<int64_t> shape = {x->shape[0], x->shape[1] / w.positions};
    shape.insert(shape.end(), w.image.begin(), w.image.end());
    SetOutput(plan, 0, shape, x->onnxType);
    if (ElementCount(shape) == 0) {
        plan->notes.push_back("output 0 " + FormatShape(shape) + " is empty: no dispatch");
        return LowerStatus::Ok();
    }
    if (blockCount == 0)   // the window spans more than the padded image along some dimension: nothing lands
        return AddFillConstant(plan, type, DML_SCALAR_UNION{}, shape, {true, 0, 0},
                               "no block: the window spans more than the padded image " + FormatShape(w.blocks));
    if (x->onnxType == TensorProto::BOOL) CONFORMANCE_RETURN_IF_NOT_OK(CheckBoolSums(*x, w, shape));

    std::vector<uint32_t> inSizes, outSizes;
    CONFORMANCE_RETURN_IF_NOT_OK(ToDmlSizes(x->shape, &inSizes));
    CONFORMANCE_RETURN_IF_NOT_OK(ToDmlSizes(shape, &outSizes));
    const std::vector<uint32_t> windowSizes = Uints(w.block), strides = Uints(w.strides),
                                dilations = Uints(w.dilations), pads = Uints(w.pads),
                                start(pads.begin(), pads.begin() + spatial), end(pads.begin() + spatial, pads.end());
    Dispatch* d = plan->Add(DML_OPERATOR_FOLD, "FOLD");
    const DML_TENSOR_DESC* in = d->Tensor(type, inSizes);
    const DML_TENSOR_DESC* out = d->Tensor(type, outSizes);
    *d->SetDesc<DML_FOLD_OPERATOR_DESC>() = {in,
                                             out,
                                             uint32_t(spatial),
                                             d->Uints(windowSizes),
                                             d->Uints(strides),
                                             d->Uints(dilations),
                                             d->Uints(start),
                                             d->Uints(end)};
    d->BindInput({false, 0, 0}, in);
    d->BindOutput({true, 0, 0}, out);
    d->text = std::string("FOLD ") + DmlTypeName(type) + " in " + FormatDims(inSizes) + " out " +
              FormatDims(outSizes) + " WindowSizes " + FormatDims(windowSizes) + " Strides " + FormatDims(strides) +
              " Dilations " + FormatDims(dilations) + " StartPadding " + FormatDims(start) + " EndPadding " +
              FormatDims(end) + (x->onnxType == TensorProto::BOOL ? " (BOOL as UINT8)" : "");
    return LowerStatus::Ok();
}

}  // namespace conformance
