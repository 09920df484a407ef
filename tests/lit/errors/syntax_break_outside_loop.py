# break belongs to a loop; a def inside a loop starts afresh.
# RUN: %ujit check --verify %s
from numba import njit


@njit
def f(x):
    if x > 0:
        # expected-error@+1:9 {{'break' outside loop}}
        break
    return x
