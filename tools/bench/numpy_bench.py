#!/usr/bin/python3
"""vkdml-bench's numpy side: the same data movement with numpy on this CPU (one thread), for the
"transposes and strided slices >= 1.0 x numpy" targets of issue 6.

Usage: numpy_bench.py, driven line by line on stdin by vkdml-bench (numpy_runner.cpp), so that numpy's
repetitions take turns with the case's and its baselines' on the device (each round: the case, each baseline,
numpy) and the bench can pair them round by round:
    CASE <spec JSON>   makes the case's arrays (the last case's are freed first); replies READY or ERROR <message>
    RUN                one repetition; replies TIME <seconds> (time.perf_counter around it) or ERROR <message>
At start it prints "VERSION <numpy version>", or only "UNAVAILABLE <reason>" without numpy (Debian:
python3-numpy); it ends at the end of stdin. A spec is {"shape", and one of "transpose": [axes] (after "reshape":
[sizes] where given), "slice": [[start, stop, step] per axis] (null = None), "take_axis": axis, "cast_to": dtype,
"pad": [[before, after] per axis] with "pad_mode", "tile": [repeats]}, and optionally "dtype" (default
"float32")}. The input is of `shape` and that dtype. Where numpy can write into a preallocated output, a
repetition is np.copyto(out, view) (casting="unsafe" for a cast), or np.take(..., out=out, mode="clip") (vkdml
clamps out-of-range indices too); np.pad and np.tile return a new array each time.
"""
import json
import sys
import time


def repetition(np, s):
    """The function that runs one repetition of case `s`, holding its arrays."""
    shape = tuple(s["shape"])
    dtype = np.dtype(s.get("dtype", "float32"))
    x = np.arange(int(np.prod(shape)), dtype=np.uint32).astype(dtype).reshape(shape)
    if "transpose" in s:
        view = x.reshape(s.get("reshape", shape)).transpose(s["transpose"])
        out = np.empty(view.shape, dtype)
        return lambda: np.copyto(out, view)
    if "slice" in s:
        view = x[tuple(slice(*t) for t in s["slice"])]
        out = np.empty(view.shape, dtype)
        return lambda: np.copyto(out, view)
    if "take_axis" in s:
        axis = s["take_axis"]
        idx = np.random.default_rng(7).permutation(shape[axis]).astype(np.uint32)
        out = np.empty(shape, dtype)
        return lambda: np.take(x, idx, axis=axis, out=out, mode="clip")
    if "cast_to" in s:
        out = np.empty(shape, np.dtype(s["cast_to"]))
        return lambda: np.copyto(out, x, casting="unsafe")
    if "pad" in s:
        return lambda: np.pad(x, s["pad"], mode=s["pad_mode"])
    if "tile" in s:
        return lambda: np.tile(x, s["tile"])
    raise ValueError("no transpose, slice, take_axis, cast_to, pad or tile")


def reply(*words):
    print(*words, flush=True)


def message(e):
    return (str(e) or type(e).__name__).replace("\n", " ")


def main():
    try:
        import numpy as np
    except ImportError as e:
        reply("UNAVAILABLE", message(e))
        return 0
    reply("VERSION", np.__version__)
    run = None
    for line in iter(sys.stdin.readline, ""):
        command, _, argument = line.strip().partition(" ")
        try:
            if command == "CASE":
                run = None  # free the last case's arrays before making these
                run = repetition(np, json.loads(argument))
                reply("READY")
            elif command == "RUN":
                if run is None:
                    raise ValueError("RUN before a CASE that succeeded")
                t0 = time.perf_counter()
                run()
                reply("TIME", repr(time.perf_counter() - t0))
            else:
                raise ValueError("unknown command " + repr(command))
        except Exception as e:  # report and go on with the next command
            reply("ERROR", message(e))
    return 0


if __name__ == "__main__":
    sys.exit(main())
