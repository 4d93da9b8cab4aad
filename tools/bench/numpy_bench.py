#!/usr/bin/python3
"""vkdml-bench's numpy side: the same data movement with numpy on this CPU (one thread), for the
"transposes and strided slices >= 1.0 x numpy" targets of issue 6.

Usage: numpy_bench.py SPEC.json
SPEC.json is a list of {"id", "warmup", "repeat", "shape", and one of "transpose": [axes] (after "reshape":
[sizes] where given), "slice": [[start, stop, step] per axis] (null = None), "take_axis": axis, "cast_to": dtype,
"pad": [[before, after] per axis] with "pad_mode", "tile": [repeats]}, and optionally "dtype" (default
"float32")}. The input is of `shape` and that dtype. Where numpy can write into a preallocated output, every
repetition times np.copyto(out, view) (casting="unsafe" for a cast), or np.take(..., out=out, mode="clip") (vkdml
clamps out-of-range indices too); np.pad and np.tile return a new array each time. Timed with time.perf_counter.
Prints one line per case:
    RESULT <id> <median s> <min s> <max s> <count>   or   ERROR <id> <message>
and first "VERSION <numpy version>", or only "UNAVAILABLE <reason>" without numpy (Debian: python3-numpy).
"""
import json
import sys
import time


def main():
    try:
        import numpy as np
    except ImportError as e:
        print("UNAVAILABLE", str(e).replace("\n", " "))
        return 0
    with open(sys.argv[1]) as f:
        specs = json.load(f)
    print("VERSION", np.__version__, flush=True)
    for s in specs:
        try:
            shape = tuple(s["shape"])
            dtype = np.dtype(s.get("dtype", "float32"))
            x = np.arange(int(np.prod(shape)), dtype=np.uint32).astype(dtype).reshape(shape)
            if "transpose" in s:
                view = x.reshape(s.get("reshape", shape)).transpose(s["transpose"])
                out = np.empty(view.shape, dtype)
                run = lambda: np.copyto(out, view)
            elif "slice" in s:
                view = x[tuple(slice(*t) for t in s["slice"])]
                out = np.empty(view.shape, dtype)
                run = lambda: np.copyto(out, view)
            elif "take_axis" in s:
                axis = s["take_axis"]
                idx = np.random.default_rng(7).permutation(shape[axis]).astype(np.uint32)
                out = np.empty(shape, dtype)
                run = lambda: np.take(x, idx, axis=axis, out=out, mode="clip")
            elif "cast_to" in s:
                out = np.empty(shape, np.dtype(s["cast_to"]))
                run = lambda: np.copyto(out, x, casting="unsafe")
            elif "pad" in s:
                out = None
                run = lambda: np.pad(x, s["pad"], mode=s["pad_mode"])
            elif "tile" in s:
                out = None
                run = lambda: np.tile(x, s["tile"])
            else:
                raise ValueError("no transpose, slice, take_axis, cast_to, pad or tile")
            times = []
            for i in range(s["warmup"] + s["repeat"]):
                t0 = time.perf_counter()
                run()
                t1 = time.perf_counter()
                if i >= s["warmup"]:
                    times.append(t1 - t0)
            times.sort()
            n = len(times)
            median = times[n // 2] if n % 2 else 0.5 * (times[n // 2 - 1] + times[n // 2])
            print("RESULT", s["id"], repr(median), repr(times[0]), repr(times[-1]), n, flush=True)
            del x, out
        except Exception as e:  # report and go on with the next case
            print("ERROR", s.get("id", "?"), str(e).replace("\n", " "), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
