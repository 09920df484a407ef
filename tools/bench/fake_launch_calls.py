#!/usr/bin/env python3
"""Python launch and CUDA ufunc call overhead against the counting fake driver
(tests/fixtures/fake_libcuda.cpp): per call, the time and the driver calls made. Kernels do
not run, so nothing here checks results; what it measures is everything ujit does around
cuLaunchKernel, the part of a launch that a GPU machine's bench_calls.py rows cannot
separate from the driver. tools/bench/perf_launch.sh runs it (and perf over it).

    LD_LIBRARY_PATH=build/release/tests/fakecuda PYTHONPATH=lang/python \\
        python3 tools/bench/fake_launch_calls.py [--calls N] [--only ROW]
"""
import argparse
import ctypes
import os
import sys
import timeit

import numpy as np

from ujit import cuda, vectorize

SRC = """
@cuda.jit
def axpy(x, y, out):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = 2.0 * x[i] + y[i]


@vectorize(['float32(float32, float32)'], target='cuda')
def add_ufunc(x, y):
    return x + y
"""


def fake_driver():
    lib = ctypes.CDLL("libcuda.so.1", mode=os.RTLD_NOLOAD | os.RTLD_NOW)
    try:
        count, reset = lib.fakecuda_total, lib.fakecuda_reset
    except AttributeError:
        sys.exit("libcuda.so.1 is the real driver: set LD_LIBRARY_PATH=<build>/tests/fakecuda")
    count.restype = ctypes.c_long
    return count, reset


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--calls", type=int, default=20000)
    ap.add_argument("--only", default="")
    opts = ap.parse_args()
    ns = {"cuda": cuda, "vectorize": vectorize}
    exec(SRC, ns)
    k, add = ns["axpy"], ns["add_ufunc"]
    if cuda.is_available() is False:
        sys.exit("CUDA is not available: the fake driver did not load")
    count, reset = fake_driver()
    host = np.arange(1024.0)
    x = np.arange(1000, dtype=np.float32)
    names = {"k": k, "dx": cuda.to_device(host), "dout": cuda.device_array(1024), "add": add,
             "ux": cuda.to_device(x), "uo": cuda.device_array(1000, np.float32), "sync": cuda.synchronize}
    rows = {"launch queued": "k[4, 256](dx, dx, dout)", "cuda ufunc 1K": "add(ux, ux)",
            "cuda ufunc 1K out=": "add(ux, ux, out=uo)"}
    for row, stmt in rows.items():
        if opts.only and row != opts.only:
            continue
        t = timeit.Timer(stmt, globals=names)
        t.timeit(10)
        reset()
        t.timeit(1000)
        calls = count() / 1000
        best = min(t.repeat(5, opts.calls)) / opts.calls
        print("%-20s %7.3f us  %.2f driver calls per call" % (row, best * 1e6, calls))


if __name__ == "__main__":
    main()
