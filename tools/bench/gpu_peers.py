#!/usr/bin/env python3
"""The Python peers of tools/bench/bench_gpu.cpp: the same workloads in Numba (numba-cuda)
and CuPy, each when importable, printing the same row names (impl "numba" / "cupy") so that
tools/bench/gpu_summary.py can form the ratios.

    python3 tools/bench/gpu_peers.py [repo-root]

Numba runs the very sources of lang/examples (gaussian_pdf.py with target='cuda' instead of
'cpu', since Numba's CPU ufunc cannot take device arrays). Same methods as bench_gpu: launches
queued back to back then one synchronize (µs per call); device work timed with CUDA events
around 10 back-to-back operations, median of the reps.
"""
import math
import os
import statistics
import sys
import time
import traceback
import warnings

os.environ.setdefault("NUMBA_CUDA_LOW_OCCUPANCY_WARNINGS", "0")
warnings.simplefilter("ignore")

import numpy as np

np.row_stack = np.vstack  # numba imports it; NumPy 2.x removed it. Must precede `import numba`.

ROOT = sys.argv[1] if len(sys.argv) > 1 else "."
EX = os.path.join(ROOT, "lang", "examples")
SMALL = 1024
BIG = int(os.environ.get("UJIT_GPU_BENCH_N", 100_000_000))  # smaller only to test the script
N_T = int(os.environ.get("UJIT_GPU_BENCH_NT", 8192))
SQRT_2PI = np.float32((2 * math.pi) ** 0.5)
failures = 0


def row(name, impl, value, unit, note=""):
    print(f"{name:<30} | {impl:<12} | {value:12.3f} | {unit:<9} | {note}", flush=True)


def verify(ok, what):
    global failures
    if not ok:
        failures += 1
    print(("check ok: " if ok else "CHECK FAILED: ") + what, flush=True)


def skipped(name, impl, err):
    print(f"{name:<30} | {impl:<12} | {'skipped':>12} | {'':<9} | {type(err).__name__}: {str(err)[:150]}", flush=True)


def median(v):
    return statistics.median(v)


# The same inputs as bench_gpu.cpp / gpu_hand.cu.
def gen_x(n):
    i = np.arange(n, dtype=np.uint64)
    return ((i * np.uint64(2654435761)) % np.uint64(100003)).astype(np.float32) * np.float32(6e-5) - np.float32(3.0)


def gen_y(n):
    i = np.arange(n, dtype=np.uint64)
    return ((i * np.uint64(40503)) % np.uint64(65521)).astype(np.float32) * np.float32(1e-3)


def gen_mean(n):
    return (np.arange(n, dtype=np.int64) % 7).astype(np.float32) * np.float32(0.125) - np.float32(0.375)


def gen_sigma(n):
    return np.float32(0.5) + (np.arange(n, dtype=np.int64) % 5).astype(np.float32) * np.float32(0.25)


def gaussian_ref(x, mean, sigma):
    """Numba's semantics of gaussian_pdf.py, on the host."""
    d = (x - mean) / sigma  # float32
    d2 = d * d
    num = np.exp(-0.5 * d2.astype(np.float64))
    den = sigma * SQRT_2PI  # float32
    return (num / den.astype(np.float64)).astype(np.float32)


def close(got, want, rel):
    return bool(np.all(np.abs(got.astype(np.float64) - want.astype(np.float64)) <= rel * np.abs(want.astype(np.float64)) + 1e-30))


def gbs(nbytes, ms):
    return nbytes / (ms * 1e-3) / 1e9


def load_source(path, replace=None):
    with open(path) as f:
        src = f.read()
    if replace:
        src = src.replace(*replace)
    return src


def exec_module(src, filename):
    ns = {"__name__": "ujit_bench_" + os.path.basename(filename).replace(".", "_")}
    exec(compile(src, filename, "exec"), ns)
    return ns


HOST = {}


def host(name, n, gen):
    key = (name, n)
    if key not in HOST:
        HOST[key] = gen(n)
    return HOST[key]


# ---------------------------------------------------------------------------- Numba

def run_numba():
    try:
        from numba import cuda
        if not cuda.is_available():
            print("numba: no CUDA device: numba.cuda.is_available() is False", flush=True)
            return
    except Exception as e:  # noqa: BLE001
        print(f"numba: not importable: {type(e).__name__}: {e}", flush=True)
        return
    import numba
    print(f"numba {numba.__version__}, device {cuda.get_current_device().name}", flush=True)
    sm_count = cuda.get_current_device().MULTIPROCESSOR_COUNT

    def sync():
        cuda.synchronize()

    def per_call_us(reps, n, f):
        for _ in range(100):
            f()
        sync()
        t = []
        for _ in range(reps):
            t0 = time.perf_counter()
            for _ in range(n):
                f()
            sync()
            t.append((time.perf_counter() - t0) * 1e6 / n)
        return median(t)

    def device_ms(reps, k, f):
        f()
        sync()
        e0, e1 = cuda.event(timing=True), cuda.event(timing=True)
        t = []
        for _ in range(reps):
            e0.record()
            for _ in range(k):
                f()
            e1.record()
            e1.synchronize()
            t.append(cuda.event_elapsed_time(e0, e1) / k)
        return median(t)

    gauss_path = os.path.join(EX, "gaussian_pdf.py")
    gauss_src = load_source(gauss_path, ("target='cpu'", "target='cuda'"))
    hx1k, hm1k, hs1k = gen_x(SMALL), gen_mean(SMALL), gen_sigma(SMALL)
    x1k, m1k, s1k = cuda.to_device(hx1k), cuda.to_device(hm1k), cuda.to_device(hs1k)
    o1k = cuda.device_array(SMALL, dtype=np.float32)
    sync()

    # (f) compile: a fresh dispatcher each time (Numba compiles the declared signature at
    # decoration, loads at the first call).
    try:
        t0 = time.perf_counter()
        g = exec_module(gauss_src, gauss_path)["gaussian_pdf"]
        g(x1k, m1k, s1k, out=o1k)
        sync()
        row("compile.gaussian.first", "numba", (time.perf_counter() - t0) * 1e3, "ms", "first compile in process")
        verify(close(o1k.copy_to_host(), gaussian_ref(hx1k, hm1k, hs1k), 2e-6), "numba gaussian_pdf 1K")
        cold, warm = [], []
        for _ in range(5):
            a = time.perf_counter()
            g = exec_module(gauss_src, gauss_path)["gaussian_pdf"]
            g(x1k, m1k, s1k, out=o1k)
            sync()
            b = time.perf_counter()
            g(x1k, m1k, s1k, out=o1k)
            sync()
            c = time.perf_counter()
            cold.append((b - a) * 1e3)
            warm.append((c - b) * 1e3)
        row("compile.gaussian.cold", "numba", median(cold), "ms", "fresh @vectorize(target='cuda') + 1st call")
        row("launch.gaussian.warm_first", "numba", median(warm), "ms", "2nd call, 1K elements + synchronize")
    except Exception as e:  # noqa: BLE001
        skipped("compile.gaussian.cold", "numba", e)
        traceback.print_exc(limit=3)

    # (a) empty launch
    try:
        empty = exec_module("from numba import cuda\n\n\n@cuda.jit\ndef empty_kernel():\n    pass\n",
                            "empty_kernel.py")["empty_kernel"]
        us = per_call_us(7, 10000, lambda: empty[1, 32]())
        row("launch.empty", "numba", us, "us/launch", "empty_kernel[1, 32]()")
    except Exception as e:  # noqa: BLE001
        skipped("launch.empty", "numba", e)

    # (b) ufunc on 1K
    try:
        add_ufunc = exec_module(load_source(os.path.join(EX, "add_ufunc.py")), "add_ufunc.py")["add_ufunc"]
        hy1k = gen_y(SMALL)
        y1k = cuda.to_device(hy1k)
        add_ufunc(x1k, y1k, out=o1k)
        verify(np.array_equal(o1k.copy_to_host(), hx1k + hy1k), "numba add_ufunc 1K exact")
        us = per_call_us(5, 3000, lambda: add_ufunc(x1k, y1k, out=o1k))
        row("ufunc.add.1K", "numba", us, "us/call", "add_ufunc(d_x, d_y, out=d_out)")
    except Exception as e:  # noqa: BLE001
        skipped("ufunc.add.1K", "numba", e)

    # (c) 100M
    hx, hy = host("x", BIG, gen_x), host("y", BIG, gen_y)
    x, y = cuda.to_device(hx), cuda.to_device(hy)
    out = cuda.device_array(BIG, dtype=np.float32)
    try:
        t = device_ms(15, 10, lambda: out.copy_to_device(x))
        row("copy.d2d.100M", "numba", gbs(2 * 4 * BIG, t), "GB/s", "DeviceNDArray.copy_to_device")
    except Exception as e:  # noqa: BLE001
        skipped("copy.d2d.100M", "numba", e)
    try:
        add_ufunc = exec_module(load_source(os.path.join(EX, "add_ufunc.py")), "add_ufunc.py")["add_ufunc"]
        t = device_ms(15, 10, lambda: add_ufunc(x, y, out=out))
        verify(np.array_equal(out.copy_to_host(), hx + hy), "numba add_ufunc 100M exact")
        row("ufunc.add.100M", "numba", gbs(3 * 4 * BIG, t), "GB/s", f"{t:.4f} ms")
    except Exception as e:  # noqa: BLE001
        skipped("ufunc.add.100M", "numba", e)
    try:
        add_kernel = exec_module(load_source(os.path.join(EX, "add_kernel.py")), "add_kernel.py")["add_kernel"]
        blocks = sm_count * 32
        out.copy_to_device(y)
        t = device_ms(15, 10, lambda: add_kernel[blocks, 256](x, y, out))
        verify(np.array_equal(out.copy_to_host(), hx + hy), "numba add_kernel 100M exact")
        row("kernel.add.100M", "numba", gbs(3 * 4 * BIG, t), "GB/s", f"{t:.4f} ms; grid {blocks}x256")
    except Exception as e:  # noqa: BLE001
        skipped("kernel.add.100M", "numba", e)
    del y

    # (d) gaussian_pdf 100M
    try:
        hm, hs = host("mean", BIG, gen_mean), host("sigma", BIG, gen_sigma)
        mean, sigma = cuda.to_device(hm), cuda.to_device(hs)
        g = exec_module(gauss_src, gauss_path)["gaussian_pdf"]
        t = device_ms(15, 10, lambda: g(x, mean, sigma, out=out))
        verify(close(out.copy_to_host(), gaussian_ref(hx, hm, hs), 2e-6), "numba gaussian_pdf 100M")
        row("ufunc.gaussian.100M", "numba", t, "ms", f"{gbs(4 * 4 * BIG, t):.1f} GB/s (4 arrays)")
        del mean, sigma
        f0, f1 = np.float32(0.0), np.float32(1.0)
        g(x, f0, f1, out=out)
        sync()
        ts = []
        for _ in range(3):
            a = time.perf_counter()
            g(x, f0, f1, out=out)
            sync()
            ts.append((time.perf_counter() - a) * 1e3)
        row("ufunc.gaussian.100M.scalars", "numba", median(ts), "ms", "wall clock; mean, sigma float32 scalars")
    except Exception as e:  # noqa: BLE001
        skipped("ufunc.gaussian.100M", "numba", e)
    del x, out

    # (g) the course's batch_matrix_mult gufunc, 4M 2x2 float32, device arrays in and out
    try:
        from numba import guvectorize

        @guvectorize(['void(float32[:,:], float32[:,:], float32[:,:])'], '(m, n), (n, p) -> (m, p)', target='cuda')
        def batch_matrix_mult(a, b, c):
            for i in range(a.shape[0]):
                for j in range(b.shape[1]):
                    tmp = 0.
                    for k in range(a.shape[1]):
                        tmp += a[i, k] * b[k, j]
                    c[i, j] = tmp

        n = 4_000_000
        ha, hb = gen_x(4 * n).reshape(n, 2, 2), gen_y(4 * n).reshape(n, 2, 2)
        da, db = cuda.to_device(ha), cuda.to_device(hb)
        dc = cuda.device_array((n, 2, 2), dtype=np.float32)
        t = device_ms(15, 10, lambda: batch_matrix_mult(da, db, out=dc))
        # Numba's semantics: float32 products, summed in the float64 `tmp`.
        p0 = (ha[:, :, 0:1] * hb[:, 0:1, :]).astype(np.float64)
        p1 = (ha[:, :, 1:2] * hb[:, 1:2, :]).astype(np.float64)
        verify(np.array_equal(dc.copy_to_host(), (p0 + p1).astype(np.float32)), "numba batch_matrix_mult 4M exact")
        row("gufunc.matmul2x2.4M", "numba", t, "ms", "guvectorize(target='cuda'), out= device array")
        del da, db, dc
    except Exception as e:  # noqa: BLE001
        skipped("gufunc.matmul2x2.4M", "numba", e)

    # (e) transpose
    try:
        tr = exec_module(load_source(os.path.join(EX, "tile_transpose.py")), "tile_transpose.py")["tile_transpose"]
        ha = host("a", N_T, lambda n: (np.arange(n * n, dtype=np.int64) * 131 % 1000003).astype(np.float32).reshape(n, n))
        a = cuda.to_device(ha)
        b = cuda.device_array((N_T, N_T), dtype=np.float32)
        grid, block = (N_T // 32, N_T // 32), (32, 32)
        t = device_ms(15, 10, lambda: tr[grid, block](a, b))
        verify(np.array_equal(b.copy_to_host(), ha.T), "numba tile_transpose 8192^2 exact")
        row("transpose.8192", "numba", gbs(2 * 4 * N_T * N_T, t), "GB/s", f"{t:.4f} ms; block 32x32 (tile_transpose.py)")
        del a, b
    except Exception as e:  # noqa: BLE001
        skipped("transpose.8192", "numba", e)


# ---------------------------------------------------------------------------- CuPy

GAUSS_F64 = """
float d = (x - mean) / sigma;
float d2 = d * d;
double num = exp(-0.5 * (double)d2);
float den = sigma * 2.5066282746310002f;
out = (float)(num / (double)den);
"""


def run_cupy():
    try:
        import cupy as cp
        if cp.cuda.runtime.getDeviceCount() == 0:
            print("cupy: no CUDA device", flush=True)
            return
    except Exception as e:  # noqa: BLE001
        print(f"cupy: not usable: {type(e).__name__}: {e}", flush=True)
        return
    print(f"cupy {cp.__version__}", flush=True)

    def sync():
        cp.cuda.Device().synchronize()

    def per_call_us(reps, n, f):
        for _ in range(100):
            f()
        sync()
        t = []
        for _ in range(reps):
            t0 = time.perf_counter()
            for _ in range(n):
                f()
            sync()
            t.append((time.perf_counter() - t0) * 1e6 / n)
        return median(t)

    def device_ms(reps, k, f):
        f()
        sync()
        e0, e1 = cp.cuda.Event(), cp.cuda.Event()
        t = []
        for _ in range(reps):
            e0.record()
            for _ in range(k):
                f()
            e1.record()
            e1.synchronize()
            t.append(cp.cuda.get_elapsed_time(e0, e1) / k)
        return median(t)

    try:
        empty = cp.RawKernel(r'extern "C" __global__ void empty_kernel() {}', "empty_kernel")
        empty((1,), (32,), ())
        us = per_call_us(7, 10000, lambda: empty((1,), (32,), ()))
        row("launch.empty", "cupy", us, "us/launch", "RawKernel((1,), (32,), ())")
    except Exception as e:  # noqa: BLE001
        skipped("launch.empty", "cupy", e)

    try:
        hx1k, hy1k = gen_x(SMALL), gen_y(SMALL)
        x1k, y1k = cp.asarray(hx1k), cp.asarray(hy1k)
        o1k = cp.empty(SMALL, dtype=cp.float32)
        cp.add(x1k, y1k, out=o1k)
        verify(np.array_equal(cp.asnumpy(o1k), hx1k + hy1k), "cupy add 1K exact")
        us = per_call_us(7, 10000, lambda: cp.add(x1k, y1k, out=o1k))
        row("ufunc.add.1K", "cupy", us, "us/call", "cp.add(x, y, out=o)")
    except Exception as e:  # noqa: BLE001
        skipped("ufunc.add.1K", "cupy", e)

    hx, hy = host("x", BIG, gen_x), host("y", BIG, gen_y)
    x, y = cp.asarray(hx), cp.asarray(hy)
    out = cp.empty(BIG, dtype=cp.float32)
    try:
        t = device_ms(15, 10, lambda: out.data.copy_from_device_async(x.data, 4 * BIG))
        row("copy.d2d.100M", "cupy", gbs(2 * 4 * BIG, t), "GB/s", "MemoryPointer.copy_from_device_async")
    except Exception as e:  # noqa: BLE001
        skipped("copy.d2d.100M", "cupy", e)
    try:
        t = device_ms(15, 10, lambda: cp.add(x, y, out=out))
        verify(np.array_equal(cp.asnumpy(out), hx + hy), "cupy add 100M exact")
        row("ufunc.add.100M", "cupy", gbs(3 * 4 * BIG, t), "GB/s", f"{t:.4f} ms; cp.add")
    except Exception as e:  # noqa: BLE001
        skipped("ufunc.add.100M", "cupy", e)
    del y
    try:
        hm, hs = host("mean", BIG, gen_mean), host("sigma", BIG, gen_sigma)
        mean, sigma = cp.asarray(hm), cp.asarray(hs)
        g = cp.ElementwiseKernel("float32 x, float32 mean, float32 sigma", "float32 out", GAUSS_F64, "gaussian_pdf_f64")
        t = device_ms(15, 10, lambda: g(x, mean, sigma, out))
        verify(close(cp.asnumpy(out), gaussian_ref(hx, hm, hs), 2e-6), "cupy gaussian_pdf 100M")
        row("ufunc.gaussian.100M", "cupy", t, "ms", "ElementwiseKernel, Numba's float64 promotion")
        del mean, sigma
        f0, f1 = np.float32(0.0), np.float32(1.0)
        g(x, f0, f1, out)
        sync()
        ts = []
        for _ in range(3):
            a = time.perf_counter()
            g(x, f0, f1, out)
            sync()
            ts.append((time.perf_counter() - a) * 1e3)
        row("ufunc.gaussian.100M.scalars", "cupy", median(ts), "ms", "wall clock; mean, sigma float32 scalars")
    except Exception as e:  # noqa: BLE001
        skipped("ufunc.gaussian.100M", "cupy", e)
    del x, out
    cp.get_default_memory_pool().free_all_blocks()


def main():
    global failures
    print(f"gpu_peers: python {sys.version.split()[0]}, numpy {np.__version__}", flush=True)
    for name, fn in (("numba", run_numba), ("cupy", run_cupy)):
        try:
            fn()
        except Exception as e:  # noqa: BLE001
            print(f"{name}: error: {type(e).__name__}: {e}", flush=True)
            traceback.print_exc(limit=5)
            failures += 1
        import gc
        gc.collect()
    print(f"gpu_peers: {'SOME CHECKS FAILED' if failures else 'all checks ok'}", flush=True)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
