"""float32 arrays keep float32 through array expressions and in-place updates."""
import numpy as np
from numba import njit
from _same import check_same


@njit
def saxpy(a, x, y):
    return a * x + y


@njit
def scale_inplace(x, k):
    for i in range(x.shape[0]):
        x[i] *= k
    return x


@njit
def mixed_dtype(x):
    return x.astype(np.float64) * 2, x.astype(np.int32), (x + np.float32(1))


def check():
    x = np.arange(6, dtype=np.float32)
    y = np.ones(6, dtype=np.float32)
    check_same(saxpy, np.float32(2), x, y)
    check_same(scale_inplace, x.copy(), np.float32(0.5))
    check_same(mixed_dtype, x)
