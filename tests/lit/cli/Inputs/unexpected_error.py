# Input of verify_catches_mistakes.py: an error that no directive expects.
# expected-no-diagnostics
from numba import njit


@njit('float64(float64)')
def f(x):
    # The second statement refers to an unknown name.
    y = x
    return x + z
