#!/usr/bin/env python3
"""NumPy's library in compiled code (issue 18 item 7): ujit against NumPy, and against Numba
where it is installed, in one process on the same data, one thread (BLAS included), median
of 7 runs. Each compiled function returns a scalar or writes into an argument, so the rows
time the library call, not an allocation:

    a.sum(), a.max(), a.mean()        10M float64           target <= 1.0x NumPy
    a.sort() of a fresh copy          1M float64 in [0, 1)  target <= 1.1x NumPy
    np.dot(a, b, out)                 1000x1000 float64     target <= 1.2x NumPy

    PYTHONPATH=lang/python python3 tools/bench/bench_nplib.py [n_reduce] [n_sort] [n_matrix]

Prints `row | impl | ms | ratio to NumPy` lines. The copies that sorting needs are made
outside the timed region for every implementation. The implementations take turns within
each row (NumPy, ujit, Numba, NumPy, ...), so that a machine whose speed drifts (shared
cores, other jobs' memory traffic) slows them alike.
"""
import os
import sys
import time

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
os.environ.setdefault("NUMBA_NUM_THREADS", "1")

import numpy as np  # noqa: E402  (after the thread settings)

REPS = 7


def interleaved_median_ms(runs, prepare=None):
    """{impl: run(arg)} -> {impl: median ms}, the implementations taking turns each repetition."""
    times = {name: [] for name in runs}
    for _ in range(REPS):
        for name, run in runs.items():
            arg = prepare() if prepare else None
            t0 = time.perf_counter()
            run(arg)
            times[name].append((time.perf_counter() - t0) * 1e3)
    return {name: sorted(t)[len(t) // 2] for name, t in times.items()}


def functions(njit):
    @njit
    def total(a):
        return a.sum()

    @njit
    def largest(a):
        return a.max()

    @njit
    def mean(a):
        return a.mean()

    @njit
    def sort(a):
        a.sort()

    @njit
    def dot_into(a, b, out):
        np.dot(a, b, out)

    return {"sum": total, "max": largest, "mean": mean, "sort": sort, "dot": dot_into}


def main():
    n_reduce = int(sys.argv[1]) if len(sys.argv) > 1 else 10_000_000
    n_sort = int(sys.argv[2]) if len(sys.argv) > 2 else 1_000_000
    n_matrix = int(sys.argv[3]) if len(sys.argv) > 3 else 1000
    rng = np.random.RandomState(0)
    a = rng.random_sample(n_reduce)
    s = rng.random_sample(n_sort)
    m1 = rng.random_sample((n_matrix, n_matrix))
    m2 = rng.random_sample((n_matrix, n_matrix))
    out = np.empty((n_matrix, n_matrix))

    impls = {}
    import ujit
    impls["ujit"] = functions(ujit.njit)
    try:
        import numba
        impls["numba " + numba.__version__] = functions(numba.njit)
    except ImportError:
        print("bench_nplib: numba not installed; ujit against NumPy only", flush=True)

    numpy_name = f"numpy {np.__version__}"
    from ujit.runtime import blas_library
    try:
        numpy_blas = np.show_config(mode="dicts")["Build Dependencies"]["blas"]["name"]
    except Exception:  # NumPy 1.x: no dicts mode
        numpy_blas = "?"
    print(f"bench_nplib: BLAS: ujit {blas_library() or 'none'}; numpy {numpy_blas}", flush=True)
    numpy_runs = {
        "sum": lambda _: a.sum(),
        "max": lambda _: a.max(),
        "mean": lambda _: a.mean(),
        "sort": lambda c: c.sort(),
        "dot": lambda _: np.dot(m1, m2, out=out),
    }
    for name, f in impls.items():
        for key, arr in (("sum", a), ("max", a), ("mean", a)):  # compile and check first
            got, want = f[key](arr), getattr(arr, key)()
            assert abs(got - want) <= 1e-9 * abs(want), (name, key, got, want)
        c = s.copy()
        f["sort"](c)
        assert (c == np.sort(s)).all(), name
        f["dot"](m1, m2, out)
        assert np.allclose(out, m1 @ m2), name

    def runs_of(key, args):
        runs = {numpy_name: numpy_runs[key]}
        for name, f in impls.items():
            g = f[key]
            runs[name] = (lambda c, g=g: g(c)) if args is None else (lambda _, g=g: g(*args))
        return runs

    rows = [
        (f"a.sum() {n_reduce} float64", runs_of("sum", (a,)), None),
        (f"a.max() {n_reduce} float64", runs_of("max", (a,)), None),
        (f"a.mean() {n_reduce} float64", runs_of("mean", (a,)), None),
        (f"a.sort() {n_sort} float64", runs_of("sort", None), lambda: s.copy()),
        (f"np.dot {n_matrix}x{n_matrix} float64", runs_of("dot", (m1, m2, out)), None),
    ]
    for row, runs, prepare in rows:
        ms = interleaved_median_ms(runs, prepare)
        for name, t in ms.items():
            print(f"{row} | {name} | {t:.2f} | {t / ms[numpy_name]:.2f}", flush=True)


if __name__ == "__main__":
    main()
