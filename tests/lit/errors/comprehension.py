# Set and dict comprehensions are outside the subset (list comprehensions are lists).
# RUN: %ujit check --verify %s
from numba import njit


@njit
def f(n):
    # expected-error@+1:12 {{set comprehensions are not supported by ujit}}
    return {i * i for i in range(n)}
