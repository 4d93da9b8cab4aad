#version 450
// Reads driven by index tensors (MODE = src/ops/plan.h's GatherMode). The box walks the output.
//   GATHER (GATHER, GATHER_ELEMENTS, GATHER_ND, GATHER_ND1): the indices slot gives the offset of an index tuple of
//     axisCount values (1 in mode GATHER, more in GATHER_TUPLE, the only one with a loop over the tuple); value j
//     moves the input by axisStride(j). Invalid indices are clamped into their axis.
//   REVERSE (REVERSE_SUBSEQUENCES): the index is a sequence length L; the coordinate c along the axis reads L-1-c
//     when c < L, else c.
//   ONE_HOT: output = index == coordinate ? input[onValueOffset] : input[0]; invalid indices match nothing.
// Index axis 0 may be split over several launches ([axisLo, axisHi)); elements outside are left alone.
#extension GL_GOOGLE_include_directive : require
#include "launch_params.glsl"
#include "index_values.glsl"

#define MODE_GATHER 0
#define MODE_REVERSE 1
#define MODE_ONE_HOT 2
#define MODE_GATHER_TUPLE 3

// The input element that the output element at `offsets` reads; false where this launch leaves the element alone.
bool sourceOffset(uvec4 offsets, out uint inputOffset) {
    inputOffset = offsets.y;
    uint index;
    if (MODE == MODE_ONE_HOT) {
        bool valid = readIndex(offsets.z, axisSize(0), index);
        inputOffset += valid && index == offsets.w ? uint(P.onValueOffset) : 0u;
        return true;
    }
    if (MODE == MODE_REVERSE) {
        uint length = readLength(offsets.z, axisSize(0));
        index = offsets.w < length ? length - 1u - offsets.w : offsets.w;
    } else {
        readIndex(offsets.z, axisSize(0), index);
        for (uint j = 1; j < (MODE == MODE_GATHER_TUPLE ? P.axisCount : 0u); ++j) {
            uint other;
            readIndex(offsets.z + j * uint(P.tupleStride), axisSize(j), other);
            inputOffset += other * axisStride(j);
        }
    }
    if (index < P.axisLo || index >= P.axisHi) return false;
    inputOffset += (index - P.axisLo) * axisStride(0);
    return true;
}

bool elementValue(inout uvec4 offsets, bool inside, out uvec2 value) {
    value = uvec2(0);
    uint inputOffset;
    if (!sourceOffset(offsets, inputOffset)) return false;
    value = readInput(inputOffset);
    return true;
}

// Where neither the indices nor the coordinate move along the row (GATHER of whole rows, say; PLAIN_SEGMENTS), the
// elements of a row segment read consecutive input elements from one source: resolve it once per segment
// (launch_main.glsl).
#define SEGMENT_SOURCE
void segmentSource(inout uvec4 offsets, out bool leave) {
    uint inputOffset;
    leave = !sourceOffset(offsets, inputOffset);
    offsets.y = inputOffset;
}

// Output quads made a quad at a time (launch_main.glsl's QUAD_VALUES):
// - GATHER with one index per element (4-byte elements, or packed 1- and 2-byte ones), the indices running along the
//   row (index stride 1) from the start of an index quad: an output quad's indices are read a 16-byte quad at a time
//   (four 32-bit or two 64-bit ones), not a word or two per element. Only where this launch covers the whole axis,
//   so that every element is written.
// - ONE_HOT where the index stays the same along the row (the row runs along the axis): quadValuesApply reads the
//   index and the off and on values once for the row segment; its quads are then made without a load.
// - REVERSE where the length stays the same along the row and this launch covers the whole axis: the length is read
//   once for the segment; the row's reversed head and its tail are then runs of input elements as they are
//   (quadInputRuns below: from input quads where the input is contiguous along the axis), and quadValues makes the
//   quad between them, and the runs' quads otherwise, from each element's input offset (a load per element, not two).
#define QUAD_VALUES
uint hotCoordinate;   // ONE_HOT: the coordinate of the segment's on value (0xFFFFFFFF: none, the index is invalid)
uint offValue, onValue;
uint segmentLength;   // REVERSE: the segment's sequence length

bool quadValuesApply(uvec4 offsets, uvec4 strides) {
    if (MODE == MODE_ONE_HOT) {
        if (strides.z != 0u) return false;
        uint index;
        hotCoordinate = readIndex(offsets.z, axisSize(0), index) ? index : 0xFFFFFFFFu;
        offValue = readInput(offsets.y).x;
        onValue = readInput(offsets.y + uint(P.onValueOffset)).x;
        return true;
    }
    if (MODE == MODE_REVERSE) {
        if (strides.z != 0u || P.axisLo != 0u || P.axisHi < axisSize(0)) return false;
        segmentLength = readLength(offsets.z, axisSize(0));
        return true;
    }
    return ELEMENT_BYTES <= 4 && MODE == MODE_GATHER && strides.z == 1u &&
           indexQuadOf(offsets.z) * 4u == offsets.z * INDEX_WORDS && P.axisLo == 0u && P.axisHi >= axisSize(0);
}

// REVERSE: the row runs along the axis (coordinate stride 1; a row across it, whose length and coordinate stay the
// same, is a plain segment): its head, the elements below the sequence length, reads from the sequence's end down,
// its tail from where it is up. (GATHER and ONE_HOT: no runs.)
#define QUAD_INPUT_RUNS
void quadInputRuns(uvec4 offsets, uvec4 strides, uint count, out uint cuts[2], out uvec2 runs[2]) {
    cuts = uint[2](0u, count);
    runs = uvec2[2](uvec2(0u), uvec2(0u));
    if (MODE != MODE_REVERSE || strides.w != 1u) return;
    uint along = axisStride(0), c = offsets.w;   // the input's step along the axis; the row's first coordinate
    uint reversed = c < segmentLength ? min(segmentLength - c, count * QUAD_ELEMENTS) : 0u;   // the head's elements
    cuts[0] = reversed / QUAD_ELEMENTS;
    cuts[1] = (reversed + QUAD_ELEMENTS - 1u) / QUAD_ELEMENTS;
    uint tail = cuts[1] * QUAD_ELEMENTS;   // the tail's first element
    runs[0] = uvec2(offsets.y + (segmentLength - 1u - c) * along, strides.y - along);
    runs[1] = uvec2(offsets.y + tail * strides.y + (c + tail) * along, strides.y + along);
}

uvec4 quadValues(uvec4 offsets, uvec4 strides) {
    uvec4 quad = uvec4(0u);
    if (MODE == MODE_ONE_HOT) {
        for (uint k = 0; k < QUAD_ELEMENTS; ++k) {   // 4-byte elements, or packed sub-word ones
            uint value = offsets.w + k * strides.w == hotCoordinate ? onValue : offValue;
            quad[k / ELEMENTS_PER_WORD] |= value << ((k % ELEMENTS_PER_WORD) * ELEMENT_BITS);
        }
        return quad;
    }
    if (MODE == MODE_REVERSE) {
        for (uint k = 0; k < QUAD_ELEMENTS; ++k) {
            uint c = offsets.w + k * strides.w, index = c < segmentLength ? segmentLength - 1u - c : c;
            uint value = readInput(offsets.y + k * strides.y + index * axisStride(0)).x;
            quad[k / ELEMENTS_PER_WORD] |= value << ((k % ELEMENTS_PER_WORD) * ELEMENT_BITS);
        }
        return quad;
    }
    for (uint i = 0; i < QUAD_ELEMENTS / INDICES_PER_QUAD; ++i) {
        uvec4 values = loadIndexQuad(indexQuadOf(offsets.z) + i);
        for (uint k = 0; k < INDICES_PER_QUAD; ++k) {
            uint e = i * INDICES_PER_QUAD + k, index;
            indexInQuad(values, k, axisSize(0), index);
            uint value = readInput(offsets.y + e * strides.y + index * axisStride(0)).x;
            quad[e / ELEMENTS_PER_WORD] |= value << ((e % ELEMENTS_PER_WORD) * ELEMENT_BITS);
        }
    }
    return quad;
}

#include "launch_main.glsl"
