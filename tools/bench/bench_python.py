#!/usr/bin/env python3
"""The Python package against its peers, ratios within one run.

  call     hypot(3.0, 4.0) from Python: ujit's dispatcher, Numba's (when importable), and
           as peers a plain Python function of the same body and math.hypot.
  startup  a fresh process: import, decorate the course's hypot, first call, exit; ujit
           with a cold and with a warm disk cache, Numba (no cache, its default), and a
           plain `import numpy` process as the floor.
  gpu      add_ufunc on 1K and 100M float32 device arrays: ujit, CuPy's cp.add, Numba
           (where a GPU is usable), and the device copy bandwidth.

    tools/bench/bench_python.py [--calls N] [--runs N] [--only call|startup|gpu]

ujit is imported from this tree (lang/python) unless PYTHONPATH says otherwise.
"""
import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import textwrap
import timeit

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
PKG = os.path.join(REPO, "lang", "python")

HYPOT = textwrap.dedent("""
    import math
    from {module} import jit


    @jit
    def hypot(x, y):
        # Implementation from https://en.wikipedia.org/wiki/Hypot
        x = abs(x)
        y = abs(y)
        t = min(x, y)
        x = max(x, y)
        t = t / x
        return x * math.sqrt(1 + t * t)
""")


def plain_hypot(x, y):
    x = abs(x)
    y = abs(y)
    t = min(x, y)
    x = max(x, y)
    t = t / x
    return x * (1 + t * t) ** 0.5


ADD_UFUNC = textwrap.dedent("""
    {prelude}from {module} import vectorize


    @vectorize(['float32(float32, float32)'], target='cuda')
    def add_ufunc(x, y):
        return x + y
""")

# Numba imports np.row_stack, which NumPy 2.x removed; set it before `import numba`.
NUMBA_PRELUDE = "import numpy as np\nif not hasattr(np, 'row_stack'):\n    np.row_stack = np.vstack\n"


def have(module):
    return subprocess.run([sys.executable, "-c", "import " + module], capture_output=True).returncode == 0


def write_modules(tmp):
    for name, module in (("hypot_ujit", "ujit"), ("hypot_numba", "numba")):
        with open(os.path.join(tmp, name + ".py"), "w") as f:
            text = HYPOT.format(module=module)
            f.write(NUMBA_PRELUDE + text if module == "numba" else text)
    for name, module in (("add_ujit", "ujit"), ("add_numba", "numba")):
        with open(os.path.join(tmp, name + ".py"), "w") as f:
            f.write(ADD_UFUNC.format(module=module, prelude=NUMBA_PRELUDE if module == "numba" else ""))


def ns_per_call(f, calls):
    f(3.0, 4.0)
    best = min(timeit.repeat("f(3.0, 4.0)", globals={"f": f}, number=calls, repeat=7))
    return best / calls * 1e9


def bench_call(tmp, calls):
    import math

    sys.path[:0] = [tmp, PKG]
    rows = []
    import hypot_ujit

    rows.append(("ujit dispatcher", ns_per_call(hypot_ujit.hypot, calls)))
    if have("numba"):
        import hypot_numba

        rows.append(("Numba dispatcher", ns_per_call(hypot_numba.hypot, calls)))
    rows.append(("plain Python function", ns_per_call(plain_hypot, calls)))
    rows.append(("math.hypot", ns_per_call(math.hypot, calls)))
    print("\ncall hypot(3.0, 4.0) from Python, best of 7 x %d calls" % calls)
    base = rows[0][1]
    for name, ns in rows:
        print("  %-24s %8.1f ns   ujit/this %.2fx" % (name, ns, base / ns))


def one_process(tmp, module, env):
    code = "import %s; %s.hypot(3.0, 4.0)" % (module, module) if module else "import numpy"
    t0 = timeit.default_timer()
    subprocess.run([sys.executable, "-c", code], cwd=tmp, env=env, check=True)
    return (timeit.default_timer() - t0) * 1e3


def bench_startup(tmp, runs):
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([tmp, PKG, os.environ.get("PYTHONPATH", "")]))
    rows = []
    cold = []
    for _ in range(runs):
        with tempfile.TemporaryDirectory() as cache:
            cold.append(one_process(tmp, "hypot_ujit", dict(env, UJIT_CACHE_DIR=cache)))
    rows.append(("ujit, cold disk cache", cold))
    with tempfile.TemporaryDirectory() as cache:
        one_process(tmp, "hypot_ujit", dict(env, UJIT_CACHE_DIR=cache))
        rows.append(("ujit, warm disk cache",
                     [one_process(tmp, "hypot_ujit", dict(env, UJIT_CACHE_DIR=cache)) for _ in range(runs)]))
    if have("numba"):
        one_process(tmp, "hypot_numba", env)  # warm the OS file cache for Numba's import
        rows.append(("Numba (no cache)", [one_process(tmp, "hypot_numba", env) for _ in range(runs)]))
    rows.append(("python -c 'import numpy'", [one_process(tmp, None, env) for _ in range(runs)]))
    print("\nnew process: import, decorate hypot, first call (median of %d, ms)" % runs)
    numba = dict(rows).get("Numba (no cache)")
    for name, times in rows:
        med = statistics.median(times)
        extra = "   /Numba %.2fx" % (med / statistics.median(numba)) if numba else ""
        print("  %-26s %8.1f ms%s" % (name, med, extra))


def us_per_call(f, sync, calls):
    """Best of 5 runs of `calls` back-to-back calls and one synchronize, per call."""
    f()
    sync()
    best = float("inf")
    for _ in range(5):
        t0 = timeit.default_timer()
        for _ in range(calls):
            f()
        sync()
        best = min(best, timeit.default_timer() - t0)
    return best / calls * 1e6


def bench_gpu(tmp):
    """add_ufunc on device arrays from Python: ujit, CuPy's cp.add, Numba; each call makes
    its output, as `add_ufunc(d_x, d_y)` does in the course."""
    sys.path[:0] = [tmp, PKG]
    from ujit import cuda as ucuda

    if not ucuda.is_available():
        print("\ngpu: skipped (%s)" % ucuda.unavailable_reason())
        return
    import numpy as np
    import add_ujit

    for n in (1000, 100_000_000):
        x = np.arange(n, dtype=np.float32)
        calls = 2000 if n == 1000 else 20
        rows = []
        dx, dy = ucuda.to_device(x), ucuda.to_device(x)
        rows.append(("ujit add_ufunc", us_per_call(lambda: add_ujit.add_ufunc(dx, dy), ucuda.synchronize, calls)))
        cp = None
        try:
            import cupy as cp
        except ImportError:
            pass
        if cp is not None:
            cx, cy = cp.asarray(x), cp.asarray(x)
            sync = cp.cuda.Device().synchronize
            rows.append(("CuPy cp.add", us_per_call(lambda: cp.add(cx, cy), sync, calls)))
            if n > 1000:
                dst = cp.empty_like(cx)
                copy_us = us_per_call(lambda: dst.__setitem__(Ellipsis, cx), sync, calls)
                rows.append(("CuPy device copy (2 arrays)", copy_us))
        if have("numba"):
            import add_numba
            from numba import cuda as ncuda

            nx, ny = ncuda.to_device(x), ncuda.to_device(x)
            rows.append(("Numba add_ufunc", us_per_call(lambda: add_numba.add_ufunc(nx, ny), ncuda.synchronize, calls)))
        print("\nadd_ufunc on %d float32 device elements, output allocated per call (best of 5 x %d calls)" % (n, calls))
        base = rows[0][1]
        for name, us in rows:
            extra = ""
            if n > 1000:
                moved = (2 if "copy" in name else 3) * 4 * n
                extra = "   %7.0f GB/s" % (moved / us / 1e3)
            print("  %-28s %10.2f us   ujit/this %.2fx%s" % (name, us, base / us, extra))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--calls", type=int, default=1_000_000)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--only", choices=("call", "startup", "gpu"), help="run one part")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        write_modules(tmp)
        if args.only in (None, "call"):
            bench_call(tmp, args.calls)
        if args.only in (None, "startup"):
            bench_startup(tmp, args.runs)
        if args.only in (None, "gpu"):
            bench_gpu(tmp)


if __name__ == "__main__":
    main()
