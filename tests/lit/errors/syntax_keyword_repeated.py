# A keyword argument is given once, and positional arguments come first.
# RUN: %ujit check --verify %s
from numba import njit


# expected-error@+1:22 {{keyword argument repeated: nopython}}
@njit(nopython=True, nopython=False)
def f(x):
    return x
