# A module holds imports, constants and functions: no code runs at import time.
# RUN: %ujit check --verify %s
from numba import njit

# expected-error@+1:1 {{module-level}}
for i in range(3):
    pass


@njit
def f(x):
    return x
