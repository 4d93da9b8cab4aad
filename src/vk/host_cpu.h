// The CPU vkdml runs on, for the choices that depend on it where a CPU device (lavapipe, SwiftShader) runs the
// kernels on this same CPU: the store width (store_width.h) and where the lanes of a subgroup take turns along rows
// (device.cpp), measured on Intel and AMD hosts (docs/performance-sessions.md, Sessions 51 and 57).
#pragma once

namespace vkdml {

// Whether the host CPU is an Intel one (x86 CPUID vendor "GenuineIntel"); false on other CPUs and architectures.
bool HostCpuIsIntel();

}  // namespace vkdml
