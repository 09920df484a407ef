"""The Numba course's CPU cells, with only the import lines changed (numba -> ujit).

A module, not a test file, so that Dask's worker processes import the ufuncs by name.
"""
import math
import random

import numpy as np

import ujit as numba
from ujit import guvectorize, jit, njit, vectorize


@jit
def hypot(x, y):
    # Implementation from https://en.wikipedia.org/wiki/Hypot
    x = abs(x)
    y = abs(y)
    t = min(x, y)
    x = max(x, y)
    t = t / x
    return x * math.sqrt(1 + t * t)


@njit
def monte_carlo_pi(nsamples):
    acc = 0
    for i in range(nsamples):
        x = random.random()
        y = random.random()
        if (x ** 2 + y ** 2) < 1.0:
            acc += 1
    return 4.0 * acc / nsamples


SQRT_2PI = np.float32((2 * math.pi) ** 0.5)  # Precompute this constant as a float32.  Numba will inline it at compile time.


@vectorize(['float32(float32, float32, float32)'], target='cpu')
def gaussian_pdf(x, mean, sigma):
    '''Compute the value of a Gaussian probability density function at x with given mean and sigma.'''
    return math.exp(-0.5 * ((x - mean) / sigma) ** 2) / (sigma * SQRT_2PI)


@vectorize(['int16(int16, int16)'])
def zero_suppress(waveform_value, threshold):
    if waveform_value < threshold:
        result = 0
    else:
        result = waveform_value
    return result


@njit
def polar_to_cartesian(rho, theta):
    x = rho * math.cos(theta)
    y = rho * math.sin(theta)
    return x, y  # This is Python, so let's return a tuple


@vectorize(['float32(float32, float32, float32, float32)'])
def polar_distance(rho1, theta1, rho2, theta2):
    x1, y1 = polar_to_cartesian(rho1, theta1)
    x2, y2 = polar_to_cartesian(rho2, theta2)

    return ((x1 - x2) ** 2 + (y1 - y2) ** 2) ** 0.5


@vectorize(['float32(float32, float32)', 'float64(float64, float64)'])
def add_ufunc(x, y):
    return x + y


@guvectorize(['void(float32[:], float32[:])'], '(n)->()')
def l2_norm(vec, out):
    acc = 0.0
    for value in vec:
        acc += value ** 2
    out[0] = math.sqrt(acc)


@numba.vectorize(['float32(float32, float32, float32)'], target='parallel')
def make_pulses(i, period, amplitude):
    return max(math.sin(i / period) - 0.3, 0.0) * amplitude


@vectorize
def scaled_sum(a, b):
    """A lazy ufunc (no signatures): one loop per input dtype combination."""
    return 2 * a + b
