// OperatorDesc: the owned, normalized copy of an application's DML_OPERATOR_DESC that the validator checks and
// the lowering reads. Tensors are in binding order (arrays flattened), so binding slot i is inputs[i].
#pragma once

#include "core/tensor.h"
#include "schema/operator_schema.h"

#include <array>
#include <string>
#include <vector>

namespace vkdml {

struct OperatorDesc {
    DML_OPERATOR_TYPE type = DML_OPERATOR_INVALID;
    const schema::OperatorSchema* schema = nullptr;
    std::string name;                  // "DML_OPERATOR_SLICE1": the prefix of every message
    bool allowZeroVolume = false;      // the device was created with VKDML_CREATE_DEVICE_FLAG_ZERO_VOLUME_TENSORS
    std::vector<Tensor> inputs;
    std::vector<Tensor> outputs;

    // GATHER, SPLIT, JOIN
    uint32_t axis = 0;
    // GATHER
    uint32_t indexDimensions = 0;
    // SLICE (Offsets, Sizes, Strides), SLICE1 and SLICE_GRAD (InputWindowOffsets, InputWindowSizes,
    // InputWindowStrides); PADDING, PADDING1 and TILE (DimensionCount / RepeatsCount)
    uint32_t dimensionCount = 0;
    std::array<uint32_t, kMaxRank> windowOffsets{};
    std::array<uint32_t, kMaxRank> windowSizes{};
    std::array<int64_t, kMaxRank> windowStrides{};
    // TILE
    std::array<uint32_t, kMaxRank> repeats{};
    // DEPTH_TO_SPACE(1), SPACE_TO_DEPTH(1): Order is DML_DEPTH_SPACE_ORDER (DEPTH_COLUMN_ROW for the versions without)
    uint32_t blockSize = 0;
    DML_DEPTH_SPACE_ORDER order = DML_DEPTH_SPACE_ORDER_DEPTH_COLUMN_ROW;
    // PADDING, PADDING1
    DML_PADDING_MODE paddingMode = DML_PADDING_MODE_CONSTANT;
    std::array<uint32_t, kMaxRank> startPadding{};
    std::array<uint32_t, kMaxRank> endPadding{};
    // UNFOLD and FOLD, per spatial dimension (DimensionCount of them): WindowSizes in windowSizes, Strides in
    // windowStrides, Dilations here, and StartPadding / EndPadding above.
    std::array<uint32_t, kMaxRank> dilations{};
    // GATHER_ND(1), SCATTER_ND
    uint32_t inputDimensionCount = 0;
    uint32_t indicesDimensionCount = 0;
    uint32_t batchDimensionCount = 0;
    // SCATTER_ELEMENTS_REDUCE, SCATTER_ND_REDUCE (vkdml extensions): VKDML_SCATTER_REDUCTION
    uint32_t reduction = 0;
    // Scalars as the output element's bits (little-endian, the element's width): PADDING(1)'s padding value,
    // FILL_VALUE_CONSTANT's value, FILL_VALUE_SEQUENCE's start (value) and step (delta), DIAGONAL_MATRIX(1)'s value.
    uint64_t value = 0;
    uint64_t delta = 0;
    // ELEMENT_WISE_IDENTITY's ScaleBias (out = in * scale + bias)
    bool hasScaleBias = false;
    float scale = 1.0f, bias = 0.0f;
    // DIAGONAL_MATRIX (Offset -> [Offset, Offset + 1)) and DIAGONAL_MATRIX1: the x - y range that gets the value
    int32_t diagonalBegin = 0;
    int32_t diagonalEnd = 0;
};

}  // namespace vkdml
