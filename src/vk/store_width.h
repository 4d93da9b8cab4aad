// The width of the words the INT64_WORDS kernels store (their specialization constant WORD64_STORES,
// shaders/launch_params.glsl). On lavapipe, which stores a storage buffer lane by lane, 64-bit stores halve the
// scalar stores of a quad, and on the AMD hosts measured they moved data 1.2-1.4x faster (docs/performance-sessions.md,
// Session 28); on an Intel Xeon host, whose LLVM code writes the lanes' 512-bit vector to the stack and reads each word
// back for every lane stored, they were slower: with 32-bit stores (the other kernels' 64-bit loads kept, copy_parts
// all 32-bit) 89 of issue 6's 125 targets passed there, against 59 (docs/performance-sessions.md, Session 51). A GPU
// keeps 64-bit stores, as before.
#pragma once

#include <volk.h>

namespace vkdml {

// Whether a device whose kernels are the INT64_WORDS builds stores 64-bit words: yes, except on a CPU device
// (VK_PHYSICAL_DEVICE_TYPE_CPU: the kernels run on this host) when the host CPU is an Intel one.
// VKDML_WORD64_STORES=1 (or 0) decides it for any device; the tests run both ways.
bool StoresWord64(const VkPhysicalDeviceProperties& properties);

}  // namespace vkdml
