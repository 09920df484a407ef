"""Complex arithmetic: the discrete Fourier transform by hand against np.fft."""
import cmath

import numpy as np
from numba import njit
from _same import same



@njit
def dft(x):
    n = x.shape[0]
    out = np.zeros(n, dtype=np.complex128)
    for k in range(n):
        s = 0j
        for t in range(n):
            s += x[t] * cmath.exp(-2j * cmath.pi * k * t / n)
        out[k] = s
    return out


def check():
    x = np.random.RandomState(0).rand(16)
    same(dft(x), dft.py_func(x))
    same(dft(x), np.fft.fft(x), rtol=1e-9, atol=1e-9)
