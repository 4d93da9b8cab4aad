// Four consecutive 32-bit words that straddle two 16-byte quads: where a run's input starts at another word of a
// quad than its output, an output quad is made from two input quad loads (on lavapipe every buffer load is a loop
// over the SIMD lanes, so two quad loads cost less than four word loads).

// The four input words starting `first` (0..3) words into quad a, continuing into quad b.
uvec4 wordsFrom(uvec4 a, uvec4 b, uint first) {
    return first == 0u ? a : first == 1u ? uvec4(a.yzw, b.x) : first == 2u ? uvec4(a.zw, b.xy) : uvec4(a.w, b.xyz);
}

// The 16 bytes starting `first` (0..15) bytes into quad a, continuing into quad b: the four words from the one `first`
// lies in (`low`), each with its next word's low bytes shifted in. The next words are low's own but for the last,
// b's word `word` (a quad past low's first); `(x << 1) << (31 - shift)` is x << (32 - shift), and 0 where shift is 0,
// without a select (a shift by 32 is undefined).
uvec4 bytesFrom(uvec4 a, uvec4 b, uint first) {
    uint word = first >> 2, shift = (first & 3u) * 8u;
    uvec4 low = wordsFrom(a, b, word);
    uvec4 high = uvec4(low.yzw, word == 0u ? b.x : word == 1u ? b.y : word == 2u ? b.z : b.w);
    return (low >> shift) | ((high << 1u) << (31u - shift));
}
