# Input of verify_catches_mistakes.py: a directive without its braces.
from numba import njit

# expected-error@+2:1 dict
@njit
def f(x):
    return x
