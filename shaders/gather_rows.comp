#version 450
// GATHER of whole rows of quads (src/ops/gather_rows.h): an embedding table's lookup, [R, L] rows gathered by one
// index each, every row a whole number of 16-byte quads in both tensors. The box is [rows, quads of a row]; each
// invocation copies QUADS_PER_INVOCATION consecutive quads of one row (P.rowInvocations invocations a row), reading
// the row's index itself. gather.comp walked whole rows per invocation instead (4096 elements: 16 rows of 256), each
// element through its own offsets. On a CPU implementation storing 64-bit words an invocation takes up to 64 quads
// (LoweringLimits::quadsPerGatherRowInvocation), each lane of an instruction in a row of its own: on an AMD host's
// lavapipe that ran about 1.4 x faster than 8 quads, whose lanes copy neighbouring pieces of one row (README,
// Session 56); with 32-bit stores 8 quads ran as fast or faster (Session 57).
//
// The host guarantees quad-aligned rows as long as the bindings' bases (set when buffers are bound) are; where they
// are not, the invocation copies its quads word by word.
#extension GL_GOOGLE_include_directive : require
#include "launch_params.glsl"
#include "index_values.glsl"
#include "quad_pair_runs.glsl"

// Quads each invocation copies (host: LoweringLimits::quadsPerCopyInvocation, as copy_words.comp).
layout(constant_id = 6) const uint QUADS_PER_INVOCATION = 8;

// `count` quads from output word `to` on, read from input word `from` on: as quads (both quad-aligned), two to a
// store from an even output quad on where the kernels store 64-bit words (quad_pair_runs.glsl), or word by word.
void copyQuads(uint to, uint from, uint count) {
    uint toQuad = to / 4u, fromQuad = from / 4u;
#define GATHERED_QUAD(q) loadInputQuad(fromQuad + (q))
    STORE_QUAD_RUN(toQuad, count, 0u, 1u, storeOutputQuad, storeOutputQuadPair, GATHERED_QUAD)
#undef GATHERED_QUAD
}
void copyWords(uint to, uint from, uint count) {
    for (uint w = 0; w < 4u * count; ++w) dst.words[to + w] = inputWord(from + w);
}

void main() {
    uint id = linearInvocation();
    uint row = id / P.rowInvocations;
    if (row >= boxSize(0)) return;
    uint column = (id - row * P.rowInvocations) * QUADS_PER_INVOCATION;
    uint count = min(QUADS_PER_INVOCATION, boxSize(1) - column);
    uint index;
    readIndex(B.base[SLOT_INDICES] + row * channelStride(SLOT_INDICES, 0), axisSize(0), index);   // clamped
    uint to = B.base[SLOT_OUTPUT] + row * channelStride(SLOT_OUTPUT, 0) + 4u * column;
    uint from = B.base[SLOT_INPUT] + row * channelStride(SLOT_INPUT, 0) + index * axisStride(0) + 4u * column;
    // The path is chosen once per invocation, each call with its own loop: lavapipe runs both sides of a branch under
    // a lane mask (and a loop's body at least once), so a choice per quad would cost both paths there.
    if (((B.base[SLOT_OUTPUT] | B.base[SLOT_INPUT]) & 3u) == 0u)
        copyQuads(to, from, count);
    else
        copyWords(to, from, count);
}
