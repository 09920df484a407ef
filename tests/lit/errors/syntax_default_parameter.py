# Parameters have no defaults (each signature fixes every argument).
# RUN: %ujit check --verify %s
from numba import njit


# expected-error@+2:11 {{default parameter values are not supported by ujit}}
@njit
def f(x, y=1.0):
    return x + y
