"""The pairwise distance matrix of Numba's examples."""
import numpy as np
from numba import njit
from _same import check_same


@njit
def pairwise(X):
    M = X.shape[0]
    N = X.shape[1]
    D = np.empty((M, M), dtype=np.float64)
    for i in range(M):
        for j in range(M):
            d = 0.0
            for k in range(N):
                tmp = X[i, k] - X[j, k]
                d += tmp * tmp
            D[i, j] = np.sqrt(d)
    return D


def check():
    check_same(pairwise, np.random.RandomState(0).rand(20, 3))
