# A compound statement's header ends with ':'.
# RUN: %ujit check --verify %s
from numba import njit


@njit
def f(x):
    # expected-error@+1:13 {{expected ':', found end of line}}
    if x > 0
        return x
    return -x
