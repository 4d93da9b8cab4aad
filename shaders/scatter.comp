#version 450
// Writes driven by index tensors: SCATTER (= SCATTER_ELEMENTS) and SCATTER_ND's second pass (the first copies the
// input to the output), MAX_UNPOOLING's (the first fills the output with zeros). The box walks the updates (input
// slot) and the index tuples; value j of a tuple moves the output by axisStride(j). Negative indices count from the
// end of their axis; an index outside its axis writes nothing, so no index, however invalid, writes outside the
// output. Index axis 0 may be split over several launches ([axisLo, axisHi)): each writes only the elements whose
// first index falls in its part. Duplicate indices (invalid, the winner unspecified by DirectML) leave one of the
// updates whole in 1-, 2- and 4-byte elements; the two words of an 8-byte element may come from different updates.
#extension GL_GOOGLE_include_directive : require
#define WHOLE_ELEMENT_WRITES
#include "launch_params.glsl"
#include "index_values.glsl"

// MODE (src/ops/plan.h: ScatterMode): 0, a tuple of P.axisCount indices, one per index axis; 1 (MAX_UNPOOLING), one
// index per update that counts the output's elements as one row-major array, read as a coordinate per index axis.
const uint MODE_FLAT_INDEX = 1u;

uint axisDivisor(uint j) { return P.axisDivisors[j >> 2][j & 3u]; }

// The output element of flat index `element` (below P.flatIndexCount), as scatteredOffset below.
bool flatOffset(uint element, inout uint outputOffset) {
    for (uint j = 0; j < P.axisCount; ++j) {
        uint coordinate = element / axisDivisor(j) % axisSize(j);
        if (j == 0) {
            if (coordinate < P.axisLo || coordinate >= P.axisHi) return false;
            coordinate -= P.axisLo;
        }
        outputOffset += coordinate * axisStride(j);
    }
    return true;
}

// The output element the update at `offsets` goes to; false where its tuple names none (or one of another launch).
bool scatteredOffset(uvec4 offsets, out uint outputOffset) {
    outputOffset = offsets.x;
    if (MODE == MODE_FLAT_INDEX) {
        uint element;
        return readIndex(offsets.z, P.flatIndexCount, element) && flatOffset(element, outputOffset);
    }
    for (uint j = 0; j < P.axisCount; ++j) {
        uint index;
        if (!readIndex(offsets.z + j * uint(P.tupleStride), axisSize(j), index)) return false;
        if (j == 0) {
            if (index < P.axisLo || index >= P.axisHi) return false;
            index -= P.axisLo;
        }
        outputOffset += index * axisStride(j);
    }
    return true;
}

bool elementValue(inout uvec4 offsets, bool inside, out uvec2 value) {
    value = uvec2(0);
    if (!scatteredOffset(offsets, offsets.x)) return false;
    value = readInput(offsets.y);
    return true;
}

// Where the index tuple stays the same along the row (SCATTER_ND of whole rows; PLAIN_SEGMENTS), the segment's
// updates go to consecutive output elements from one place: resolve it once per segment and copy the row as a
// strided copy does (launch_main.glsl: quads where the rows allow).
#define SEGMENT_SOURCE
void segmentSource(inout uvec4 offsets, out bool leave) {
    leave = !scatteredOffset(offsets, offsets.x);
}

// SCATTER of 4-byte updates along rows where the updates and their 32- or 64-bit indices both run along the row
// from the start of a quad: four updates are one 16-byte load, their indices one or two (not a word or two each).
// (MAX_UNPOOLING's flat indices over one index axis are such indices: its divisor is 1, its size flatIndexCount.)
#define ELEMENT_QUADS
bool elementQuadsApply(uvec4 offsets, uvec4 strides) {
    return ELEMENT_BYTES == 4 && P.axisCount == 1u && strides.y == 1u && strides.z == 1u && (offsets.y & 3u) == 0u &&
           indexQuadOf(offsets.z) * 4u == offsets.z * INDEX_WORDS;
}

void writeElementQuad(uvec4 offsets, uvec4 strides) {
    uvec4 updates = loadInputQuad(offsets.y >> 2);
    for (uint i = 0; i < INDEX_WORDS; ++i) {   // 4 indices: INDEX_WORDS index quads
        uvec4 values = loadIndexQuad(indexQuadOf(offsets.z) + i);
        for (uint k = 0; k < INDICES_PER_QUAD; ++k) {
            uint e = i * INDICES_PER_QUAD + k, index;
            bool valid = indexInQuad(values, k, axisSize(0), index) && index >= P.axisLo && index < P.axisHi;
            if (valid) dst.words[offsets.x + e * strides.x + (index - P.axisLo) * axisStride(0)] = updates[e];
        }
    }
}

#include "launch_main.glsl"
