# Input of verify_catches_mistakes.py: the error is at column 9, not 5.
from numba import njit


@njit
def f(x):
    # A wrong column:
    # expected-error@+1:5 {{generator expressions}}
    d = (i for i in range(3))
    return x
