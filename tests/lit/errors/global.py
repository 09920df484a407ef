# Global variables are constants in ujit, as in Numba: no 'global' statement.
# RUN: %ujit check --verify %s
from numba import njit

counter = 0


@njit
def f(x):
    # expected-error@+1:5 {{'global' statements are not supported by ujit}}
    global counter
    return x
