"""Recursion over arrays: Strassen-free divide-and-conquer matrix product on power-of-two
sizes with slices and np.empty blocks, and a recursive FFT (radix 2) on complex arrays."""
import numpy as np
from numba import njit
from _same import check_same


@njit
def dc_matmul(a, b):
    n = a.shape[0]
    if n <= 2:
        return a @ b
    h = n // 2
    c = np.empty((n, n))
    c[:h, :h] = dc_matmul(a[:h, :h].copy(), b[:h, :h].copy()) + dc_matmul(a[:h, h:].copy(), b[h:, :h].copy())
    c[:h, h:] = dc_matmul(a[:h, :h].copy(), b[:h, h:].copy()) + dc_matmul(a[:h, h:].copy(), b[h:, h:].copy())
    c[h:, :h] = dc_matmul(a[h:, :h].copy(), b[:h, :h].copy()) + dc_matmul(a[h:, h:].copy(), b[h:, :h].copy())
    c[h:, h:] = dc_matmul(a[h:, :h].copy(), b[:h, h:].copy()) + dc_matmul(a[h:, h:].copy(), b[h:, h:].copy())
    return c


@njit
def fft(x):
    n = x.shape[0]
    if n == 1:
        return x.copy()
    even = fft(x[0::2].copy())
    odd = fft(x[1::2].copy())
    t = np.exp(-2j * np.pi * np.arange(n // 2) / n) * odd
    out = np.empty(n, np.complex128)
    out[:n // 2] = even + t
    out[n // 2:] = even - t
    return out


def check():
    rng = np.random.RandomState(41)
    a, b = rng.rand(8, 8), rng.rand(8, 8)
    check_same(dc_matmul, a, b)
    x = rng.rand(16) + 1j * rng.rand(16)
    got = check_same(fft, x)
    np.testing.assert_allclose(got, np.fft.fft(x), atol=1e-12)
