// Host mirror of the LaunchParams uniform block in shaders/launch_params.glsl (std140).
#pragma once

#include "core/fast_division.h"
#include "ops/plan.h"

#include <cstdint>

namespace vkdml {

struct LaunchParams {
    uint32_t sizes[8];
    uint32_t divMagic[8];                // fast division by sizes[d] (core/fast_division.h)
    uint32_t divPreShift[8];
    uint32_t divPostShift[8];
    int32_t strides[kChannelCount][8];   // output, input, indices, coordinate
    uint32_t extents[8];                 // input map
    int32_t shifts[8];
    uint32_t windowLo[8];
    uint32_t windowHi[8];
    uint32_t axisSizes[kMaxIndexAxes];   // index axes
    int32_t axisStrides[kMaxIndexAxes];
    uint32_t value[2];                   // element bits, low word first
    uint32_t delta[2];
    uint32_t rank;
    uint32_t count;
    uint32_t groupsX;
    uint32_t axisCount;
    uint32_t axisLo;
    uint32_t axisHi;
    int32_t tupleStride;
    uint32_t coordinateOrigin;
    int32_t rangeBegin;
    int32_t rangeEnd;
    int32_t onValueOffset;
    uint32_t rowInvocations;             // CopyWords (Launch::rowInvocations)
    uint32_t blockRows;                  // TransposeQuads, GatherColumns (Launch::blockRows; blockAcross below)
    uint32_t partCount;                  // CopyParts (Launch::parts)
    int32_t wholeRowStride;
    uint32_t partRows;
    uint32_t bandRows;
    uint32_t bandGroupsPerPart;
    int32_t blockOutputRow;              // TransposeQuads, GatherColumns (Launch::blockRowStrides)
    int32_t blockInputRow;
    uint32_t blockAcross;
    int32_t outputCopyWordStride;        // StridedCopy (Launch::outputCopyStride in 32-bit words)
    uint32_t wholeRowsPerInvocation;     // CopyParts (Launch::wholeRowsPerInvocation)
    uint32_t shiftedRowsPerInvocation;   // TransposeQuads (Launch::shiftedRowsPerInvocation)
    int32_t partShifts[kMaxParts];
    int32_t partRowStrides[kMaxParts];
    uint32_t axisDivisors[kMaxIndexAxes];   // index axes, ScatterMode::FlatIndex
    uint32_t flatIndexCount;
    int32_t coordinateRowStride;         // NonzeroCoordinates (Launch::coordinateRowStride and what follows it)
    int32_t coordinateColumnStride;
    uint32_t rowLo;
    uint32_t rowHi;
    uint32_t columnLo;
    uint32_t columnHi;
    uint32_t padding[1];                 // std140 rounds the block up to 16 bytes
};
static_assert(sizeof(LaunchParams) == 688, "must match the std140 layout of LaunchParams");


inline LaunchParams MakeLaunchParams(const Launch& l, uint32_t groupsX) {
    LaunchParams p{};
    for (uint32_t d = 0; d < l.rank; ++d) {
        p.sizes[d] = l.sizes[d];
        FastDivisor divisor = MakeFastDivisor(l.sizes[d]);
        p.divMagic[d] = divisor.magic;
        p.divPreShift[d] = divisor.preShift;
        p.divPostShift[d] = divisor.postShift;
        p.extents[d] = l.extents[d];
        p.shifts[d] = l.shifts[d];
        p.windowLo[d] = l.windowLo[d];
        p.windowHi[d] = l.windowHi[d];
        for (uint32_t c = 0; c < kChannelCount; ++c) p.strides[c][d] = l.strides[c][d];
    }
    const KernelArgs& a = l.args;
    for (uint32_t j = 0; j < a.axisCount; ++j) {
        p.axisSizes[j] = a.axisSizes[j];
        p.axisStrides[j] = int32_t(a.axisStrides[j]);   // wraps like every offset: the kernel works modulo 2^32
        p.axisDivisors[j] = a.axisDivisors[j];
    }
    p.flatIndexCount = a.flatIndexCount;
    p.coordinateRowStride = l.coordinateRowStride;
    p.coordinateColumnStride = l.coordinateColumnStride;
    p.rowLo = l.rowLo;
    p.rowHi = l.rowHi;
    p.columnLo = l.columnLo;
    p.columnHi = l.columnHi;
    p.value[0] = uint32_t(a.value);
    p.value[1] = uint32_t(a.value >> 32);
    p.delta[0] = uint32_t(a.delta);
    p.delta[1] = uint32_t(a.delta >> 32);
    p.rank = l.rank;
    p.blockOutputRow = l.blockRowStrides[kSlotOutput];
    p.blockInputRow = l.blockRowStrides[kSlotInput];
    p.count = l.elementCount;
    p.rowInvocations = l.rowInvocations;
    p.blockRows = l.blockRows;
    p.blockAcross = l.blockAcross;
    p.outputCopyWordStride = l.outputCopyStride * int32_t(l.elementBytes / 4);
    p.shiftedRowsPerInvocation = l.shiftedRowsPerInvocation;
    p.groupsX = groupsX;
    p.axisCount = a.axisCount;
    p.axisLo = l.axisLo;
    p.axisHi = l.axisHi;
    p.tupleStride = int32_t(a.tupleStride);
    p.coordinateOrigin = uint32_t(l.coordinateOrigin);
    p.rangeBegin = a.rangeBegin;
    p.rangeEnd = a.rangeEnd;
    p.onValueOffset = int32_t(a.onValueOffset);
    p.partCount = l.partCount;
    p.wholeRowStride = l.wholeRowStride;
    p.partRows = l.partRows;
    p.bandRows = l.bandRows;
    p.bandGroupsPerPart = l.bandGroupsPerPart;
    p.wholeRowsPerInvocation = l.wholeRowsPerInvocation;
    for (uint32_t k = 0; k < l.partCount; ++k) {
        p.partShifts[k] = l.parts[k].wholeShift;
        p.partRowStrides[k] = l.parts[k].rowStride;
    }
    return p;
}

}  // namespace vkdml
