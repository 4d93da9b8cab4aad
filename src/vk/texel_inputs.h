// Inputs read through uniform texel buffer views (VKDML_EXECUTION_FLAG_TEXEL_INPUTS): which launches of a compiled
// operator take their kernel's TEXEL_INPUT build (shaders/launch_params.glsl), and the views the binding table makes
// of their input range.
#pragma once

#include "ops/plan.h"
#include "vk/device.h"

namespace vkdml {

// Whether launch `l` of an operator compiled with VKDML_EXECUTION_FLAG_TEXEL_INPUTS reads its input slot through
// texel views on `device`: the device allows them (Device::texelInputs), the kernel has a TEXEL_INPUT build, the
// slot is one of the operator's inputs, and its descriptor range holds a whole quad and fits a view of
// maxTexelBufferElements words. `inPlace`: an output of the operator may be bound to its input's range
// (MayRunInPlace: an IDENTITY whose input and output have the same layout), where a texel fetch (read-only, possibly
// through another cache on a GPU) might not see what other invocations of the same launch wrote: such operators keep
// storage buffers. A transpose or any other change of layout cannot run in place.
bool TakesTexelInput(const Device& device, const Launch& l, bool inPlace);

// The two views of an input range (offset and range as its storage-buffer descriptor would have them): R32_UINT
// words and R32G32B32A32_UINT quads (the range's whole quads). Both or neither are created.
Status CreateTexelViews(const Device& device, VkBuffer buffer, VkDeviceSize offset, VkDeviceSize range,
                        VkBufferView views[2]);

}  // namespace vkdml
