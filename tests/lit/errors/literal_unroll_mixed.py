# literal_unroll loops over a tuple whose items share one type; Numba's unrolling of a tuple of
# different types into one copy of the loop body per item is not done: an error at the call.
# RUN: %ujit check --verify %s
from numba import njit
from numba.misc.special import literal_unroll


@njit("int64()")
def count():
    n = 0
    # expected-error@+1:29 {{literal_unroll() of Tuple(int64, float64), a tuple whose items differ in type}}
    for x in literal_unroll((1, 2.0)):
        n += 1
    return n
