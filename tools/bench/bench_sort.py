#!/usr/bin/env python3
"""a.sort() and np.argsort(a) in compiled code against NumPy's (and Numba's, where installed)
for the dtypes the AVX-512 quicksort takes (src/cpu/sort_avx512_*), at 10K, 100K and 1M
elements, one thread: the sweep behind bench_nplib.py's single `a.sort() 1M float64` row, to
show where (small rows: the networks; large: the partitions) a gap to NumPy's x86-simd-sort
lies.

    PYTHONPATH=lang/python python3 tools/bench/bench_sort.py [reps] [sort|argsort|both]

Prints `sort DTYPE N | impl | ms | ratio to NumPy` (and `argsort ...`) lines, best of `reps`
(default 9) with the implementations taking turns on fresh copies of the same random data;
each result is checked against NumPy's first (argsort's as the order it gives).
"""
import os
import sys
import time

os.environ.setdefault("NUMBA_NUM_THREADS", "1")

import numpy as np  # noqa: E402


def data(dtype, n, rng):
    if np.dtype(dtype).kind == "f":
        return rng.random_sample(n).astype(dtype)
    return rng.randint(-(2**30), 2**30, n).astype(dtype)


def sort(a):
    a.sort()


def argsort(a):
    return np.argsort(a)


def sweep(kind, impls, reps):
    numpy_name = f"numpy {np.__version__}"
    rng = np.random.RandomState(0)
    for dtype in (np.float64, np.float32, np.int64, np.int32):
        for n in (10_000, 100_000, 1_000_000):
            s = data(dtype, n, rng)
            runs = {numpy_name: (lambda c: c.sort()) if kind == "sort" else np.argsort}
            for name, f in impls.items():
                c = s.copy()
                got = f(c)
                if kind == "sort":
                    assert (c == np.sort(s)).all(), (name, dtype, n)
                else:
                    assert (s[got] == np.sort(s)).all() and (np.sort(got) == np.arange(n)).all(), (name, dtype, n)
                runs[name] = f
            best = {name: float("inf") for name in runs}
            for _ in range(reps if n >= 1_000_000 else 5 * reps):
                for name, run in runs.items():
                    c = s.copy()
                    t0 = time.perf_counter()
                    run(c)
                    best[name] = min(best[name], (time.perf_counter() - t0) * 1e3)
            for name, t in best.items():
                row = f"{kind} {np.dtype(dtype).name} {n}"
                print(f"{row} | {name} | {t:.3f} | {t / best[numpy_name]:.2f}", flush=True)


def main():
    reps = int(sys.argv[1]) if len(sys.argv) > 1 else 9
    which = sys.argv[2] if len(sys.argv) > 2 else "both"
    import ujit

    for kind, fn in (("sort", sort), ("argsort", argsort)):
        if which not in (kind, "both"):
            continue
        impls = {"ujit": ujit.njit(fn)}
        try:
            import numba

            impls["numba " + numba.__version__] = numba.njit(fn)
        except ImportError:
            pass
        sweep(kind, impls, reps)


if __name__ == "__main__":
    main()
