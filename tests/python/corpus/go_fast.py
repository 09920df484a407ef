"""Numba's 5-minute guide: go_fast adds the trace of tanh to every element."""
import numpy as np
from numba import njit
from _same import check_same


@njit
def go_fast(a):
    trace = 0.0
    for i in range(a.shape[0]):
        trace += np.tanh(a[i, i])
    return a + trace


def check():
    check_same(go_fast, np.arange(100).reshape(10, 10))
    check_same(go_fast, np.arange(16.0).reshape(4, 4))
