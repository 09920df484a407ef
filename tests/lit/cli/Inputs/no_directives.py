# Input of verify_catches_mistakes.py: a verify test must state what it expects.
from numba import njit


@njit
def f(x):
    return x
