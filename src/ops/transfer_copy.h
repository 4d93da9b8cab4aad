// Transfer copies: a launch that only moves long contiguous runs of bytes (a packed IDENTITY, a SLICE of whole rows,
// SPLIT/JOIN parts along outer axes) can be recorded as vkCmdCopyBuffer regions instead of a kernel, when the
// application allows transfer commands (VKDML_EXECUTION_FLAG_TRANSFER_COMMANDS). This file decides which launches
// qualify and describes their regions in bytes, relative to the bindings; the recorder adds the binding offsets.
#pragma once

#include "ops/plan.h"

#include <optional>

namespace vkdml {

// Runs shorter than LoweringLimits::minTransferRunBytes (4 KiB unless VKDML_MIN_TRANSFER_RUN_BYTES lowers it for
// tests) stay in a kernel: a copy region has a fixed cost (about 0.4 us on lavapipe) and short runs copy slower than
// the word-copy kernel moves them. Launches of more rows than this stay in a kernel, so recording stays cheap.
constexpr uint32_t kMaxTransferRegions = 256;

// Rows that all read the same source run (a TILE along an outer axis, a broadcast: source row stride 0) are copied
// a chunk at a time to every row, so that each chunk is read from memory once and from cache for the other rows,
// rather than the whole run once per row. The chunk is at least this long (a region's fixed cost stays small) and
// long enough that the copy keeps within kMaxTransferRegions regions.
constexpr uint64_t kRepeatedRunChunkBytes = 256 * 1024;

// `rows` runs of `rowBytes` bytes: run k starts at sourceOrigin + k * sourceRowStride in the source tensor's binding
// and lands at destinationOrigin + k * destinationRowStride in the destination's (all in bytes). The regions go
// chunk by chunk: bytes [c, c + chunkBytes) of every row, then the next chunk (chunkBytes = rowBytes but for the
// repeated runs above).
struct TransferCopy {
    TensorRef source, destination;
    uint32_t rows = 1;
    uint64_t rowBytes = 0, chunkBytes = 0;
    int64_t sourceOrigin = 0, destinationOrigin = 0;
    int64_t sourceRowStride = 0, destinationRowStride = 0;
};

// The transfer copy that does exactly what `launch` does, if there is one worth recording.
std::optional<TransferCopy> TransferCopyOf(const Launch& launch, const LoweringLimits& limits);

}  // namespace vkdml
