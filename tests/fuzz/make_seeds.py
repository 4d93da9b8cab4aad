#!/usr/bin/env python3
"""Writes the seed corpus of operator_desc_fuzzer: the seed documents' worked examples, the README example and
edge cases, in the byte encoding desc_fuzzing.h describes. Run from anywhere:

    python3 tests/fuzz/make_seeds.py            # rewrites tests/fuzz/corpus/operator_desc_fuzzer/seed_*

The files are checked in; re-run after changing the encoding (tests/fuzz_replay_test.cpp replays them).
"""
import os
import struct

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "corpus", "operator_desc_fuzzer")

EDGES32 = [0, 1, 2, 3, 4, 7, 8, 9, 255, 256, 65535, 65536, 0x7FFFFFFF, 0x80000000, 0xFFFFFFFE, 0xFFFFFFFF]
EDGES64 = [0, 1, 4, 16, 0xFFFFFFFF, 0x100000000, 0x7FFFFFFFFFFFFFFF, 0x8000000000000000, 0xFFFFFFFFFFFFFFFC,
           0xFFFFFFFFFFFFFFFF, 0xFFFFFFFFFFFFFFF0, 1 << 40, 1 << 31, (1 << 32) * 4, 8, 12]
LEVELS = {"6_4": 0, "3_0": 1, "2_1": 2, "1_0": 3, "6_4+zero_volume": 4}   # bit 2: VKDML_CREATE_DEVICE_FLAG_ZERO_VOLUME_TENSORS

# DML_TENSOR_DATA_TYPE
F32, F16, U32, U16, U8, I32, I16, I8, F64, U64, I64 = 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11
# DML_OPERATOR_TYPE
IDENTITY, ACT_IDENTITY, SLICE, CAST, SPLIT, JOIN, PADDING, GATHER = 1, 38, 60, 61, 62, 63, 64, 67
SPACE_TO_DEPTH, DEPTH_TO_SPACE, TILE, TOP_K = 68, 69, 70, 71
SCATTER, ONE_HOT, FILL_CONSTANT, FILL_SEQUENCE, GATHER_ELEMENTS, GATHER_ND = 94, 95, 103, 104, 107, 108
SLICE1, PADDING1 = 102, 155
FOLD, UNFOLD = 176, 177


def num32(v):
    v &= 0xFFFFFFFF
    if v < 0xE0:
        return bytes([v])
    if v in EDGES32:
        return bytes([0xE0 + EDGES32.index(v)])
    if v < 0x10000:
        return bytes([0xF0]) + struct.pack("<H", v)
    return bytes([0xF1]) + struct.pack("<I", v)


def num64(v):
    if v < 0xE0:
        return bytes([v])
    if v in EDGES64:
        return bytes([0xE0 + EDGES64.index(v)])
    if v < 0x10000:
        return bytes([0xF0]) + struct.pack("<H", v)
    if v < 0x100000000:
        return bytes([0xF1]) + struct.pack("<I", v)
    return bytes([0xF5]) + struct.pack("<Q", v)


def tensor(dtype, sizes, strides=None, total=None, tensor_type=None, null_desc=False, flags=None, alignment=None,
           null_sizes=False, dims=None):
    """A tensorRef that decodes to a new tensor (1 + the tensor)."""
    bits = (1 if tensor_type is not None else 0) | (2 if null_desc else 0) | (4 if strides is not None else 0) | \
           (8 if total is not None else 0) | (16 if flags is not None else 0) | (32 if alignment is not None else 0) | \
           (64 if null_sizes else 0)
    out = bytes([1, bits])
    if tensor_type is not None:
        out += num32(tensor_type)
    out += num32(dtype) + num32(len(sizes) if dims is None else dims)
    out += b"".join(num32(s) for s in sizes)
    if strides is not None:
        out += b"".join(num32(s) for s in strides)
    if flags is not None:
        out += num32(flags)
    if total is not None:
        out += num64(total)
    if alignment is not None:
        out += num32(alignment)
    return out


def ref(k):
    """The k-th tensor decoded so far."""
    return bytes([2 + k])


NULL = bytes([0])


def array(values, null=False):
    return bytes([1]) if null else bytes([0]) + b"".join(num32(v) for v in values)


def tensor_array(refs, null=False):
    return bytes([1]) if null else bytes([0]) + b"".join(refs)


def op(op_type, fields, level="6_4", desc_kind=0):
    return bytes([LEVELS[level]]) + num32(op_type) + bytes([desc_kind]) + fields


def slice1(in_t, out_t, offsets, sizes, strides, **kw):
    n = len(offsets)
    return op(SLICE1, in_t + out_t + num32(n) + array(offsets) + array(sizes) + array(strides), **kw)


def gather(in_t, idx_t, out_t, axis, index_dims, **kw):
    return op(GATHER, in_t + idx_t + out_t + num32(axis) + num32(index_dims), **kw)


def identity(in_t, out_t, scale_bias=None, **kw):
    sb = bytes([0]) if scale_bias is None else bytes([1]) + struct.pack("<ff", *scale_bias)
    return op(IDENTITY, in_t + out_t + sb, **kw)


def split(in_t, outs, axis, count=None, **kw):
    return op(SPLIT, in_t + num32(len(outs) if count is None else count) + tensor_array(outs) + num32(axis), **kw)


def join(ins, out_t, axis, count=None, **kw):
    return op(JOIN, num32(len(ins) if count is None else count) + tensor_array(ins) + out_t + num32(axis), **kw)


SEEDS = {
    # The seed documents' examples (seeds 000-002) and the README's.
    "slice1_example1": slice1(tensor(F32, [1, 1, 4, 4]), tensor(F32, [1, 1, 2, 2]), [0, 0, 0, 1], [1, 1, 4, 3],
                              [1, 1, 2, 2]),
    "slice1_example2_negative": slice1(tensor(F32, [1, 1, 4, 4]), tensor(F32, [1, 1, 2, 2]), [0, 0, 0, 1],
                                       [1, 1, 4, 3], [1, 1, -2, 2]),
    "readme_reverse": slice1(tensor(F32, [4]), ref(0), [0], [4], [-1]),
    "gather_example1": gather(tensor(F32, [4]), tensor(U32, [5]), tensor(F32, [5]), 0, 1),
    "gather_example2": gather(tensor(F32, [3, 2]), tensor(U32, [1, 4]), tensor(F32, [4, 2]), 0, 1),
    "gather_example3": gather(tensor(F32, [3, 2]), tensor(U32, [1, 2]), tensor(F32, [3, 2]), 1, 2),
    "gather_example4": gather(tensor(F32, [1, 3, 3]), tensor(U32, [1, 1, 2]), tensor(F32, [3, 1, 2]), 2, 2),
    "gather_example5": gather(tensor(F32, [1, 3, 2]), tensor(U32, [1, 2, 2]), tensor(F32, [2, 2, 2]), 1, 2),
    "split_example1": split(tensor(F32, [1, 1, 6, 2]), [tensor(F32, [1, 1, 2, 2]), tensor(F32, [1, 1, 1, 2]),
                                                        tensor(F32, [1, 1, 3, 2])], 2),
    "split_example2": split(tensor(F32, [1, 1, 6, 2]), [tensor(F32, [1, 1, 6, 1]), ref(1)], 3),
    "join_two": join([tensor(U16, [2, 3]), tensor(U16, [2, 5])], tensor(U16, [2, 8]), 1),
    # Layouts: transpose, broadcast, padding, every width, rank 8, feature levels.
    "identity_f32": identity(tensor(F32, [4, 4]), ref(0)),
    "identity_transpose": identity(tensor(F32, [3, 5], [1, 3]), tensor(F32, [3, 5])),
    "identity_broadcast": identity(tensor(I8, [4, 7], [0, 1]), tensor(I8, [4, 7])),
    "identity_padded_u8": identity(tensor(U8, [3, 5], [8, 1]), tensor(U8, [3, 5], [5, 1])),
    "identity_f16_odd": identity(tensor(F16, [7]), ref(0)),
    "identity_i64": identity(tensor(I64, [2, 3]), ref(0)),
    "identity_rank8": identity(tensor(F64, [2, 1, 2, 1, 2, 1, 2, 3]), ref(0)),
    "identity_level1_4d": identity(tensor(F32, [1, 2, 3, 4]), ref(0), level="1_0"),
    "identity_scale_bias": identity(tensor(F32, [4]), ref(0), scale_bias=(2.0, 1.0)),
    "slice_strided": op(SLICE, tensor(I32, [5, 6]) + tensor(I32, [2, 3]) + num32(2) + array([1, 0]) +
                        array([2, 3]) + array([2, 2])),
    "gather_int64_indices": gather(tensor(U8, [10, 3]), tensor(I64, [1, 6]), tensor(U8, [6, 3]), 0, 1),
    "gather_level2": gather(tensor(F16, [1, 1, 4, 4]), tensor(U32, [1, 1, 1, 3]), tensor(F16, [1, 1, 3, 4]), 2, 1,
                            level="2_1"),
    # Edges: 2^32-1 elements, strides whose span overflows 64 bits, dimension count 255, huge counts, NULLs.
    "edge_2pow32m1_elements": identity(tensor(U8, [65535, 65537]), ref(0)),
    "edge_stride_overflow": identity(tensor(F64, [2] * 8, [0xFFFFFFFF] * 8, total=4), tensor(F64, [2] * 8)),
    "edge_size_overflow": identity(tensor(F64, [0xFFFFFFFF, 1, 1, 1, 1, 1, 1, 1], [0xFFFFFFFF] * 8, total=4),
                                   tensor(F64, [0xFFFFFFFF, 1, 1, 1, 1, 1, 1, 1], total=4)),
    "edge_dims_255": identity(tensor(F32, [1] * 255), ref(0)),
    "edge_huge_total": identity(tensor(F32, [4], total=0xFFFFFFFFFFFFFFFC), ref(0)),
    "edge_split_count_max": split(tensor(F32, [4]), [], 0, count=0xFFFFFFFF),
    "edge_join_count_70000": join([], tensor(F32, [4]), 0, count=70000),
    "edge_split_count_zero": split(tensor(F32, [4]), [], 0, count=0),
    "edge_null_desc": op(IDENTITY, b"", desc_kind=1),
    "edge_null_inner_desc": op(IDENTITY, b"", desc_kind=2),
    "edge_null_tensors": identity(NULL, NULL),
    "edge_null_sizes": identity(tensor(F32, [4], null_sizes=True), tensor(F32, [4])),
    "edge_null_buffer_desc": identity(tensor(F32, [4], null_desc=True), tensor(F32, [4])),
    "edge_bad_tensor_type": identity(tensor(F32, [4], tensor_type=7), tensor(F32, [4])),
    "edge_owned_by_dml": identity(tensor(F32, [4], flags=1), tensor(F32, [4])),
    "edge_alignment_3": identity(tensor(F32, [4], alignment=3), tensor(F32, [4])),
    "edge_unknown_data_type": identity(tensor(99, [4], total=16), tensor(F32, [4])),
    "edge_operator_type_0": op(0, b""),
    "edge_operator_type_huge": op(0xFFFFFFFF, b""),
    "edge_slice1_null_arrays": op(SLICE1, tensor(F32, [4]) + ref(0) + num32(1) + array([], True) + array([0]) +
                                  array([1])),
    "edge_slice1_dims_200": op(SLICE1, tensor(F32, [4]) + ref(0) + num32(200) + array([0] * 200) +
                               array([1] * 200) + array([1] * 200)),
    "edge_gather_axis_huge": gather(tensor(F32, [4]), tensor(U32, [2]), tensor(F32, [2]), 0xFFFFFFFF, 1),
    # Operators the next work adds (valid descs, so the fuzzer reaches their rules once they exist).
    "cast_f32_to_i32": op(CAST, tensor(F32, [2, 3]) + tensor(I32, [2, 3])),
    "activation_identity": op(ACT_IDENTITY, tensor(F32, [1, 2, 3, 4]) + ref(0)),
    "padding_constant": op(PADDING, tensor(F32, [2, 3]) + tensor(F32, [4, 5]) + num32(0) + struct.pack("<f", 0.5) +
                           num32(2) + array([1, 1]) + array([1, 1])),
    "padding1_reflect": op(PADDING1, tensor(I16, [3, 3]) + tensor(I16, [5, 5]) + num32(2) + num32(I16) +
                           struct.pack("<Q", 7) + num32(2) + array([1, 1]) + array([1, 1])),
    "tile_2x3": op(TILE, tensor(U8, [2, 2]) + tensor(U8, [4, 6]) + num32(2) + array([2, 3])),
    "depth_to_space": op(DEPTH_TO_SPACE, tensor(F32, [1, 8, 2, 2]) + tensor(F32, [1, 2, 4, 4]) + num32(2)),
    "space_to_depth": op(SPACE_TO_DEPTH, tensor(F32, [1, 2, 4, 4]) + tensor(F32, [1, 8, 2, 2]) + num32(2)),
    "gather_elements": op(GATHER_ELEMENTS, tensor(F32, [3, 3]) + tensor(I32, [2, 3]) + tensor(F32, [2, 3]) +
                          num32(0)),
    "gather_nd": op(GATHER_ND, tensor(F32, [1, 1, 2, 2]) + tensor(U32, [1, 1, 2, 2]) + tensor(F32, [1, 1, 1, 2]) +
                    num32(4) + num32(4)),
    "scatter_elements": op(SCATTER, tensor(F32, [3, 3]) + tensor(I32, [2, 3]) + tensor(F32, [2, 3]) + ref(0) +
                           num32(0)),
    "one_hot": op(ONE_HOT, tensor(U32, [1, 1, 1, 3]) + tensor(F32, [1, 1, 1, 2]) + tensor(F32, [1, 1, 3, 4]) +
                  num32(3)),
    "fill_constant": op(FILL_CONSTANT, tensor(I32, [3, 4]) + num32(I32) + struct.pack("<Q", 42)),
    "fill_sequence": op(FILL_SEQUENCE, tensor(F32, [10]) + num32(F32) + struct.pack("<ff", 1.0, 0.0) +
                        struct.pack("<ff", 0.5, 0.0)),
    # Zero-volume tensors (a device with VKDML_CREATE_DEVICE_FLAG_ZERO_VOLUME_TENSORS).
    "zv_split_empty_part": split(tensor(F32, [2, 5, 3]), [tensor(F32, [2, 2, 3]), tensor(F32, [2, 0, 3]),
                                                          tensor(F32, [2, 3, 3])], 1, level="6_4+zero_volume"),
    "zv_join_empty_part": join([tensor(U8, [0, 3]), tensor(U8, [2, 3])], tensor(U8, [2, 3]), 0,
                               level="6_4+zero_volume"),
    "zv_identity_empty": identity(tensor(F16, [3, 0, 2]), tensor(F16, [3, 0, 2]), level="6_4+zero_volume"),
    "zv_padding_of_empty": op(PADDING, tensor(F32, [2, 0]) + tensor(F32, [4, 2]) + num32(0) + struct.pack("<f", 0.5) +
                              num32(2) + array([1, 1]) + array([1, 1]), level="6_4+zero_volume"),
    "zv_gather_no_index": gather(tensor(F32, [4, 3]), tensor(U32, [1, 0]), tensor(F32, [0, 3]), 0, 1,
                                 level="6_4+zero_volume"),
    "zv_scatter_no_update": op(SCATTER, tensor(F32, [3, 3]) + tensor(I32, [0, 3]) + tensor(F32, [0, 3]) + ref(0) +
                               num32(0), level="6_4+zero_volume"),
    "unfold_3x3_padded": op(UNFOLD, tensor(F32, [1, 2, 4, 5]) + tensor(F32, [1, 18, 20]) + num32(2) + array([3, 3]) +
                            array([1, 1]) + array([1, 1]) + array([1, 1]) + array([1, 1])),
    "unfold_u8_dilated_strided": op(UNFOLD, tensor(U8, [2, 3, 9]) + tensor(U8, [1, 2, 6, 3]) + num32(1) +
                                    array([2]) + array([3]) + array([2]) + array([0]) + array([1])),
    "fold_3x3": op(FOLD, tensor(F32, [1, 9, 4]) + tensor(F32, [1, 1, 4, 4]) + num32(2) + array([3, 3]) +
                   array([1, 1]) + array([1, 1]) + array([0, 0]) + array([0, 0])),
    # {2, 3, 7} UINT8 from 2 x 3 x 2 columns of windows of 2, dilation 2, stride 3, padded 1 and 2: gaps and overlaps.
    "fold_u8_dilated_strided_padded": op(FOLD, tensor(U8, [1, 6, 3]) + tensor(U8, [1, 3, 7]) + num32(1) +
                                         array([2]) + array([3]) + array([2]) + array([1]) + array([2])),
    "top_k": op(TOP_K, tensor(F32, [1, 1, 1, 8]) + tensor(F32, [1, 1, 1, 3]) + tensor(U32, [1, 1, 1, 3]) +
                num32(3) + num32(3)),
}


def main():
    os.makedirs(OUT, exist_ok=True)
    for name in os.listdir(OUT):
        if name.startswith("seed_"):
            os.remove(os.path.join(OUT, name))
    for name, data in SEEDS.items():
        with open(os.path.join(OUT, "seed_" + name), "wb") as f:
            f.write(data)
    print(f"wrote {len(SEEDS)} seeds to {OUT}")


if __name__ == "__main__":
    main()
