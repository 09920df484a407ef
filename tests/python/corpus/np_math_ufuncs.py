"""NumPy ufuncs on arrays and scalars: exp, log, sqrt, sin, power, maximum, hypot, arctan2."""
import numpy as np
from numba import njit
from _same import check_same



@njit
def ufuncs(a, b):
    return (np.exp(a), np.log1p(a), np.sqrt(a), np.sin(a) + np.cos(b), np.power(a, 2), np.maximum(a, b),
            np.hypot(a, b), np.arctan2(a, b), np.floor(a * 3), np.clip(a, 0.2, 0.6), np.round(a, 2),
            np.exp(0.5), np.isfinite(a).all())


def check():
    rng = np.random.RandomState(0)
    check_same(ufuncs, rng.rand(6), rng.rand(6))
