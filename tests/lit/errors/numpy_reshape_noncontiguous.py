# reshape() needs a contiguous array type, as in Numba (a[::2] is layout A).
# RUN: %ujit check --verify %s
from numba import njit


@njit('int64(float64[::1])')
def f(a):
    # expected-error@+1:12 {{reshape() supports contiguous array only}}
    return a[::2].reshape(2, -1).size
