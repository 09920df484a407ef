#!/usr/bin/env python3
"""Issue 21's speed rows: device arrays from Python against Numba and CuPy, one run.

  view     `d[100:1100]` of a 1M float32 device array: making the view
  copy     `d[100:1100].copy_to_host()` (CuPy: `.get()`): a view and its 4 KB to the host
  nvrtc    a small CUDA C++ kernel compiled by ujit.cuda.RawKernel in a second process,
           NVRTC's result cached on disk by the first (CuPy: cp.RawKernel, its own cache)

    tools/bench/bench_device_arrays.py [--calls N]

Needs a GPU; Numba and CuPy rows where they import. ujit comes from this tree (lang/python)
unless PYTHONPATH says otherwise. Prints the GPU's name with the rows.
"""
import argparse
import os
import subprocess
import sys
import tempfile
import timeit

HERE = os.path.dirname(os.path.abspath(__file__))
PKG = os.path.join(os.path.dirname(os.path.dirname(HERE)), "lang", "python")

KERNEL = r"""
extern "C" __global__ void scale(float* x, float a, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) x[i] *= a;
}
"""


def best_us(f, calls):
    """Best of 5 runs of `calls` calls, per call, in microseconds."""
    f()
    best = float("inf")
    for _ in range(5):
        t0 = timeit.default_timer()
        for _ in range(calls):
            f()
        best = min(best, timeit.default_timer() - t0)
    return best / calls * 1e6


def peers():
    """(name, to_device, view, copy_to_host) for ujit, Numba and CuPy where they import."""
    sys.path.insert(0, PKG)
    from ujit import cuda as ucuda
    out = [("ujit", ucuda.to_device, lambda d: d[100:1100], lambda d: d[100:1100].copy_to_host())]
    try:
        import numpy as np
        if not hasattr(np, "row_stack"):
            np.row_stack = np.vstack  # Numba imports it; NumPy 2 removed it
        from numba import cuda as ncuda
        out.append(("Numba", ncuda.to_device, lambda d: d[100:1100], lambda d: d[100:1100].copy_to_host()))
    except ImportError:
        pass
    try:
        import cupy as cp
        out.append(("CuPy", cp.asarray, lambda d: d[100:1100], lambda d: d[100:1100].get()))
    except ImportError:
        pass
    return out


def nvrtc_second_process(cache_dir):
    """Milliseconds for RawKernel (NVRTC, or its cache, and the module load) in a new process
    whose CUDA context is already up: the first with an empty cache, the best of 3 after it."""
    code = ("import time\n"
            "from ujit import cuda\n"
            "cuda.synchronize()  # the driver's start-up (cuInit, the context) is not NVRTC's\n"
            "t1 = time.perf_counter()\n"
            "k = cuda.RawKernel(%r, 'scale')\n"
            "print((time.perf_counter() - t1) * 1e3)\n" % KERNEL)
    env = dict(os.environ, UJIT_CACHE_DIR=cache_dir, PYTHONPATH=os.pathsep.join([PKG, os.environ.get("PYTHONPATH", "")]))
    runs = [float(subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                                 check=True).stdout.split()[-1]) for _ in range(4)]
    return runs[0], min(runs[1:])


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--calls", type=int, default=5000)
    opts = ap.parse_args()
    import numpy as np
    sys.path.insert(0, PKG)
    from ujit import cuda
    if not cuda.is_available():
        print("skipped: %s" % cuda.unavailable_reason())
        return
    print("GPU: %s" % cuda.get_current_device().name.decode())
    host = np.arange(1 << 20, dtype=np.float32)
    rows = {}
    for name, to_device, view, copy in peers():
        d = to_device(host)
        np.testing.assert_array_equal(np.asarray(copy(d)), host[100:1100])  # every peer checked
        rows[name] = (best_us(lambda: view(d), opts.calls), best_us(lambda: copy(d), opts.calls // 5))
    print("\n1K view of a 1M float32 device array (best of 5)")
    for i, what in enumerate(("d[100:1100]", "d[100:1100] to the host")):
        u = rows["ujit"][i]
        cells = "   ".join("%s %.2f us (ujit/%s %.2fx)" % (n, r[i], n, u / r[i]) for n, r in rows.items() if n != "ujit")
        print("  %-26s ujit %.2f us   %s" % (what, u, cells))
    with tempfile.TemporaryDirectory() as cache:
        first, second = nvrtc_second_process(cache)
    print("\nRawKernel of a small .cu in a new process: %.2f ms with an empty cache, %.2f ms cached (target <= 2 ms)"
          % (first, second))


if __name__ == "__main__":
    main()
