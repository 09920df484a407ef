# Reductions are whole-array; an axis is a located error.
# RUN: %ujit check --verify %s
from numba import njit


@njit('float64(float64[:, :])')
def f(m):
    # expected-error@+1:18 {{sum() with an axis is not supported by ujit}}
    return m.sum(0)[0]
