# Storing a 2-D expression into a 1-D view cannot broadcast.
# RUN: %ujit check --verify %s
from numba import njit


@njit('void(float64[:], float64[:, :])')
def f(a, m):
    # expected-error@+1:12 {{cannot broadcast a 2-D array into a 1-D array}}
    a[:] = m + 1.0
