// Identity, Reshape, Flatten, Squeeze, Unsqueeze -> ELEMENT_WISE_IDENTITY (packed copy, output shape on both
// sides); Transpose -> ELEMENT_WISE_IDENTITY with permuted input strides; Expand -> ELEMENT_WISE_IDENTITY with zero
// input strides along broadcast dimensions (numpy rules). An engine would alias the buffer for the reshape family
// instead of copying; copying makes the runtime's contiguous path part of the test.
#include "lowering.h"

#include <algorithm>

namespace conformance {
namespace {

// Output 0 = input 0's elements in `shape`.
LowerStatus CopyAs(const NodeContext& c, Plan* plan, std::vector<int64_t> shape, const std::string& why) {
    const HostTensor& x = *c.Input(0);
    DML_TENSOR_DATA_TYPE type;
    CONFORMANCE_RETURN_IF_NOT_OK(ToDmlType(x, "input 0", &type));
    if (ElementCount(shape) != x.ElementCount())
        return LowerStatus::Fail("output shape " + FormatShape(shape) + " holds " + std::to_string(ElementCount(shape)) +
                                 " elements but input " + FormatShape(x.shape) + " holds " +
                                 std::to_string(x.ElementCount()));
    SetOutput(plan, 0, shape, x.onnxType);
    if (ElementCount(shape) == 0) {
        plan->notes.push_back("output 0 " + FormatShape(shape) + " is empty: no dispatch");
        return LowerStatus::Ok();
    }
    std::vector<uint32_t> sizes;
    CONFORMANCE_RETURN_IF_NOT_OK(ToDmlSizes(shape, &sizes));
    return AddIdentity(plan, type, sizes, {}, 0, 0, why);
}

LowerStatus NeedInput0(const NodeContext& c) {
    return c.Input(0) ? LowerStatus::Ok() : LowerStatus::Fail("input 0 is missing");
}

}  // namespace

LowerStatus LowerIdentity(const NodeContext& c, Plan* plan) {
    CONFORMANCE_RETURN_IF_NOT_OK(NeedInput0(c));
    return CopyAs(c, plan, c.Input(0)->shape, "");
}

LowerStatus LowerReshape(const NodeContext& c, Plan* plan) {
    CONFORMANCE_RETURN_IF_NOT_OK(NeedInput0(c));
    const HostTensor& x = *c.Input(0);
    std::vector<int64_t> target;
    if (c.opset >= 5) {
        CONFORMANCE_RETURN_IF_NOT_OK(ReadConstantInts(c, 1, "shape", &target));
    } else if (!c.IntsAttribute("shape", &target)) {
        return LowerStatus::Fail("Reshape-" + std::to_string(c.opset) + " without a 'shape' attribute");
    }
    const bool allowZero = c.opset >= 14 && c.IntAttribute("allowzero", 0) != 0;
    std::vector<int64_t> shape(target.size());
    int64_t inferred = -1;
    uint64_t known = 1;
    for (size_t i = 0; i < target.size(); ++i) {
        int64_t v = target[i];
        if (v == 0 && !allowZero) {
            if (i >= x.shape.size())
                return LowerStatus::Fail("shape[" + std::to_string(i) + "] is 0 (copy) but the input has rank " +
                                         std::to_string(x.shape.size()));
            v = x.shape[i];
        } else if (v == -1) {
            if (inferred >= 0) return LowerStatus::Fail("shape has more than one -1");
            inferred = int64_t(i);
            continue;
        } else if (v < -1) {
            return LowerStatus::Fail("shape[" + std::to_string(i) + "] is " + std::to_string(v));
        }
        shape[i] = v;
        known *= uint64_t(v);
    }
    if (inferred >= 0) {
        if (known == 0 || x.ElementCount() % known != 0)
            return LowerStatus::Fail("cannot infer the -1 of shape " + FormatShape(target) + " for input " +
                                     FormatShape(x.shape));
        shape[size_t(inferred)] = int64_t(x.ElementCount() / known);
    }
    return CopyAs(c, plan, shape, "Reshape " + FormatShape(x.shape) + " -> " + FormatShape(shape));
}

LowerStatus LowerFlatten(const NodeContext& c, Plan* plan) {
    CONFORMANCE_RETURN_IF_NOT_OK(NeedInput0(c));
    const HostTensor& x = *c.Input(0);
    int64_t rank = int64_t(x.shape.size());
    int64_t axis = c.IntAttribute("axis", 1);
    if (axis < -rank || axis > rank)
        return LowerStatus::Fail("axis " + std::to_string(axis) + " is outside [-" + std::to_string(rank) + ", " +
                                 std::to_string(rank) + "]");
    if (axis < 0) axis += rank;
    // Unsigned products: a shape with a 0 dimension may have others whose product wraps (the tensor is empty).
    uint64_t outer = 1, inner = 1;
    for (int64_t d = 0; d < rank; ++d) (d < axis ? outer : inner) *= uint64_t(x.shape[size_t(d)]);
    if (outer > uint64_t(INT64_MAX) || inner > uint64_t(INT64_MAX))
        return LowerStatus::Fail("input " + FormatShape(x.shape) + " is too large to flatten");
    return CopyAs(c, plan, {int64_t(outer), int64_t(inner)}, "Flatten axis " + std::to_string(axis));
}

LowerStatus LowerSqueeze(const NodeContext& c, Plan* plan) {
    CONFORMANCE_RETURN_IF_NOT_OK(NeedInput0(c));
    const HostTensor& x = *c.Input(0);
    std::vector<int64_t> axes;
    bool given = false;
    if (c.opset >= 13) {
        if (c.Input(1)) {
            CONFORMANCE_RETURN_IF_NOT_OK(ReadConstantInts(c, 1, "axes", &axes));
            given = true;
        }
    } else {
        given = c.IntsAttribute("axes", &axes);
    }
    std::vector<bool> drop(x.shape.size(), false);
    if (!given) {
        for (size_t d = 0; d < x.shape.size(); ++d) drop[d] = x.shape[d] == 1;
    } else {
        for (int64_t a : axes) {
            size_t axis;
            CONFORMANCE_RETURN_IF_NOT_OK(NormalizeAxis(a, x.shape.size(), "axes entry", &axis));
            if (x.shape[axis] != 1)
                return LowerStatus::Fail("axes entry " + std::to_string(a) + " names a dimension of size " +
                                         std::to_string(x.shape[axis]));
            drop[axis] = true;
        }
    }
    std::vector<int64_t> shape;
    for (size_t d = 0; d < x.shape.size(); ++d)
        if (!drop[d]) shape.push_back(x.shape[d]);
    return CopyAs(c, plan, shape, "Squeeze " + FormatShape(x.shape) + " -> " + FormatShape(shape));
}

LowerStatus LowerUnsqueeze(const NodeContext& c, Plan* plan) {
    CONFORMANCE_RETURN_IF_NOT_OK(NeedInput0(c));
    const HostTensor& x = *c.Input(0);
    std::vector<int64_t> axes;
    if (c.opset >= 13) {
        CONFORMANCE_RETURN_IF_NOT_OK(ReadConstantInts(c, 1, "axes", &axes));
    } else if (!c.IntsAttribute("axes", &axes)) {
        return LowerStatus::Fail("Unsqueeze-" + std::to_string(c.opset) + " without an 'axes' attribute");
    }
    size_t rank = x.shape.size() + axes.size();
    std::vector<bool> inserted(rank, false);
    for (int64_t a : axes) {
        size_t axis;
        CONFORMANCE_RETURN_IF_NOT_OK(NormalizeAxis(a, rank, "axes entry", &axis));
        if (inserted[axis]) return LowerStatus::Fail("axes entry " + std::to_string(a) + " repeats a dimension");
        inserted[axis] = true;
    }
    std::vector<int64_t> shape;
    size_t next = 0;
    for (size_t d = 0; d < rank; ++d) shape.push_back(inserted[d] ? 1 : x.shape[next++]);
    return CopyAs(c, plan, shape, "Unsqueeze " + FormatShape(x.shape) + " -> " + FormatShape(shape));
}

LowerStatus LowerTranspose(const NodeContext& c, Plan* plan) {
    CONFORMANCE_RETURN_IF_NOT_OK(NeedInput0(c));
    const HostTensor& x = *c.Input(0);
    DML_TENSOR_DATA_TYPE type;
    CONFORMANCE_RETURN_IF_NOT_OK(ToDmlType(x, "input 0", &type));
    const size_t rank = x.shape.size();
    std::vector<int64_t> perm;
    if (!c.IntsAttribute("perm", &perm)) {
        for (size_t d = rank; d-- > 0;) perm.push_back(int64_t(d));
    }
    if (perm.size() != rank) return LowerStatus::Fail("perm has " + std::to_string(perm.size()) + " entries for rank " +
                                                      std::to_string(rank));
    std::vector<bool> seen(rank, false);
    for (int64_t p : perm) {
        if (p < 0 || size_t(p) >= rank || seen[size_t(p)]) return LowerStatus::Fail("perm " + FormatShape(perm) + " is not a permutation");
        seen[size_t(p)] = true;
    }
    std::vector<int64_t> shape(rank);
    for (size_t d = 0; d < rank; ++d) shape[d] = x.shape[size_t(perm[d])];
    SetOutput(plan, 0, shape, x.onnxType);
    if (ElementCount(shape) == 0) {
        plan->notes.push_back("output 0 " + FormatShape(shape) + " is empty: no dispatch");
        return LowerStatus::Ok();
    }
    std::vector<uint32_t> inSizes, outSizes;
    CONFORMANCE_RETURN_IF_NOT_OK(ToDmlSizes(x.shape, &inSizes));
    CONFORMANCE_RETURN_IF_NOT_OK(ToDmlSizes(shape, &outSizes));
    if (rank == 0) return AddIdentity(plan, type, outSizes, {}, 0, 0, "Transpose of a scalar");
    std::vector<uint32_t> inStrides = PackedStrides(inSizes), strides(rank);
    for (size_t d = 0; d < rank; ++d) strides[d] = inStrides[size_t(perm[d])];
    return AddIdentity(plan, type, outSizes, strides, 0, 0, "Transpose perm " + FormatShape(perm));
}

LowerStatus LowerExpand(const NodeContext& c, Plan* plan) {
    CONFORMANCE_RETURN_IF_NOT_OK(NeedInput0(c));
    const HostTensor& x = *c.Input(0);
    DML_TENSOR_DATA_TYPE type;
    CONFORMANCE_RETURN_IF_NOT_OK(ToDmlType(x, "input 0", &type));
    std::vector<int64_t> target;
    CONFORMANCE_RETURN_IF_NOT_OK(ReadConstantInts(c, 1, "shape", &target));
    const size_t rank = std::max(x.shape.size(), target.size());
    std::vector<int64_t> shape(rank);
    // Right-aligned: dimension d of the output meets input dimension d - (rank - x.rank).
    std::vector<int64_t> inDims(rank, 1), inStrides(rank, 0);
    // Unsigned: with a 0 dimension the other dimensions' product may wrap; the output is then empty and the strides
    // are never used.
    uint64_t stride = 1;
    for (size_t k = x.shape.size(); k-- > 0;) {
        inDims[rank - x.shape.size() + k] = x.shape[k];
        inStrides[rank - x.shape.size() + k] = x.shape[k] == 1 ? 0 : int64_t(stride);
        stride *= uint64_t(x.shape[k]);
    }
    for (size_t d = 0; d < rank; ++d) {
        int64_t a = inDims[d];
        int64_t b = d + target.size() >= rank ? target[d + target.size() - rank] : 1;
        if (b < 0) return LowerStatus::Fail("shape " + FormatShape(target) + " has a negative entry");
        if (a == b || b == 1) shape[d] = a;
        else if (a == 1) shape[d] = b;
        else
            return LowerStatus::Fail("input " + FormatShape(x.shape) + " does not broadcast to " + FormatShape(target));
    }
    SetOutput(plan, 0, shape, x.onnxType);
    if (ElementCount(shape) == 0) {
        plan->notes.push_back("output 0 " + FormatShape(shape) + " is empty: no dispatch");
        return LowerStatus::Ok();
    }
    std::vector<uint32_t> sizes;
    CONFORMANCE_RETURN_IF_NOT_OK(ToDmlSizes(shape, &sizes));
    std::vector<uint32_t> strides;
    for (int64_t s : inStrides) strides.push_back(uint32_t(s));   // < the input's element count < 2^32
    if (rank == 0) strides = {0};
    return AddIdentity(plan, type, sizes, strides, 0, 0,
                       "Expand " + FormatShape(x.shape) + " -> " + FormatShape(shape));
}

}  // namespace conformance
