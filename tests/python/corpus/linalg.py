"""np.linalg in compiled code: solve, inv, det and norm."""
import numpy as np
from numba import njit
from _same import check_same



@njit
def lin(a, b):
    x = np.linalg.solve(a, b)
    return x, np.linalg.inv(a), np.linalg.det(a), np.linalg.norm(b), np.linalg.norm(a)


def check():
    rng = np.random.RandomState(0)
    a = rng.rand(4, 4) + 4 * np.eye(4)
    check_same(lin, a, rng.rand(4))
