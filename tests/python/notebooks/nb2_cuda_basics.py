"""Notebook 2 (CUDA basics: ufuncs and device functions), through ujit's imports.

Our own code for the cells' constructs: NumPy's ufunc broadcasting, an int64 CUDA ufunc
on arrays of different shapes, a float32 CUDA ufunc called with scalars (Numba returns a
1-element array) and with a million float32 values, a device function returning a tuple,
and the zero-suppression exercise: an int16 ufunc whose threshold is given as a float.
Without a GPU the CUDA ufuncs run their CPU loops.
"""
import math

import numpy as np

from ujit import cuda, vectorize  # was: from numba import cuda, vectorize

a = np.array([1, 2, 3, 4])
b = np.array([10, 20, 30, 40])
c = np.arange(4 * 4).reshape((4, 4))
b_col = b[:, np.newaxis]


@vectorize(["int64(int64, int64)"], target="cuda")
def add_ufunc(x, y):
    return x + y


sum_ab = add_ufunc(a, b)
sum_bcol_c = add_ufunc(b_col, c)
np.add(b_col, c)  # the %timeit'ed NumPy call

SQRT_2PI = np.float32((2 * math.pi) ** 0.5)  # a float32 global, folded into the code


@vectorize(["float32(float32, float32, float32)"], target="cuda")
def gaussian_pdf(x, mean, sigma):
    """Normal density at x."""
    return math.exp(-0.5 * ((x - mean) / sigma) ** 2) / (sigma * SQRT_2PI)


x = np.random.uniform(-3, 3, size=1_000_000).astype(np.float32)
mean = np.float32(0.0)
sigma = np.float32(1.0)
pdf_first = gaussian_pdf(x[0], 0.0, 1.0)  # scalars only: Numba gives a 1-element array
pdf = gaussian_pdf(x, mean, sigma)


@cuda.jit(device=True)
def polar_to_cartesian(rho, theta):
    return rho * math.cos(theta), rho * math.sin(theta)


@vectorize(["float32(float32, float32, float32, float32)"], target="cuda")
def polar_distance(rho1, theta1, rho2, theta2):
    x1, y1 = polar_to_cartesian(rho1, theta1)
    x2, y2 = polar_to_cartesian(rho2, theta2)
    return ((x1 - x2) ** 2 + (y1 - y2) ** 2) ** 0.5


n = 100_000
rho1 = np.random.uniform(0.5, 1.5, size=n).astype(np.float32)
theta1 = np.random.uniform(-np.pi, np.pi, size=n).astype(np.float32)
rho2 = np.random.uniform(0.5, 1.5, size=n).astype(np.float32)
theta2 = np.random.uniform(-np.pi, np.pi, size=n).astype(np.float32)
distance = polar_distance(rho1, theta1, rho2, theta2)

# The exercise: a noisy pulse train, then its samples below a threshold zeroed.
noise = np.random.normal(size=n) * 3
pulses = np.maximum(np.sin(np.arange(n) / (n / 23)) - 0.3, 0.0)
waveform = ((pulses * 300) + noise).astype(np.int16)


@vectorize(["int16(int16, int16)"], target="cuda")
def zero_suppress(waveform_value, threshold):
    if waveform_value < threshold:
        result = 0
    else:
        result = waveform_value
    return result


suppressed = zero_suppress(waveform, 15.0)  # a float threshold for an int16 loop, as the cell has it
