// Where compiled operators keep their launch parameters: ranges of a few host-visible, coherent uniform buffers per
// device, each buffer one memory allocation mapped for its whole life. A buffer and an allocation per operator would
// cost a vkAllocateMemory per compile (tens to hundreds of microseconds on many drivers, where compiling an operator
// whose pipelines exist should take well under 0.1 ms) and count against maxMemoryAllocationCount, 4096 on many
// drivers: a model of a few thousand operators would run out.
#pragma once

#include "core/status.h"
#include "vk/mapped_buffer.h"
#include "vk/vulkan_functions.h"

#include <map>
#include <memory>
#include <mutex>
#include <vector>

struct VkdmlDevice_T;

namespace vkdml {

// `size` bytes of a block from `offset` (a multiple of the arena's alignment), mapped at `mapped`.
struct ParamsRange {
    VkBuffer buffer = VK_NULL_HANDLE;
    VkDeviceSize offset = 0;
    VkDeviceSize size = 0;
    void* mapped = nullptr;
};

class ParamsArena {
public:
    // Ranges start at multiples of `alignment` (minUniformBufferOffsetAlignment and 16).
    ParamsArena(VkdmlDevice_T* device, VkDeviceSize alignment);
    ~ParamsArena();
    ParamsArena(const ParamsArena&) = delete;
    ParamsArena& operator=(const ParamsArena&) = delete;

    Status Allocate(VkDeviceSize size, ParamsRange* out);
    void Free(const ParamsRange& range);

    // Blocks are this size, or a request's size where it is larger.
    static constexpr VkDeviceSize kBlockBytes = 64 * 1024;

private:
    struct Block {
        MappedBuffer allocation;
        VkDeviceSize used = 0;
        std::map<VkDeviceSize, VkDeviceSize> free;   // offset -> bytes, neighbours merged
    };
    Status AddBlock(VkDeviceSize size, Block** out);

    VkdmlDevice_T* device_;
    VkDeviceSize alignment_;
    std::mutex mutex_;
    std::vector<std::unique_ptr<Block>> blocks_;
};

}  // namespace vkdml
