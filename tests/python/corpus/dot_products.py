"""np.dot of vectors and matrices, and the @ operator."""
import numpy as np
from numba import njit
from _same import check_same


@njit
def products(a, b, m):
    return np.dot(a, b), m @ a, np.dot(m, m.T), a @ b


def check():
    rng = np.random.RandomState(0)
    check_same(products, rng.rand(4), rng.rand(4), rng.rand(4, 4))
