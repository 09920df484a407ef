#!/usr/bin/env python3
"""Python launch and CUDA ufunc call overhead against the counting fake driver
(tests/fixtures/fake_libcuda.cpp): per call, the time and the driver calls made. Kernels do
not run, so nothing here checks results; what it measures is everything ujit does around
cuLaunchKernel, the part of a launch that a GPU machine's bench_calls.py rows cannot
separate from the driver. With --cxx, the C++ API's bench_launch makes the same calls under
the same driver in the same run, and each row gets its Python/C++ ratio (issue 25: a queued
launch from Python within 1.3x of the C++ API's). tools/bench/perf_launch.sh runs it, and
callgrind over both for instructions per call.

    LD_LIBRARY_PATH=build/release/tests/fakecuda PYTHONPATH=lang/python \\
        python3 tools/bench/fake_launch_calls.py [--calls N] [--only ROW] [--cxx BENCH_LAUNCH]
    ... fake_launch_calls.py --only ROW --untimed N     N calls of ROW, nothing printed (callgrind)
"""
import argparse
import ctypes
import os
import subprocess
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


def cxx_rows(path, calls, only):
    """{row: us} from the C++ API's bench_launch under this process's driver (the fake one)."""
    out = subprocess.run([path, str(calls)] + ([only] if only else []), capture_output=True, text=True, timeout=600)
    if out.returncode != 0:
        sys.exit("bench_launch failed: %s" % out.stderr.strip()[-500:])
    rows = {}
    for line in out.stdout.splitlines():  # "launch queued 1.234 us"
        name, _, value = line.rpartition(" us")[0].rpartition(" ")
        rows[name] = float(value)
    return rows


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--calls", type=int, default=20000)
    ap.add_argument("--only", default="")
    ap.add_argument("--cxx", default="", help="the C++ API's bench_launch: its rows beside these")
    ap.add_argument("--untimed", type=int, default=0, help="make this many calls of --only ROW and print nothing")
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
    if opts.untimed:
        timeit.Timer(rows[opts.only], globals=names).timeit(opts.untimed)
        return
    cxx = cxx_rows(opts.cxx, opts.calls, opts.only) if opts.cxx else {}
    for row, stmt in rows.items():
        if opts.only and row != opts.only:
            continue
        t = timeit.Timer(stmt, globals=names)
        t.timeit(10)
        reset()
        t.timeit(1000)
        calls = count() / 1000
        best = min(t.repeat(5, opts.calls)) / opts.calls
        vs = "  C++ %7.3f us, Python/C++ %.2fx" % (cxx[row], best * 1e6 / cxx[row]) if row in cxx else ""
        print("%-20s %7.3f us  %.2f driver calls per call%s" % (row, best * 1e6, calls, vs))


if __name__ == "__main__":
    main()
