# fastmath= takes True/False or a set (or dict) of flag names, nothing else.
# RUN: %ujit check --verify %s
from numba import njit


# expected-error@+1:16 {{'fastmath=' expects True, False, or a set of flag names}}
@njit(fastmath=1)
def g(x):
    return x
