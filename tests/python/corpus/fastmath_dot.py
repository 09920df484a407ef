"""fastmath=True on a reduction loop (reassociation allowed, so compared to a tolerance)."""
import numpy as np
from numba import njit
from _same import same


@njit(fastmath=True)
def fast_dot(a, b):
    s = 0.0
    for i in range(a.shape[0]):
        s += a[i] * b[i]
    return s


def check():
    rng = np.random.RandomState(0)
    a, b = rng.rand(1000), rng.rand(1000)
    same(fast_dot(a, b), float(np.dot(a, b)), rtol=1e-10)
