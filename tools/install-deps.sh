#!/usr/bin/env bash
# Installs everything vkdml needs to build and test on Debian 12, from Debian's packages only.
# Skips apt entirely when every package is already installed. Run as root or with sudo available.
set -euo pipefail

packages=(
  cmake ninja-build g++ pkg-config                  # build
  libvulkan-dev libvulkan-volk-dev                  # Vulkan headers + loader, volk (compiled into the library)
  glslang-tools spirv-tools                         # GLSL -> SPIR-V, spirv-val, spirv-opt at build time; the
                                                    # optimizer library for specialization on the host
  libgtest-dev libgmock-dev                         # tests
  mesa-vulkan-drivers                               # lavapipe: the CPU Vulkan device
  chromium-common                                   # SwiftShader: the second, minimum-spec CPU Vulkan device
  vulkan-validationlayers                           # the Khronos validation layer the tests run under
  libonnx-dev libprotobuf-dev libonnx-testdata      # vkdml-conformance and the ONNX node tests
  python3                                           # JSON check in the vkdml-info test
  clang libclang-rt-14-dev                          # asan and fuzz presets: sanitizer and libFuzzer runtimes
  python3-numpy                                     # vkdml-bench's numpy side (tools/bench/numpy_bench.py)
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: all ${#packages[@]} packages present"
  exit 0
fi

sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
echo "install-deps: installing ${missing[*]}"
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" > /dev/null
