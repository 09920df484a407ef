# Numba's std and var take no axis (sum, argmin, argmax and cumsum do; ujit takes NumPy's for
# max, min, mean and prod too): a located error.
# RUN: %ujit check --verify %s
from numba import njit


@njit('float64(float64[:, :])')
def f(m):
    # expected-error@+1:18 {{std() with an axis is not supported by ujit}}
    return m.std(0)
