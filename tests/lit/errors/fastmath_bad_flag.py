# fastmath= takes Numba's flag names; an unknown one is named as the error.
# RUN: %ujit check --verify %s
from numba import njit


# expected-error@+1:17 {{unknown fastmath flag: expected one of 'fast', 'nnan', 'ninf', 'nsz', 'arcp', 'contract', 'afn', 'reassoc'}}
@njit(fastmath={'nan'})
def f(x):
    return x
