# Strings exist only as print() arguments.
# verify-sig: f float64(float64)
# RUN: %ujit check --verify %s
from numba import njit


@njit
def f(x):
    # expected-error@+1:12 {{string literals are only supported as arguments of print()}}
    name = "x"
    return x
