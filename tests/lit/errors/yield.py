# Generators compile (tests/python/test_generators.py); what Numba does not compile stays a
# located error: a value sent in (`x = yield v`) and `yield from`.
# RUN: %ujit check --verify %s
from numba import njit


@njit
def f(n):
    for i in range(n):
        # expected-error@+1:13 {{'yield' expressions are not supported by ujit}}
        x = yield i
