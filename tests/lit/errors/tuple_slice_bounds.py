# Numba slices a tuple only with constant bounds (static_getitem); a run-time bound finds no
# getitem of a tuple and a slice, and a zero step is Python's ValueError at compile time.
# RUN: %ujit check --verify %s
from numba import njit


@njit("UniTuple(int64, 3)(UniTuple(int64, 3), int64)")
def f(t, k):
    # expected-error@+1:15 {{getitem(UniTuple(int64 x 3), slice<a:b>)}}
    return t[:k]


@njit("UniTuple(int64, 3)(UniTuple(int64, 3))")
def g(t):
    # expected-error@+1:16 {{slice step cannot be zero}}
    return t[::0]
