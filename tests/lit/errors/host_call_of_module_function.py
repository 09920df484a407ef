# A top-level call of one of the module's own functions is host code (Python runs it), not
# a constant: a compiled function that reads its result is told so. (The constant folder
# once looked such a call up in the builtin table, out of its bounds.)
# RUN: %ujit check --verify %s
# verify-sig: g float64(float64)
import math

from numba import njit


@njit
def hypot(x, y):
    return math.sqrt(x * x + y * y)


first = hypot(3.0, 4.0)


@njit
def g(z):
    # expected-error@+1:12 {{global 'first' (bound at line 16) is not a compile-time constant: calls to 'hypot' are not supported in a constant expression}}
    return first + z
