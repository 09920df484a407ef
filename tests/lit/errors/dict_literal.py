# Dict displays compile (tests/python/test_dicts.py); dict comprehensions are outside the subset.
# RUN: %ujit check --verify %s
from numba import njit


@njit
def f(x):
    # expected-error@+1:9 {{dict comprehensions are not supported by ujit}}
    d = {i: x for i in range(3)}
    return x
