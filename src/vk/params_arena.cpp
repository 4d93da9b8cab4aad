#include "vk/params_arena.h"

#include "core/checked_math.h"
#include "vk/device.h"

#include <algorithm>
#include <iterator>

namespace vkdml {

ParamsArena::ParamsArena(VkdmlDevice_T* device, VkDeviceSize alignment) : device_(device), alignment_(alignment) {}

ParamsArena::~ParamsArena() {
    for (auto& block : blocks_) DestroyMappedBuffer(*device_, block->allocation);
}

Status ParamsArena::AddBlock(VkDeviceSize size, Block** out) {
    auto block = std::make_unique<Block>();
    VKDML_RETURN_IF_ERROR(CreateMappedBuffer(*device_, size, VK_BUFFER_USAGE_UNIFORM_BUFFER_BIT, "launch parameters",
                                             &block->allocation));
    block->free[0] = size;
    blocks_.push_back(std::move(block));
    *out = blocks_.back().get();
    return Status::Ok();
}

Status ParamsArena::Allocate(VkDeviceSize size, ParamsRange* out) {
    size = AlignUp(std::max<VkDeviceSize>(size, 1), alignment_);
    std::lock_guard lock(mutex_);
    Block* chosen = nullptr;
    std::map<VkDeviceSize, VkDeviceSize>::iterator hole;
    for (size_t b = 0; b < blocks_.size() && !chosen; ++b) {   // first fit
        auto& free = blocks_[b]->free;
        hole = std::find_if(free.begin(), free.end(), [&](const auto& h) { return h.second >= size; });
        if (hole != free.end()) chosen = blocks_[b].get();
    }
    if (!chosen) {
        VKDML_RETURN_IF_ERROR(AddBlock(std::max(kBlockBytes, size), &chosen));
        hole = chosen->free.begin();
    }
    const VkDeviceSize offset = hole->first, left = hole->second - size;
    chosen->free.erase(hole);
    if (left) chosen->free[offset + size] = left;
    chosen->used += size;
    *out = {chosen->allocation.buffer, offset, size, static_cast<char*>(chosen->allocation.mapped) + offset};
    return Status::Ok();
}

void ParamsArena::Free(const ParamsRange& range) {
    if (!range.buffer) return;
    std::lock_guard lock(mutex_);
    for (size_t b = 0; b < blocks_.size(); ++b) {
        Block& block = *blocks_[b];
        if (block.allocation.buffer != range.buffer) continue;
        block.used -= range.size;
        // Back into the free map, merged with the holes on either side.
        VkDeviceSize offset = range.offset, bytes = range.size;
        auto next = block.free.lower_bound(offset);
        if (next != block.free.end() && next->first == offset + bytes) {
            bytes += next->second;
            next = block.free.erase(next);
        }
        if (next != block.free.begin()) {
            auto previous = std::prev(next);
            if (previous->first + previous->second == offset) {
                offset = previous->first;
                bytes += previous->second;
                block.free.erase(previous);
            }
        }
        block.free[offset] = bytes;
        // An empty block goes back to the driver unless it is the last one left (kept for the next compile).
        if (block.used == 0 && blocks_.size() > 1) {
            DestroyMappedBuffer(*device_, block.allocation);
            blocks_.erase(blocks_.begin() + ptrdiff_t(b));
        }
        return;
    }
}

}  // namespace vkdml
