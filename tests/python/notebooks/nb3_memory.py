"""Notebook 3 (memory management), the cells that run on host arrays.

A float32 CUDA add ufunc, and the exercise's pulse maker called with a float64 `period`
and a Python float amplitude for its float32 signature. The device-array cells are in
nb3_memory_device.py.
"""
import math

import numpy as np

from ujit import vectorize  # was: from numba import vectorize


@vectorize(["float32(float32, float32)"], target="cuda")
def add_ufunc(x, y):
    return x + y


n = 100_000
x = np.arange(n).astype(np.float32)
y = 2 * x
added = add_ufunc(x, y)  # the baseline %timeit on host arrays


@vectorize(["float32(float32, float32, float32)"], target="cuda")
def make_pulses(i, period, amplitude):
    return max(math.sin(i / period) - 0.3, 0.0) * amplitude


noise = (np.random.normal(size=n) * 3).astype(np.float32)
t = np.arange(n, dtype=np.float32)
period = n / 23
pulses = make_pulses(t, period, 100.0)
waveform = add_ufunc(pulses, noise)
