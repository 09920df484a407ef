# Recursion without a return that does not recurse has no type: Numba's error, at the call.
# RUN: %ujit check --verify %s
from numba import njit


@njit("(int64)")
def forever(n):
    # expected-error@+1:12 {{cannot type infer runaway recursion}}
    return forever(n + 1)


@njit("(int64)")
def ping(n):
    return pong(n)


@njit
def pong(n):
    # expected-error@+1:12 {{cannot type infer runaway recursion}}
    return ping(n - 1)
