// What every vkdml kernel launch receives. Host side: src/vk/launch_params.h (same layout, std140).
//
// A launch walks an N-D box (N <= 8, outermost dimension first) in row-major order. For each element of the box,
// every bound tensor ("slot") has an element offset: its base (a push constant, relative to the start of the
// descriptor range, set when buffers are bound) plus the dot product of the coordinates with the slot's strides.
// Buffers are addressed as 32-bit words whatever the element width, so no 8/16-bit storage or int64 is needed.

#define SLOT_OUTPUT 0
#define SLOT_INPUT 1
#define SLOT_INDICES 2
#define WORKGROUP_SIZE 64

layout(local_size_x = WORKGROUP_SIZE) in;

// Element width in bytes: 1, 2, 4 or 8.
layout(constant_id = 0) const uint ELEMENT_BYTES = 4;
// 1: the output box is packed, so one invocation owns one output word and assembles sub-word elements into it
// (plain stores inside the box, atomics on the two edge words). 0: one invocation per element; sub-word elements
// are merged into their word with atomicAnd/atomicOr, which leaves the neighbours' bits alone.
layout(constant_id = 1) const uint DENSE_OUTPUT = 0;

layout(set = 0, binding = 0, std140) uniform LaunchParams {
    uvec4 sizes[2];        // box sizes, dims 0..7
    ivec4 strides[3][2];   // [slot][dims 0..7], in elements, may be negative
    uint rank;
    uint count;            // elements in the box
    uint groupsX;          // the grid is 2-D: groupsX x groupsY workgroups
    uint axisSize;         // gather: size of the gathered axis of the whole input
    uint axisLo;           // gather: this launch reads only indices in [axisLo, axisHi)
    uint axisHi;
    int axisStride;        // gather: input stride of the axis, in elements
    uint unused;
} P;

layout(push_constant) uniform SlotBases {
    uint base[3];          // element offset of the box origin in each slot, relative to its descriptor range
} B;

layout(set = 0, binding = 1, std430) buffer OutputWords { uint words[]; } dst;
layout(set = 0, binding = 2, std430) readonly buffer InputWords { uint words[]; } src;

uint linearInvocation() {
    return (gl_WorkGroupID.y * P.groupsX + gl_WorkGroupID.x) * WORKGROUP_SIZE + gl_LocalInvocationID.x;
}

uint boxSize(uint d) { return P.sizes[d >> 2][d & 3u]; }
uint slotStride(uint slot, uint d) { return uint(P.strides[slot][d >> 2][d & 3u]); }

// Element offsets of the box element with row-major index e in the output, input and indices slots.
// Unsigned wrap-around arithmetic is exact here because every final offset lies inside its descriptor range.
uvec3 slotOffsets(uint e) {
    uvec3 offset = uvec3(B.base[0], B.base[1], B.base[2]);
    for (int d = int(P.rank) - 1; d >= 0; --d) {
        uint n = boxSize(uint(d));
        uint c = e % n;
        e /= n;
        offset += c * uvec3(slotStride(0, uint(d)), slotStride(1, uint(d)), slotStride(2, uint(d)));
    }
    return offset;
}

const uint ELEMENTS_PER_WORD = ELEMENT_BYTES >= 4 ? 1 : 4 / ELEMENT_BYTES;
const uint ELEMENT_BITS = ELEMENT_BYTES * 8;
const uint ELEMENT_MASK = ELEMENT_BYTES >= 4 ? 0xFFFFFFFFu : (1u << ELEMENT_BITS) - 1u;

// An element's bits; .y is used by 8-byte elements only.
uvec2 readInput(uint offset) {
    if (ELEMENT_BYTES == 8) return uvec2(src.words[2 * offset], src.words[2 * offset + 1]);
    if (ELEMENT_BYTES == 4) return uvec2(src.words[offset], 0);
    uint shift = (offset % ELEMENTS_PER_WORD) * ELEMENT_BITS;
    return uvec2((src.words[offset / ELEMENTS_PER_WORD] >> shift) & ELEMENT_MASK, 0);
}

void writeOutputElement(uint offset, uvec2 value) {
    if (ELEMENT_BYTES == 8) {
        dst.words[2 * offset] = value.x;
        dst.words[2 * offset + 1] = value.y;
    } else if (ELEMENT_BYTES == 4) {
        dst.words[offset] = value.x;
    } else {
        uint word = offset / ELEMENTS_PER_WORD;
        uint shift = (offset % ELEMENTS_PER_WORD) * ELEMENT_BITS;
        atomicAnd(dst.words[word], ~(ELEMENT_MASK << shift));
        atomicOr(dst.words[word], value.x << shift);
    }
}
