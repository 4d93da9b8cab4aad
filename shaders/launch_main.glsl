// The body shared by the kernels. The including kernel defines
//     bool elementValue(inout uvec4 offsets, bool inside, out uvec2 value)
// which gives the bits of the output element whose slot offsets are `offsets` (`inside`: false where the constant
// input map asks for the fill value; elements another launch handles never get here), or
// returns false when this launch must leave that element alone (an index outside the launch's part of the axis, an
// index outside the output of a scatter). A scatter may move offsets.x, the output element written; it never runs
// with a dense output.

void main() {
    uint id = linearInvocation();
    if (DENSE_OUTPUT == 0 || ELEMENT_BYTES >= 4) {
        if (id >= P.count) return;
        uvec4 offsets;
        uint found = elementOffsets(id, offsets);
        uvec2 value;
        if (found != ELEMENT_SKIP && elementValue(offsets, found == ELEMENT_INPUT, value))
            writeOutputElement(offsets.x, value);
        return;
    }
    // Dense sub-word output: invocation id owns output word (first word of the box) + id.
    uint boxBegin = B.base[SLOT_OUTPUT];
    uint boxEnd = boxBegin + P.count;
    uint word = boxBegin / ELEMENTS_PER_WORD + id;
    uint firstElement = word * ELEMENTS_PER_WORD;
    if (firstElement >= boxEnd) return;
    uint value = 0;
    uint written = 0;        // mask of the bits this invocation writes
    bool wholeWord = true;   // every element of the word is in the box
    for (uint slot = 0; slot < ELEMENTS_PER_WORD; ++slot) {
        uint element = firstElement + slot;
        if (element < boxBegin || element >= boxEnd) {
            wholeWord = false;
            continue;
        }
        uvec4 offsets;
        uint found = elementOffsets(element - boxBegin, offsets);
        uvec2 bits;
        if (found == ELEMENT_SKIP || !elementValue(offsets, found == ELEMENT_INPUT, bits)) continue;
        value |= (bits.x & ELEMENT_MASK) << (slot * ELEMENT_BITS);
        written |= ELEMENT_MASK << (slot * ELEMENT_BITS);
    }
    if (written == 0) return;
    if (wholeWord && written == 0xFFFFFFFFu) {
        dst.words[word] = value;
    } else {
        atomicAnd(dst.words[word], ~written);
        atomicOr(dst.words[word], value);
    }
}
