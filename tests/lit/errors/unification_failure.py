# Assignments that meet at a use must have types that unify (like int64 and float64); ones that
# never meet are separate variables (Numba's SSA versions), so the `return y` is what joins them.
# RUN: %ujit check --verify %s
from numba import njit


@njit('float64(float64)')
def f(x):
    if x > 0:
        y = 1.0
    else:
        # expected-error@+1:9 {{variable 'y' has type float64}}
        y = (1, 2)
    return y
