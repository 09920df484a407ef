"""Seeded 2-D draws: np.random.normal with a size tuple, np.random.uniform(low, high, size),
column means and a correlation estimate, all from NumPy's legacy stream."""
import numpy as np
from numba import njit
from _same import check_same


@njit
def draws(seed, n):
    np.random.seed(seed)
    z = np.random.normal(0.0, 2.0, (n, 3))
    u = np.random.uniform(-1.0, 1.0, (n, 2))
    means = np.empty(3)
    for j in range(3):
        means[j] = z[:, j].mean()
    c = ((z[:, 0] - means[0]) * (z[:, 1] - means[1])).mean()
    return z, u, means, c


def check():
    check_same(draws, 3, 50)
