"""Notebook 4's device-array cells: a kernel on to_device/device_array_like arrays,
copy_to_host, cuda.synchronize() around launches, and the counters on device memory.
Without a GPU they run on host-backed device arrays and streams (the host device)."""
import numpy as np

from ujit import cuda  # was: from numba import cuda


@cuda.jit
def add_kernel(x, y, out):
    for i in range(cuda.grid(1), x.shape[0], cuda.gridsize(1)):
        out[i] = x[i] + y[i]


@cuda.jit
def thread_counter_safe(global_counter):
    cuda.atomic.add(global_counter, 0, 1)


n = 100_000
x = np.arange(n).astype(np.float32)
y = 2 * x
x_device = cuda.to_device(x)
y_device = cuda.to_device(y)
out_device = cuda.device_array_like(x)
cuda.synchronize()
add_kernel[30, 128](x_device, y_device, out_device)
cuda.synchronize()
out = out_device.copy_to_host()

global_counter = cuda.to_device(np.array([0], dtype=np.int32))
thread_counter_safe[64, 64](global_counter)
counter = global_counter.copy_to_host()
