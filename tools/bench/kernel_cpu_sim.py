"""Numba's CUDA simulator on the kernels bench_kernel_cpu times on the CPU (issue 9).

Run on a machine with Numba (the lent GPU machine):
    NUMBA_ENABLE_CUDASIM=1 python3 tools/bench/kernel_cpu_sim.py [N] [M]
and compare with `bench_kernel_cpu`'s times for the same sizes. The simulator interprets
every thread in Python, so the defaults are small; its time scales linearly with the
element count (printed per element), so the ratio at 10M / 4096^2 follows from it.
"""
import os
import sys
import time

os.environ.setdefault("NUMBA_ENABLE_CUDASIM", "1")

import numpy as np
from numba import cuda

import numba

TILE = 32


@cuda.jit
def add_kernel(x, y, out):
    start = cuda.grid(1)
    stride = cuda.gridsize(1)
    for i in range(start, x.shape[0], stride):
        out[i] = x[i] + y[i]


@cuda.jit
def tile_transpose(a_in, a_out):
    tile = cuda.shared.array((TILE, TILE), numba.float32)
    x = cuda.blockIdx.x * TILE + cuda.threadIdx.x
    y = cuda.blockIdx.y * TILE + cuda.threadIdx.y
    tile[cuda.threadIdx.y, cuda.threadIdx.x] = a_in[y, x]
    cuda.syncthreads()
    x = cuda.blockIdx.y * TILE + cuda.threadIdx.x
    y = cuda.blockIdx.x * TILE + cuda.threadIdx.y
    a_out[y, x] = tile[cuda.threadIdx.x, cuda.threadIdx.y]


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 100_000
    m = int(sys.argv[2]) if len(sys.argv) > 2 else 128
    x = np.arange(n, dtype=np.float32)
    y = np.ones(n, dtype=np.float32)
    out = np.zeros(n, dtype=np.float32)
    t0 = time.perf_counter()
    add_kernel[32, 128](x, y, out)
    t = time.perf_counter() - t0
    assert (out == x + y).all()
    print(f"simulator add_kernel {n} float32, grid 32x128: {t * 1e3:.1f} ms "
          f"({t / n * 1e9:.0f} ns/element; at 10M: {t / n * 1e7:.1f} s)")
    a = np.arange(m * m, dtype=np.float32).reshape(m, m)
    b = np.zeros_like(a)
    t0 = time.perf_counter()
    tile_transpose[(m // TILE, m // TILE), (TILE, TILE)](a, b)
    t = time.perf_counter() - t0
    assert (b == a.T).all()
    print(f"simulator tile_transpose {m}^2: {t * 1e3:.1f} ms "
          f"({t / (m * m) * 1e9:.0f} ns/element; at 4096^2: {t / (m * m) * 4096 * 4096:.1f} s)")


if __name__ == "__main__":
    main()
