"""Exponentially weighted moving averages: a 1-D series and each column of a 2-D array, with
the adjust=False recurrence that pandas documents, and a float32 input keeping float32."""
import numpy as np
from numba import njit
from _same import check_same


@njit
def ewma(x, alpha):
    out = np.empty_like(x)
    out[0] = x[0]
    for i in range(1, x.shape[0]):
        out[i] = alpha * x[i] + (1 - alpha) * out[i - 1]
    return out


@njit
def ewma_columns(a, alpha):
    out = np.empty_like(a)
    for j in range(a.shape[1]):
        out[:, j] = ewma(a[:, j].copy(), alpha)
    return out


def check():
    rng = np.random.RandomState(12)
    x = rng.randn(40).cumsum()
    check_same(ewma, x, 0.2)
    check_same(ewma_columns, rng.randn(30, 3), 0.5)
    check_same(ewma, x.astype(np.float32), np.float32(0.25), rtol=1e-6)
