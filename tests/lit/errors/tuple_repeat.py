# Numba concatenates tuples (t + t2) but has no tuple repetition: `t * 2` is its "No
# implementation" error, as is `+` of a named tuple; `t += t2` needs a variable of a new type.
# RUN: %ujit check --verify %s
from numba import njit


@njit("UniTuple(int64, 2)(UniTuple(int64, 2))")
def f(t):
    # expected-error@+1:12 {{No implementation of function Function(<built-in function mul>) found for signature: mul(UniTuple(int64 x 2), int64)}}
    return t * 2


# Numba types `t += (x,)` as t = t + (x,) under a new SSA name; ujit's variables keep one type.
@njit("UniTuple(int64, 2)(UniTuple(int64, 2))")
def g(t):
    # expected-error@+1:5 {{a ujit variable keeps one type: bind t + t2 to a new name}}
    t += (1,)
    return t
