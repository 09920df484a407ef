"""np.random forms, seeded inside compiled code (NumPy's legacy stream is the oracle)."""
import numpy as np
from numba import njit
from _same import check_same



@njit
def draws(seed):
    np.random.seed(seed)
    a = np.random.rand(3)
    b = np.random.random(4)
    c = np.random.uniform(1.0, 2.0, 3)
    d = np.random.random_sample((2, 2))
    e = np.random.rand(2, 3)
    return a, b, c, d, e


@njit
def gaussian(seed):
    np.random.seed(seed)
    return np.random.randn(3), np.random.normal(5.0, 2.0, 4), np.random.standard_normal(2)


@njit
def scalars(seed):
    np.random.seed(seed)
    return np.random.random(), np.random.uniform(-1, 1), np.random.normal(), np.random.exponential(2.0)


def check():
    check_same(draws, 42)
    check_same(gaussian, 1)
    check_same(scalars, 7)
