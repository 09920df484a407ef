# return belongs to a function.
# RUN: %ujit check --verify %s
from numba import njit

# expected-error@+1:1 {{'return' outside function}}
return 1


@njit
def f(x):
    return x
