"""All-pairs shortest paths with np.inf for no edge."""
import numpy as np
from numba import njit
from _same import check_same


@njit
def floyd(dist):
    n = dist.shape[0]
    d = dist.copy()
    for k in range(n):
        for i in range(n):
            for j in range(n):
                if d[i, k] + d[k, j] < d[i, j]:
                    d[i, j] = d[i, k] + d[k, j]
    return d


def check():
    rng = np.random.RandomState(0)
    w = rng.rand(8, 8) * 10
    w[rng.rand(8, 8) < 0.5] = np.inf
    np.fill_diagonal(w, 0)
    check_same(floyd, w)
