#version 450
// NONZERO_COORDINATES in four passes (MODE: src/ops/plan.h, NonzeroPass). Each lane λ (workgroup g x WORKGROUP_SIZE +
// local lane) takes LANE_ELEMENTS consecutive input elements in row-major order from element λ x LANE_ELEMENTS on
// ("its run"), one bit each in a mask of the non-zero ones. A non-zero element's coordinates go to the row that
// counts the non-zero elements before it, so the lanes' counts are summed in order: in groups of SCAN_GROUP lanes,
// then over the groups. The box is the input's own dimensions (none merged: the coordinates are read off them),
// P.count its elements. The temporary resource (output or indices slot; host: ops/nonzero_coordinates.cpp) holds, in
// words: each lane's count, turned into its first row within its group [0, L); each group's count, turned into its
// first row [L, L + G); the total; each lane's mask [L + G + 1, 2L + G + 1). L = laneCount(), G = groupCount().
//   Count: each lane's mask and count. No workgroup barrier: on lavapipe they cost far more than the counting.
//   ScanLanes: workgroup g turns the counts of group g into prefix sums in place, and stores the group's count.
//   ScanGroups: one workgroup turns the groups' counts into prefix sums in place and stores the total after them,
//     which the host's next launch copies to OutputCountTensor.
//   Write: each lane stores the coordinates of its run's non-zero elements from its row on (the input is not read
//     again): the input coordinates of its last N dimensions. Only the rows [rowLo, rowHi) and columns
//     [columnLo, columnHi) of this launch's part of the output are stored.
// Non-zero: any bit of P.values.x set (the host leaves the sign bit out for FLOAT32 and FLOAT16: -0 is zero).
#extension GL_GOOGLE_include_directive : require
#include "launch_params.glsl"

// MODE: the pass (bits 0-1); whether the input is packed row-major (bit 2: kNonzeroPackedInput), so that element e
// lies at offset e; and the write pass's coordinates per row, N (bits 3-6: a constant, so that the loops over them
// unroll and a walk's coordinates stay in registers).
#define PASS_COUNT 0u
#define PASS_SCAN_LANES 1u
#define PASS_SCAN_GROUPS 2u
#define PASS_WRITE 3u
const uint PASS = MODE & 3u;
const bool PACKED_INPUT = (MODE & 4u) != 0u;
const uint COLUMNS = (MODE >> 3) & 15u;
#define LANE_ELEMENTS 32u   // host: kNonzeroLaneElements
#define SCAN_GROUP 2048u    // host: kNonzeroScanGroup: WORKGROUP_SIZE lanes of a scan, 32 counts each

layout(set = 0, binding = 3, std430) readonly buffer Temporary { uint words[]; } temporary;

uint ceilDivide(uint x, uint d) { return x / d + (x % d != 0u ? 1u : 0u); }
uint laneCount() { return ceilDivide(P.count, LANE_ELEMENTS); }
uint groupCount() { return ceilDivide(laneCount(), SCAN_GROUP); }

shared uint laneSums[WORKGROUP_SIZE];

// The sum of `value` over the workgroup's lanes below this one; `total` gets the sum over all of them.
uint exclusiveWorkgroupSum(uint value, out uint total) {
    uint lane = gl_LocalInvocationID.x;
    laneSums[lane] = value;
    barrier();
    for (uint step = 1u; step < WORKGROUP_SIZE; step <<= 1) {
        uint below = lane >= step ? laneSums[lane - step] : 0u;
        barrier();
        laneSums[lane] += below;
        barrier();
    }
    total = laneSums[WORKGROUP_SIZE - 1u];
    return laneSums[lane] - value;
}

// Turns the `count` words from `base` on into exclusive prefix sums in place, each lane a run of consecutive ones,
// and stores their sum at `totalAt`.
void scanInPlace(uint base, uint count, uint totalAt) {
    const uint lane = gl_LocalInvocationID.x, perLane = ceilDivide(count, WORKGROUP_SIZE);
    const uint begin = min(lane * perLane, count), end = min(begin + perLane, count);
    uint sum = 0u;
    for (uint i = begin; i < end; ++i) sum += dst.words[base + i];
    uint total;
    uint prefix = exclusiveWorkgroupSum(sum, total);
    for (uint i = begin; i < end; ++i) {
        const uint value = dst.words[base + i];
        dst.words[base + i] = prefix;
        prefix += value;
    }
    if (lane == 0u) dst.words[totalAt] = total;
}

// Bit k set: input element first + k is non-zero (k < count). Strided inputs: the offsets are stepped along the
// innermost dimension and computed afresh where a row ends.
uint stridedNonzeroMask(uint first, uint count) {
    uvec4 offsets;
    uint innermost;
    elementOffsets(first, offsets, innermost);
    const uint last = P.rank - 1u;
    const uint rowSize = boxSize(last), innerStride = channelStride(SLOT_INPUT, last);
    uint offset = offsets.y, mask = 0u;
    for (uint k = 0u; k < count; ++k) {
        if (k > 0u) {
            if (++innermost == rowSize) {
                elementOffsets(first + k, offsets, innermost);
                offset = offsets.y;
            } else {
                offset += innerStride;
            }
        }
        if ((readInput(offset).x & P.values.x) != 0u) mask |= 1u << k;
    }
    return mask;
}

// The same for a packed input. A lane's whole run of elements that starts on a quad is read as quads: 8, 4 or 2 of
// them for 4-, 2- and 1-byte elements, where lavapipe pays per element fetched (docs/performance-sessions.md).
const uint QUAD_INPUTS = 4u * INPUT_PER_WORD;
uint packedNonzeroMask(uint first, uint count) {
    const uint offset = B.base[SLOT_INPUT] + first;
    uint mask = 0u;
    if (count == LANE_ELEMENTS && offset % QUAD_INPUTS == 0u) {
        for (uint q = 0u; q < LANE_ELEMENTS / QUAD_INPUTS; ++q) {
            uvec4 quad = loadInputQuad(offset / QUAD_INPUTS + q);
            for (uint w = 0u; w < 4u; ++w)
                for (uint i = 0u; i < INPUT_PER_WORD; ++i)
                    if (((quad[w] >> (i * INPUT_BITS)) & INPUT_MASK & P.values.x) != 0u)
                        mask |= 1u << (q * QUAD_INPUTS + w * INPUT_PER_WORD + i);
        }
        return mask;
    }
    for (uint k = 0u; k < count; ++k)
        if ((readInput(offset + k).x & P.values.x) != 0u) mask |= 1u << k;
    return mask;
}

// The non-zero mask of lane λ's run (λ < laneCount(): the last run may be short).
uint laneMask(uint lambda) {
    const uint first = lambda * LANE_ELEMENTS, count = min(LANE_ELEMENTS, P.count - first);
    return PACKED_INPUT ? packedNonzeroMask(first, count) : stridedNonzeroMask(first, count);
}

// The coordinates of input element e, stepped along a lane's run: along the innermost dimension by addition, all of
// them computed afresh where a row ends.
struct Walk {
    uint e, innerSize;
    uint columns[8];   // [c]: the coordinate along input dimension rank - COLUMNS + c, for c < COLUMNS
};

Walk startWalk(uint e) {
    Walk w;
    w.e = e;
    w.innerSize = boxSize(P.rank - 1u);
    for (uint c = COLUMNS; c-- > 0u;) {
        const uint d = P.rank - COLUMNS + c, q = divideBySize(e, d);
        w.columns[c] = e - q * boxSize(d);
        e = q;
    }
    return w;
}

void stepWalk(inout Walk w, uint e) {
    w.columns[COLUMNS - 1u] += e - w.e;   // below the row's size + LANE_ELEMENTS: no wrap-around
    w.e = e;
    if (w.columns[COLUMNS - 1u] >= w.innerSize) w = startWalk(e);
}

// Word j of the rows of LANE_ELEMENTS consecutive elements of one input row, the first at `w`: they differ only in
// the last column.
uint denseRowsWord(Walk w, uint j) {
    const uint c = j % COLUMNS;
    uint value = w.columns[COLUMNS - 1u] + j / COLUMNS;
    for (uint i = 0u; i + 1u < COLUMNS; ++i)   // unrolled: a select per column, no indexing by c
        if (c == i) value = w.columns[i];
    return value;
}

// Stores the coordinates of the lane's non-zero elements (mask, from element `first`) as rows `row`, row + 1, ...
// Where those rows are whole in this launch and laid out one after another (row-major, no gaps), they are one run
// of words: stored as quads between a head and a tail of single words, since lavapipe pays per store instruction;
// where, besides, all the lane's elements are non-zero and in one input row, the words are computed in place of the
// walk.
void storeLaneRows(uint row, uint first, uint mask) {
    if (mask == 0u) return;
    const uint rows = bitCount(mask);
    const bool wordRun = P.coordinateColumnStride == 1 && uint(P.coordinateRowStride) == COLUMNS &&
                         P.columnLo == 0u && P.columnHi == COLUMNS && row >= P.rowLo && row + rows <= P.rowHi;
    Walk w = startWalk(first);
    if (wordRun && rows == LANE_ELEMENTS && w.columns[COLUMNS - 1u] + LANE_ELEMENTS <= w.innerSize) {
        const uint word = B.base[SLOT_OUTPUT] + (row - P.rowLo) * COLUMNS, total = LANE_ELEMENTS * COLUMNS;
        const uint head = (4u - word % 4u) % 4u, quadEnd = head + (total - head) / 4u * 4u;
        for (uint j = 0u; j < head; ++j) dst.words[word + j] = denseRowsWord(w, j);
        for (uint j = head; j < quadEnd; j += 4u)
            storeOutputQuad((word + j) / 4u, uvec4(denseRowsWord(w, j), denseRowsWord(w, j + 1u),
                                                   denseRowsWord(w, j + 2u), denseRowsWord(w, j + 3u)));
        for (uint j = quadEnd; j < total; ++j) dst.words[word + j] = denseRowsWord(w, j);
        return;
    }
    if (wordRun) {
        const uint word = B.base[SLOT_OUTPUT] + (row - P.rowLo) * COLUMNS, total = rows * COLUMNS;
        const uint head = min((4u - word % 4u) % 4u, total), quadEnd = head + (total - head) / 4u * 4u;
        uvec4 quad = uvec4(0u);   // the last four words made, oldest first
        uint produced = 0u;
        for (uint k = 0u; k < LANE_ELEMENTS; ++k) {
            if (k > 0u) stepWalk(w, first + k);
            if ((mask & (1u << k)) == 0u) continue;
            for (uint c = 0u; c < COLUMNS; ++c, ++produced) {
                if (produced < head || produced >= quadEnd) {
                    dst.words[word + produced] = w.columns[c];
                } else {
                    quad = uvec4(quad.yzw, w.columns[c]);
                    if (((produced - head) & 3u) == 3u) storeOutputQuad((word + produced - 3u) / 4u, quad);
                }
            }
        }
        return;
    }
    for (uint k = 0u; k < LANE_ELEMENTS; ++k) {
        if (k > 0u) stepWalk(w, first + k);
        if ((mask & (1u << k)) == 0u) continue;
        if (row >= P.rowLo && row < P.rowHi) {
            const uint rowOffset = B.base[SLOT_OUTPUT] + (row - P.rowLo) * uint(P.coordinateRowStride);
            for (uint c = 0u; c < COLUMNS; ++c)
                if (c >= P.columnLo && c < P.columnHi)
                    dst.words[rowOffset + (c - P.columnLo) * uint(P.coordinateColumnStride)] = w.columns[c];
        }
        ++row;
    }
}

void main() {
    const uint g = gl_WorkGroupID.y * P.groupsX + gl_WorkGroupID.x;
    const uint lanes = laneCount(), groups = groupCount();
    const uint base = B.base[PASS == PASS_WRITE ? SLOT_INDICES : SLOT_OUTPUT];
    if (PASS == PASS_SCAN_LANES) {
        if (g < groups) scanInPlace(base + g * SCAN_GROUP, min(SCAN_GROUP, lanes - g * SCAN_GROUP), base + lanes + g);
        return;
    }
    if (PASS == PASS_SCAN_GROUPS) {
        scanInPlace(base + lanes, groups, base + lanes + groups);
        return;
    }
    const uint lambda = g * WORKGROUP_SIZE + gl_LocalInvocationID.x;
    if (lambda >= lanes) return;   // past the last run (the grid's last workgroups)
    const uint maskAt = base + lanes + groups + 1u + lambda;
    if (PASS == PASS_COUNT) {
        const uint mask = laneMask(lambda);
        dst.words[maskAt] = mask;
        dst.words[base + lambda] = bitCount(mask);
        return;
    }
    // PASS_WRITE
    const uint mask = temporary.words[maskAt];
    const uint row = temporary.words[base + lanes + lambda / SCAN_GROUP] + temporary.words[base + lambda];
    if (mask == 0u || row >= P.rowHi || row + bitCount(mask) <= P.rowLo) return;   // no row of this launch
    storeLaneRows(row, lambda * LANE_ELEMENTS, mask);
}
