"""A warp-shuffle sum of 100M float32 written as a ujit kernel against the same algorithm in
CUDA C++ with __shfl_down_sync (compiled by NVRTC through ujit.cuda.RawKernel), in one run
(issue 20's speed item: within 1.1x).

    PYTHONPATH=lang/python python3 tools/bench/bench_warp_reduce.py [N]

Needs a GPU. Each kernel: a grid-stride loop (`for i in range(cuda.grid(1), x.size,
cuda.gridsize(1))`; row `ujit-while` is the same loop written as a while, for information)
sums each thread's elements, the warp's 32 partial sums meet by shfl_down_sync (offsets 16,
8, 4, 2, 1), and lane 0 adds the warp's sum to the result with an atomic add. Same grid, block and data for both; each result is checked
against NumPy's float64 sum. Prints gpu_summary.py rows (`row | impl | value | unit | note`),
the median of 20 timed runs (CUDA events) after a warm-up, and the ratio."""
import sys

import numpy as np

from ujit import cuda

N = int(sys.argv[1]) if len(sys.argv) > 1 else 100_000_000
ROW = "warp-shuffle sum %dM float32" % max(1, N // 1_000_000)
BLOCK = 256


@cuda.jit(device=True)
def warp_total(acc, out):
    offset = 16
    while offset > 0:
        acc += cuda.shfl_down_sync(0xFFFFFFFF, acc, offset)
        offset //= 2
    if cuda.laneid == 0:
        cuda.atomic.add(out, 0, acc)


@cuda.jit
def warp_sum(x, out):
    acc = np.float32(0.0)
    for i in range(cuda.grid(1), x.size, cuda.gridsize(1)):
        acc += x[i]
    warp_total(acc, out)


@cuda.jit
def warp_sum_while(x, out):
    # The same loop as a while: Python's ints do not wrap, but Numba's int64 does, so
    # LLVM cannot count its trips (nvcc may: signed overflow is undefined in C++).
    i = cuda.grid(1)
    stride = cuda.gridsize(1)
    acc = np.float32(0.0)
    while i < x.size:
        acc += x[i]
        i += stride
    warp_total(acc, out)


CPP = r"""
extern "C" __global__ void warp_sum_cpp(const float* __restrict__ x, long long n, float* out) {
    long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x;
    long long stride = (long long)gridDim.x * blockDim.x;
    float acc = 0.0f;
    for (; i < n; i += stride) acc += x[i];
    for (int offset = 16; offset > 0; offset /= 2) acc += __shfl_down_sync(0xFFFFFFFFu, acc, offset);
    if ((threadIdx.x & 31) == 0) atomicAdd(out, acc);
}
"""


def row(name, impl, value, unit, note=""):
    print("%s | %s | %.4f | %s | %s" % (name, impl, value, unit, note))


def median_ms(launch, out, reps=20):
    launch()  # warm-up (and the first launch's compile)
    cuda.synchronize()
    times = []
    for _ in range(reps):
        out.copy_to_device(np.zeros(1, np.float32))
        start, end = cuda.event(), cuda.event()
        start.record()
        launch()
        end.record()
        end.synchronize()
        times.append(start.elapsed_time(end))
    return float(np.median(times))


def main():
    if not cuda.is_available():
        print("bench_warp_reduce: no GPU; skipped")
        return 0
    rng = np.random.default_rng(20)
    host = rng.random(N, dtype=np.float32)
    want = float(host.sum(dtype=np.float64))
    x = cuda.to_device(host)
    out = cuda.device_array(1, np.float32)
    sms = cuda.get_current_device().MULTIPROCESSOR_COUNT
    grid = sms * 8  # 2,048 threads per SM: the same for both
    cpp = cuda.RawKernel(CPP, "warp_sum_cpp")
    runs = {
        "ujit": lambda: warp_sum[grid, BLOCK](x, out),
        "ujit-while": lambda: warp_sum_while[grid, BLOCK](x, out),
        "cuda-cpp": lambda: cpp((grid,), (BLOCK,), (x, np.int64(N), out)),
    }
    ms, ok = {}, True
    for impl, launch in runs.items():
        ms[impl] = median_ms(launch, out)
        got = float(out.copy_to_host()[0])
        good = abs(got - want) <= 1e-4 * abs(want)
        ok &= good
        row(ROW, impl, ms[impl], "ms", "%.1f GB/s; sum %.6g vs NumPy %.6g%s"
            % (N * 4 / ms[impl] / 1e6, got, want, "" if good else " CHECK FAILED"))
    ratio = ms["ujit"] / ms["cuda-cpp"]
    name = cuda.get_current_device().name
    name = name.decode() if isinstance(name, bytes) else name
    print("%s: ujit / CUDA C++ = %.3fx (target <= 1.1x: %s) on %s"
          % (ROW, ratio, "met" if ratio <= 1.1 else "NOT met", name))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
