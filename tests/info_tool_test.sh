#!/usr/bin/env bash
# vkdml-info (issue 4): real content, JSON shape and values, the seed documents' tensor-support tables, usage
# errors (exit 2), the no-driver case (exit 1 with a clear message, tables still printed), and 100-column output.
# Usage: info_tool_test.sh path/to/vkdml-info
set -euo pipefail

TOOL=${1:?usage: info_tool_test.sh path/to/vkdml-info}
[[ -x "$TOOL" ]] || { echo "not executable: $TOOL" >&2; exit 1; }
PYTHON=${PYTHON:-python3}
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

failures=0
pass() { echo "ok   - $*"; }
fail() { echo "FAIL - $*" >&2; failures=$((failures + 1)); }

# run NAME EXPECTED_STATUS ARGS...: stdout -> $WORK/NAME.out, stderr -> $WORK/NAME.err
run() {
    local name=$1 expected=$2 status=0
    shift 2
    "$TOOL" "$@" >"$WORK/$name.out" 2>"$WORK/$name.err" || status=$?
    if [[ $status -eq $expected ]]; then
        pass "$name: exit $status"
    else
        fail "$name: exit $status, expected $expected (vkdml-info $*)"
        sed 's/^/    stderr: /' "$WORK/$name.err" >&2
    fi
}

# expect_line NAME REGEX DESCRIPTION: some line of $WORK/NAME.out matches the extended regex
expect_line() {
    if grep -Eq -- "$2" "$WORK/$1.out"; then pass "$1: $3"; else fail "$1: $3 (no line matches /$2/)"; fi
}
reject_line() {
    if grep -Eq -- "$2" "$WORK/$1.out"; then fail "$1: $3 (a line matches /$2/)"; else pass "$1: $3"; fi
}

# max_width NAME FILE: no line of FILE is wider than 100 columns
max_width() {
    local widest
    widest=$(awk '{ if (length($0) > w) w = length($0) } END { print w + 0 }' "$2")
    if [[ $widest -le 100 ]]; then pass "$1: widest line $widest <= 100"; else
        fail "$1: a line is $widest columns wide"
        awk 'length($0) > 100' "$2" | head -3 >&2
    fi
}

# ---- Human output on the default device ----
run full 0
expect_line full '^Vulkan devices' "device list heading"
expect_line full '^  \*  [0-9]+ ' "the default device is marked with *"
expect_line full 'Highest supported: +DML_FEATURE_LEVEL_[0-9]_[0-9]' "highest feature level"
expect_line full '^  FLOAT32 +1 +32 +yes +none' "FLOAT32 supported, no Vulkan feature needed"
expect_line full '^  UINT4 +12 +4 +no ' "UINT4 not supported"
expect_line full '^  SLICE1 +111 +2_1 +yes ' "operator summary: SLICE1 value, introduced, implemented"
expect_line full '^  ELEMENT_WISE_ABS +2 +1_0 +no +not recorded' "operator without a table says not recorded"
expect_line full '^  UNFOLD +177 +6_4 ' "the last operator is listed"
reject_line full '^  INVALID ' "DML_OPERATOR_INVALID is not listed as an operator"
max_width full "$WORK/full.out"
if grep -q 'no higher level exists' "$WORK/full.out" || grep -q '^  Missing for ' "$WORK/full.out"; then
    pass "full: says why the level is not higher (or that none exists)"
else
    fail "full: neither 'no higher level exists' nor a 'Missing for' reason"
fi

# ---- SLICE1 at 2_1: "4 to 5" dims (the text table) ----
run slice1_21 0 --op SLICE1 --feature-level 2_1
expect_line slice1_21 '^DML_OPERATOR_SLICE1 \(value 111\)' "title"
expect_line slice1_21 '^  InputTensor +Input +4 to 5 +FLOAT32, FLOAT16, INT32' "InputTensor 4 to 5"
expect_line slice1_21 '^  OutputTensor +Output +4 to 5 +FLOAT32, FLOAT16, INT32' "OutputTensor 4 to 5"
reject_line slice1_21 'FLOAT64|INT64' "no 64-bit types at 2_1"
max_width slice1_21 "$WORK/slice1_21.out"
# Every accepted spelling of the operator and the level gives the same table.
run slice1_spelled 0 --op=dml_operator_slice1 --feature-level DML_FEATURE_LEVEL_2_1
if cmp -s "$WORK/slice1_21.out" "$WORK/slice1_spelled.out"; then pass "spellings: same output"; else
    fail "spellings: --op=dml_operator_slice1 --feature-level DML_FEATURE_LEVEL_2_1 differs"; fi
run slice1_dot 0 --op Slice1 --feature-level 2.1
if cmp -s "$WORK/slice1_21.out" "$WORK/slice1_dot.out"; then pass "spellings: 2.1 same output"; else
    fail "spellings: --op Slice1 --feature-level 2.1 differs"; fi

# ---- GATHER at 1_0: IndicesTensor UINT32 only ----
run gather_10 0 --op gather --feature-level 1_0
expect_line gather_10 '^  IndicesTensor +Input +4 +UINT32$' "IndicesTensor: 4 dims, UINT32 only"
expect_line gather_10 '^  InputTensor +Input +4 +FLOAT32, FLOAT16$' "InputTensor: FLOAT32, FLOAT16"

# ---- Operators without a table / newer than the level ----
run gemm 0 --op GEMM
expect_line gemm '[Tt]ensor support not recorded' "GEMM: tensor support not recorded"
run fold_10 0 --op FOLD --feature-level 1_0
expect_line fold_10 'Not available at DML_FEATURE_LEVEL_1_0' "FOLD at 1_0: not available"

# ---- JSON: --op slice1 --json ----
run json_slice1 0 --op slice1 --json
"$PYTHON" -c 'import json,sys; json.load(sys.stdin)' <"$WORK/json_slice1.out" && pass "json_slice1: valid JSON" ||
    fail "json_slice1: not valid JSON"
if "$PYTHON" - "$WORK/json_slice1.out" <<'EOF'
import json, sys
d = json.load(open(sys.argv[1]))
for key in ("devices", "selected_device", "feature_level", "data_types", "operators"):
    assert key in d, f"missing top-level field {key}"
assert d["devices"], "no devices"
defaults = [x for x in d["devices"] if x["default"]]
assert len(defaults) == 1, f"expected one default device, got {defaults}"
for x in d["devices"]:
    assert set(x) >= {"index", "name", "type", "vulkan_version", "driver_version", "default"}, x
sel = d["selected_device"]
assert sel["created"] is True and sel["error"] is None and sel["index"] == defaults[0]["index"], sel
fl = d["feature_level"]
assert set(fl) >= {"max", "missing"}, fl
assert isinstance(fl["missing"], list) and all(isinstance(m, str) for m in fl["missing"])
assert fl["max"] is not None and fl["tables"] == fl["max"] and fl["tables_source"] == "device", fl
if fl["max"] == fl["highest_known"]:
    assert fl["next"] is None and fl["missing"] == [], fl
else:
    assert fl["next"] is not None and fl["missing"], fl
types = {t["name"]: t for t in d["data_types"]}
assert types["FLOAT32"]["supported"] is True and types["FLOAT32"]["value"] == 1
assert types["UINT4"]["supported"] is False and types["INT4"]["supported"] is False
assert all(t["vulkan_feature"] for t in d["data_types"])
ops = d["operators"]
assert len(ops) == 1, f"--op gave {len(ops)} operators"
op = ops[0]
assert (op["name"], op["value"], op["introduced"], op["implemented"]) == ("SLICE1", 111, "2_1", True), op
assert [t["name"] for t in op["tensors"]] == ["InputTensor", "OutputTensor"], op["tensors"]
assert [t["kind"] for t in op["tensors"]] == ["Input", "Output"], op["tensors"]
for t in op["tensors"]:
    assert set(t) >= {"name", "kind", "dimension_counts", "data_types"}, t
EOF
then pass "json_slice1: fields and values"; else fail "json_slice1: fields and values"; fi

# ---- JSON equals the seed documents' tables (SLICE1, GATHER, SPLIT at every level they list) ----
# Expected tables copied from ../shared/seeds/000_* (SLICE1), 001_* (GATHER), 002_* (SPLIT): this is the test's
# oracle, the tool reads only the schema.
ALL11="FLOAT64 FLOAT32 FLOAT16 INT64 INT32 INT16 INT8 UINT64 UINT32 UINT16 UINT8"
ALL8="FLOAT32 FLOAT16 INT32 INT16 INT8 UINT32 UINT16 UINT8"
SIX="FLOAT32 FLOAT16 INT32 INT16 UINT32 UINT16"
IDX4="INT64 INT32 UINT64 UINT32"
# op level | tensor kind min max types ; ...
cases=(
    "SLICE1 4_1|InputTensor Input 1 8 $ALL11;OutputTensor Output 1 8 $ALL11"
    "SLICE1 3_0|InputTensor Input 1 8 $ALL8;OutputTensor Output 1 8 $ALL8"
    "SLICE1 2_1|InputTensor Input 4 5 $ALL8;OutputTensor Output 4 5 $ALL8"
    "GATHER 4_1|InputTensor Input 1 8 $ALL11;IndicesTensor Input 1 8 $IDX4;OutputTensor Output 1 8 $ALL11"
    "GATHER 3_0|InputTensor Input 1 8 $ALL8;IndicesTensor Input 1 8 $IDX4;OutputTensor Output 1 8 $ALL8"
    "GATHER 2_1|InputTensor Input 4 4 $ALL8;IndicesTensor Input 4 4 UINT32;OutputTensor Output 4 4 $ALL8"
    "GATHER 1_0|InputTensor Input 4 4 FLOAT32 FLOAT16;IndicesTensor Input 4 4 UINT32;OutputTensor Output 4 4 FLOAT32 FLOAT16"
    "SPLIT 3_0|InputTensor Input 1 8 $ALL8;OutputTensors Array_of_outputs 1 8 $ALL8"
    "SPLIT 2_1|InputTensor Input 4 4 $ALL8;OutputTensors Array_of_outputs 4 4 $ALL8"
    "SPLIT 1_0|InputTensor Input 4 4 $SIX;OutputTensors Array_of_outputs 4 4 $SIX"
)
for case in "${cases[@]}"; do
    read -r op level <<<"${case%%|*}"
    name="seed_${op}_${level}"
    run "$name" 0 --op "$op" --feature-level "$level" --json
    if "$PYTHON" - "$WORK/$name.out" "$op" "$level" "${case#*|}" <<'EOF'
import json, sys
path, name, level, spec = sys.argv[1:]
d = json.load(open(path))
assert d["feature_level"]["tables"] == level and d["feature_level"]["tables_source"] == "option"
(op,) = d["operators"]
assert op["name"] == name and op["tensor_support"] == "shown", op
expected = []
for row in spec.split(";"):
    tensor, kind, lo, hi, *types = row.split()
    expected.append((tensor, kind.replace("_", " "), list(range(int(lo), int(hi) + 1)), types))
got = []
for t in op["tensors"]:
    # Data types are intersected with the device's; together with not_on_device they are the schema's list.
    assert all(x not in t["data_types"] for x in t.get("not_on_device", []))
    got.append((t["name"], t["kind"], t["dimension_counts"], t["data_types"] + t.get("not_on_device", [])))
for (gt, gk, gd, gtypes), (et, ek, ed, etypes) in zip(got, expected):
    assert (gt, gk, gd) == (et, ek, ed), f"{(gt, gk, gd)} != {(et, ek, ed)}"
    assert sorted(gtypes) == sorted(etypes), f"{gt}: {gtypes} != {etypes}"
assert len(got) == len(expected), f"{len(got)} tensors, expected {len(expected)}"
# On a device that supports every type (lavapipe, SwiftShader) the lists are exactly the documents', in order.
if all(not t.get("not_on_device") for t in op["tensors"]):
    for t, (_, _, _, etypes) in zip(op["tensors"], expected):
        assert t["data_types"] == etypes, f"{t['name']}: {t['data_types']} != {etypes}"
EOF
    then pass "$name: equals the seed document's table"; else fail "$name: differs from the seed document's table"; fi
done

# ---- Usage errors: exit 2, a message on stderr, nothing on stdout ----
usage_case() {
    local name=$1 pattern=$2
    shift 2
    run "$name" 2 "$@"
    if [[ -s "$WORK/$name.out" ]]; then fail "$name: printed on stdout"; else pass "$name: stdout empty"; fi
    if grep -Eq -- "$pattern" "$WORK/$name.err"; then pass "$name: stderr names the problem"; else
        fail "$name: stderr does not match /$pattern/: $(cat "$WORK/$name.err")"; fi
}
usage_case unknown_op 'error: --op NO_SUCH_OP: not a DML_OPERATOR_TYPE' --op NO_SUCH_OP
usage_case unknown_level 'error: --feature-level 7_3: not a DML_FEATURE_LEVEL' --feature-level 7_3
usage_case unknown_flag 'error: unknown option --frobnicate' --frobnicate
usage_case missing_value 'error: --op needs a value' --op
usage_case stray_argument 'error: unexpected argument' SLICE1
usage_case bad_device 'error: --device 4096: there (is|are) ' --device 4096
usage_case bad_device_text 'error: --device abc: not a device index' --device abc

# ---- --help documents every flag ----
run help 0 --help
for flag in --device --feature-level --op --json --help VKDML_DEVICE 'Exit status'; do
    expect_line help "$flag" "--help mentions $flag"
done
max_width help "$WORK/help.out"

# ---- No Vulkan driver visible: clear message, exit 1, tables still printed ----
export_nodev() { VK_ICD_FILENAMES="$WORK/no_such_icd.json" VK_DRIVER_FILES="$WORK/no_such_icd.json" "$@"; }
status=0
export_nodev "$TOOL" --op SLICE1 --feature-level 2_1 >"$WORK/nodev.out" 2>"$WORK/nodev.err" || status=$?
[[ $status -eq 1 ]] && pass "nodev: exit 1" || fail "nodev: exit $status, expected 1"
grep -q 'no usable Vulkan device' "$WORK/nodev.err" && pass "nodev: stderr says no usable Vulkan device" ||
    fail "nodev: stderr: $(cat "$WORK/nodev.err")"
expect_line nodev '^  InputTensor +Input +4 to 5 ' "nodev: the SLICE1 table is still printed"
max_width nodev "$WORK/nodev.out"
status=0
export_nodev "$TOOL" >"$WORK/nodev_full.out" 2>/dev/null || status=$?
[[ $status -eq 1 ]] && pass "nodev_full: exit 1" || fail "nodev_full: exit $status, expected 1"
expect_line nodev_full 'assumed DML_FEATURE_LEVEL_' "nodev_full: says which level it assumed"
max_width nodev_full "$WORK/nodev_full.out"
status=0
export_nodev "$TOOL" --json >"$WORK/nodev_json.out" 2>/dev/null || status=$?
[[ $status -eq 1 ]] && pass "nodev_json: exit 1" || fail "nodev_json: exit $status, expected 1"
if "$PYTHON" - "$WORK/nodev_json.out" <<'EOF'
import json, sys
d = json.load(open(sys.argv[1]))
assert d["devices"] == [] and d["selected_device"]["created"] is False and d["selected_device"]["error"]
assert d["feature_level"]["max"] is None and d["feature_level"]["missing"]
assert d["feature_level"]["tables_source"] == "assumed"
assert len(d["operators"]) > 100
EOF
then pass "nodev_json: valid, says why"; else fail "nodev_json: content"; fi

# ---- Every feature level's full output fits 100 columns ----
for level in 1_0 2_1 4_1; do
    run "full_$level" 0 --feature-level "$level"
    max_width "full_$level" "$WORK/full_$level.out"
done

if [[ $failures -ne 0 ]]; then
    echo "$failures check(s) failed" >&2
    exit 1
fi
echo "all vkdml-info checks passed"
