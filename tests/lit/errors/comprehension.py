# A set comprehension's items, as a set display's, must be hashable.
# RUN: %ujit check --verify %s
# verify-sig: f int64(int64)
from numba import njit


@njit
def f(n):
    # expected-error@+1:13 {{unhashable type: list(int64)}}
    return {[i] for i in range(n)}
