#!/usr/bin/env python3
"""Array expressions and small allocations in compiled code (issue 18 item 7, the rows
bench_nplib.py does not print): ujit against Numba and NumPy in one process, one thread,
the implementations taking turns (bench_nplib.interleaved_median_ms):

    np.sqrt(a * a + b * b)           10M float64      target <= 1.0x Numba, <= 0.7x NumPy
    a * x + y                        10M float64      target <= 1.0x Numba, <= 0.7x NumPy
    a Python call of f() returning np.empty(10)       target <= Numba's call
    a loop allocating a 3-element temporary per iteration, 1M iterations   target <= 1.0x Numba

    PYTHONPATH=lang/python python3 tools/bench/bench_arrayexpr.py [n]

Prints `row | impl | ms | ratio to the row's first peer` lines (NumPy for the expressions,
Numba for the calls and the loop; ujit alone where Numba is absent).
"""
import os
import sys
import time

os.environ.setdefault("NUMBA_NUM_THREADS", "1")

import numpy as np  # noqa: E402

from bench_nplib import interleaved_median_ms  # noqa: E402

CALLS = 20_000


def functions(njit):
    @njit
    def hypot_expr(a, b):
        return np.sqrt(a * a + b * b)

    @njit
    def axpy(a, x, y):
        return a * x + y

    @njit
    def empty10():
        return np.empty(10)

    @njit
    def temporaries(n):
        s = 0.0
        for i in range(n):
            t = np.empty(3)
            t[0] = i
            t[1] = 0.5 * i
            t[2] = 1.0
            s += t.sum()
        return s

    return {"hypot": hypot_expr, "axpy": axpy, "empty10": empty10, "temporaries": temporaries}


def calls_of(f):
    def run(_):
        for _ in range(CALLS):
            f()
    return run


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 10_000_000
    rng = np.random.RandomState(0)
    a, b, y = rng.random_sample(n), rng.random_sample(n), rng.random_sample(n)
    x = 2.5
    impls = {}
    import ujit
    impls["ujit"] = functions(ujit.njit)
    try:
        import numba
        impls["numba " + numba.__version__] = functions(numba.njit)
    except ImportError:
        print("bench_arrayexpr: numba not installed; ujit against NumPy only", flush=True)
    for name, f in impls.items():  # compile and check against NumPy first
        assert np.allclose(f["hypot"](a, b), np.sqrt(a * a + b * b)), name
        assert np.allclose(f["axpy"](a, x, y), a * x + y), name
        assert f["empty10"]().shape == (10,), name
        want = sum(i + 0.5 * i + 1.0 for i in range(1000))
        assert abs(f["temporaries"](1000) - want) <= 1e-9 * want, name

    numpy_name = f"numpy {np.__version__}"
    rows = [
        (f"np.sqrt(a * a + b * b) {n} float64", {numpy_name: lambda _: np.sqrt(a * a + b * b)}
         | {k: (lambda _, f=f: f["hypot"](a, b)) for k, f in impls.items()}),
        (f"a * x + y {n} float64", {numpy_name: lambda _: a * x + y}
         | {k: (lambda _, f=f: f["axpy"](a, x, y)) for k, f in impls.items()}),
        (f"{CALLS} Python calls of f() returning np.empty(10)",
         {k: calls_of(f["empty10"]) for k, f in reversed(list(impls.items()))}),
        ("1M iterations allocating a 3-element temporary",
         {k: (lambda _, f=f: f["temporaries"](1_000_000)) for k, f in reversed(list(impls.items()))}),
    ]
    for row, runs in rows:
        ms = interleaved_median_ms(runs)
        first = next(iter(ms.values()))
        for name, t in ms.items():
            print(f"{row} | {name} | {t:.2f} | {t / first:.2f}", flush=True)


if __name__ == "__main__":
    main()
