# Numba's errors for a value carried across prange iterations that is no supported reduction.
# RUN: %ujit check --verify %s
from numba import njit, prange


@njit('int64(int64[:])', parallel=True)
def floordiv(a):
    s = 1
    for i in prange(a.shape[0]):
        # expected-error@+1:9 {{Parallel floordiv reductions are not supported.}}
        s //= a[i]
    return s


@njit('int64(int64[:])', parallel=True)
def read_elsewhere(a):
    s = 0
    t = 0
    for i in prange(a.shape[0]):
        # expected-error@+1:9 {{Use of reduction variable s other than in a supported reduction function is not permitted.}}
        s += a[i]
        t = s
    return t


@njit('int64(int64[:])', parallel=True)
def conflicting(a):
    s = 0
    for i in prange(a.shape[0]):
        s += a[i]
        # expected-error@+1:9 {{Reduction variable s has multiple conflicting reduction operators.}}
        s *= 2
    return s
