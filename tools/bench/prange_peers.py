#!/usr/bin/env python3
"""The Numba side of tools/bench/run_prange.sh: bench_prange.cpp's rows (a prange fill of
sin(i) ** 2 and a prange sum of 1/(1+i)) with Numba's parallel=True, on all threads and on
one (numba.set_num_threads(1)), median of 7 after a warm-up. Prints `row | impl | value |
unit | note` lines; skipped with a note where Numba is missing.

    python3 tools/bench/prange_peers.py [fill_elements] [sum_iterations]
"""
import math
import sys
import time

REPS = 7


def median_ms(f):
    t = []
    for _ in range(REPS):
        t0 = time.perf_counter()
        f()
        t.append((time.perf_counter() - t0) * 1e3)
    t.sort()
    return t[len(t) // 2]


def row(name, impl, v, unit, note=""):
    print(f"{name} | {impl} | {v:.2f} | {unit} | {note}", flush=True)


def main():
    n_fill = int(sys.argv[1]) if len(sys.argv) > 1 else 10_000_000
    n_sum = int(sys.argv[2]) if len(sys.argv) > 2 else 100_000_000
    try:
        import numba
        import numpy as np
        from numba import njit, prange
    except ImportError:
        print("prange_peers: numba not installed; no peers")
        return

    @njit(parallel=True)
    def prange_fill(out):
        for i in prange(out.shape[0]):
            out[i] = math.sin(i) ** 2

    @njit(parallel=True)
    def prange_sum(n):
        s = 0.0
        for i in prange(n):
            s += 1.0 / (1.0 + i)
        return s

    out = np.empty(n_fill)
    threads = numba.get_num_threads()
    fill_name = f"prange fill sin(i)**2, {n_fill // 1_000_000}M float64"
    sum_name = f"prange sum 1/(1+i), {n_sum // 1_000_000}M"
    times = {}
    for k in (threads, 1):
        numba.set_num_threads(k)
        prange_fill(out)
        prange_sum(n_sum)
        times[k] = (median_ms(lambda: prange_fill(out)), median_ms(lambda: prange_sum(n_sum)))
    numba.set_num_threads(threads)
    note = f"Numba {numba.__version__}, {numba.threading_layer()}"
    row(fill_name, "numba parallel", times[threads][0], "ms", f"{threads} threads, {note}")
    row(fill_name, "numba 1 thread", times[1][0], "ms", note)
    row(sum_name, "numba parallel", times[threads][1], "ms", f"{threads} threads, {note}")
    row(sum_name, "numba 1 thread", times[1][1], "ms", note)


if __name__ == "__main__":
    main()
