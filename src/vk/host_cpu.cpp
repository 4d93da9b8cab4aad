#include "vk/host_cpu.h"

#include <cstring>

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#endif

namespace vkdml {

bool HostCpuIsIntel() {
#if defined(__x86_64__) || defined(__i386__)
    unsigned highest = 0, ebx = 0, ecx = 0, edx = 0;
    if (!__get_cpuid(0, &highest, &ebx, &ecx, &edx)) return false;
    char vendor[13];   // EBX, EDX, ECX: "GenuineIntel"
    std::memcpy(vendor, &ebx, 4);
    std::memcpy(vendor + 4, &edx, 4);
    std::memcpy(vendor + 8, &ecx, 4);
    vendor[12] = 0;
    return std::strcmp(vendor, "GenuineIntel") == 0;
#else
    return false;
#endif
}

}  // namespace vkdml
