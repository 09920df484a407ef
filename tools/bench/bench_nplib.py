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
outside the timed region for every implementation.
"""
import os
import sys
import time

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
os.environ.setdefault("NUMBA_NUM_THREADS", "1")

import numpy as np  # noqa: E402  (after the thread settings)

REPS = 7


def median_ms(run, prepare=None):
    t = []
    for _ in range(REPS):
        arg = prepare() if prepare else None
        t0 = time.perf_counter()
        run(arg)
        t.append((time.perf_counter() - t0) * 1e3)
    t.sort()
    return t[len(t) // 2]


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

    numpy_rows = {
        f"a.sum() {n_reduce} float64": median_ms(lambda _: a.sum()),
        f"a.max() {n_reduce} float64": median_ms(lambda _: a.max()),
        f"a.mean() {n_reduce} float64": median_ms(lambda _: a.mean()),
        f"a.sort() {n_sort} float64": median_ms(lambda c: c.sort(), lambda: s.copy()),
        f"np.dot {n_matrix}x{n_matrix} float64": median_ms(lambda _: np.dot(m1, m2, out=out)),
    }
    for row, ms in numpy_rows.items():
        print(f"{row} | numpy {np.__version__} | {ms:.2f} | 1.00", flush=True)
    for name, f in impls.items():
        for key, arr in (("sum", a), ("max", a), ("mean", a)):  # compile and check first
            got, want = f[key](arr), getattr(arr, key)()
            assert abs(got - want) <= 1e-9 * abs(want), (name, key, got, want)
        c = s.copy()
        f["sort"](c)
        assert (c == np.sort(s)).all(), name
        f["dot"](m1, m2, out)
        assert np.allclose(out, m1 @ m2), name
        rows = {
            f"a.sum() {n_reduce} float64": median_ms(lambda _: f["sum"](a)),
            f"a.max() {n_reduce} float64": median_ms(lambda _: f["max"](a)),
            f"a.mean() {n_reduce} float64": median_ms(lambda _: f["mean"](a)),
            f"a.sort() {n_sort} float64": median_ms(lambda c: f["sort"](c), lambda: s.copy()),
            f"np.dot {n_matrix}x{n_matrix} float64": median_ms(lambda _: f["dot"](m1, m2, out)),
        }
        for row, ms in rows.items():
            print(f"{row} | {name} | {ms:.2f} | {ms / numpy_rows[row]:.2f}", flush=True)


if __name__ == "__main__":
    main()
