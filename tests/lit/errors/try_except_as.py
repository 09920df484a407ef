# Exception objects are never materialized in compiled code: Numba's message for `as NAME`.
# RUN: %ujit check --verify %s
from numba import njit


@njit
def f(x):
    try:
        return x // 0
    # expected-error@+1:25 {{Exception object cannot be stored into variable (e).}}
    except Exception as e:
        return 0
