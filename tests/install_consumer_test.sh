#!/usr/bin/env bash
# Installs the build into a scratch prefix, then builds the README example against it twice: with
# find_package(vkdml) + vkdml::vkdml, and with pkg-config. Both programs must run and print the reversed vector.
# Usage: install_consumer_test.sh BUILD_DIR SOURCE_DIR
set -euo pipefail
build=$(cd "$1" && pwd)
source=$(cd "$2" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cmake --install "$build" --prefix "$work/prefix" > /dev/null
test -f "$work/prefix/include/vkdml/vkdml.h"

cmake -S "$source/tests/install_consumer" -B "$work/cmake-build" -DCMAKE_PREFIX_PATH="$work/prefix" \
      -DEXAMPLE_SOURCE="$source/tools/samples/readme_example.c" > /dev/null
cmake --build "$work/cmake-build" > /dev/null
LD_LIBRARY_PATH="$work/prefix/lib:$work/prefix/lib/x86_64-linux-gnu:${LD_LIBRARY_PATH:-}" "$work/cmake-build/consumer" | grep -qx '4 3 2 1'

pcdir=$(dirname "$(find "$work/prefix" -name vkdml.pc | head -n 1)")
# CC, CFLAGS and LDFLAGS come from the environment when set (sanitizer builds); cmake reads them too.
${CC:-cc} ${CFLAGS:-} $(PKG_CONFIG_PATH="$pcdir" pkg-config --cflags vkdml) "$source/tools/samples/readme_example.c" \
   $(PKG_CONFIG_PATH="$pcdir" pkg-config --libs vkdml) ${LDFLAGS:-} -o "$work/pc-consumer"
LD_LIBRARY_PATH="$work/prefix/lib:$work/prefix/lib/x86_64-linux-gnu:${LD_LIBRARY_PATH:-}" "$work/pc-consumer" | grep -qx '4 3 2 1'
echo "install consumer: find_package and pkg-config builds both ran correctly"
