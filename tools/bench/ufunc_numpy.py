"""The NumPy peer of bench_ufunc: the same add and gaussian_pdf over 10M elements.

Run by tools/bench/run.sh right after bench_ufunc so both figures come from one run.
"""
import math
import sys
import time

try:
    import numpy as np
except ImportError:
    print("numpy peer: numpy is not installed; skipped")
    sys.exit(0)

N = int(sys.argv[1]) if len(sys.argv) > 1 else 10_000_000
REPS = 7


def median_ms(f):
    times = []
    for _ in range(REPS):
        t0 = time.perf_counter()
        f()
        times.append((time.perf_counter() - t0) * 1e3)
    times.sort()
    return times[len(times) // 2]


for dtype in (np.float32, np.float64):
    i = np.arange(N, dtype=np.float64)
    x = (3.0 * np.sin(0.001 * i)).astype(dtype)
    y = (2.0 * np.sin(0.001 * i)).astype(dtype)
    out = np.empty_like(x)
    mean, sigma = dtype(0.5), dtype(1.5)
    s2p = dtype((2 * math.pi) ** 0.5)
    t_add = median_ms(lambda: np.add(x, y, out=out))
    t_g = median_ms(lambda: np.divide(np.exp(-0.5 * ((x - mean) / sigma) ** 2), sigma * s2p, out=out, casting="unsafe"))
    print(f"numpy {np.dtype(dtype).name:<8} add {t_add:7.2f} ms | gaussian_pdf {t_g:7.2f} ms")
