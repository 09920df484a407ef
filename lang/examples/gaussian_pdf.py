# gaussian_pdf(x, mean, sigma): the normal probability density at x, as a float32 ufunc.
# From the Numba course ("CUDA Basics"). Note Numba's typing: -0.5 is a float64 literal, so
# the exponent and the division run in float64; the result is stored as float32.
import math
import numpy as np
from numba import vectorize

SQRT_2PI = np.float32((2 * math.pi) ** 0.5)  # precomputed constant, float32


@vectorize(['float32(float32, float32, float32)'], target='cpu')
def gaussian_pdf(x, mean, sigma):
    '''Compute the value of a Gaussian probability density function at x with given mean and sigma.'''
    return math.exp(-0.5 * ((x - mean) / sigma) ** 2) / (sigma * SQRT_2PI)
