#!/usr/bin/env python3
"""The Numba (and NumPy) side of tools/bench/run_cpu.sh: the rows of bench_cpu.cpp, same
data (x[i] = offset + scale * sin(0.001 i)), same functions, one thread, median of 7.
Prints `row | impl | value | unit | note` lines; rows are skipped with a note where Numba
or NumPy is missing.

    python3 tools/bench/cpu_peers.py [n_elements]
"""
import math
import os
import random
import sys
import time

os.environ.setdefault("NUMBA_NUM_THREADS", "1")

try:
    import numpy as np
except ImportError:
    print("cpu_peers: numpy not installed; no peers")
    sys.exit(0)

REPS = 7


def median_ms(f):
    t = []
    for _ in range(REPS):
        t0 = time.perf_counter()
        f()
        t.append((time.perf_counter() - t0) * 1e3)
    t.sort()
    return t[len(t) // 2]


def row(name, impl, ms, note=""):
    print(f"{name} | {impl} | {ms:.2f} | ms | {note}", flush=True)


def filled(n, dtype, scale, offset=0.0):
    return (offset + scale * np.sin(0.001 * np.arange(n, dtype=np.float64))).astype(dtype)


def numpy_rows(n):
    for dt, tn in ((np.float32, "float32"), (np.float64, "float64")):
        x, y = filled(n, dt, 3.0), filled(n, dt, 2.0)
        out = np.empty(n, dt)
        row(f"add {tn} ufunc, one thread", "numpy", median_ms(lambda: np.add(x, y, out=out)))


def numba_rows(n):
    from numba import __version__, njit, vectorize

    SQRT_2PI = np.float32((2 * math.pi) ** 0.5)

    @njit
    def monte_carlo_pi(nsamples):
        acc = 0
        for i in range(nsamples):
            x = random.random()
            y = random.random()
            if (x ** 2 + y ** 2) < 1.0:
                acc += 1
        return 4.0 * acc / nsamples

    @vectorize(['float32(float32, float32, float32)', 'float64(float64, float64, float64)'])
    def gaussian_pdf(x, mean, sigma):
        return math.exp(-0.5 * ((x - mean) / sigma) ** 2) / (sigma * SQRT_2PI)

    @vectorize(['float32(float32, float32)', 'float64(float64, float64)'])
    def add(x, y):
        return x + y

    @njit
    def polar_to_cartesian(rho, theta):
        x = rho * math.cos(theta)
        y = rho * math.sin(theta)
        return x, y

    @vectorize(['float32(float32, float32, float32, float32)'])
    def polar_distance(rho1, theta1, rho2, theta2):
        x1, y1 = polar_to_cartesian(rho1, theta1)
        x2, y2 = polar_to_cartesian(rho2, theta2)
        return ((x1 - x2) ** 2 + (y1 - y2) ** 2) ** 0.5

    @njit
    def gaussian_loop(x, out, mean, sigma):
        for i in range(x.shape[0]):
            out[i] = math.exp(-0.5 * ((x[i] - mean) / sigma) ** 2) / (sigma * 2.5066282746310002)

    @njit
    def hypot(x, y):
        x = abs(x)
        y = abs(y)
        t = min(x, y)
        x = max(x, y)
        t = t / x
        return x * math.sqrt(1 + t * t)

    @njit
    def hypot_loop(x, y, out):
        for i in range(x.shape[0]):
            out[i] = hypot(x[i], y[i])

    print(f"cpu_peers: numba {__version__}, numpy {np.__version__}")
    monte_carlo_pi(n)
    pi = [0.0]

    def mc():
        pi[0] = monte_carlo_pi(n)

    t = median_ms(mc)
    row(f"monte_carlo_pi({n})", "numba", t, f"pi ~ {pi[0]:.5f}")
    for dt, tn in ((np.float32, "float32"), (np.float64, "float64")):
        x, y = filled(n, dt, 3.0), filled(n, dt, 2.0)
        out = np.empty(n, dt)
        add(x, y, out=out)
        row(f"add {tn} ufunc, one thread", "numba", median_ms(lambda: add(x, y, out=out)))
        mean, sigma = dt(0.5), dt(1.5)
        gaussian_pdf(x, mean, sigma, out=out)
        row(f"gaussian_pdf {tn} ufunc, one thread", "numba", median_ms(lambda: gaussian_pdf(x, mean, sigma, out=out)))
    r1, t1 = filled(n, np.float32, 2.0), filled(n, np.float32, 3.0)
    r2, t2 = filled(n, np.float32, 1.5), filled(n, np.float32, -2.0)
    out = np.empty(n, np.float32)
    polar_distance(r1, t1, r2, t2, out=out)
    row("polar_distance float32 ufunc, one thread", "numba", median_ms(lambda: polar_distance(r1, t1, r2, t2, out=out)))
    x, y = filled(n, np.float64, 3.0, 3.5), filled(n, np.float64, 2.0)
    out = np.empty(n, np.float64)
    gaussian_loop(x, out, 0.5, 1.5)
    row("gaussian_loop float64 @njit loop", "numba", median_ms(lambda: gaussian_loop(x, out, 0.5, 1.5)))
    hypot_loop(x, y, out)
    row("hypot_loop float64 @njit loop", "numba", median_ms(lambda: hypot_loop(x, y, out)))


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 10_000_000
    numpy_rows(n)
    try:
        import numba  # noqa: F401
    except ImportError:
        print("cpu_peers: numba not installed; no Numba rows")
        return 0
    numba_rows(n)
    return 0


if __name__ == "__main__":
    sys.exit(main())
