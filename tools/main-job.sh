#!/usr/bin/env bash
# The main job on the default device (a real GPU where there is one, else lavapipe): what vkdml supports there,
# the seed documents' worked examples through the C API, and the ONNX node tests of the data-movement operators.
# Usage: tools/main-job.sh [BIN_DIR=build/bin]
set -euo pipefail
bin=${1:-build/bin}
node_tests=/usr/include/onnx/backend/test/data/node
data_movement='^test_(slice|gather|split|concat|constant_pad|edge_pad|reflect_pad|tile|transpose|scatter|depthtospace|spacetodepth|cast|expand|reshape|flatten|squeeze|unsqueeze|onehot|reversesequence|identity|range|constantofshape|eyelike|tril|triu|dropout|shape|size|maxunpool|nonzero|compress|col2im)'

echo "== vkdml-info: the device and the operators vkdml implements =="
"$bin/vkdml-info" --implemented
echo
echo "== The seed documents' worked examples =="
"$bin/vkdml-seed-examples"
echo
echo "== ONNX node tests of the data-movement operators (PASS lines omitted) =="
"$bin/vkdml-conformance" --filter "$data_movement" "$node_tests" | grep -v '^PASS '
