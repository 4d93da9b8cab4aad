// Reading index tensors (binding 3) whatever their type: 32-bit indices are one word, 64-bit ones two words, so no
// shaderInt64 is needed (with INT64_WORDS quads and 64-bit values are read as 64-bit words: WORD_LOADS below).
// INDEX_KIND (launch_params.glsl): 0 UINT32, 1 INT32, 2 UINT64, 3 INT64.

// The words of one index value.
const uint INDEX_WORDS = INDEX_KIND <= 1 ? 1u : 2u;

layout(set = 0, binding = 3, std430) readonly buffer IndexWords { uint words[]; } indices;
// The same range as 16-byte quads (it starts at a multiple of 16 bytes, as launch_params.glsl's src4/dst4).
layout(set = 0, binding = 3, std430) readonly buffer IndexQuads { uvec4 quads[]; } indexQuads;
// loadIndexQuad(q), loadIndexLong(e): 64-bit loads where the device allows (launch_params.glsl).
WORD_LOADS(Index, 3, indices, indexQuads)

// The index a value (lo, hi: its low and high words; hi of a 32-bit value is its sign extension) names on an axis of
// `size` elements (size >= 1). Negative values (signed types) count from the end of the axis. Returns whether the
// value lies inside the axis; `index` is the value clamped into [0, size) either way, so that a gather reading it
// never leaves the input.
bool indexOf(uint lo, uint hi, uint size, out uint index) {
    uint last = size - 1u;
    bool negative = (INDEX_KIND == 1 || INDEX_KIND == 3) && int(hi) < 0;
    if (!negative) {
        index = hi != 0u ? last : min(lo, last);
        return hi == 0u && lo < size;
    }
    // value = lo - 2^32 when hi is all ones; it names an element only if its magnitude 2^32 - lo is at most size.
    uint magnitude = 0u - lo;
    if (hi == 0xFFFFFFFFu && lo != 0u && magnitude <= size) {
        index = size - magnitude;
        return true;
    }
    index = 0u;
    return false;
}

// The high word of a 32-bit index value (INDEX_KIND 0 or 1).
uint highWordOf32(uint lo) { return (INDEX_KIND == 1 && int(lo) < 0) ? 0xFFFFFFFFu : 0u; }

// Index tensors read a 16-byte quad at a time (where consecutive indices start a quad): INDICES_PER_QUAD values per
// quad; the quad holding element offset `offset`; value k of a quad (loadIndexQuad) on an axis of `size` elements, as
// indexOf.
const uint INDICES_PER_QUAD = 4u / INDEX_WORDS;
uint indexQuadOf(uint offset) { return (offset * INDEX_WORDS) >> 2; }
bool indexInQuad(uvec4 values, uint k, uint size, out uint index) {
    uint lo = values[k * INDEX_WORDS];
    uint hi = INDEX_WORDS == 1u ? highWordOf32(lo) : values[(k * INDEX_WORDS + 1u) & 3u];
    return indexOf(lo, hi, size, index);
}

// The index at element offset `offset` of the index tensor, as indexOf.
bool readIndex(uint offset, uint size, out uint index) {
    if (INDEX_KIND <= 1) {
        uint lo = indices.words[offset];
        return indexOf(lo, highWordOf32(lo), size, index);
    }
    uvec2 value = loadIndexLong(offset);
    return indexOf(value.x, value.y, size, index);
}

// An unsigned length (UINT32 or UINT64) at element offset `offset`, clamped to `size`.
uint readLength(uint offset, uint size) {
    if (INDEX_KIND <= 1) return min(indices.words[offset], size);
    uvec2 value = loadIndexLong(offset);
    return value.y != 0u ? size : min(value.x, size);
}
