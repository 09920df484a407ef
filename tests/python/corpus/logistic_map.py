"""The logistic map's attractor for a range of r."""
import numpy as np
from numba import njit
from _same import check_same


@njit
def logistic(rs, n_skip, n_keep):
    out = np.empty((rs.shape[0], n_keep))
    for i in range(rs.shape[0]):
        x = 0.5
        r = rs[i]
        for _ in range(n_skip):
            x = r * x * (1 - x)
        for k in range(n_keep):
            x = r * x * (1 - x)
            out[i, k] = x
    return out


def check():
    check_same(logistic, np.linspace(2.5, 4.0, 10), 100, 8)
