#!/usr/bin/env bash
# Fuzzes every libFuzzer target of the fuzz preset for a bounded time, both at once (one per core), on lavapipe.
# Usage: tests/fuzz/run_fuzzers.sh [SECONDS=60] [BUILD_DIR=build-fuzz]
# New inputs go to BUILD_DIR/corpus/<fuzzer>/ (the checked-in seeds in tests/fuzz/corpus/<fuzzer>/ are read only);
# a crash is saved as BUILD_DIR/artifacts/<fuzzer>-crash-<sha1>: fix it, then copy it into
# tests/fuzz/regressions/<fuzzer>/ with a name that says what it was (tests/fuzz_replay_test.cpp replays it).
set -uo pipefail
cd "$(dirname "$0")/../.."
seconds=${1:-60}
build=${2:-build-fuzz}
# Targets listed in VKDML_FUZZ_ADVISORY (space-separated) report findings without failing the run; none by default.
advisory=${VKDML_FUZZ_ADVISORY-}
# The options and suppressions cmake/Sanitizers.cmake gives the tests (the drivers' own leaks are suppressed).
if [ ! -f "$build/sanitizer_environment.sh" ]; then
  echo "run_fuzzers: no $build/sanitizer_environment.sh (configure with cmake --preset fuzz)" >&2
  exit 1
fi
source "$build/sanitizer_environment.sh"
export LP_NUM_THREADS=1
icd=$(ls /usr/share/vulkan/icd.d/lvp_icd.*.json | head -n 1)
export VK_ICD_FILENAMES=$icd VK_DRIVER_FILES=$icd

fuzzers=()
for f in "$build"/bin/*_fuzzer; do [ -x "$f" ] && fuzzers+=("$f"); done
if [ ${#fuzzers[@]} -eq 0 ]; then
  echo "run_fuzzers: no fuzz target in $build/bin (cmake --preset fuzz && cmake --build --preset fuzz)" >&2
  exit 1
fi
mkdir -p "$build/artifacts" "$build/logs"
pids=()
for f in "${fuzzers[@]}"; do
  name=$(basename "$f")
  mkdir -p "$build/corpus/$name"
  # A fixed seed (VKDML_FUZZ_SEED) keeps CI's mutation sequence the same from run to run; set it to 0 for a random one.
  "$f" -seed="${VKDML_FUZZ_SEED:-1}" -max_total_time="$seconds" -timeout=30 -rss_limit_mb=4096 -print_final_stats=1 \
       -artifact_prefix="$build/artifacts/$name-" "$build/corpus/$name" "tests/fuzz/corpus/$name" \
       > "$build/logs/$name.log" 2>&1 &
  pids+=($!)
done
status=0
for i in "${!fuzzers[@]}"; do
  name=$(basename "${fuzzers[$i]}")
  if wait "${pids[$i]}"; then
    runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$build/logs/$name.log" | grep -o '[0-9]*$')
    cov=$(grep -o 'cov: [0-9]*' "$build/logs/$name.log" | tail -n 1)
    extra=$(grep "^$name:" "$build/logs/$name.log" | tail -n 1)
    echo "fuzz: $name: ${runs:-?} executions in ${seconds} s, ${cov:-cov: ?}, no crash${extra:+ ($extra)}"
  elif [[ " $advisory " == *" $name "* ]]; then
    echo "fuzz: $name found a crash (advisory target, not failing the run); log $build/logs/$name.log:"
    grep -E "runtime error|ERROR:|what\(\)|Test unit written" "$build/logs/$name.log" | head -n 5
  else
    status=1
    echo "fuzz: $name FAILED; log $build/logs/$name.log, input in $build/artifacts/:"
    tail -n 60 "$build/logs/$name.log"
  fi
done
exit $status
