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
    std::vector<Tensor> inputs;
    std::vector<Tensor> outputs;

    // GATHER, SPLIT, JOIN
    uint32_t axis = 0;
    // GATHER
    uint32_t indexDimensions = 0;
    // SLICE (Offsets, Sizes, Strides) and SLICE1 (InputWindowOffsets, InputWindowSizes, InputWindowStrides)
    uint32_t dimensionCount = 0;
    std::array<uint32_t, kMaxRank> windowOffsets{};
    std::array<uint32_t, kMaxRank> windowSizes{};
    std::array<int64_t, kMaxRank> windowStrides{};
};

}  // namespace vkdml
