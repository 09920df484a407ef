# Class definitions are outside the subset: at the top level they are host code, left to
# Python; a compiled function that uses the class is an error that says why.
# RUN: %ujit check --verify %s
# verify-sig: f float64(float64)
from numba import njit


class Point:
    pass


@njit
def f(x):
    # expected-error@+1:12 {{global 'Point' (bound at line 8) is not a compile-time constant: class definitions are not supported by ujit}}
    return Point()
