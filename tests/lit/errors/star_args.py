# Calls with a starred argument: Numba takes a tuple there (Python takes any iterable).
# RUN: %ujit check --verify %s
import numpy as np
from numba import njit


@njit
def add(a, b):
    return a + b


@njit("int64(int64)")
def star_of_int(x):
    # expected-error@+1:16 {{*args in function call should be a tuple, got int64}}
    return add(*x)


@njit("float64(float64[:])")
def star_of_array(a):
    # expected-error@+1:21 {{*args in function call should be a tuple, got array(float64, 1d, A)}}
    return add(1.0, *a)


@njit("int64(int64)")
def too_many(x):
    # expected-error@+1:12 {{'add' takes 2 arguments but 3 were given}}
    return add(*(x, x, x))


@njit("int64(UniTuple(int64, 2))")
def loop_over_range(t):
    s = 0
    # expected-error@+1:20 {{a starred argument in the call a loop iterates over is not supported by ujit}}
    for i in range(*t):
        s += i
    return s

