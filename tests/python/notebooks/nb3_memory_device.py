"""Notebook 3's device-array cells: to_device, device_array, a ufunc into out=,
copy_to_host, and the exercise done with device allocations. Without a GPU these need
host-backed device arrays (the host device)."""
import math

import numpy as np

from ujit import cuda, vectorize  # was: from numba import cuda, vectorize


@vectorize(["float32(float32, float32)"], target="cuda")
def add_ufunc(x, y):
    return x + y


@vectorize(["float32(float32, float32, float32)"], target="cuda")
def make_pulses(i, period, amplitude):
    return max(math.sin(i / period) - 0.3, 0.0) * amplitude


n = 100_000
x = np.arange(n).astype(np.float32)
y = 2 * x
x_device = cuda.to_device(x)
y_device = cuda.to_device(y)
print(x_device, x_device.shape, x_device.dtype)
sum_device = add_ufunc(x_device, y_device)
out_device = cuda.device_array(shape=(n,), dtype=np.float32)
add_ufunc(x_device, y_device, out=out_device)
out_host = out_device.copy_to_host()

noise = (np.random.normal(size=n) * 3).astype(np.float32)
t = np.arange(n, dtype=np.float32)
t_device = cuda.to_device(t)
noise_device = cuda.to_device(noise)
pulses_device = cuda.device_array_like(t_device)
waveform_device = cuda.device_array_like(t_device)
make_pulses(t_device, n / 23, 100.0, out=pulses_device)
add_ufunc(pulses_device, noise_device, out=waveform_device)
waveform = waveform_device.copy_to_host()
