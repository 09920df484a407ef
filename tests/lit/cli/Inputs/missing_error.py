# Input of verify_catches_mistakes.py: nothing is wrong with this code.
from numba import njit


@njit('float64(float64)')
def f(x):
    # An error that never comes:
    # expected-error@+1 {{is not defined}}
    return x
