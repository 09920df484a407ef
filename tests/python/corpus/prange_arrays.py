"""parallel=True with array work: a histogram per chunk summed afterwards, a prange whose body
allocates, a 2-D array expression parallelised, and a reduction of a whole array with +=."""
import numpy as np
from numba import njit, prange
from _same import check_same


@njit(parallel=True)
def chunked_hist(x, nbins, nchunks):
    n = x.shape[0]
    parts = np.zeros((nchunks, nbins), np.int64)
    for c in prange(nchunks):
        lo = c * n // nchunks
        hi = (c + 1) * n // nchunks
        for i in range(lo, hi):
            b = int(x[i] * nbins)
            if b == nbins:
                b -= 1
            parts[c, b] += 1
    return parts.sum(axis=0)


@njit(parallel=True)
def row_sorted_medians(a):
    out = np.empty(a.shape[0])
    for i in prange(a.shape[0]):
        r = np.sort(a[i])
        out[i] = 0.5 * (r[(r.shape[0] - 1) // 2] + r[r.shape[0] // 2])
    return out


@njit(parallel=True)
def expr2d(a, b):
    return np.sqrt(a * a + b * b) - 0.5 * np.exp(-a)


@njit(parallel=True)
def vector_sum(a):
    acc = np.zeros(a.shape[1])
    for i in prange(a.shape[0]):
        acc += a[i]
    return acc


def check():
    rng = np.random.RandomState(30)
    check_same(chunked_hist, rng.rand(1000), 10, 7)
    a = rng.rand(50, 9)
    check_same(row_sorted_medians, a)
    check_same(expr2d, a, a.T.copy().T)
    check_same(vector_sum, a)
