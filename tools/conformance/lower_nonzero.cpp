// NonZero -> NONZERO_COORDINATES into a scratch tensor of M rows of `rank` UINT32 coordinates (M = the input's
// elements; its count into a scratch word), then CAST of the first `count` rows, read transposed, to the INT64
// output [rank, count]. That shape depends on the data: the count comes from the input on the host, as the shape
// inference of an engine with static shapes does (one with dynamic shapes reads OutputCountTensor back between the
// two dispatches); the coordinates are the device's. BOOL moves as UINT8 (0 or 1); ±0 are zero for the float types,
// as for DML. NONZERO_COORDINATES has no 64-bit row, so INT64, UINT64 and DOUBLE inputs SKIP, as do ranks 0 and
// above 8 (every coordinate is an output).
#include "lowering.h"

#include <cstring>

namespace conformance {
namespace {

using onnx::TensorProto;

bool IsNonzero(const HostTensor& x, uint64_t i) {
    const uint32_t bytes = x.ElementBytes();
    uint32_t bits = 0;
    std::memcpy(&bits, x.bytes.data() + i * bytes, bytes);
    if (x.onnxType == TensorProto::FLOAT) bits &= 0x7FFFFFFFu;
    if (x.onnxType == TensorProto::FLOAT16) bits &= 0x7FFFu;
    return bits != 0;
}

}  // namespace

void AddNonzeroCoordinates(Plan* plan, DML_TENSOR_DATA_TYPE type, const std::vector<uint32_t>& sizes, uint32_t input,
                           TensorRef rows, const std::string& note) {
    uint32_t elements = 1;
    for (uint32_t s : sizes) elements *= s;
    const uint32_t columns = uint32_t(sizes.size());
    Dispatch* d = plan->Add(DML_OPERATOR_NONZERO_COORDINATES, "NONZERO_COORDINATES");
    const DML_TENSOR_DESC* in = d->Tensor(type, sizes);
    const DML_TENSOR_DESC* count = d->Tensor(DML_TENSOR_DATA_TYPE_UINT32, {1});
    const DML_TENSOR_DESC* coordinates = d->Tensor(DML_TENSOR_DATA_TYPE_UINT32, {elements, columns});
    *d->SetDesc<DML_NONZERO_COORDINATES_OPERATOR_DESC>() = {in, count, coordinates};
    d->BindInput({false, input, 0}, in);
    d->BindOutput(plan->AddScratch(4), count);
    d->BindOutput(rows, coordinates);
    d->text = std::string("NONZERO_COORDINATES ") + DmlTypeName(type) + FormatDims(sizes) + note + " -> " +
              FormatDims({elements, columns}) + " UINT32";
}

LowerStatus LowerNonZero(const NodeContext& c, Plan* plan) {
    const HostTensor* x = c.Input(0);
    if (!x) return LowerStatus::Fail("input 0 is missing");
    const size_t rank = x->shape.size();
    if (rank == 0) return LowerStatus::Skip("NonZero of a scalar: its coordinates have no dimension");
    if (rank > 8) return LowerStatus::Skip("a rank above 8: NONZERO_COORDINATES writes one coordinate per dimension");
    DML_TENSOR_DATA_TYPE type;
    CONFORMANCE_RETURN_IF_NOT_OK(ToDmlType(*x, "input 0", &type));
    if (x->ElementBytes() == 8)
        return LowerStatus::Skip(std::string("NONZERO_COORDINATES has no ") + OnnxTypeName(x->onnxType) + " row");
    uint32_t count = 0;
    for (uint64_t i = 0; i < x->ElementCount(); ++i) count += IsNonzero(*x, i) ? 1 : 0;
    SetOutput(plan, 0, {int64_t(rank), int64_t(count)}, TensorProto::INT64);
    if (count == 0) {
        plan->notes.push_back("output 0 {" + std::to_string(rank) + ", 0} is empty: no dispatch");
        return LowerStatus::Ok();
    }
    std::vector<uint32_t> sizes;
    CONFORMANCE_RETURN_IF_NOT_OK(ToDmlSizes(x->shape, &sizes));
    const uint32_t elements = uint32_t(x->ElementCount()), columns = uint32_t(rank);

    const TensorRef rows = plan->AddScratch(uint64_t(elements) * columns * 4);
    AddNonzeroCoordinates(plan, type, sizes, 0, rows, "");

    Dispatch* cast = plan->Add(DML_OPERATOR_CAST, "CAST");
    const DML_TENSOR_DESC* transposed = cast->Tensor(DML_TENSOR_DATA_TYPE_UINT32, {columns, count}, {1, columns});
    const DML_TENSOR_DESC* out = cast->Tensor(DML_TENSOR_DATA_TYPE_INT64, {columns, count});
    *cast->SetDesc<DML_CAST_OPERATOR_DESC>() = {transposed, out};
    cast->BindInput(rows, transposed);
    cast->BindOutput({true, 0, 0}, out);
    cast->text = "CAST UINT32 -> INT64 of the first " + std::to_string(count) + " rows, transposed";
    return LowerStatus::Ok();
}

}  // namespace conformance
