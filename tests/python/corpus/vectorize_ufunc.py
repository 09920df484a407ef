"""@vectorize ufuncs, lazily typed and with explicit signatures, on arrays and scalars."""
import math

import numpy as np
from numba import vectorize
from _same import same

XFAIL = 'sweep: a @vectorize with several signatures picks the exact loop, not the first the inputs cast to safely (NumPy and Numba)'


@vectorize
def rel_diff(x, y):
    return 2 * (x - y) / (x + y)


@vectorize(["float64(float64, float64)", "float32(float32, float32)"])
def logaddexp(x, y):
    m = max(x, y)
    return m + math.log(math.exp(x - m) + math.exp(y - m))


def check():
    a = np.arange(1.0, 6.0)
    b = a[::-1].copy()
    same(rel_diff(a, b), 2 * (a - b) / (a + b))
    same(rel_diff(3.0, 1.0), 1.0)
    same(logaddexp(a, b), np.logaddexp(a, b))
    # NumPy picks the first listed loop the inputs cast to safely: float64 here, as in Numba.
    same(logaddexp(a.astype(np.float32), b.astype(np.float32)), np.logaddexp(a, b))
