"""A kernel calling a CUDA C++ device function (cuda.declare_device, linked by nvJitLink) against
the same function written as a ujit device function (issue 21's speed item: within 1.05x),
and what the first launch costs (compile, link, load).

    PYTHONPATH=lang/python python3 tools/bench/bench_declared_call.py [N]

Needs a GPU. Prints the median kernel time of each (CUDA events, 20 runs after a warm-up) and
the first-launch time of each in this process as gpu_summary.py rows (`row | impl | value |
unit | note`; impl `ujit` is the ujit device function, `ujit-linked` the declared CUDA C++
one), then their ratio against the issue's target. Where libNVVM is found, ujit's kernel goes
into the link as LTO-IR made of its NVVM IR and nvJitLink inlines `step`; with UJIT_CUDA_LTO=0
(or without libNVVM) it goes in as PTX and the call stays a call: docs/performance.md has both."""
import os
import sys
import tempfile
import time

import numpy as np

from ujit import cuda

N = int(sys.argv[1]) if len(sys.argv) > 1 else 1 << 24

CU = os.path.join(tempfile.mkdtemp(), "saxpy_step.cu")
with open(CU, "w") as f:
    f.write('extern "C" __device__ int step(float* out, float a, float x, float y) {\n'
            '    *out = a * x + y;\n'
            '    return 0;\n'
            '}\n')

step_cpp = cuda.declare_device("step", "float32(float32, float32, float32)", link=[CU])


@cuda.jit(device=True)
def step_py(a, x, y):
    return a * x + y


@cuda.jit
def with_cpp(r, a, x, y):
    i = cuda.grid(1)
    if i < r.size:
        r[i] = step_cpp(a, x[i], y[i])


@cuda.jit
def with_py(r, a, x, y):
    i = cuda.grid(1)
    if i < r.size:
        r[i] = step_py(a, x[i], y[i])


def median_ms(kernel, args, runs=20):
    blocks = (N + 255) // 256
    t0 = time.perf_counter()
    kernel[blocks, 256](*args)
    cuda.synchronize()
    first = (time.perf_counter() - t0) * 1e3
    times = []
    for _ in range(runs):
        start, end = cuda.event(), cuda.event()
        start.record()
        kernel[blocks, 256](*args)
        end.record()
        end.synchronize()
        times.append(cuda.event_elapsed_time(start, end))
    return float(np.median(times)), first


def main():
    if not cuda.is_available():
        sys.exit("bench_declared_call: needs a GPU")
    x = cuda.to_device(np.random.rand(N).astype(np.float32))
    y = cuda.to_device(np.random.rand(N).astype(np.float32))
    r = cuda.device_array(N, np.float32)
    a = np.float32(2.5)
    cpp, cpp_first = median_ms(with_cpp, (r, a, x, y))
    out_cpp = r.copy_to_host()
    py, py_first = median_ms(with_py, (r, a, x, y))
    np.testing.assert_allclose(out_cpp, r.copy_to_host(), rtol=1e-6)
    row = "declared_call.saxpy.%dM" % (N >> 20) if N >= 1 << 20 else "declared_call.saxpy.%d" % N
    print("%s | ujit-linked | %.4f | ms | cuda.declare_device + link=[.cu]: NVRTC, nvJitLink" % (row, cpp))
    print("%s | ujit | %.4f | ms | the same function as a ujit device function" % (row, py))
    print("declared_call.first_launch | ujit-linked | %.1f | ms | compile, NVRTC, link, load" % cpp_first)
    print("declared_call.first_launch | ujit | %.1f | ms | compile, load" % py_first)
    ratio = cpp / py
    print("linked CUDA C++ / ujit device function: %.3fx  target <= 1.05x: %s"
          % (ratio, "met" if ratio <= 1.05 else "NOT met"))


if __name__ == "__main__":
    main()
