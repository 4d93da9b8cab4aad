// Dropout at inference -> ELEMENT_WISE_IDENTITY (the output is the data), and its optional mask -> FILL_VALUE_CONSTANT
// (every element kept: BOOL true, bound as UINT8 1), as an engine's DirectML backend runs it. Training mode (opset
// 12+ `training_mode` input true; opset < 7 `is_test` 0) drops random elements: it SKIPs, unless the ratio is 0,
// where it keeps every element too.
#include "lowering.h"

namespace conformance {
namespace {

// Whether a floating-point scalar (any float type) is zero, either sign: every bit but the sign bit clear.
bool IsZeroScalar(const HostTensor& t) {
    for (size_t i = 0; i < t.bytes.size(); ++i)
        if ((t.bytes[i] & (i + 1 == t.bytes.size() ? 0x7F : 0xFF)) != 0) return false;
    return true;
}

LowerStatus TrainingWithDrops(const NodeContext& c, bool* drops) {
    *drops = false;
    if (c.opset < 7) {
        const onnx::AttributeProto* ratio = c.Attribute("ratio");   // absent: 0.5
        *drops = c.IntAttribute("is_test", 0) == 0 && (!ratio || ratio->f() != 0.0f);
        return LowerStatus::Ok();
    }
    const HostTensor* training = c.opset >= 12 ? c.Input(2) : nullptr;
    if (!training) return LowerStatus::Ok();
    if (training->ElementCount() != 1) return LowerStatus::Fail("training_mode is not a scalar");
    const HostTensor* ratio = c.Input(1);   // absent: 0.5
    *drops = training->bytes[0] != 0 && (!ratio || !IsZeroScalar(*ratio));
    return LowerStatus::Ok();
}

}  // namespace

LowerStatus LowerDropout(const NodeContext& c, Plan* plan) {
    const HostTensor* x = c.Input(0);
    if (!x) return LowerStatus::Fail("input 0 is missing");
    bool drops;
    CONFORMANCE_RETURN_IF_NOT_OK(TrainingWithDrops(c, &drops));
    if (drops) return LowerStatus::Skip("Dropout in training mode drops random elements");
    const bool mask = c.outputCount > 1 && !c.node->output(1).empty();
    if (mask && c.opset < 10)
        return LowerStatus::Skip("Dropout-" + std::to_string(c.opset) + "'s mask has the data's type; its values are "
                                 "not defined for inference");
    DML_TENSOR_DATA_TYPE type;
    CONFORMANCE_RETURN_IF_NOT_OK(ToDmlType(*x, "input 0", &type));
    SetOutput(plan, 0, x->shape, x->onnxType);
    if (mask) SetOutput(plan, 1, x->shape, onnx::TensorProto::BOOL);
    if (x->ElementCount() == 0) {
        plan->notes.push_back("outputs " + FormatShape(x->shape) + " are empty: no dispatch");
        return LowerStatus::Ok();
    }
    std::vector<uint32_t> sizes;
    CONFORMANCE_RETURN_IF_NOT_OK(ToDmlSizes(x->shape, &sizes));
    CONFORMANCE_RETURN_IF_NOT_OK(AddIdentity(plan, type, sizes, {}, 0, 0, "Dropout at inference"));
    if (!mask) return LowerStatus::Ok();
    DML_SCALAR_UNION kept{};
    kept.UInt8 = 1;
    return AddFillConstant(plan, DML_TENSOR_DATA_TYPE_UINT8, kept, x->shape, {true, 1, 0},
                           "Dropout's mask: every element kept");
}

}  // namespace conformance
