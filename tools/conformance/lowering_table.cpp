// The ONNX op -> lowering table, and the data-movement ops planned for when the runtime gains their operator.
// Adding an operator to the runtime means adding its row here in the same change (issue 3).
#include "lowering.h"

#include <array>

namespace conformance {

LowerStatus LowerIdentity(const NodeContext&, Plan*);
LowerStatus LowerReshape(const NodeContext&, Plan*);
LowerStatus LowerFlatten(const NodeContext&, Plan*);
LowerStatus LowerSqueeze(const NodeContext&, Plan*);
LowerStatus LowerUnsqueeze(const NodeContext&, Plan*);
LowerStatus LowerTranspose(const NodeContext&, Plan*);
LowerStatus LowerExpand(const NodeContext&, Plan*);
LowerStatus LowerSlice(const NodeContext&, Plan*);
LowerStatus LowerGather(const NodeContext&, Plan*);
LowerStatus LowerSplit(const NodeContext&, Plan*);
LowerStatus LowerConcat(const NodeContext&, Plan*);
LowerStatus LowerGatherElements(const NodeContext&, Plan*);
LowerStatus LowerGatherNd(const NodeContext&, Plan*);
LowerStatus LowerTile(const NodeContext&, Plan*);
LowerStatus LowerPad(const NodeContext&, Plan*);
LowerStatus LowerDepthToSpace(const NodeContext&, Plan*);
LowerStatus LowerSpaceToDepth(const NodeContext&, Plan*);
LowerStatus LowerReverseSequence(const NodeContext&, Plan*);
LowerStatus LowerScatterElements(const NodeContext&, Plan*);
LowerStatus LowerScatterNd(const NodeContext&, Plan*);
LowerStatus LowerOneHot(const NodeContext&, Plan*);
LowerStatus LowerMaxUnpool(const NodeContext&, Plan*);
LowerStatus LowerNonZero(const NodeContext&, Plan*);
LowerStatus LowerCompress(const NodeContext&, Plan*);
LowerStatus LowerCol2Im(const NodeContext&, Plan*);
LowerStatus LowerConstantOfShape(const NodeContext&, Plan*);
LowerStatus LowerRange(const NodeContext&, Plan*);
LowerStatus LowerCast(const NodeContext&, Plan*);
LowerStatus LowerEyeLike(const NodeContext&, Plan*);
LowerStatus LowerTrilu(const NodeContext&, Plan*);
LowerStatus LowerDropout(const NodeContext&, Plan*);
LowerStatus LowerShape(const NodeContext&, Plan*);
LowerStatus LowerSize(const NodeContext&, Plan*);

namespace {

constexpr LoweringEntry kLowerings[] = {
    {"Identity", "ELEMENT_WISE_IDENTITY", LowerIdentity},
    {"Reshape", "ELEMENT_WISE_IDENTITY (packed copy)", LowerReshape},
    {"Flatten", "ELEMENT_WISE_IDENTITY (packed copy)", LowerFlatten},
    {"Squeeze", "ELEMENT_WISE_IDENTITY (packed copy)", LowerSqueeze},
    {"Unsqueeze", "ELEMENT_WISE_IDENTITY (packed copy)", LowerUnsqueeze},
    {"Transpose", "ELEMENT_WISE_IDENTITY (permuted input strides)", LowerTranspose},
    {"Expand", "ELEMENT_WISE_IDENTITY (zero input strides)", LowerExpand},
    {"Slice", "SLICE1", LowerSlice},
    {"Gather", "GATHER", LowerGather},
    {"Split", "SPLIT", LowerSplit},
    {"Concat", "JOIN", LowerConcat},
    {"GatherElements", "GATHER_ELEMENTS", LowerGatherElements},
    {"GatherND", "GATHER_ND1", LowerGatherNd},
    {"Tile", "TILE", LowerTile},
    {"Pad", "PADDING (opset < 11) / PADDING1", LowerPad},
    {"DepthToSpace", "DEPTH_TO_SPACE1", LowerDepthToSpace},
    {"SpaceToDepth", "SPACE_TO_DEPTH1", LowerSpaceToDepth},
    {"ReverseSequence", "REVERSE_SUBSEQUENCES", LowerReverseSequence},
    {"ScatterElements", "SCATTER_ELEMENTS / SCATTER_ELEMENTS_REDUCE (vkdml extension)", LowerScatterElements},
    {"Scatter", "SCATTER_ELEMENTS", LowerScatterElements},
    {"ScatterND", "SCATTER_ND / SCATTER_ND_REDUCE (vkdml extension)", LowerScatterNd},
    {"OneHot", "ONE_HOT", LowerOneHot},
    {"MaxUnpool", "MAX_UNPOOLING (+ FILL_VALUE_CONSTANT around it for a larger output_shape)", LowerMaxUnpool},
    {"NonZero", "NONZERO_COORDINATES + CAST of the rows, transposed (the count from the host's data)", LowerNonZero},
    {"Compress", "NONZERO_COORDINATES + GATHER of the selected slices (the count from the host's data)", LowerCompress},
    {"Col2Im", "FOLD (image_shape and block_shape from the host's data)", LowerCol2Im},
    {"ConstantOfShape", "FILL_VALUE_CONSTANT", LowerConstantOfShape},
    {"Range", "FILL_VALUE_SEQUENCE", LowerRange},
    {"Cast", "CAST", LowerCast},
    {"CastLike", "CAST", LowerCast},
    {"EyeLike", "DIAGONAL_MATRIX1", LowerEyeLike},
    {"Trilu", "DIAGONAL_MATRIX1 (over the input)", LowerTrilu},
    {"Dropout", "ELEMENT_WISE_IDENTITY (+ FILL_VALUE_CONSTANT for the mask)", LowerDropout},
    {"Shape", "FILL_VALUE_CONSTANT per dimension + JOIN (values from the host's shape)", LowerShape},
    {"Size", "FILL_VALUE_CONSTANT (the element count, from the host's shape)", LowerSize},
};

// Ops whose DML operator the runtime does not have yet: their cases SKIP with a note that asks the runtime (see
// CaseRunner::PlannedNote). Every op the issue lists is mapped today; add rows here for the next ones.
constexpr std::array<PlannedMapping, 0> kPlanned{};

}  // namespace

std::span<const LoweringEntry> AllLowerings() { return kLowerings; }

const LoweringEntry* FindLowering(const std::string& onnxOp) {
    for (const LoweringEntry& e : kLowerings)
        if (onnxOp == e.onnxOp) return &e;
    return nullptr;
}

bool ActsPerElement(const std::string& onnxOp) {
    // Identity (opset 14+: sequences, 16+: optionals) returns its input, whatever it holds.
    return onnxOp == "Identity";
}

std::span<const PlannedMapping> AllPlannedMappings() { return kPlanned; }

const PlannedMapping* FindPlannedMapping(const std::string& onnxOp) {
    for (const PlannedMapping& p : kPlanned)
        if (onnxOp == p.onnxOp) return &p;
    return nullptr;
}

}  // namespace conformance
