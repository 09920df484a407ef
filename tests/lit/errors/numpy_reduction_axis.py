# Numba's max, min, mean and prod take no axis (sum, argmin, argmax and cumsum do): a located error.
# RUN: %ujit check --verify %s
from numba import njit


@njit('float64(float64[:, :])')
def f(m):
    # expected-error@+1:18 {{max() with an axis is not supported by ujit}}
    return m.max(0)[0]
