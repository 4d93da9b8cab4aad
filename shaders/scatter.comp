#version 450
// Writes driven by index tensors: SCATTER (= SCATTER_ELEMENTS) and SCATTER_ND's second pass (the first copies the
// input to the output). The box walks the updates (input slot) and the index tuples; value j of a tuple moves the
// output by axisStride(j). Negative indices count from the end of their axis; an index outside its axis writes
// nothing, so no index, however invalid, writes outside the output. Index axis 0 may be split over several launches
// ([axisLo, axisHi)): each writes only the elements whose first index falls in its part. Duplicate indices (invalid,
// the winner unspecified by DirectML) leave one of the updates whole in 1-, 2- and 4-byte elements; the two words of an
// 8-byte element may come from different updates.
#extension GL_GOOGLE_include_directive : require
#define WHOLE_ELEMENT_WRITES
#include "launch_params.glsl"
#include "index_values.glsl"

bool elementValue(inout uvec4 offsets, bool inside, out uvec2 value) {
    value = uvec2(0);
    uint outputOffset = offsets.x;
    for (uint j = 0; j < P.axisCount; ++j) {
        uint index;
        if (!readIndex(offsets.z + j * uint(P.tupleStride), axisSize(j), index)) return false;
        if (j == 0) {
            if (index < P.axisLo || index >= P.axisHi) return false;
            index -= P.axisLo;
        }
        outputOffset += index * axisStride(j);
    }
    offsets.x = outputOffset;
    value = readInput(offsets.y);
    return true;
}

#include "launch_main.glsl"
