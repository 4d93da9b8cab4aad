#!/usr/bin/python3
"""Writes extra cases in the ONNX backend node-test layout for what libonnx-testdata does not cover: every data
type (odd sizes, so sub-word types end inside a 32-bit word), NaN payloads, rank 0, ranks above 8, empty tensors,
Slice clamping extremes and opset-1 attributes, Split by attribute / input / num_outputs (opset 18), Gather with
scalar, INT32 and negative indices, Expand to a higher rank, tensors large enough for several workgroups; and
Tile, Pad (every mode, opset 2/11/18/19 forms), DepthToSpace (DCR, CRD), SpaceToDepth, ReverseSequence,
GatherElements and GatherND (batch_dims), ScatterElements, ScatterND (also with the add/mul/min/max reductions and
duplicate indices), OneHot, ConstantOfShape, EyeLike, Trilu, Dropout, NonZero and Compress (with and without an
axis, conditions shorter and longer than it) over every type; MaxUnpool over
its float types (1-D to 3-D pooling, pads, output_shape; indices from a numpy max pooling or random distinct
positions); Col2Im (opset 18) over every type (ONNX's own test shapes, 1-D to 7-D images, strides, dilations, pads,
windows in the padding, empty tensors; sums in ONNX's reference's order); Range;
Cast between numeric types; Shape (start/end) and Size; Identity over sequences and optionals (empty, nested); graphs
that are, or only resemble, Range's function body.

    /usr/bin/python3 tools/conformance/make_edge_cases.py OUT_DIR
    /usr/bin/python3 tools/conformance/make_edge_cases.py --random OUT_DIR COUNT[:SEED]   # random cases instead
    build/bin/vkdml-conformance OUT_DIR

Expected outputs come from numpy (Slice: ONNX's clamping rules, see onnx_slice; MaxUnpool: see max_unpool; Col2Im:
see col2im). Needs python3-onnx and python3-numpy (Debian); the models are written without onnx.checker, so opset 18
and 22 forms work with ONNX 1.12 (which has no Col2Im at all).
"""
import os
import shutil
import sys

import numpy as np
from onnx import OptionalProto, SequenceProto, TensorProto, helper, numpy_helper

INT64_MAX = np.iinfo(np.int64).max
INT64_MIN = np.iinfo(np.int64).min

TYPES = {
    "float32": np.float32, "float16": np.float16, "float64": np.float64,
    "int8": np.int8, "int16": np.int16, "int32": np.int32, "int64": np.int64,
    "uint8": np.uint8, "uint16": np.uint16, "uint32": np.uint32, "uint64": np.uint64, "bool": np.bool_,
}

rng = np.random.default_rng(20240603)


def data(shape, dtype=np.float32):
    dtype = np.dtype(dtype)
    n = int(np.prod(shape, dtype=np.int64))
    if dtype == np.bool_:
        return (rng.integers(0, 2, size=n) == 1).reshape(shape)
    if dtype.kind == "f":
        values = rng.standard_normal(n).astype(dtype)
        bits = values.view({2: np.uint16, 4: np.uint32, 8: np.uint64}[dtype.itemsize])
        if n > 3:  # NaNs with payloads and a negative zero: data movement must keep every bit
            nan = {2: 0x7E5A, 4: 0x7FC01234, 8: 0x7FF8000000C0FFEE}[dtype.itemsize]
            bits[1] = nan
            bits[3] = nan | (1 << (8 * dtype.itemsize - 1))
            bits[2] = 1 << (8 * dtype.itemsize - 1)
        return values.reshape(shape)
    info = np.iinfo(dtype)
    return rng.integers(info.min, info.max, size=n, dtype=dtype, endpoint=True).reshape(shape)


def write_case(root, name, node, inputs, outputs, opset=13, initializers=()):
    """inputs/outputs: lists of (name, array). Writes root/name/model.onnx and test_data_set_0."""
    d = os.path.join(root, name)
    os.makedirs(os.path.join(d, "test_data_set_0"), exist_ok=True)

    def info(n, a):
        return helper.make_tensor_value_info(n, helper.np_dtype_to_tensor_dtype(a.dtype)
                                             if hasattr(helper, "np_dtype_to_tensor_dtype")
                                             else numpy_helper.from_array(a).data_type, list(a.shape))

    graph = helper.make_graph([node], name, [info(n, a) for n, a in inputs], [info(n, a) for n, a in outputs],
                              initializer=[numpy_helper.from_array(a, n) for n, a in initializers])
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", opset)])
    model.ir_version = 8
    with open(os.path.join(d, "model.onnx"), "wb") as f:
        f.write(model.SerializeToString())
    for kind, values in (("input", inputs), ("output", outputs)):
        for k, (n, a) in enumerate(values):
            with open(os.path.join(d, "test_data_set_0", f"{kind}_{k}.pb"), "wb") as f:
                f.write(numpy_helper.from_array(np.asarray(a), n).SerializeToString())


def i64(values):
    return np.array(values, dtype=np.int64)


def onnx_slice(start, end, step, dim):
    """ONNX's clamping rules as a Python slice. They differ from Python's in one corner: with a negative step, a
    start below -dim clamps to 0 (one element) where Python makes the slice empty."""
    start += dim if start < 0 else 0
    end += dim if end < 0 else 0
    if step > 0:
        start, end = min(max(start, 0), dim), min(max(end, 0), dim)
    else:
        start, end = min(max(start, 0), dim - 1), min(max(end, -1), dim - 1)
    return slice(start, None if end < 0 else end, step)


def slice_case(root, name, x, starts, ends, axes=None, steps=None, opset=13):
    index = [slice(None)] * x.ndim
    for i in range(len(starts)):
        a = axes[i] if axes is not None else i
        index[a] = onnx_slice(int(starts[i]), int(ends[i]), int(steps[i]) if steps is not None else 1, x.shape[a])
    y = x[tuple(index)]
    if opset < 10:
        attrs = {"starts": list(starts), "ends": list(ends)}
        if axes is not None:
            attrs["axes"] = list(axes)
        node = helper.make_node("Slice", ["x"], ["y"], **attrs)
        write_case(root, name, node, [("x", x)], [("y", y)], opset=opset)
        return
    names, inputs = ["x", "starts", "ends"], [("x", x), ("starts", i64(starts)), ("ends", i64(ends))]
    if axes is not None or steps is not None:
        names.append("axes" if axes is not None else "")
        if axes is not None:
            inputs.append(("axes", i64(axes)))
    if steps is not None:
        names.append("steps")
        inputs.append(("steps", i64(steps)))
    node = helper.make_node("Slice", names, ["y"])
    write_case(root, name, node, inputs, [("y", y)], opset=opset)


def split_outputs(x, sizes, axis):
    return np.split(x, np.cumsum(sizes)[:-1], axis=axis)


def main(root):
    if os.path.isdir(root):
        shutil.rmtree(root)
    os.makedirs(root)

    # Every data type through every mapped op family, odd sizes.
    for tname, t in TYPES.items():
        x = data((3, 5, 7), t)
        write_case(root, f"edge_identity_{tname}", helper.make_node("Identity", ["x"], ["y"]), [("x", x)], [("y", x)])
        write_case(root, f"edge_transpose_{tname}", helper.make_node("Transpose", ["x"], ["y"], perm=[2, 0, 1]),
                   [("x", x)], [("y", np.ascontiguousarray(np.transpose(x, (2, 0, 1))))])
        slice_case(root, f"edge_slice_negstep_{tname}", x, [-1, 4, 100], [INT64_MIN, 0, -100], [0, 1, 2], [-2, -3, -1])
        ind = np.array([[4, -1], [0, 2], [-5, 3]], dtype=np.int64)
        write_case(root, f"edge_gather_{tname}", helper.make_node("Gather", ["x", "i"], ["y"], axis=1),
                   [("x", x), ("i", ind)], [("y", np.take(x, ind, axis=1))])
        y = data((3, 2, 7), t)
        write_case(root, f"edge_concat_{tname}", helper.make_node("Concat", ["a", "b"], ["y"], axis=1),
                   [("a", x), ("b", y)], [("y", np.concatenate([x, y], axis=1))])
        parts = split_outputs(x, [1, 3, 3], 2)
        write_case(root, f"edge_split_{tname}",
                   helper.make_node("Split", ["x", "s"], [f"y{j}" for j in range(3)], axis=-1),
                   [("x", x), ("s", i64([1, 3, 3]))], [(f"y{j}", p) for j, p in enumerate(parts)])
        e = data((1, 5, 1), t)
        write_case(root, f"edge_expand_{tname}", helper.make_node("Expand", ["x", "s"], ["y"]),
                   [("x", e), ("s", i64([2, 3, 1, 7]))], [("y", np.broadcast_to(e, (2, 3, 5, 7)).copy())])

    # Rank 0.
    s = np.array(3.5, dtype=np.float32)
    write_case(root, "edge_rank0_identity", helper.make_node("Identity", ["x"], ["y"]), [("x", s)], [("y", s)])
    write_case(root, "edge_rank0_reshape", helper.make_node("Reshape", ["x", "s"], ["y"]),
               [("x", s), ("s", i64([1, 1]))], [("y", s.reshape(1, 1))])
    write_case(root, "edge_rank0_unsqueeze", helper.make_node("Unsqueeze", ["x", "a"], ["y"]),
               [("x", s), ("a", i64([0]))], [("y", s.reshape(1))])
    write_case(root, "edge_rank0_transpose", helper.make_node("Transpose", ["x"], ["y"]), [("x", s)], [("y", s)])
    write_case(root, "edge_rank0_expand", helper.make_node("Expand", ["x", "s"], ["y"]),
               [("x", s), ("s", i64([2, 3]))], [("y", np.broadcast_to(s, (2, 3)).copy())])
    x = data((4, 6), np.int16)
    write_case(root, "edge_rank0_gather_scalar_index", helper.make_node("Gather", ["x", "i"], ["y"], axis=1),
               [("x", x), ("i", np.array(-2, dtype=np.int64))], [("y", np.take(x, -2, axis=1))])
    v = data((5,), np.uint8)
    write_case(root, "edge_rank0_gather_to_scalar", helper.make_node("Gather", ["x", "i"], ["y"], axis=0),
               [("x", v), ("i", np.array(3, dtype=np.int32))], [("y", np.array(v[3]))])
    write_case(root, "edge_rank0_squeeze_to_scalar", helper.make_node("Squeeze", ["x"], ["y"]),
               [("x", s.reshape(1, 1, 1))], [("y", s)])

    # Ranks above 8.
    x9 = data((2, 1, 3, 2, 1, 2, 3, 2, 2), np.float32)
    write_case(root, "edge_rank9_identity", helper.make_node("Identity", ["x"], ["y"]), [("x", x9)], [("y", x9)])
    perm = [8, 7, 6, 5, 4, 3, 2, 1, 0]
    write_case(root, "edge_rank9_transpose_reverse", helper.make_node("Transpose", ["x"], ["y"], perm=perm),
               [("x", x9)], [("y", np.ascontiguousarray(np.transpose(x9, perm)))])
    perm = [0, 1, 2, 3, 4, 5, 6, 8, 7]
    write_case(root, "edge_rank9_transpose_foldable", helper.make_node("Transpose", ["x"], ["y"], perm=perm),
               [("x", x9)], [("y", np.ascontiguousarray(np.transpose(x9, perm)))])
    x10 = data((2,) * 10, np.uint16)
    perm = [1, 0, 3, 2, 5, 4, 7, 6, 9, 8]
    write_case(root, "edge_rank10_transpose_unfoldable", helper.make_node("Transpose", ["x"], ["y"], perm=perm),
               [("x", x10)], [("y", np.ascontiguousarray(np.transpose(x10, perm)))])
    write_case(root, "edge_rank10_reshape", helper.make_node("Reshape", ["x", "s"], ["y"]),
               [("x", x9), ("s", i64([2, 1, 3, 2, 1, 2, 3, 2, 1, 2]))],
               [("y", x9.reshape(2, 1, 3, 2, 1, 2, 3, 2, 1, 2))])
    e = data((3, 1, 2), np.int8)
    shape9 = [2, 1, 2, 1, 2, 1, 3, 4, 2]
    write_case(root, "edge_rank9_expand", helper.make_node("Expand", ["x", "s"], ["y"]),
               [("x", e), ("s", i64(shape9))], [("y", np.broadcast_to(e, shape9).copy())])
    slice_case(root, "edge_rank9_slice", x9, [1, -1, 0], [3, INT64_MIN, 1], [2, 8, 0], [1, -1, 1])
    slice_case(root, "edge_rank9_slice_step2", x9, [0, 1], [3, 2], [2, 6], [2, 1])
    a9, b9 = data((2, 1, 3, 2, 1, 2, 3, 2, 2), np.int32), data((2, 1, 3, 4, 1, 2, 3, 2, 2), np.int32)
    write_case(root, "edge_rank9_concat", helper.make_node("Concat", ["a", "b"], ["y"], axis=3),
               [("a", a9), ("b", b9)], [("y", np.concatenate([a9, b9], axis=3))])
    parts = split_outputs(b9, [1, 3], 3)
    write_case(root, "edge_rank9_split", helper.make_node("Split", ["x", "s"], ["y0", "y1"], axis=3),
               [("x", b9), ("s", i64([1, 3]))], [("y0", parts[0]), ("y1", parts[1])])
    g = data((3, 2, 2, 2, 2), np.float64)
    ind = rng.integers(-2, 2, size=(1, 2, 1, 2, 2)).astype(np.int64)
    write_case(root, "edge_rank9_gather", helper.make_node("Gather", ["x", "i"], ["y"], axis=3),
               [("x", g), ("i", ind)], [("y", np.take(g, ind, axis=3))])

    # Empty tensors.
    a, z = data((2, 3), np.float32), np.zeros((2, 0), dtype=np.float32)
    write_case(root, "edge_empty_concat_input", helper.make_node("Concat", ["a", "z", "b"], ["y"], axis=1),
               [("a", a), ("z", z), ("b", a)], [("y", np.concatenate([a, z, a], axis=1))])
    x = data((2, 5), np.uint8)
    parts = split_outputs(x, [2, 0, 3], 1)
    write_case(root, "edge_empty_split_part", helper.make_node("Split", ["x", "s"], ["y0", "y1", "y2"], axis=1),
               [("x", x), ("s", i64([2, 0, 3]))], [(f"y{j}", p) for j, p in enumerate(parts)])
    slice_case(root, "edge_empty_slice_negstep", x, [0], [3], [1], [-1])
    write_case(root, "edge_empty_gather_indices", helper.make_node("Gather", ["x", "i"], ["y"], axis=0),
               [("x", x), ("i", np.zeros((0,), dtype=np.int64))], [("y", np.take(x, np.zeros((0,), np.int64), axis=0))])
    write_case(root, "edge_empty_expand", helper.make_node("Expand", ["x", "s"], ["y"]),
               [("x", data((1, 3), np.int64)), ("s", i64([0, 1]))], [("y", np.zeros((0, 3), dtype=np.int64))])
    slice_case(root, "edge_empty_slice_dim0_negstep", np.zeros((0, 3), np.float32), [-1], [INT64_MIN], [0], [-1])
    write_case(root, "edge_empty_transpose", helper.make_node("Transpose", ["x"], ["y"], perm=[1, 0]),
               [("x", z)], [("y", z.T.copy())])

    # Slice: clamping, extremes, opset forms.
    x = data((7, 9), np.float32)
    slice_case(root, "edge_slice_extremes", x, [INT64_MIN, INT64_MAX], [INT64_MAX, INT64_MIN], [0, 1], [1, -1])
    # ONNX clamps a negative-step start below -dim to 0 (numpy would give an empty slice).
    slice_case(root, "edge_slice_negstep_start_below_dim", x, [-100], [-200], [1], [-1])
    slice_case(root, "edge_slice_huge_steps", x, [2, -1], [7, -10], [0, 1], [INT64_MAX, INT64_MIN])
    slice_case(root, "edge_slice_step_beyond_int32", x, [1, 8], [7, 0], [0, 1], [1 << 40, -(1 << 33)])
    slice_case(root, "edge_slice_opset1_attributes", x, [1, -3], [INT64_MAX, -1], opset=1)
    slice_case(root, "edge_slice_opset1_axes", x, [-4], [100], axes=[1], opset=1)
    slice_case(root, "edge_slice_opset10", x, [1, 0], [6, 9], [0, 1], [2, 4], opset=10)
    node = helper.make_node("Slice", ["x", "st", "en", "ax"], ["y"])   # INT32 starts/ends/axes
    write_case(root, "edge_slice_int32_inputs", node,
               [("x", x), ("st", np.array([-2], np.int32)), ("en", np.array([-9], np.int32)),
                ("ax", np.array([-1], np.int32))], [("y", x[:, -2:-9])])

    # Split forms.
    x = data((2, 10), np.int16)
    parts = split_outputs(x, [3, 7], 1)
    write_case(root, "edge_split_opset11_attribute",
               helper.make_node("Split", ["x"], ["y0", "y1"], axis=1, split=[3, 7]),
               [("x", x)], [("y0", parts[0]), ("y1", parts[1])], opset=11)
    parts = split_outputs(x, [6, 4], 1)
    write_case(root, "edge_split_opset1_attribute",
               helper.make_node("Split", ["x"], ["y0", "y1"], axis=1, split=[6, 4]),
               [("x", x)], [("y0", parts[0]), ("y1", parts[1])], opset=1)
    parts = split_outputs(x, [4, 4, 2], 1)
    write_case(root, "edge_split_opset18_num_outputs_uneven",
               helper.make_node("Split", ["x"], ["y0", "y1", "y2"], axis=1, num_outputs=3),
               [("x", x)], [(f"y{j}", p) for j, p in enumerate(parts)], opset=18)
    parts = split_outputs(x, [5, 5], 1)
    write_case(root, "edge_split_opset18_num_outputs_even",
               helper.make_node("Split", ["x"], ["y0", "y1"], axis=-1, num_outputs=2),
               [("x", x)], [(f"y{j}", p) for j, p in enumerate(parts)], opset=18)
    parts = split_outputs(x, [1, 1], 0)
    write_case(root, "edge_split_opset2_equal", helper.make_node("Split", ["x"], ["y0", "y1"], axis=0),
               [("x", x)], [("y0", parts[0]), ("y1", parts[1])], opset=2)

    # Layout-family forms.
    x = data((2, 3, 4), np.float16)
    write_case(root, "edge_unsqueeze_opset11_negative", helper.make_node("Unsqueeze", ["x"], ["y"], axes=[-1, 0]),
               [("x", x)], [("y", x.reshape(1, 2, 3, 4, 1))], opset=11)
    y = x.reshape(2, 1, 3, 1, 4)
    write_case(root, "edge_squeeze_opset11_all", helper.make_node("Squeeze", ["x"], ["y"]),
               [("x", y)], [("y", x)], opset=11)
    write_case(root, "edge_flatten_axis_rank", helper.make_node("Flatten", ["x"], ["y"], axis=3),
               [("x", x)], [("y", x.reshape(24, 1))])
    write_case(root, "edge_reshape_opset5", helper.make_node("Reshape", ["x", "s"], ["y"]),
               [("x", x), ("s", i64([0, -1]))], [("y", x.reshape(2, 12))], opset=5)
    write_case(root, "edge_reshape_opset1_attribute", helper.make_node("Reshape", ["x"], ["y"], shape=[4, 6]),
               [("x", x)], [("y", x.reshape(4, 6))], opset=1)
    e = data((2, 1, 3), np.uint32)
    write_case(root, "edge_expand_lower_rank_shape", helper.make_node("Expand", ["x", "s"], ["y"]),
               [("x", e), ("s", i64([4, 1]))], [("y", np.broadcast_to(e, (2, 4, 3)).copy())])
    write_case(root, "edge_concat_opset1_default_axis", helper.make_node("Concat", ["a", "b", "c"], ["y"]),
               [("a", x), ("b", x), ("c", x)], [("y", np.concatenate([x, x, x], axis=1))], opset=1)
    # A constant from an initializer rather than a data-set input.
    write_case(root, "edge_reshape_shape_initializer", helper.make_node("Reshape", ["x", "s"], ["y"]),
               [("x", x)], [("y", x.reshape(3, 8))], initializers=[("s", i64([3, 8]))])

    # Larger tensors: several workgroups, sub-word types.
    x = data((64, 129, 33), np.float16)
    write_case(root, "edge_large_transpose_f16", helper.make_node("Transpose", ["x"], ["y"], perm=[2, 0, 1]),
               [("x", x)], [("y", np.ascontiguousarray(np.transpose(x, (2, 0, 1))))])
    x = data((1000, 37), np.uint8)
    slice_case(root, "edge_large_slice_u8", x, [999, 1], [INT64_MIN, 36], [0, 1], [-3, 2])
    x = data((300, 200), np.int8)
    ind = rng.integers(-200, 200, size=(5000,)).astype(np.int32)
    write_case(root, "edge_large_gather_i8", helper.make_node("Gather", ["x", "i"], ["y"], axis=1),
               [("x", x), ("i", ind)], [("y", np.take(x, ind, axis=1))])
    e = data((1, 513, 1), np.float64)
    write_case(root, "edge_large_expand_f64", helper.make_node("Expand", ["x", "s"], ["y"]),
               [("x", e), ("s", i64([64, 513, 17]))], [("y", np.broadcast_to(e, (64, 513, 17)).copy())])

    more_ops(root)
    scatter_ops(root)
    scatter_reduction_ops(root)
    max_unpool_ops(root)
    nonzero_ops(root)
    fill_cast_ops(root)
    shape_size_ops(root)
    sequence_optional_ops(root)
    function_expansion_cases(root)
    compress_ops(root)   # the cases before keep the random data they had
    col2im_ops(root)     # last, for the same reason
    print(f"wrote {len(os.listdir(root))} cases to {root}")


def depth_to_space(x, b, mode):
    n, c, h, w = x.shape
    if mode == "DCR":
        y = x.reshape(n, b, b, c // (b * b), h, w).transpose(0, 3, 4, 1, 5, 2)
    else:
        y = x.reshape(n, c // (b * b), b, b, h, w).transpose(0, 1, 4, 2, 5, 3)
    return np.ascontiguousarray(y.reshape(n, c // (b * b), h * b, w * b))


def space_to_depth(x, b):
    n, c, h, w = x.shape
    y = x.reshape(n, c, h // b, b, w // b, b).transpose(0, 3, 5, 1, 2, 4)
    return np.ascontiguousarray(y.reshape(n, c * b * b, h // b, w // b))


def reverse_sequence(x, lens, time_axis, batch_axis):
    y = x.copy()
    for i, n in enumerate(lens):
        index = [slice(None)] * x.ndim
        index[batch_axis], index[time_axis] = i, slice(0, int(n))
        y[tuple(index)] = np.flip(x[tuple(index)], axis=time_axis - (1 if batch_axis < time_axis else 0))
    return y


def gather_nd(x, ind, b):
    ind = np.where(ind < 0, ind + np.array(x.shape[b:b + ind.shape[-1]]), ind)
    batch = int(np.prod(x.shape[:b], dtype=np.int64))
    xs = x.reshape((batch,) + x.shape[b:])
    idx = ind.reshape((batch, -1, ind.shape[-1]))
    out = [xs[i][tuple(idx[i].T)] for i in range(batch)]
    return np.ascontiguousarray(np.stack(out).reshape(ind.shape[:-1] + x.shape[b + ind.shape[-1]:]))


def more_ops(root):
    """Tile, Pad, DepthToSpace, SpaceToDepth, ReverseSequence, GatherElements, GatherND."""
    for tname, t in TYPES.items():
        x = data((3, 1, 5), t)
        write_case(root, f"edge_tile_{tname}", helper.make_node("Tile", ["x", "r"], ["y"]),
                   [("x", x), ("r", i64([2, 3, 1]))], [("y", np.tile(x, (2, 3, 1)))])
        v = data((1,), t)
        write_case(root, f"edge_pad_constant_{tname}", helper.make_node("Pad", ["x", "p", "v"], ["y"]),
                   [("x", x), ("p", i64([1, 0, 2, 0, 3, 1])), ("v", v.reshape(()))],
                   [("y", np.pad(x, ((1, 0), (0, 3), (2, 1)), constant_values=v[0]))])
        x4 = data((2, 8, 3, 1), t)
        for mode in ("DCR", "CRD"):
            write_case(root, f"edge_depthtospace_{mode.lower()}_{tname}",
                       helper.make_node("DepthToSpace", ["x"], ["y"], blocksize=2, mode=mode),
                       [("x", x4)], [("y", depth_to_space(x4, 2, mode))])
        s4 = data((1, 3, 4, 6), t)
        write_case(root, f"edge_spacetodepth_{tname}", helper.make_node("SpaceToDepth", ["x"], ["y"], blocksize=2),
                   [("x", s4)], [("y", space_to_depth(s4, 2))])
        r = data((5, 3, 2), t)
        lens = i64([5, 0, 3])
        write_case(root, f"edge_reversesequence_{tname}",
                   helper.make_node("ReverseSequence", ["x", "l"], ["y"], time_axis=0, batch_axis=1),
                   [("x", r), ("l", lens)], [("y", reverse_sequence(r, lens, 0, 1))], opset=10)
        g = data((4, 5, 3), t)
        ind = rng.integers(-5, 5, size=(3, 7, 2)).astype(np.int64)
        write_case(root, f"edge_gatherelements_{tname}", helper.make_node("GatherElements", ["x", "i"], ["y"], axis=1),
                   [("x", g), ("i", ind)], [("y", np.take_along_axis(g[:3, :, :2], ind, axis=1))])
        ind = rng.integers(-3, 3, size=(4, 2, 1)).astype(np.int64)
        write_case(root, f"edge_gathernd_batch1_{tname}", helper.make_node("GatherND", ["x", "i"], ["y"], batch_dims=1),
                   [("x", g), ("i", ind)], [("y", gather_nd(g, ind, 1))])

    x = data((2, 3), np.float32)
    write_case(root, "edge_pad_opset2_value", helper.make_node("Pad", ["x"], ["y"], pads=[0, 2, 1, 1], value=-1.5),
               [("x", x)], [("y", np.pad(x, ((0, 1), (2, 1)), constant_values=-1.5))], opset=2)
    r = data((3, 4), np.int32)
    write_case(root, "edge_pad_reflect_wide", helper.make_node("Pad", ["x", "p"], ["y"], mode="reflect"),
               [("x", r), ("p", i64([2, 3, 2, 3]))], [("y", np.pad(r, ((2, 2), (3, 3)), mode="reflect"))])
    e = data((2, 3, 2), np.uint16)
    write_case(root, "edge_pad_edge", helper.make_node("Pad", ["x", "p"], ["y"], mode="edge"),
               [("x", e), ("p", i64([0, 4, 1, 2, 0, 3]))], [("y", np.pad(e, ((0, 2), (4, 0), (1, 3)), mode="edge"))])
    write_case(root, "edge_pad_opset18_axes", helper.make_node("Pad", ["x", "p", "", "a"], ["y"]),
               [("x", e), ("p", i64([1, 2, 3, 0])), ("a", i64([-1, 0]))],
               [("y", np.pad(e, ((2, 0), (0, 0), (1, 3))))], opset=18)
    write_case(root, "edge_pad_opset19_wrap", helper.make_node("Pad", ["x", "p"], ["y"], mode="wrap"),
               [("x", e), ("p", i64([1, 1, 1, 1, 1, 1]))], [("y", np.pad(e, 1, mode="wrap"))], opset=19)
    write_case(root, "edge_pad_negative", helper.make_node("Pad", ["x", "p"], ["y"]),
               [("x", e), ("p", i64([0, -1, 0, 0, 0, 1]))], [("y", np.pad(e[:, 1:, :], ((0, 0), (0, 0), (0, 1))))])
    write_case(root, "edge_pad_crop_only", helper.make_node("Pad", ["x", "p"], ["y"]),
               [("x", e), ("p", i64([0, -1, -1, -1, 0, 0]))], [("y", e[:1, 1:, 1:].copy())])
    write_case(root, "edge_pad_crop_and_reflect", helper.make_node("Pad", ["x", "p"], ["y"], mode="reflect"),
               [("x", r), ("p", i64([-1, 2, 1, -1]))], [("y", np.pad(r[1:, :-1], ((0, 1), (2, 0)), mode="reflect"))])
    write_case(root, "edge_pad_rank0", helper.make_node("Pad", ["x", "p"], ["y"]),
               [("x", np.array(7, np.int8)), ("p", np.zeros((0,), np.int64))], [("y", np.array(7, np.int8))])
    x9 = data((2, 1, 3, 1, 2, 1, 2, 1, 2), np.float16)
    reps = [1, 2, 1, 1, 1, 3, 1, 1, 1]
    write_case(root, "edge_tile_rank9", helper.make_node("Tile", ["x", "r"], ["y"]),
               [("x", x9), ("r", i64(reps))], [("y", np.tile(x9, reps))])
    write_case(root, "edge_tile_zero_repeat", helper.make_node("Tile", ["x", "r"], ["y"]),
               [("x", data((2, 3), np.int64)), ("r", i64([2, 0]))], [("y", np.zeros((4, 0), np.int64))])
    r = data((2, 6, 3), np.float64)
    lens = i64([6, 1])
    write_case(root, "edge_reversesequence_batch_first", 
               helper.make_node("ReverseSequence", ["x", "l"], ["y"], time_axis=1, batch_axis=0),
               [("x", r), ("l", lens)], [("y", reverse_sequence(r, lens, 1, 0))], opset=10)
    g = data((2, 3, 4, 5), np.int16)
    ind = rng.integers(-3, 3, size=(2, 3, 2)).astype(np.int64)
    write_case(root, "edge_gathernd_batch2_scalar_out", helper.make_node("GatherND", ["x", "i"], ["y"], batch_dims=2),
               [("x", g), ("i", ind)], [("y", gather_nd(g, ind, 2))])
    ind = rng.integers(-2, 2, size=(3, 2)).astype(np.int64)
    write_case(root, "edge_gathernd_tuples", helper.make_node("GatherND", ["x", "i"], ["y"]),
               [("x", g), ("i", ind)], [("y", gather_nd(g, ind, 0))])
    ind = np.array([[1, 2, 3, 4]], np.int64)
    write_case(root, "edge_gathernd_full_tuple", helper.make_node("GatherND", ["x", "i"], ["y"]),
               [("x", g), ("i", ind)], [("y", gather_nd(g, ind, 0))])


def one_hot(indices, depth, values, axis):
    """ONNX OneHot: indices outside [-depth, depth) give rows of the off value."""
    ind = indices.astype(np.int64)
    valid = (ind >= -depth) & (ind < depth)
    ind = np.where(ind < 0, ind + depth, ind)
    y = np.where((np.arange(depth) == ind[..., None]) & valid[..., None], values[1], values[0]).astype(values.dtype)
    return np.ascontiguousarray(np.moveaxis(y, -1, axis))


def scatter_ops(root):
    """ScatterElements / Scatter, ScatterND, OneHot over every type."""
    for tname, t in TYPES.items():
        x = data((4, 5, 3), t)
        # Unique positions along axis 1 for each (i, k): the first 3 of a permutation, some negative.
        ind = np.stack([np.stack([rng.permutation(5)[:3] for _ in range(3)], axis=1) for _ in range(4)])
        ind = np.where(rng.integers(0, 2, size=ind.shape) == 1, ind - 5, ind).astype(np.int64)
        upd = data(ind.shape, t)
        y = x.copy()
        np.put_along_axis(y, np.where(ind < 0, ind + 5, ind), upd, axis=1)
        write_case(root, f"edge_scatterelements_{tname}",
                   helper.make_node("ScatterElements", ["x", "i", "u"], ["y"], axis=-2),
                   [("x", x), ("i", ind), ("u", upd)], [("y", y)])
        tuples = np.array([[3, -1], [0, 0], [-4, 2]], np.int64)
        upd = data((3, 3), t)
        y = x.copy()
        for n, (a, b) in enumerate(tuples):
            y[a, b] = upd[n]
        write_case(root, f"edge_scatternd_{tname}", helper.make_node("ScatterND", ["x", "i", "u"], ["y"]),
                   [("x", x), ("i", tuples), ("u", upd)], [("y", y)])
        vals = data((2,), t)
        ind = np.array([[0, -1, 7], [3, -7, -8]], np.int64)
        write_case(root, f"edge_onehot_{tname}", helper.make_node("OneHot", ["i", "d", "v"], ["y"], axis=1),
                   [("i", ind), ("d", np.array(7.0, np.float32)), ("v", vals)], [("y", one_hot(ind, 7, vals, 1))],
                   opset=11)
    x = data((3, 4), np.float32)
    ind = np.array([[1, 0, 2, 1]], np.int32)
    upd = data((1, 4), np.float32)
    y = x.copy()
    np.put_along_axis(y, ind.astype(np.int64), upd, axis=0)
    write_case(root, "edge_scatter_opset9_int32", helper.make_node("Scatter", ["x", "i", "u"], ["y"]),
               [("x", x), ("i", ind), ("u", upd)], [("y", y)], opset=9)
    write_case(root, "edge_scatterelements_duplicates", helper.make_node("ScatterElements", ["x", "i", "u"], ["y"]),
               [("x", x), ("i", np.array([[1, 0, 2, 1], [1, 1, 1, 1]], np.int64)), ("u", data((2, 4), np.float32))],
               [("y", x)])   # SKIPs: undefined without a reduction
    for itype in (np.uint8, np.int16, np.float16, np.float64):
        ind2 = np.array([[0, 5, 3], [2, 1, 4]]).astype(itype)
        vals2 = np.array([0.5, -2.0], np.float32)
        write_case(root, f"edge_onehot_{np.dtype(itype).name}_indices", helper.make_node("OneHot", ["i", "d", "v"], ["y"]),
                   [("i", ind2), ("d", np.array(5, np.int64)), ("v", vals2)],
                   [("y", one_hot(ind2.astype(np.int64), 5, vals2, -1))], opset=11)
    ind = np.array([3, 0, -1], np.int32)
    vals = np.array([False, True])
    write_case(root, "edge_onehot_rank0_axis0_int32", helper.make_node("OneHot", ["i", "d", "v"], ["y"], axis=0),
               [("i", np.array(2, np.int32)), ("d", np.array(4, np.int64)), ("v", vals)],
               [("y", one_hot(np.array(2, np.int32), 4, vals, 0))], opset=11)
    write_case(root, "edge_onehot_default_axis", helper.make_node("OneHot", ["i", "d", "v"], ["y"]),
               [("i", ind), ("d", np.array([5], np.int32)), ("v", np.array([-1, 9], np.int16))],
               [("y", one_hot(ind, 5, np.array([-1, 9], np.int16), -1))], opset=11)
    g = data((2, 3, 4), np.uint8)
    tuples = np.array([[[1, 2, 3], [0, 0, 0]], [[-1, -2, -1], [1, 0, 2]]], np.int64)
    upd = data((2, 2), np.uint8)
    y = g.copy()
    for (n, m) in np.ndindex(2, 2):
        y[tuple(tuples[n, m])] = upd[n, m]
    write_case(root, "edge_scatternd_full_tuples", helper.make_node("ScatterND", ["x", "i", "u"], ["y"]),
               [("x", g), ("i", tuples), ("u", upd)], [("y", y)])


def scatter_reduction_ops(root):
    """ScatterElements / ScatterND with reduction add, mul (opset 16) and min, max (opset 18) over every type, with
    duplicate targets: the expected output applies the updates one at a time in order, with numpy's scalar
    arithmetic (float16 rounded after every step, integers wrapping) and numpy's minimum/maximum."""
    ops = {"add": np.add, "mul": np.multiply, "min": np.minimum, "max": np.maximum}
    for tname, t in TYPES.items():
        if t == np.bool_:
            continue
        for reduction, f in ops.items():
            opset = 16 if reduction in ("add", "mul") else 18
            x = data((3, 4), t)
            ind = np.array([[2, 0, 1, 2], [2, -3, 1, 0], [-1, 0, 2, 2]], np.int64)   # column 0: row 2 three times
            upd = data((3, 4), t)
            y = x.copy()
            with np.errstate(all="ignore"):
                for (i, j) in np.ndindex(ind.shape):
                    y[ind[i, j] % 3, j] = f(y[ind[i, j] % 3, j], upd[i, j])
            write_case(root, f"edge_scatterelements_{reduction}_{tname}",
                       helper.make_node("ScatterElements", ["x", "i", "u"], ["y"], axis=0, reduction=reduction),
                       [("x", x), ("i", ind), ("u", upd)], [("y", y)], opset=opset)
            tuples = np.array([[[1, 2]], [[-2, 2]], [[0, 3]]], np.int64)   # (1, 2) twice
            updn = data((3, 1), t)
            yn = x.copy()
            with np.errstate(all="ignore"):
                for n in range(3):
                    a, b = tuples[n, 0]
                    yn[a, b] = f(yn[a, b], updn[n, 0])
            write_case(root, f"edge_scatternd_{reduction}_{tname}",
                       helper.make_node("ScatterND", ["x", "i", "u"], ["y"], reduction=reduction),
                       [("x", x), ("i", tuples), ("u", updn)], [("y", yn)], opset=opset)


UINT = {2: np.uint16, 4: np.uint32, 8: np.uint64}


def unpooled_shape(x_shape, kernel, strides, pads):
    """MaxUnpool's inferred shape: N, C, then (X - 1) * stride - pad_begin - pad_end + kernel per spatial dim."""
    s = len(kernel)
    return tuple(x_shape[:2]) + tuple((x_shape[2 + d] - 1) * strides[d] - pads[d] - pads[s + d] + kernel[d]
                                      for d in range(s))


def max_pool_indices(src, kernel, strides, pads):
    """MaxPool's Indices output (storage_order 0) for src: for every window (clipped to src), the flat position of
    its first maximum in the whole tensor, N and C included."""
    s = len(kernel)
    out = [(src.shape[2 + d] + pads[d] + pads[s + d] - kernel[d]) // strides[d] + 1 for d in range(s)]
    flat = np.arange(src.size, dtype=np.int64).reshape(src.shape)
    ind = np.zeros(src.shape[:2] + tuple(out), np.int64)
    nc = src.shape[:2] + (-1,)
    for pos in np.ndindex(*out):
        window = (slice(None), slice(None)) + tuple(
            slice(max(p * st - pb, 0), min(p * st - pb + k, n))
            for p, st, pb, k, n in zip(pos, strides, pads[:s], kernel, src.shape[2:]))
        best = np.argmax(src[window].reshape(nc), axis=-1)[..., None]
        ind[(slice(None), slice(None)) + pos] = np.take_along_axis(flat[window].reshape(nc), best, axis=-1)[..., 0]
    return ind


def unpool_values(ind, t):
    """data() for MaxUnpool's X, except that an element whose index repeats an earlier one's gets that one's bits
    (the runtime leaves the winner of two different values undefined)."""
    x = data(ind.shape, t)
    bits = x.reshape(-1).view(UINT[x.dtype.itemsize])
    _, first, inverse = np.unique(ind.reshape(-1), return_index=True, return_inverse=True)
    bits[:] = bits[first[inverse]]
    return x


def max_unpool(x, ind, shape, output_shape=None):
    """ONNX MaxUnpool (onnx.reference, given the inferred shape): x's elements at the flat positions ind of a zero
    tensor of that shape, which sits at the origin of a zero tensor of output_shape; moved as bits (NaN payloads,
    -0)."""
    u = UINT[x.dtype.itemsize]
    y = np.zeros(int(np.prod(shape, dtype=np.int64)), u)
    y[ind.reshape(-1)] = x.reshape(-1).view(u)
    out = np.zeros(shape if output_shape is None else tuple(output_shape), u)
    out[tuple(slice(0, n) for n in shape)] = y.reshape(shape)
    return out.view(x.dtype)


def maxunpool_case(root, name, x_shape, t, kernel, strides=None, pads=None, output_shape=None, indices="pool",
                   opset=11, initializer=False):
    """A MaxUnpool case. indices "pool": MaxPool's Indices output for a random tensor of the inferred shape, pooled
    with the same attributes (overlapping windows repeat an index; X then repeats the bits); "distinct": random
    distinct positions anywhere in the inferred tensor, across N and C. With output_shape the inferred shape leaves
    the pads out (MaxUnpool's spec: "If 'output_shape' is specified, 'pads' values are ignored")."""
    s = len(kernel)
    st = strides if strides is not None else [1] * s
    p = pads if pads is not None and output_shape is None else [0] * (2 * s)
    shape = unpooled_shape(x_shape, kernel, st, p)
    if indices == "pool":
        ind = max_pool_indices(rng.standard_normal(shape), kernel, st, p)
        assert ind.shape == tuple(x_shape), (ind.shape, x_shape)
    else:
        n = int(np.prod(x_shape, dtype=np.int64))
        ind = rng.choice(int(np.prod(shape, dtype=np.int64)), size=n, replace=False).astype(np.int64).reshape(x_shape)
    x = unpool_values(ind, t)
    attributes = {"kernel_shape": list(kernel)}
    if strides is not None:
        attributes["strides"] = list(strides)
    if pads is not None:
        attributes["pads"] = list(pads)
    inputs, initializers = [("x", x), ("i", ind)], []
    if output_shape is not None:
        (initializers if initializer else inputs).append(("s", i64(output_shape)))
    node = helper.make_node("MaxUnpool", ["x", "i"] + (["s"] if output_shape is not None else []), ["y"], **attributes)
    write_case(root, name, node, inputs, [("y", max_unpool(x, ind, shape, output_shape))], opset=opset,
               initializers=initializers)


def max_unpool_ops(root):
    """MaxUnpool over every type it allows that has a DML type (float16, float, double; opset 11; MaxUnpool-22 adds
    only bfloat16: SKIPs): 1-D to 3-D pooling, N and C above 1, strides other than the kernel, pads, output_shape
    larger than the inferred shape (in the first, the middle or the last spatial dimension), indices from a numpy
    max pooling or random distinct positions, NaN payloads and -0 in X, odd sizes, 64 x 64 planes."""
    for tname in ("float16", "float32", "float64"):
        t = TYPES[tname]
        # 3 x 5 planes of 5 x 9 (675 elements: sub-word types end inside a 32-bit word).
        maxunpool_case(root, f"edge_maxunpool_2d_pads_{tname}", (3, 5, 3, 4), t, [3, 3], [2, 2], [1, 0, 1, 0])
        # Windows with gaps (stride 3, kernel 4, pads); random positions, also in another N or C than their X's.
        maxunpool_case(root, f"edge_maxunpool_1d_distinct_{tname}", (2, 3, 7), t, [4], [3], [2, 1],
                       indices="distinct")
        # Overlapping windows (stride 1 on D and W): a maximum two windows share is written twice, with the same bits.
        maxunpool_case(root, f"edge_maxunpool_3d_overlap_{tname}", (2, 2, 2, 3, 4), t, [2, 2, 3], [1, 2, 1],
                       [0, 1, 1, 0, 0, 1])
    # output_shape larger than the inferred shape: the inferred tensor at its origin, zeros around it.
    maxunpool_case(root, "edge_maxunpool_output_shape_2d_float32", (2, 3, 3, 4), np.float32, [2, 2], [2, 2],
                   output_shape=[2, 3, 7, 9])
    maxunpool_case(root, "edge_maxunpool_output_shape_odd_float16", (1, 3, 2, 3), np.float16, [3, 3], [2, 2],
                   output_shape=[1, 3, 7, 9], indices="distinct")
    maxunpool_case(root, "edge_maxunpool_output_shape_1d_float64", (3, 2, 5), np.float64, [2], [3],
                   output_shape=[3, 2, 17], indices="distinct")
    maxunpool_case(root, "edge_maxunpool_output_shape_equal_float32", (2, 2, 3, 3), np.float32, [2, 2], [2, 2],
                   output_shape=[2, 2, 6, 6])
    # The pads are ignored with output_shape: 7 x 7 inferred, not 5 x 5 (the spec's text and the current onnx.reference;
    # older onnx.reference versions kept them, and the indices would then lie outside).
    maxunpool_case(root, "edge_maxunpool_output_shape_ignores_pads_float32", (2, 2, 3, 3), np.float32, [3, 3],
                   [2, 2], [1, 1, 1, 1], output_shape=[2, 2, 8, 8])
    # 3-D: DML's 4 dimensions fold D and H, so output_shape may grow D and W but not H.
    maxunpool_case(root, "edge_maxunpool_3d_output_shape_last_float16", (2, 3, 2, 2, 3), np.float16, [2, 2, 2],
                   [2, 2, 2], output_shape=[2, 3, 4, 4, 7], initializer=True)
    maxunpool_case(root, "edge_maxunpool_3d_output_shape_first_float32", (1, 2, 2, 3, 2), np.float32, [2, 3, 2],
                   [2, 1, 2], output_shape=[1, 2, 5, 5, 5])
    maxunpool_case(root, "edge_maxunpool_3d_output_shape_middle_float32", (1, 2, 2, 2, 2), np.float32, [2, 2, 2],
                   [2, 2, 2], output_shape=[1, 2, 4, 5, 4])   # SKIPs: grows H, which DML's 4 dimensions fold
    # Several workgroups: 64 x 64 planes; 7938 distinct of 8192 float16 positions (neighbours share 32-bit words).
    maxunpool_case(root, "edge_maxunpool_large_float16_dense", (1, 2, 63, 63), np.float16, [2, 2], indices="distinct")
    maxunpool_case(root, "edge_maxunpool_large_float32_pool", (2, 3, 32, 32), np.float32, [2, 2], [2, 2])
    maxunpool_case(root, "edge_maxunpool_opset22_float16", (2, 2, 3, 3), np.float16, [3, 3], [2, 2], [0, 1, 1, 0],
                   opset=22)
    # Empty: no input (the output all zeros), no batch (an empty output).
    maxunpool_case(root, "edge_maxunpool_empty_input", (1, 2, 0), np.float32, [3], indices="distinct")
    maxunpool_case(root, "edge_maxunpool_empty_batch", (0, 2, 3, 3), np.float16, [2, 2], [2, 2], indices="distinct")
    # Undefined in ONNX: two different values for one index; an index past the inferred tensor (inside output_shape).
    x = data((1, 1, 4), np.float32)
    ind = np.array([[[0, 3, 3, 5]]], np.int64)
    write_case(root, "edge_maxunpool_duplicates_differ", helper.make_node("MaxUnpool", ["x", "i"], ["y"],
               kernel_shape=[2], strides=[2]), [("x", x), ("i", ind)], [("y", max_unpool(x, ind, (1, 1, 8)))],
               opset=11)   # SKIPs: the winner is undefined
    x = data((1, 1, 2, 2), np.float32)
    ind = np.array([[[[0, 2], [8, 24]]]], np.int64)
    y = np.zeros((1, 1, 5, 5), np.float32)
    y.reshape(-1)[ind.reshape(-1)] = x.reshape(-1)
    write_case(root, "edge_maxunpool_index_past_inferred", helper.make_node("MaxUnpool", ["x", "i", "s"], ["y"],
               kernel_shape=[2, 2], strides=[2, 2]), [("x", x), ("i", ind), ("s", i64([1, 1, 5, 5]))], [("y", y)],
               opset=11)   # SKIPs: 24 lies outside the 16 inferred elements
    # bfloat16 (MaxUnpool-22): no DML type.
    bits = data((1, 2, 2, 2), np.float32).view(np.uint32) >> 16
    ind = max_pool_indices(rng.standard_normal((1, 2, 4, 4)), [2, 2], [2, 2], [0] * 4)
    y = max_unpool(bits.astype(np.uint16), ind, (1, 2, 4, 4))

    def bf16(name, a):
        return (helper.make_tensor_value_info(name, TensorProto.BFLOAT16, list(a.shape)),
                helper.make_tensor(name, TensorProto.BFLOAT16, a.shape, a.astype(np.uint16).tobytes(), raw=True))

    write_value_case(root, "edge_maxunpool_bfloat16_opset22", helper.make_node("MaxUnpool", ["x", "i"], ["y"],
                     kernel_shape=[2, 2], strides=[2, 2]),
                     [bf16("x", bits), (helper.make_tensor_value_info("i", TensorProto.INT64, list(ind.shape)),
                                        numpy_helper.from_array(ind, "i"))],
                     [bf16("y", y)], opset=22)   # SKIPs: no DML BFLOAT16


def nonzero_case(root, name, x, opset=13):
    """NonZero: the coordinates of x's non-zero elements, a row per dimension (numpy's nonzero: -0 is zero, NaN is
    not)."""
    write_case(root, name, helper.make_node("NonZero", ["x"], ["y"]), [("x", x)],
               [("y", np.array(np.nonzero(x), dtype=np.int64))], opset=opset)


def sparse(shape, t, density):
    """data() with about 1 - density of its elements zero (floats: +0 and -0 alike)."""
    x = data(shape, t)
    keep = rng.random(x.shape) < density
    if np.dtype(t).kind == "f":
        zero = np.where(rng.random(x.shape) < 0.5, -0.0, 0.0).astype(t)
        return np.where(keep, x, zero)
    return np.where(keep, x, np.zeros_like(x))


def nonzero_ops(root):
    """NonZero over every type (the 64-bit ones and ranks above 8 SKIP: NONZERO_COORDINATES has no such row),
    densities from none to all, leading sizes of 1, empty inputs, and inputs of several lane groups (65536
    elements each)."""
    for tname, t in TYPES.items():
        nonzero_case(root, f"edge_nonzero_{tname}", sparse((3, 5, 7), t, 0.5))
    for density in (0.0, 0.01, 1.0):
        nonzero_case(root, f"edge_nonzero_density{density}", sparse((4, 33, 17), np.float32, density))
    nonzero_case(root, "edge_nonzero_rank1", sparse((97,), np.int16, 0.3))
    nonzero_case(root, "edge_nonzero_leading_ones", sparse((1, 1, 4, 5), np.uint8, 0.5))
    nonzero_case(root, "edge_nonzero_rank8", sparse((2, 1, 3, 1, 2, 2, 1, 3), np.float16, 0.5))
    nonzero_case(root, "edge_nonzero_rank9", sparse((2,) * 9, np.int32, 0.5))
    nonzero_case(root, "edge_nonzero_empty", np.zeros((0, 3), np.float32))
    nonzero_case(root, "edge_nonzero_large_sparse", sparse((3, 50000), np.uint8, 0.02))
    nonzero_case(root, "edge_nonzero_large_dense", sparse((5, 61, 509), np.float32, 0.97))
    nonzero_case(root, "edge_nonzero_opset9", sparse((6, 7), np.bool_, 0.5), opset=9)


def compress_case(root, name, x, condition, axis=None, opset=11):
    """Compress: the slices of x along axis (no axis: of x flattened) whose condition is true (np.compress). A
    condition longer than the axis is cut to it first (ONNX: undefined if a true element is cut; the case SKIPs)."""
    condition = np.asarray(condition, dtype=np.bool_)
    size = x.size if axis is None else x.shape[axis]
    attributes = {} if axis is None else {"axis": axis}
    write_case(root, name, helper.make_node("Compress", ["x", "c"], ["y"], **attributes),
               [("x", x), ("c", condition)], [("y", np.compress(condition[:size], x, axis=axis))], opset=opset)


def compress_ops(root):
    """Compress over every type (along an axis and flattened), negative axes, conditions shorter and longer than the
    axis, none or all true, empty inputs and conditions, rank 0 and 9, 100000 slices, opsets 9 and 11."""
    for tname, t in TYPES.items():
        compress_case(root, f"edge_compress_{tname}", data((3, 5, 7), t), data((5,), np.bool_), axis=1)
        compress_case(root, f"edge_compress_{tname}_flat", data((3, 5, 7), t), data((105,), np.bool_))
    x = data((4, 3, 6), np.float16)
    compress_case(root, "edge_compress_axis_neg1", x, data((6,), np.bool_), axis=-1)
    compress_case(root, "edge_compress_axis_neg3", x, [True, False, True, True], axis=-3)
    compress_case(root, "edge_compress_axis0", x, [False, True, False, True], axis=0)
    compress_case(root, "edge_compress_shorter", x, [False, True, True], axis=2)
    compress_case(root, "edge_compress_shorter_flat", x, data((50,), np.bool_))
    compress_case(root, "edge_compress_all_false", x, np.zeros(3, np.bool_), axis=1)          # empty: no dispatch
    compress_case(root, "edge_compress_all_false_flat", x, np.zeros(72, np.bool_))
    compress_case(root, "edge_compress_all_true", x, np.ones(3, np.bool_), axis=1)
    compress_case(root, "edge_compress_all_true_flat", x, np.ones(72, np.bool_))
    compress_case(root, "edge_compress_longer_false_beyond", x, [True, False, True, False, False], axis=1)
    compress_case(root, "edge_compress_longer_false_beyond_flat", x, list(data((72,), np.bool_)) + [False] * 9)
    compress_case(root, "edge_compress_longer_true_beyond", x, [True, False, True, False, True], axis=1)  # SKIPs
    compress_case(root, "edge_compress_empty_condition", x, np.zeros(0, np.bool_), axis=2)
    compress_case(root, "edge_compress_empty_input", data((0, 5), np.int32), [True, False, True], axis=1)
    compress_case(root, "edge_compress_empty_input_flat", data((2, 0), np.int32), np.zeros(0, np.bool_))
    compress_case(root, "edge_compress_rank0", np.array(2.5, np.float64), [True])
    compress_case(root, "edge_compress_rank1", data((33,), np.int8), data((33,), np.bool_), axis=0)
    compress_case(root, "edge_compress_rank9", data((2, 3, 1, 2, 3, 1, 2, 2, 3), np.uint16), [True, False, True],
                  axis=4)
    compress_case(root, "edge_compress_large_axis", data((100000, 3), np.uint16), data((100000,), np.bool_), axis=0)
    compress_case(root, "edge_compress_large_sparse_flat", data((300, 500), np.float32),
                  rng.random(150000) < 0.01)
    compress_case(root, "edge_compress_large_inner", data((7, 65, 1031), np.uint8), data((65,), np.bool_), axis=1)
    compress_case(root, "edge_compress_opset9", data((5, 4), np.int64), [False, True, True, False], axis=1, opset=9)
    compress_case(root, "edge_compress_opset9_flat", data((5, 4), np.bool_), data((20,), np.bool_), opset=9)


def col2im_blocks(image_shape, block_shape, strides, dilations, pads):
    """Col2Im's blocks per spatial dimension, as ONNX's reference counts them; 0 where the window does not fit."""
    s = len(image_shape)
    return [max((image_shape[d] + pads[d] + pads[s + d] - dilations[d] * (block_shape[d] - 1) - 1) // strides[d] + 1, 0)
            for d in range(s)]


def col2im(x, image_shape, block_shape, strides=None, dilations=None, pads=None):
    """ONNX Col2Im the way its reference (onnx/reference/ops/op_col2im.py) computes it: the image starts at zeros and
    each window position k (ascending, row-major over block_shape) adds its values in the data's dtype (float16
    rounded after every add, integers wrapping, BOOL or'ed); within one window position the blocks land on distinct
    elements, so one fancy-indexed += per position adds each value once, in the reference's order. Which payload two
    different NaNs added together give is not defined (x86 gives the first operand's, numpy's scalar and SIMD loops
    pass the operands in different orders): the inputs must not make that happen (see col2im_input)."""
    s = len(image_shape)
    strides = strides or [1] * s
    dilations = dilations or [1] * s
    pads = pads or [0] * (2 * s)
    blocks = col2im_blocks(image_shape, block_shape, strides, dilations, pads)
    n, ck, length = x.shape
    k = int(np.prod(block_shape, dtype=np.int64))
    assert ck % k == 0 and length == int(np.prod(blocks, dtype=np.int64)), (x.shape, block_shape, blocks)
    cols = x.reshape((n, ck // k, k) + tuple(blocks))
    y = np.zeros((n, ck // k) + tuple(image_shape), x.dtype)
    with np.errstate(all="ignore"):
        for position, offset in enumerate(np.ndindex(*block_shape)):
            image, block = [], []
            for d in range(s):
                b = np.arange(blocks[d])
                at = b * strides[d] + offset[d] * dilations[d] - pads[d]
                keep = (at >= 0) & (at < image_shape[d])
                image.append(at[keep])
                block.append(b[keep])
            if any(a.size == 0 for a in image):
                continue   # this window position lands in the padding only
            target = (slice(None), slice(None)) + np.ix_(*image)
            values = cols[:, :, position][(slice(None), slice(None)) + np.ix_(*block)]
            if y.dtype.kind == "f":
                u = UINT[y.dtype.itemsize]
                both = np.isnan(y[target]) & np.isnan(values)
                assert not np.any(both & (y[target].view(u) != values.view(u))), "two different NaNs meet"
            y[target] += values
    return y


def col2im_case(root, name, x, image_shape, block_shape, strides=None, dilations=None, pads=None, initializer=False,
                expected=None):
    """A Col2Im case (opset 18: ONNX 1.12 has no schema for it, and the model is written without the checker).
    x: [N, C * prod(block_shape), L]; expected: the output when col2im() cannot compute it (values FOLD refuses)."""
    attributes = {k: list(v) for k, v in (("strides", strides), ("dilations", dilations), ("pads", pads))
                  if v is not None}
    shapes = [("i", i64(image_shape)), ("b", i64(block_shape))]
    y = expected if expected is not None else col2im(x, image_shape, block_shape, strides, dilations, pads)
    write_case(root, name, helper.make_node("Col2Im", ["x", "i", "b"], ["y"], **attributes),
               [("x", x)] + ([] if initializer else shapes), [("y", y)], opset=18,
               initializers=shapes if initializer else ())


def col2im_input(n, c, image_shape, block_shape, t, strides=None, dilations=None, pads=None):
    """Random columns [n, c * prod(block_shape), L] for those windows. data()'s two NaNs (flat elements 1 and 3, signs
    differing) lie in one row - one window position, distinct image elements - when L >= 4; with fewer blocks they
    may meet on one element, so the second takes the first's bits (col2im)."""
    s = len(image_shape)
    blocks = col2im_blocks(image_shape, block_shape, strides or [1] * s, dilations or [1] * s, pads or [0] * (2 * s))
    x = data((n, c * int(np.prod(block_shape, dtype=np.int64)), int(np.prod(blocks, dtype=np.int64))), t)
    if x.dtype.kind == "f" and x.size > 3 and x.shape[2] < 4:
        x.reshape(-1)[3] = x.reshape(-1)[1]
    return x


def col2im_ops(root):
    """Col2Im (opset 18) over every type (float64 SKIPs: the runtime has no exact 64-bit float add; BOOL runs where
    no two true values land on one element, the reference's `+=` or'ing them), int8/uint8 sums that wrap, float16 sums
    whose order decides the rounding, float32 subnormal sums; the shapes of ONNX's own Col2Im tests; 1-D to 6-D
    images (7 spatial dimensions SKIP: FOLD takes 6), strides larger than the window (gaps of zeros), window
    positions and whole windows in the padding, N or C of 1, empty batches, channels and images, no block at all (an
    image of zeros), image_shape and block_shape as initializers, several workgroups, and a window of 4160 positions
    (SKIPs: vkdml folds at most 4096) and negative pads (SKIP: FOLD's padding is unsigned)."""
    f32 = np.float32
    # ONNX's backend tests (onnx/backend/test/case/node/col2im.py: test_col2im, _strides, _pads, _dilations, _5d)
    # with their inputs (test_col2im_pads as corrected upstream: 24, not 14, at [0, 4]), and test_col2im with a batch
    # of two images.
    x = np.arange(1, 26, dtype=f32).reshape(5, 5).T.copy()
    x[4, 1] = 0
    col2im_case(root, "edge_col2im_onnx", x.reshape(1, 5, 5), [5, 5], [1, 5])
    col2im_case(root, "edge_col2im_onnx_batch_image",
                np.arange(1, 51, dtype=f32).reshape(2, 5, 5).transpose(0, 2, 1).copy(), [5, 5], [1, 5])
    x = np.repeat(np.array([0, 1, 1, 1, 0, 0, 0, 1, 0], f32)[:, None], 4, axis=1)
    col2im_case(root, "edge_col2im_onnx_strides", x.reshape(1, 9, 4), [5, 5], [3, 3], strides=[2, 2])
    col2im_case(root, "edge_col2im_onnx_pads", np.arange(1, 76, dtype=f32).reshape(1, 15, 5).transpose(0, 2, 1).copy(),
                [5, 5], [1, 5], pads=[0, 1, 0, 1])
    col2im_case(root, "edge_col2im_onnx_dilations",
                np.arange(1, 21, dtype=f32).reshape(1, 5, 4).transpose(0, 2, 1).copy(), [6, 6], [2, 2],
                dilations=[1, 5])
    x = np.arange(1, 121, dtype=f32).reshape(2, 12, 5).transpose(0, 2, 1).reshape(1, 10, 12).copy()
    col2im_case(root, "edge_col2im_onnx_5d", x, [3, 4, 5], [1, 1, 5])
    # A batch of 2 with strides, pads and dilations together, 3 channels.
    w = dict(strides=[2, 2], pads=[0, 1, 0, 1], dilations=[1, 5])
    col2im_case(root, "edge_col2im_batch_strides_pads_dilations", col2im_input(2, 3, [5, 10], [2, 2], f32, **w),
                [5, 10], [2, 2], **w)
    # Every type: overlapping windows (up to 6 values per element), pads on both sides; values over the whole range
    # (integer sums wrap), NaN payloads and -0 in the float types.
    w = dict(strides=[1, 2], pads=[1, 0, 0, 1])
    for tname, t in TYPES.items():
        if t == np.bool_:
            continue
        col2im_case(root, f"edge_col2im_{tname}", col2im_input(2, 3, [5, 7], [3, 2], t, **w), [5, 7], [3, 2], **w)
    # BOOL: windows that do not overlap run (FOLD adds UINT8 0/1, the reference ors); two trues on one element SKIP.
    w = dict(strides=[3, 2], dilations=[1, 1], pads=[1, 0, 0, 1])
    col2im_case(root, "edge_col2im_bool", col2im_input(2, 3, [5, 7], [3, 2], np.bool_, **w), [5, 7], [3, 2], **w)
    col2im_case(root, "edge_col2im_bool_overlap", np.ones((1, 2, 4), np.bool_), [5], [2])   # SKIPs
    # Wrapping: every value 100 (int8) / 200 (uint8) and up to 9 of them per element.
    col2im_case(root, "edge_col2im_int8_wrap", np.full((1, 9, 9), 100, np.int8), [5, 5], [3, 3])
    col2im_case(root, "edge_col2im_uint8_wrap", np.full((2, 9, 16), 200, np.uint8), [6, 6], [3, 3])
    col2im_case(root, "edge_col2im_int64_wrap", np.full((1, 4, 9), INT64_MAX - 5, np.int64), [4, 4], [2, 2])
    # float16 rounding decided by the order: element 0 gets 2048 (k = 0), then 1 and 1 (k = 1, 2): 2048 + 1 rounds to
    # 2048 twice (ties to even), where 1 + 1 + 2048 would be 2050. Image [3], block [3], pads [2, 2]: 5 blocks.
    x = np.zeros((1, 3, 5), np.float16)
    x[0, 0, 2], x[0, 1, 1], x[0, 2, 0] = 2048, 1, 1
    x[0, 0, 3], x[0, 1, 2], x[0, 2, 1] = 1, 2048, 1   # element 1: 1 + 2048 = 2049 -> 2048, + 1 -> 2048
    x[0, 0, 4], x[0, 1, 3], x[0, 2, 2] = 0.1, 0.2, 1024.3
    col2im_case(root, "edge_col2im_float16_order", x, [3], [3], pads=[2, 2])
    x = np.array(data((1, 4, 9), np.float16), np.float16) * np.float16(600)   # sums past 65504: infinities
    col2im_case(root, "edge_col2im_float16_overflow", x, [4, 4], [2, 2])
    tiny = np.array([1e-45, 3e-39, -2e-39, 1.1754942e-38], f32)   # subnormals, and sums reaching the normal range
    col2im_case(root, "edge_col2im_float32_subnormal", rng.choice(tiny, size=(2, 4, 9)).astype(f32), [4, 4], [2, 2])
    # 1-D and 3-D to 6-D images; 7 spatial dimensions SKIP.
    w = dict(strides=[2], dilations=[2], pads=[1, 2])
    col2im_case(root, "edge_col2im_1d", col2im_input(2, 2, [11], [3], np.int16, **w), [11], [3], **w)
    w = dict(strides=[1, 2, 1], dilations=[2, 1, 1], pads=[1, 0, 1, 0, 1, 1])
    col2im_case(root, "edge_col2im_3d", col2im_input(2, 2, [3, 4, 5], [2, 2, 3], f32, **w), [3, 4, 5], [2, 2, 3],
                **w)
    w = dict(strides=[1, 1, 2, 1], pads=[0, 1, 0, 0, 1, 0, 1, 0])
    col2im_case(root, "edge_col2im_4d", col2im_input(1, 2, [3, 2, 4, 3], [2, 2, 2, 2], np.float16, **w),
                [3, 2, 4, 3], [2, 2, 2, 2], **w)
    col2im_case(root, "edge_col2im_6d", col2im_input(2, 1, [2, 3, 2, 2, 3, 2], [2, 1, 2, 1, 2, 1], np.uint32),
                [2, 3, 2, 2, 3, 2], [2, 1, 2, 1, 2, 1])
    col2im_case(root, "edge_col2im_7d", col2im_input(1, 1, [2] * 7, [1] * 7, f32), [2] * 7, [1] * 7)   # SKIPs
    # Strides larger than the window: gaps that stay 0.
    w = dict(strides=[4, 3])
    col2im_case(root, "edge_col2im_gaps", col2im_input(1, 2, [9, 10], [2, 2], np.int32, **w), [9, 10], [2, 2], **w)
    # The padding: window position 0 of dimension 0 lands in it for every block (dilation 5, start pad 5); whole
    # windows in it (pads 3 around a 2 x 3 image); every value in it (an image of zeros).
    w = dict(dilations=[5, 1], pads=[5, 0, 0, 1])
    col2im_case(root, "edge_col2im_position_in_padding", col2im_input(2, 2, [3, 4], [2, 2], f32, **w), [3, 4],
                [2, 2], **w)
    w = dict(pads=[3, 3, 3, 3])
    col2im_case(root, "edge_col2im_windows_in_padding", col2im_input(1, 3, [2, 3], [2, 2], np.uint16, **w), [2, 3],
                [2, 2], **w)
    w = dict(strides=[5], pads=[2, 2])
    col2im_case(root, "edge_col2im_all_in_padding", col2im_input(2, 2, [1], [1], f32, **w), [1], [1], **w)
    # N or C of 1, blocks of 1 x 1 (a plain copy), empty batches, channels and images, no block.
    col2im_case(root, "edge_col2im_n3_c1", col2im_input(3, 1, [4, 6], [2, 3], np.int8), [4, 6], [2, 3])
    col2im_case(root, "edge_col2im_n1_c4", col2im_input(1, 4, [4, 6], [3, 1], np.uint64), [4, 6], [3, 1])
    col2im_case(root, "edge_col2im_block1x1", col2im_input(2, 3, [4, 5], [1, 1], np.float16), [4, 5], [1, 1])
    col2im_case(root, "edge_col2im_empty_batch", col2im_input(0, 2, [3, 3], [2, 2], f32), [3, 3], [2, 2],
                expected=np.zeros((0, 2, 3, 3), f32))   # ONNX's reference cannot run N = 0
    col2im_case(root, "edge_col2im_empty_channels", col2im_input(2, 0, [3, 3], [2, 2], f32), [3, 3], [2, 2],
                expected=np.zeros((2, 0, 3, 3), f32))
    w = dict(pads=[1, 1, 0, 0])
    col2im_case(root, "edge_col2im_empty_image", col2im_input(1, 2, [0, 4], [1, 2], f32, **w), [0, 4], [1, 2], **w)
    col2im_case(root, "edge_col2im_no_block", col2im_input(2, 2, [2, 3], [3, 3], np.int32), [2, 3], [3, 3])
    col2im_case(root, "edge_col2im_shape_initializers", col2im_input(1, 2, [5, 4], [2, 3], f32), [5, 4], [2, 3],
                initializer=True)
    # Several workgroups: a 3 x 3 convolution's columns (pads 1) over 64 x 65 planes; 3-D 5 x 5 x 5 windows.
    w = dict(pads=[1, 1, 1, 1])
    col2im_case(root, "edge_col2im_large_3x3_pad1", col2im_input(2, 3, [64, 65], [3, 3], f32, **w), [64, 65],
                [3, 3], **w)
    w = dict(strides=[2, 1, 2], pads=[2, 2, 2, 2, 2, 2])
    col2im_case(root, "edge_col2im_large_3d_float16", col2im_input(1, 2, [9, 11, 10], [5, 5, 5], np.float16, **w),
                [9, 11, 10], [5, 5, 5], **w)
    # SKIPs: 4160 window positions (vkdml folds at most 4096), negative pads (ONNX requires pads >= 0).
    col2im_case(root, "edge_col2im_window_4160_positions", col2im_input(1, 1, [65, 64], [65, 64], f32), [65, 64],
                [65, 64])
    w = dict(pads=[-1, 0, 0, 0])
    col2im_case(root, "edge_col2im_negative_pads", col2im_input(1, 1, [4, 4], [2, 2], f32, **w), [4, 4], [2, 2],
                **w)


def write_value_case(root, name, node, inputs, outputs, opset=16):
    """inputs/outputs: lists of (ValueInfoProto, proto to write: TensorProto, SequenceProto or OptionalProto)."""
    d = os.path.join(root, name)
    os.makedirs(os.path.join(d, "test_data_set_0"), exist_ok=True)
    graph = helper.make_graph([node], name, [v for v, _ in inputs], [v for v, _ in outputs])
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", opset)])
    model.ir_version = 8
    with open(os.path.join(d, "model.onnx"), "wb") as f:
        f.write(model.SerializeToString())
    for kind, values in (("input", inputs), ("output", outputs)):
        for k, (_, proto) in enumerate(values):
            with open(os.path.join(d, "test_data_set_0", f"{kind}_{k}.pb"), "wb") as f:
                f.write(proto.SerializeToString())


def sequence_optional_ops(root):
    """Identity over sequences and optionals: one copy per element tensor; empty ones run nothing."""
    def tensor_type(t):
        return helper.make_tensor_type_proto(numpy_helper.from_array(np.zeros(1, t)).data_type, None)

    def seq_type(elem):
        return helper.make_sequence_type_proto(elem)

    def opt_type(elem):
        return helper.make_optional_type_proto(elem)

    def identity_case(name, type_proto, proto):
        write_value_case(root, name, helper.make_node("Identity", ["x"], ["y"]),
                         [(helper.make_value_info("x", type_proto), proto)],
                         [(helper.make_value_info("y", type_proto), proto)])

    items = [data((2, 3), np.uint8), data((5,), np.uint8), data((1, 1, 7), np.uint8)]
    identity_case("edge_identity_sequence_u8_shapes", seq_type(tensor_type(np.uint8)),
                  numpy_helper.from_list(items, "s"))
    empty = helper.make_sequence("s", SequenceProto.TENSOR, [])
    identity_case("edge_identity_sequence_empty", seq_type(tensor_type(np.float32)), empty)
    opt = numpy_helper.from_optional(data((3, 3), np.float16), "o")
    identity_case("edge_identity_optional_tensor_f16", opt_type(tensor_type(np.float16)), opt)
    none = OptionalProto(name="o", elem_type=OptionalProto.TENSOR)   # empty: no value field set
    identity_case("edge_identity_optional_empty", opt_type(tensor_type(np.int64)), none)
    inner = [numpy_helper.from_list([data((2,), np.float64)], "a"), helper.make_sequence("b", SequenceProto.TENSOR, [])]
    nested = helper.make_sequence("n", SequenceProto.SEQUENCE, inner)
    identity_case("edge_identity_sequence_of_sequences", seq_type(seq_type(tensor_type(np.float64))), nested)


def function_expansion_cases(root):
    """Range's function body as a graph under other value names (lowered as Range), and two graphs that only
    resemble it (the Sub's operands swapped; the loop adding `start` instead of `delta`), which must not be."""
    from onnx import defs
    body = defs.get_schema("Range", 11).function_body

    def write(name, mutate):
        nodes = [helper.make_node("Identity", [], []) for _ in body.node]
        for n, node in zip(nodes, body.node):
            n.CopyFrom(node)
        rename = {}
        def renamed(v):
            if v in ("start", "limit", "delta", "output") or not v:
                return v
            return rename.setdefault(v, f"v{len(rename)}")
        def apply(graph_nodes):
            for n in graph_nodes:
                n.input[:] = [renamed(v) for v in n.input]
                n.output[:] = [renamed(v) for v in n.output]
                for a in n.attribute:
                    if a.type == a.GRAPH:
                        for v in list(a.g.input) + list(a.g.output):
                            v.name = renamed(v.name)
                        apply(a.g.node)
        apply(nodes)
        mutate(nodes)
        start, limit, delta = np.array(3.0, np.float32), np.array(9.5, np.float32), np.array(2.0, np.float32)
        ins = [helper.make_tensor_value_info(n, TensorProto.FLOAT, []) for n in ("start", "limit", "delta")]
        out = np.arange(3.0, 9.5, 2.0, dtype=np.float32)
        graph = helper.make_graph(nodes, name, ins, [helper.make_tensor_value_info("output", TensorProto.FLOAT, [4])])
        model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 11)])
        model.ir_version = 8
        d = os.path.join(root, name)
        os.makedirs(os.path.join(d, "test_data_set_0"), exist_ok=True)
        with open(os.path.join(d, "model.onnx"), "wb") as f:
            f.write(model.SerializeToString())
        for k, (n, a) in enumerate((("start", start), ("limit", limit), ("delta", delta))):
            with open(os.path.join(d, "test_data_set_0", f"input_{k}.pb"), "wb") as f:
                f.write(numpy_helper.from_array(a, n).SerializeToString())
        with open(os.path.join(d, "test_data_set_0", "output_0.pb"), "wb") as f:
            f.write(numpy_helper.from_array(out, "output").SerializeToString())

    def swap_sub(nodes):
        sub = next(n for n in nodes if n.op_type == "Sub")
        sub.input[:] = [sub.input[1], sub.input[0]]

    def add_start(nodes):
        loop = next(n for n in nodes if n.op_type == "Loop")
        add = next(n for n in loop.attribute[0].g.node if n.op_type == "Add")
        add.input[1] = "start"

    write("edge_range_function_body_renamed", lambda nodes: None)
    write("edge_range_lookalike_sub_swapped", swap_sub)     # SKIPs: not Range's body
    write("edge_range_lookalike_adds_start", add_start)     # SKIPs: not Range's body


def fill_cast_ops(root):
    """ConstantOfShape, Range, Cast, EyeLike, Trilu, Dropout."""
    for tname, t in TYPES.items():
        v = data((1,), t)
        write_case(root, f"edge_constantofshape_{tname}",
                   helper.make_node("ConstantOfShape", ["s"], ["y"], value=numpy_helper.from_array(v, "value")),
                   [("s", i64([3, 1, 5]))], [("y", np.full((3, 1, 5), v[0], dtype=v.dtype))], opset=9)
    write_case(root, "edge_constantofshape_default", helper.make_node("ConstantOfShape", ["s"], ["y"]),
               [("s", i64([2, 7]))], [("y", np.zeros((2, 7), np.float32))], opset=9)
    write_case(root, "edge_constantofshape_rank0",
               helper.make_node("ConstantOfShape", ["s"], ["y"], value=numpy_helper.from_array(np.array([9], np.int8), "value")),
               [("s", np.zeros((0,), np.int64))], [("y", np.array(9, np.int8))], opset=9)
    write_case(root, "edge_constantofshape_rank9",
               helper.make_node("ConstantOfShape", ["s"], ["y"], value=numpy_helper.from_array(np.array([-2], np.int64), "value")),
               [("s", i64([2, 1, 3, 1, 2, 2, 1, 2, 3]))], [("y", np.full((2, 1, 3, 1, 2, 2, 1, 2, 3), -2, np.int64))], opset=9)
    for name, (a, b, c, t) in {"int32_neg": (10, -3, -4, np.int32), "int16": (-5, 9, 3, np.int16),
                               "int64_empty": (4, 4, 1, np.int64), "float": (1.5, 9.0, 0.75, np.float32),
                               "float_neg": (2.0, -3.0, -0.5, np.float32)}.items():
        y = np.arange(a, b, c).astype(t) if t != np.float32 else \
            (np.float32(a) + np.arange(int(max(np.ceil((b - a) / c), 0)), dtype=np.float32) * np.float32(c))
        write_case(root, f"edge_range_{name}", helper.make_node("Range", ["a", "b", "c"], ["y"]),
                   [("a", np.array(a, t)), ("b", np.array(b, t)), ("c", np.array(c, t))], [("y", y.astype(t))],
                   opset=11)
    casts = [(np.float32, np.int32), (np.float32, np.uint8), (np.float64, np.float16), (np.float16, np.float32),
             (np.int64, np.float32), (np.uint8, np.float16), (np.bool_, np.float32), (np.int32, np.int8),
             (np.uint16, np.int64), (np.float32, np.float64)]
    for src, dst in casts:
        x = data((3, 5), src)
        if np.dtype(src).kind == "f" and np.dtype(dst).kind in "iu":
            x = (x.astype(np.float64) * 20).astype(src)
            x = np.where(np.isfinite(x), x, 1).astype(src)
            if np.dtype(dst).kind == "u":
                x = np.abs(x)
        y = x.astype(dst)
        to = numpy_helper.from_array(y).data_type
        write_case(root, f"edge_cast_{np.dtype(src).name}_to_{np.dtype(dst).name}",
                   helper.make_node("Cast", ["x"], ["y"], to=to), [("x", x)], [("y", y)])
    x = data((4,), np.float32)
    write_case(root, "edge_cast_float_to_bool", helper.make_node("Cast", ["x"], ["y"], to=TensorProto.BOOL),
               [("x", x)], [("y", x != 0)])   # SKIPs: 'x != 0' is not a DML CAST
    # EyeLike: every output type through `dtype`, diagonals above, below and beyond the matrix; without `dtype` the
    # input's type.
    for (tname, t), k in zip(TYPES.items(), [0, 2, -1, 4, -3, 7, -9, 1, -2, 3, 0, -4]):
        x = data((3, 5), np.float32 if tname != "float32" else np.int32)
        dtype = numpy_helper.from_array(np.zeros(1, t)).data_type
        write_case(root, f"edge_eyelike_{tname}_k{k}", helper.make_node("EyeLike", ["x"], ["y"], dtype=dtype, k=k),
                   [("x", x)], [("y", np.eye(3, 5, k, dtype=t))], opset=9)
    for tname in ("uint8", "float16", "int64"):
        x = data((6, 2), TYPES[tname])
        write_case(root, f"edge_eyelike_input_type_{tname}", helper.make_node("EyeLike", ["x"], ["y"], k=-4),
                   [("x", x)], [("y", np.eye(6, 2, -4, dtype=TYPES[tname]))], opset=9)
    # Trilu: every type, upper and lower, k from far below to far above the matrix, batches (rank 5 folds them), no k.
    for (tname, t), k in zip(TYPES.items(), [0, 3, -2, 9, -9, 1, -1, 4, -4, 2, INT64_MAX, INT64_MIN]):
        x = data((2, 4, 6), t)
        for upper, keep in ((1, np.triu), (0, np.tril)):
            write_case(root, f"edge_trilu_{'upper' if upper else 'lower'}_{tname}_k{k}",
                       helper.make_node("Trilu", ["x", "k"], ["y"], upper=upper),
                       [("x", x), ("k", np.array(k, np.int64))], [("y", keep(x, min(max(k, -99), 99)))], opset=14)
    x = data((2, 1, 3, 2, 5, 4), np.float16)
    write_case(root, "edge_trilu_rank6_lower", helper.make_node("Trilu", ["x", "k"], ["y"], upper=0),
               [("x", x), ("k", np.array(-1, np.int64))], [("y", np.tril(x, -1))], opset=14)
    x = data((7, 3), np.int8)
    write_case(root, "edge_trilu_no_k", helper.make_node("Trilu", ["x"], ["y"]), [("x", x)], [("y", np.triu(x))],
               opset=14)
    # Dropout at inference: the data, every type; the mask all true; training mode with ratio 0; an empty tensor, rank
    # 9; opset 6 in test mode, opset 7 (its mask has the data's type: SKIPs), training with drops (random: SKIPs).
    for tname, t in TYPES.items():
        x = data((3, 7), t)
        write_case(root, f"edge_dropout_{tname}", helper.make_node("Dropout", ["x"], ["y", "m"]), [("x", x)],
                   [("y", x), ("m", np.ones(x.shape, np.bool_))])
    x = data((5, 3), np.float16)
    write_case(root, "edge_dropout_training_ratio0", helper.make_node("Dropout", ["x", "r", "t"], ["y", "m"]),
               [("x", x), ("r", np.array(-0.0, np.float16)), ("t", np.array(True))],
               [("y", x), ("m", np.ones(x.shape, np.bool_))])
    x = data((2, 4), np.float32)
    write_case(root, "edge_dropout_not_training", helper.make_node("Dropout", ["x", "r", "t"], ["y"]),
               [("x", x), ("r", np.array(0.7, np.float32)), ("t", np.array(False))], [("y", x)])
    write_case(root, "edge_dropout_training_drops", helper.make_node("Dropout", ["x", "r", "t"], ["y"]),
               [("x", x), ("r", np.array(0.7, np.float32)), ("t", np.array(True))], [("y", x)])   # SKIPs: random
    x = np.zeros((2, 0, 3), np.int32)
    write_case(root, "edge_dropout_empty", helper.make_node("Dropout", ["x"], ["y", "m"]), [("x", x)],
               [("y", x), ("m", np.ones(x.shape, np.bool_))])
    x = data((2, 1, 2, 3, 1, 2, 2, 1, 3), np.uint16)
    write_case(root, "edge_dropout_rank9", helper.make_node("Dropout", ["x"], ["y", "m"]), [("x", x)],
               [("y", x), ("m", np.ones(x.shape, np.bool_))])
    x = data((4, 3), np.float32)
    write_case(root, "edge_dropout_opset6_test", helper.make_node("Dropout", ["x"], ["y"], is_test=1, ratio=0.3),
               [("x", x)], [("y", x)], opset=6)
    write_case(root, "edge_dropout_opset7_mask", helper.make_node("Dropout", ["x"], ["y", "m"]), [("x", x)],
               [("y", x), ("m", np.ones(x.shape, np.float32))], opset=7)   # SKIPs: a mask of the data's type



def shape_size_ops(root):
    """Shape (every rank 0-9, start/end from far below to far above the rank, start past end) and Size (empty,
    scalar, rank 9) over inputs of several types; the inputs' values are never read."""
    shapes = [(), (7,), (0, 3), (2, 1, 5), (1, 70000, 1, 2), (3, 1, 2, 1, 4), (2,) * 6, (1, 2) * 3 + (3,),
              (2, 1, 1, 3, 1, 2, 1, 2), (2, 1, 2, 3, 1, 2, 2, 1, 3)]
    for shape, tname in zip(shapes, ["float32", "uint8", "float16", "int64", "bool", "int8", "uint16", "float64",
                                     "int32", "uint32"]):
        x = data(shape, TYPES[tname])
        rank = len(shape)
        write_case(root, f"edge_shape_rank{rank}_{tname}", helper.make_node("Shape", ["x"], ["y"]), [("x", x)],
                   [("y", i64(shape))])
        write_case(root, f"edge_size_rank{rank}_{tname}", helper.make_node("Size", ["x"], ["y"]), [("x", x)],
                   [("y", np.array(x.size, np.int64))])
    x = data((2, 3, 4, 5), np.float32)
    for start, end in ((1, None), (None, -1), (-3, 3), (INT64_MIN, INT64_MAX), (3, 1), (2, 2), (-99, 1), (4, 99)):
        attributes = {k: v for k, v in (("start", start), ("end", end)) if v is not None}
        y = i64(x.shape[slice(None if start is None else max(start, -99), None if end is None else min(end, 99))])
        write_case(root, f"edge_shape_start{start}_end{end}", helper.make_node("Shape", ["x"], ["y"], **attributes),
                   [("x", x)], [("y", y)], opset=15)

def random_cases(root, count):
    """count random cases over the mapped ops: random type, rank 1-6, sizes 1-9, parameters (MaxUnpool: a float
    type, 1-D to 3-D pooling, kernel, strides, pads or output_shape, pooled or distinct indices; NonZero: a random
    density; Compress: an axis or none, a condition shorter than it, as long, or longer with false past it; Col2Im:
    any type but float64, 1-D to 4-D images, block sizes, strides, dilations and pads, N and C from 1 to 3)."""
    os.makedirs(root, exist_ok=True)
    names = list(TYPES)
    for n in range(count):
        t = TYPES[names[rng.integers(len(names))]]
        rank = int(rng.integers(1, 7))
        shape = tuple(int(v) for v in rng.integers(1, 10, size=rank))
        x = data(shape, t)
        ops = ["Transpose", "Slice", "Gather", "Concat", "Split", "Expand", "Tile", "Pad", "GatherElements",
               "MaxUnpool", "NonZero", "Compress", "Col2Im"]
        op = ops[int(rng.integers(len(ops)))]
        if op == "MaxUnpool" and np.dtype(t).kind != "f":   # MaxUnpool: float types only
            t = TYPES[["float16", "float32", "float64"][int(rng.integers(3))]]
        if op == "Col2Im" and t == np.float64:   # FOLD has no FLOAT64 sum: another type
            others = [k for k in names if k != "float64"]
            t = TYPES[others[int(rng.integers(len(others)))]]
        name = f"random_{n:04d}_{op.lower()}_{np.dtype(t).name}"
        if op == "Transpose":
            perm = [int(v) for v in rng.permutation(rank)]
            write_case(root, name, helper.make_node("Transpose", ["x"], ["y"], perm=perm), [("x", x)],
                       [("y", np.ascontiguousarray(np.transpose(x, perm)))])
        elif op == "Slice":
            axes = [int(v) for v in rng.permutation(rank)[:int(rng.integers(1, rank + 1))]]
            starts = [int(rng.integers(-12, 12)) for _ in axes]
            ends = [int(rng.integers(-12, 12)) for _ in axes]
            steps = [int(rng.choice([-3, -2, -1, 1, 2, 3])) for _ in axes]
            slice_case(root, name, x, starts, ends, [a - rank if rng.integers(2) else a for a in axes], steps)
        elif op == "Gather":
            axis = int(rng.integers(rank))
            ishape = tuple(int(v) for v in rng.integers(1, 4, size=int(rng.integers(0, 3))))
            ind = rng.integers(-shape[axis], shape[axis], size=ishape).astype(rng.choice([np.int32, np.int64]))
            write_case(root, name, helper.make_node("Gather", ["x", "i"], ["y"], axis=axis - rank * int(rng.integers(2))),
                       [("x", x), ("i", ind)], [("y", np.take(x, ind, axis=axis))])
        elif op == "Concat":
            axis = int(rng.integers(rank))
            parts = [x] + [data(shape[:axis] + (int(rng.integers(0, 6)),) + shape[axis + 1:], t)
                           for _ in range(int(rng.integers(1, 4)))]
            write_case(root, name, helper.make_node("Concat", [f"x{j}" for j in range(len(parts))], ["y"], axis=axis),
                       [(f"x{j}", p) for j, p in enumerate(parts)], [("y", np.concatenate(parts, axis=axis))])
        elif op == "Split":
            axis = int(rng.integers(rank))
            cuts = sorted(int(v) for v in rng.integers(0, shape[axis] + 1, size=int(rng.integers(0, 3))))
            sizes = np.diff([0] + cuts + [shape[axis]]).astype(np.int64)
            outs = split_outputs(x, sizes, axis)
            write_case(root, name, helper.make_node("Split", ["x", "s"], [f"y{j}" for j in range(len(outs))], axis=axis),
                       [("x", x), ("s", sizes)], [(f"y{j}", o) for j, o in enumerate(outs)])
        elif op == "Tile":
            reps = [int(v) for v in rng.integers(1, 4, size=rank)]
            write_case(root, name, helper.make_node("Tile", ["x", "r"], ["y"]), [("x", x), ("r", i64(reps))],
                       [("y", np.tile(x, reps))])
        elif op == "Pad":
            mode = ["constant", "edge", "reflect"][int(rng.integers(3))]
            limit = [4 if mode != "reflect" else d for d in shape]   # reflect: pads < dim
            before = [int(rng.integers(0, m)) for m in limit]
            after = [int(rng.integers(0, m)) for m in limit]
            kwargs = {"constant_values": 0} if mode == "constant" else {}
            write_case(root, name, helper.make_node("Pad", ["x", "p"], ["y"], mode=mode),
                       [("x", x), ("p", i64(before + after))],
                       [("y", np.pad(x, list(zip(before, after)), mode=mode, **kwargs))])
        elif op == "GatherElements":
            axis = int(rng.integers(rank))
            ishape = tuple(int(rng.integers(1, 6)) if d == axis else int(rng.integers(1, shape[d] + 1))
                           for d in range(rank))
            ind = rng.integers(-shape[axis], shape[axis], size=ishape).astype(rng.choice([np.int32, np.int64]))
            view = x[tuple(slice(None) if d == axis else slice(0, ishape[d]) for d in range(rank))]
            write_case(root, name, helper.make_node("GatherElements", ["x", "i"], ["y"], axis=axis - rank * int(rng.integers(2))),
                       [("x", x), ("i", ind)], [("y", np.take_along_axis(view, ind, axis=axis))])
        elif op == "NonZero":
            nonzero_case(root, name, sparse(shape, t, float(rng.random())))
        elif op == "Compress":   # an axis or none, a condition shorter than it, as long, or longer with false past it
            flat = rng.integers(4) == 0
            axis = None if flat else int(rng.integers(rank))
            size = x.size if flat else shape[axis]
            length = int(rng.integers(0, size + 4))
            condition = rng.random(length) < float(rng.random())
            condition[size:] = False
            compress_case(root, name, x, condition, None if axis is None else axis - rank * int(rng.integers(2)))
        elif op == "MaxUnpool":
            s = int(rng.integers(1, 4))   # 1-D to 3-D pooling: X of rank 3-5, its own sizes
            x_shape = tuple(int(v) for v in rng.integers(1, 4, size=2)) + \
                tuple(int(v) for v in rng.integers(1, 7, size=s))
            kernel = [int(v) for v in rng.integers(1, 5, size=s)]
            strides = [int(v) for v in rng.integers(1, 4, size=s)]
            begin = [int(rng.integers(0, k)) for k in kernel]
            pads = begin + [int(rng.integers(0, k - b)) for k, b in zip(kernel, begin)]   # < kernel: no empty size
            output_shape = None
            if rng.integers(2):   # pads ignored: leave them out
                pads = None
                output_shape = [d + int(rng.integers(0, 3)) * (i > 1) for i, d in
                                enumerate(unpooled_shape(x_shape, kernel, strides, [0] * (2 * s)))]
            maxunpool_case(root, name, x_shape, t, kernel, strides, pads, output_shape,
                           indices=["pool", "distinct"][int(rng.integers(2))])
        elif op == "Col2Im":   # 1-D to 4-D images, overlapping windows (BOOL: strides past the window, no overlap)
            s = int(rng.integers(1, 5))
            image = [int(v) for v in rng.integers(1, 8 if s < 3 else 5, size=s)]
            block = [int(v) for v in rng.integers(1, 4, size=s)]
            dilations = [int(v) for v in rng.integers(1, 3, size=s)]
            strides = [int(v) for v in rng.integers(1, 4, size=s)]
            if t == np.bool_:
                strides = [(k - 1) * d + 1 + int(rng.integers(0, 2)) for k, d in zip(block, dilations)]
            pads = [int(v) for v in rng.integers(0, 4, size=2 * s)]
            x = col2im_input(int(rng.integers(1, 4)), int(rng.integers(1, 4)), image, block, t, strides, dilations,
                             pads)
            col2im_case(root, name, x, image, block, strides, dilations, pads)
        else:
            e = data(tuple(1 if rng.integers(2) else d for d in shape), t)
            target = tuple(int(rng.integers(1, 5)) for _ in range(int(rng.integers(0, 3)))) + \
                tuple(d if d != 1 or rng.integers(2) else int(rng.integers(1, 5)) for d in e.shape)
            write_case(root, name, helper.make_node("Expand", ["x", "s"], ["y"]), [("x", e), ("s", i64(target))],
                       [("y", np.broadcast_to(e, np.broadcast_shapes(e.shape, target)).copy())])
    print(f"wrote {count} random cases to {root}")


if __name__ == "__main__":
    if len(sys.argv) == 4 and sys.argv[1] == "--random":
        rng = np.random.default_rng(int(sys.argv[3].split(":")[1]) if ":" in sys.argv[3] else 1)
        random_cases(sys.argv[2], int(sys.argv[3].split(":")[0]))
    elif len(sys.argv) == 2:
        main(sys.argv[1])
    else:
        sys.exit(__doc__)
