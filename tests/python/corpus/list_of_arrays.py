"""A list of arrays built in a loop and combined afterwards."""
import numpy as np
from numba import njit
from _same import check_same


@njit
def pieces(n):
    parts = []
    for i in range(n):
        parts.append(np.arange(i + 1) * 1.0)
    total = 0.0
    for p in parts:
        total += p.sum()
    return total, len(parts), parts[-1]


def check():
    check_same(pieces, 5)
