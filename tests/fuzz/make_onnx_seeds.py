#!/usr/bin/env python3
"""Writes the seed corpus of onnx_model_fuzzer from Debian's libonnx-testdata: for a few dozen ONNX node tests of
the ops vkdml-conformance lowers, one file holding model.onnx and test_data_set_0/input_K.pb as length-prefixed
blobs (u32 little endian + bytes; see onnx_model_fuzzer.cpp). The files are checked in.

    python3 tests/fuzz/make_onnx_seeds.py [/usr/share/libonnx-testdata/data/node]
"""
import glob
import os
import struct
import sys

NODE = sys.argv[1] if len(sys.argv) > 1 else "/usr/share/libonnx-testdata/data/node"
OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "corpus", "onnx_model_fuzzer")
PATTERNS = ["test_slice*", "test_gather_*", "test_split_*", "test_concat_*", "test_transpose_*", "test_reshape_*",
            "test_squeeze*", "test_unsqueeze_*", "test_flatten_*", "test_expand_*", "test_identity*"]
PER_PATTERN = 4


def blob(path):
    with open(path, "rb") as f:
        data = f.read()
    return struct.pack("<I", len(data)) + data


def main():
    os.makedirs(OUT, exist_ok=True)
    for name in os.listdir(OUT):
        if name.startswith("seed_"):
            os.remove(os.path.join(OUT, name))
    count = 0
    for pattern in PATTERNS:
        for case in sorted(glob.glob(os.path.join(NODE, pattern)))[:PER_PATTERN]:
            data_set = os.path.join(case, "test_data_set_0")
            if not os.path.isfile(os.path.join(case, "model.onnx")) or not os.path.isdir(data_set):
                continue
            data = blob(os.path.join(case, "model.onnx"))
            k = 0
            while os.path.isfile(os.path.join(data_set, f"input_{k}.pb")):
                data += blob(os.path.join(data_set, f"input_{k}.pb"))
                k += 1
            with open(os.path.join(OUT, "seed_" + os.path.basename(case)), "wb") as f:
                f.write(data)
            count += 1
    print(f"wrote {count} seeds to {OUT}")


if __name__ == "__main__":
    main()
