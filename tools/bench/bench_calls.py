#!/usr/bin/env python3
"""Call and launch overhead from Python: ujit against Numba and CuPy (issue 25).

Rows, each for every library that imports (ujit from this tree unless PYTHONPATH says
otherwise). The process is pinned to one core. The @njit and @vectorize rows run the
libraries interleaved, round by round (61 rounds of 2000 calls), and print each one's median
round, the p10-p90 spread of its rounds and the median of the per-round ratios: a shared
machine's noise moves single runs by 2x, rounds taken side by side cancel most of it. The
kernel rows are the best of 5 runs:
  njit 2 arrays      an @njit function of two 1-element float64 arrays
  njit mixed N       @njit of N = 1..8 arguments, arrays and scalars alternating
  vectorize 10       a CPU @vectorize ufunc on two 10-element float64 arrays
  launch queued      kernel[4, 256](dx, dx, dout) on device arrays, no synchronize
                     (CuPy: the same kernel as a RawKernel)
  launch + sync      the same and a synchronize per launch
  launch, no warn    launch queued with the low-occupancy warning switched off in ujit's
                     and Numba's config (CuPy has none): what the warning costs
  host launch        kernel[1, 32] on 10-element host arrays (copies in and out)
  cuda ufunc 1K      a CUDA @vectorize add on 1000 float32 device elements, output allocated
                     per call (CuPy: cp.add); `out=` given in the next row
A "C++" column is the C++ API's time for the same launch and ufunc calls (bench_launch,
found in build/*/tools/bench or bin/, or --cxx PATH); ratios: ujit against Numba, CuPy and C++.

Without a GPU ujit's kernels run on the host device: the launch rows then measure the
Python-side cost of a launch, not a GPU's.

    tools/bench/bench_calls.py [--calls N] [--rounds N] [--launches N] [--cpu N] [--only njit|kernel]
                               [--cpu-time] [--cxx PATH]
"""
import argparse
import glob
import os
import subprocess
import sys
import time
import timeit
import warnings

HERE = os.path.dirname(os.path.abspath(__file__))
PKG = os.path.join(os.path.dirname(os.path.dirname(HERE)), "lang", "python")
if not os.environ.get("PYTHONPATH"):
    sys.path.insert(0, PKG)

import numpy as np  # noqa: E402

if not hasattr(np, "row_stack"):  # Numba imports np.row_stack, which NumPy 2.x removed
    np.row_stack = np.vstack


def importable(name):
    try:
        __import__(name)
        return True
    except Exception:
        return False


TIMER = timeit.default_timer


def per_call(stmt, names, calls):
    """Best of 5 runs of `calls` calls, in seconds per call."""
    t = timeit.Timer(stmt, globals=names, timer=TIMER)
    t.timeit(10)
    return min(t.repeat(5, calls)) / calls


def njit_cases(lib):
    """{row: (function, args)} of @njit and @vectorize calls with array arguments."""
    jit = __import__(lib).njit
    cases = {}

    @jit
    def two(a, b):
        return a[0] + b[0]

    cases["njit 2 arrays"] = (two, (np.ones(1), np.ones(1)))
    for n in range(1, 9):
        params = ", ".join("x%d" % i for i in range(n))
        terms = " + ".join("x%d[0]" % i if i % 2 == 0 else "x%d" % i for i in range(n))
        ns = {}
        exec("def f(%s):\n    return %s\n" % (params, terms), ns)
        cases["njit mixed %d" % n] = (jit(ns["f"]), tuple(np.ones(1) if i % 2 == 0 else 1.5 for i in range(n)))

    @__import__(lib).vectorize(["float64(float64, float64)"])
    def add(x, y):
        return x + y

    x = np.arange(10.0)
    cases["vectorize 10"] = (add, (x, x))
    for f, args in cases.values():
        f(*args)  # compiled before any timing
    return cases


def batch_timer(f, args, calls):
    """A function timing `calls` calls of f(*args), in seconds per call (timeit's loop)."""
    t = timeit.Timer("f(%s)" % ", ".join("a%d" % i for i in range(len(args))),
                     globals=dict(f=f, **{"a%d" % i: a for i, a in enumerate(args)}), timer=TIMER)
    return lambda: t.timeit(calls) / calls


def interleaved(timers, rounds):
    """{lib: [seconds per call, one per round]}: each round times every library once, in an
    order that rotates from round to round, so that a machine's drift (other processes, clock
    changes) reaches all of them alike instead of whichever ran during it."""
    libs = list(timers)
    for lib in libs:
        timers[lib]()  # warm-up
    times = {lib: [] for lib in libs}
    for r in range(rounds):
        for lib in libs[r % len(libs):] + libs[:r % len(libs)]:
            times[lib].append(timers[lib]())
    return times


def median(xs):
    xs = sorted(xs)
    n = len(xs)
    return xs[n // 2] if n % 2 else 0.5 * (xs[n // 2 - 1] + xs[n // 2])


def njit_table(libs, calls, rounds):
    """{row: {lib: ns}} (the median round) and {row: {lib: (p10, p90) ns}} and {row: {peer:
    median of the per-round ratios ujit/peer}} for the @njit and @vectorize rows."""
    cases = {lib: njit_cases(lib) for lib in libs}
    table, spread, ratios = {}, {}, {}
    for row in cases[libs[0]]:
        times = interleaved({lib: batch_timer(*cases[lib][row], calls) for lib in libs}, rounds)
        table[row] = {lib: median(ts) * 1e9 for lib, ts in times.items()}
        spread[row] = {lib: (sorted(ts)[len(ts) // 10] * 1e9, sorted(ts)[-1 - len(ts) // 10] * 1e9)
                       for lib, ts in times.items()}
        ratios[row] = {p: median([u / v for u, v in zip(times["ujit"], times[p])])
                       for p in libs if p != "ujit" and "ujit" in times}
    return table, spread, ratios


def print_njit_table(table, spread, ratios, libs, rounds, calls):
    print("\n@njit and @vectorize calls (ns per call: median of %d interleaved rounds of %d calls; "
          "p10-p90 of the rounds; ujit/peer: median of the per-round ratios)" % (rounds, calls))
    peers = [p for p in libs if p != "ujit"]
    print("  %-16s" % "row" + "".join("%10s %15s" % (lib, "p10-p90") for lib in libs)
          + "".join("%12s" % ("ujit/" + p) for p in peers))
    for row in table:
        cells = "".join("%10.1f %15s" % (table[row][lib], "%.0f-%.0f" % spread[row][lib]) for lib in libs)
        print("  %-16s%s%s" % (row, cells, "".join("%11.2fx" % ratios[row][p] for p in peers)))


KERNEL_SRC = """
@cuda.jit
def axpy(x, y, out):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = 2.0 * x[i] + y[i]
"""

CUPY_SRC = r"""
extern "C" __global__ void axpy(const double* x, const double* y, double* out, long long n) {
    long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x;
    if (i < n) out[i] = 2.0 * x[i] + y[i];
}
"""


def kernel_rows(lib, calls):
    """{row: us} for launches of a small kernel."""
    cuda = __import__(lib + ".cuda", fromlist=["cuda"])
    ns = {"cuda": cuda, "vectorize": __import__(lib).vectorize}
    exec(KERNEL_SRC, ns)
    k = ns["axpy"]
    host = np.arange(1024.0)
    dx, dout = cuda.to_device(host), cuda.device_array_like(host)
    rows = {}
    k[4, 256](dx, dx, dout)
    cuda.synchronize()
    names = {"k": k, "dx": dx, "dout": dout, "sync": cuda.synchronize, "np": np}
    rows["launch queued"] = per_call("k[4, 256](dx, dx, dout)", names, calls) * 1e6
    cuda.synchronize()
    rows["launch + sync"] = per_call("k[4, 256](dx, dx, dout); sync()", names, calls) * 1e6
    config = __import__(lib + ".core.config", fromlist=["config"])
    saved, config.CUDA_LOW_OCCUPANCY_WARNINGS = config.CUDA_LOW_OCCUPANCY_WARNINGS, 0
    try:
        rows["launch, no warn"] = per_call("k[4, 256](dx, dx, dout)", names, calls) * 1e6
    finally:
        config.CUDA_LOW_OCCUPANCY_WARNINGS = saved
    small, out = np.arange(10.0), np.zeros(10)
    names.update(small=small, out=out)
    rows["host launch"] = per_call("k[1, 32](small, small, out)", names, max(calls // 10, 10)) * 1e6
    exec(UFUNC_SRC, ns)
    x = np.arange(1000, dtype=np.float32)
    names.update(add=ns["add_ufunc"], ux=cuda.to_device(x), uy=cuda.to_device(x), uo=cuda.device_array(1000, np.float32))
    got = names["add"](names["ux"], names["uy"]).copy_to_host()
    assert np.array_equal(got, x + x), "%s add_ufunc: wrong result" % lib
    rows["cuda ufunc 1K"] = per_call("add(ux, uy)", names, calls) * 1e6
    rows["cuda ufunc 1K out="] = per_call("add(ux, uy, out=uo)", names, calls) * 1e6
    cuda.synchronize()
    return rows


UFUNC_SRC = """
@vectorize(['float32(float32, float32)'], target='cuda')
def add_ufunc(x, y):
    return x + y
"""


def cxx_rows(path, calls):
    """{row: us} from the C++ API's bench_launch (the same calls), or {} without it."""
    if not path or not os.path.exists(path):
        return {}
    out = subprocess.run([path, str(calls)], capture_output=True, text=True, timeout=300)
    if out.returncode != 0:
        print("bench_launch failed: %s" % out.stderr.strip()[-300:])
        return {}
    rows = {}
    for line in out.stdout.splitlines():
        name, _, value = line.rpartition(" us")[0].rpartition(" ")
        rows[name] = float(value)
    return rows


def find_cxx():
    repo = os.path.dirname(os.path.dirname(HERE))
    for d in [os.path.join(repo, "bin")] + sorted(glob.glob(os.path.join(repo, "build", "*", "tools", "bench"))):
        p = os.path.join(d, "bench_launch")
        if os.access(p, os.X_OK):
            return p
    return None


def cupy_rows(calls):
    import cupy as cp

    k = cp.RawKernel(CUPY_SRC, "axpy")
    x = cp.arange(1024, dtype=cp.float64)
    out = cp.empty_like(x)
    n = np.int64(1024)
    k((4,), (256,), (x, x, out, n))
    cp.cuda.Device().synchronize()
    assert cp.allclose(out, 3 * x), "CuPy axpy: wrong result"
    u = cp.arange(1000, dtype=cp.float32)
    uo = cp.empty_like(u)
    names = {"k": k, "x": x, "out": out, "n": n, "sync": cp.cuda.Device().synchronize, "cp": cp, "u": u, "uo": uo}
    queued = per_call("k((4,), (256,), (x, x, out, n))", names, calls) * 1e6
    return {
        "launch queued": queued,
        "launch + sync": per_call("k((4,), (256,), (x, x, out, n)); sync()", names, calls) * 1e6,
        "launch, no warn": queued,  # CuPy has no such warning
        "cuda ufunc 1K": per_call("cp.add(u, u)", names, calls) * 1e6,
        "cuda ufunc 1K out=": per_call("cp.add(u, u, out=uo)", names, calls) * 1e6,
    }


def gpu_name():
    try:
        out = subprocess.run(["nvidia-smi", "--query-gpu=name", "--format=csv,noheader"], capture_output=True,
                             text=True, timeout=20)
        if out.returncode == 0 and out.stdout.strip():
            return out.stdout.strip().splitlines()[0]
    except (OSError, subprocess.SubprocessError):
        pass
    return None


def print_table(title, unit, table, libs):
    print("\n%s (%s, best of 5)" % (title, unit))
    peers = [p for p in ("numba", "cupy", "C++") if p in libs]
    print("  %-19s" % "row" + "".join("%12s" % lib for lib in libs) + "".join("%13s" % ("ujit/" + p) for p in peers))
    for row in table:
        vals = table[row]
        cells = "".join("%12s" % ("%.2f" % vals[lib] if lib in vals else "-") for lib in libs)
        ratios = "".join("%13s" % ("%.2fx" % (vals["ujit"] / vals[p]) if "ujit" in vals and p in vals else "-")
                         for p in peers)
        print("  %-19s%s%s" % (row, cells, ratios))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--calls", type=int, default=2000, help="calls per timed batch (the njit rows' rounds)")
    ap.add_argument("--launches", type=int, default=2000, help="launches per run of the kernel rows (best of 5)")
    ap.add_argument("--rounds", type=int, default=61, help="interleaved rounds of the njit rows")
    ap.add_argument("--cpu", type=int, help="the processor to pin to (default: the last one allowed)")
    ap.add_argument("--only", choices=("njit", "kernel"))
    ap.add_argument("--cxx", help="the C++ API's bench_launch (default: found in build/*/tools/bench or bin/)")
    ap.add_argument("--cpu-time", action="store_true",
                    help="time with the process's CPU time (a shared machine), not the wall clock")
    opts = ap.parse_args()
    if hasattr(os, "sched_setaffinity"):  # one core: no migrations between the libraries' rounds
        cpu = opts.cpu if opts.cpu is not None else max(os.sched_getaffinity(0))
        os.sched_setaffinity(0, {cpu})
        print("pinned to CPU %d" % cpu)
    if opts.cpu_time:
        global TIMER
        TIMER = time.process_time
    warnings.simplefilter("ignore")  # low-occupancy and implicit-copy warnings: the rows are small on purpose
    libs = [lib for lib in ("ujit", "numba") if importable(lib)]
    has_cupy = importable("cupy")
    import ujit
    from ujit import cuda as ucuda

    print("ujit from %s" % os.path.dirname(ujit.__file__))
    print("GPU: %s" % (gpu_name() or "none (ujit kernels on the host device: %s)" % ucuda.unavailable_reason()))
    if opts.only != "kernel":
        print_njit_table(*njit_table(libs, opts.calls, opts.rounds), libs, opts.rounds, opts.calls)
    if opts.only != "njit":
        table = {}
        for lib in libs:
            if lib == "numba":
                from numba import cuda as ncuda

                if not ncuda.is_available():
                    continue
            for row, v in kernel_rows(lib, opts.launches).items():
                table.setdefault(row, {})[lib] = v
        kl = list(libs)
        cxx = cxx_rows(opts.cxx or find_cxx(), opts.launches)
        for row, v in cxx.items():
            table.setdefault(row, {})["C++"] = v
        if cxx:
            kl.append("C++")
        if has_cupy:
            for row, v in cupy_rows(opts.launches).items():
                table.setdefault(row, {})["cupy"] = v
            kl.append("cupy")
        print_table("kernel launches", "us per launch", table, kl)


if __name__ == "__main__":
    main()
