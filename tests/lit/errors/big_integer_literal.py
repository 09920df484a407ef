# Integer literals must fit in 64 bits (int64, or uint64 as numba.typeof does).
# RUN: %ujit check --verify %s
from numba import njit


@njit
def f(x):
    # expected-error@+1:16 {{integer literal too large}}
    return x + 100000000000000000000
