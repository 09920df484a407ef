"""The sum, min and max builtins over lists, ranges and arrays, and np.any/np.all (Numba 0.68
has no builtin any()/all())."""
import numpy as np
from numba import njit
from _same import check_same



@njit
def builtins_iter(a, n):
    lst = [x * 2 for x in range(n)]
    return (sum(lst), sum(range(n)), sum(a), np.any(a > 3), np.all(a > -1), min(lst), max(a),
            len(range(2, n, 3)))


def check():
    check_same(builtins_iter, np.array([1.0, 2.0, 5.0]), 6)
