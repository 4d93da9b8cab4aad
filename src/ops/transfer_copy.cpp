#include "ops/transfer_copy.h"

#include <algorithm>

namespace vkdml {
namespace {

// A plain element copy (no input map, no index, no conversion) between tensors of one element width.
bool IsPlainCopy(const Launch& l) {
    if (l.args.kernel == Kernel::CopyWords) return true;
    if (l.args.kernel != Kernel::StridedCopy || l.args.mode != uint32_t(InputMap::Linear)) return false;
    return l.slotCount == 2 && l.slots[kSlotInput].elementBytes == l.slots[kSlotOutput].elementBytes;
}

}  // namespace

std::optional<TransferCopy> TransferCopyOf(const Launch& l, const LoweringLimits& limits) {
    if (!IsPlainCopy(l) || l.rank > 2) return std::nullopt;
    // The application promises transfer usage for its tensors' buffers (vkdml.h), not for the temporary resource's.
    if (l.slots[kSlotInput].tensor.isTemporary || l.slots[kSlotOutput].tensor.isTemporary) return std::nullopt;
    // After merging, a launch over contiguous runs has its run as the innermost dimension (stride 1 in both tensors)
    // and at most one outer dimension of rows.
    const uint32_t inner = l.rank == 0 ? 0 : l.rank - 1;
    const uint64_t runElements = l.rank == 0 ? 1 : l.sizes[inner];
    if (l.rank > 0 && (l.strides[kSlotOutput][inner] != 1 || l.strides[kSlotInput][inner] != 1)) return std::nullopt;
    const uint64_t es = l.slots[kSlotOutput].elementBytes;
    TransferCopy copy;
    copy.source = l.slots[kSlotInput].tensor;
    copy.destination = l.slots[kSlotOutput].tensor;
    copy.rowBytes = runElements * es;
    copy.rows = l.rank == 2 ? l.sizes[0] : 1;
    copy.sourceOrigin = l.slots[kSlotInput].origin * int64_t(es);
    copy.destinationOrigin = l.slots[kSlotOutput].origin * int64_t(es);
    if (l.rank == 2) {
        copy.sourceRowStride = int64_t(l.strides[kSlotInput][0]) * int64_t(es);
        copy.destinationRowStride = int64_t(l.strides[kSlotOutput][0]) * int64_t(es);
    }
    if (l.outputCopies > 1) {   // copies of one run: rows whose source does not move
        if (l.rank == 2) return std::nullopt;
        copy.rows = l.outputCopies;
        copy.destinationRowStride = int64_t(l.outputCopyStride) * int64_t(es);
    }
    if (copy.rowBytes < limits.minTransferRunBytes || copy.rows > kMaxTransferRegions) return std::nullopt;
    copy.chunkBytes = copy.rowBytes;
    if (copy.rows > 1 && copy.sourceRowStride == 0) {
        const uint64_t chunksPerRow = kMaxTransferRegions / copy.rows;
        const uint64_t fewest = (copy.rowBytes + chunksPerRow - 1) / chunksPerRow;
        copy.chunkBytes = std::min(copy.rowBytes, std::max(kRepeatedRunChunkBytes, (fewest + 255) / 256 * 256));
    }
    return copy;
}

}  // namespace vkdml
