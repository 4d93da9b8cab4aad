// The body shared by the kernels. The including kernel defines
//     bool sourceOffset(uvec3 offsets, out uint inputOffset)
// which maps the slot offsets of one box element to the input element to copy, or returns false when this launch
// must leave that output element alone (a gather launch that covers only part of the axis).

void main() {
    uint id = linearInvocation();
    if (DENSE_OUTPUT == 0 || ELEMENT_BYTES >= 4) {
        if (id >= P.count) return;
        uvec3 offsets = slotOffsets(id);
        uint inputOffset;
        if (sourceOffset(offsets, inputOffset)) writeOutputElement(offsets.x, readInput(inputOffset));
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
        uint inputOffset;
        if (!sourceOffset(slotOffsets(element - boxBegin), inputOffset)) continue;
        value |= readInput(inputOffset).x << (slot * ELEMENT_BITS);
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
