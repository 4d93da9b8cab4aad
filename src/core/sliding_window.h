// The sliding window of UNFOLD (and FOLD, its inverse): along each spatial dimension a window of WindowSizes
// elements, Dilations apart, steps by Strides over the input padded by StartPadding and EndPadding zeros. Shared by
// the validator (the output's sizes) and the lowering (the walk), so both count blocks the same way.
#pragma once

#include "core/operator_desc.h"

#include <cstdint>

namespace vkdml {

// FOLD takes a pass per window position, each at least one dispatch and descriptor set: it folds windows of at most
// this many positions (its validator refuses more as UNSUPPORTED).
constexpr uint64_t kMaxFoldWindowPositions = 4096;

// The span of one window along dimension i: Dilations[i] x (WindowSizes[i] - 1) + 1 elements.
inline uint64_t WindowSpan(const OperatorDesc& op, uint32_t i) {
    return uint64_t(op.dilations[i]) * (uint64_t(op.windowSizes[i]) - 1) + 1;
}

// The input's size along spatial dimension i with its padding.
inline uint64_t PaddedSize(uint64_t size, const OperatorDesc& op, uint32_t i) {
    return size + op.startPadding[i] + op.endPadding[i];
}

// BlocksPerDimension[i] = (padded size - window span) / Strides[i] + 1; 0 where the window does not fit. Expects
// WindowSizes, Strides and Dilations of at least 1 (the validator's rules).
inline uint64_t BlocksAlong(uint64_t size, const OperatorDesc& op, uint32_t i) {
    const uint64_t padded = PaddedSize(size, op, i), span = WindowSpan(op, i);
    return padded < span ? 0 : (padded - span) / uint64_t(op.windowStrides[i]) + 1;
}

}  // namespace vkdml
