"""int64 arithmetic wraps in Numba (and in NumPy's int64 scalars, this file's oracle)."""
import numpy as np
from numba import njit
from _same import same


@njit
def wrap_mul(x, n):
    for _ in range(n):
        x = x * 31 + 7
    return x


def check():
    with np.errstate(over="ignore"):
        for start, n in ((1, 10), (12345, 20), (-99, 30)):
            got = wrap_mul(start, n)
            want = wrap_mul.py_func(np.int64(start), n)
            same(got, int(want))
        same(wrap_mul(2 ** 62, 1), int(np.int64(2 ** 62) * np.int64(31) + np.int64(7)))
