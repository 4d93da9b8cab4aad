// Inputs read through uniform texel buffer views (VKDML_EXECUTION_FLAG_TEXEL_INPUTS): which launches of a compiled
// operator take their kernel's TEXEL_INPUT build (shaders/launch_params.glsl), and the views the binding table makes
// of their input range.
#pragma once

#include "ops/plan.h"
#include "vk/device.h"
#include "vk/embedded_kernels.h"

#include <array>

namespace vkdml {

// The views of one launch's input range, in the order of their bindings (vk/embedded_kernels.h): R32_UINT words,
// R32G32B32A32_UINT quads, and the input's elements (R8_UINT / R16_UINT for 1- / 2-byte elements, else R32_UINT);
// then, for copy_parts, the R32G32B32A32_UINT views of parts 1.. of a JOIN (kPartQuadTexels + k - 1).
using TexelViews = std::array<VkBufferView, kTexelViewCount + kMaxParts - 1>;
enum TexelView : size_t { kWordTexels, kQuadTexels, kElementTexels, kPartQuadTexels };

// The slots launch `l`'s TEXEL_INPUT build reads through texel views: from kSlotInput to the value returned,
// exclusive. A copy_parts JOIN reads every part (slots 1..partCount; ops/part_copies.h: ReadsEveryPart), other
// launches the input slot alone (a copy_parts SPLIT its whole tensor, a TILE's copies part 0).
uint32_t TexelSlotEnd(const Launch& l);

// Whether launch `l` of an operator compiled with VKDML_EXECUTION_FLAG_TEXEL_INPUTS reads its input slot (and
// TexelSlotEnd's others) through texel views on `device`: the device allows them (Device::texelInputs), each slot is
// one of the operator's inputs, and its descriptor range holds a whole quad and fits views of maxTexelBufferElements
// texels, its element view included. `inPlace`: an output of the operator may be bound to its input's range
// (MayRunInPlace: an IDENTITY whose input and output have the same layout), where a texel fetch (read-only, possibly
// through another cache on a GPU) might not see what other invocations of the same launch wrote: such operators keep
// storage buffers. A transpose or any other change of layout cannot run in place.
bool TakesTexelInput(const Device& device, const Launch& l, bool inPlace);

// The views of an input range of `elementBytes` elements (offset and range as its storage-buffer descriptor would
// have them), each over the range's whole texels. All or none are created; the part views stay VK_NULL_HANDLE.
Status CreateTexelViews(const Device& device, VkBuffer buffer, VkDeviceSize offset, VkDeviceSize range,
                        uint32_t elementBytes, TexelViews* views);
// The R32G32B32A32_UINT view of a range, over its whole quads (a copy_parts JOIN's part: TexelView kPartQuadTexels).
Status CreateQuadTexelView(const Device& device, VkBuffer buffer, VkDeviceSize offset, VkDeviceSize range,
                           VkBufferView* view);

// The format of the element view for elements of `elementBytes`: a texel fetch returns one element (1- and 2-byte
// elements zero-extended), where a word fetch needs a shift and a mask; 4- and 8-byte elements read words.
VkFormat TexelElementFormat(uint32_t elementBytes);

}  // namespace vkdml
