# Set displays compile (tests/python/test_sets.py); set comprehensions are outside the subset.
# RUN: %ujit check --verify %s
from numba import njit


@njit
def f(x):
    # expected-error@+1:9 {{set comprehensions are not supported by ujit}}
    s = {i for i in range(3)}
    return x
