# A name that is neither a local, a parameter, a module constant nor an import.
# RUN: %ujit check --verify %s
from numba import njit


@njit('float64(float64)')
def f(x):
    # expected-error@+1:16 {{name 'y' is not defined}}
    return x + y
