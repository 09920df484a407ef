# A raise's arguments may be run-time values (Numba's dynamic exceptions): numbers, bools,
# strings and None are formatted into the message; what ujit cannot format is a located error.
# RUN: %ujit check --verify %s
from numba import njit


@njit("void(float64[:])")
def array_argument(a):
    # expected-error@+1:35 {{ujit raises exceptions with arguments that are numbers, bools, strings or None; this one is array(float64, 1d, A)}}
    raise ValueError("bad array", a)


@njit("void(int64)")
def tuple_in_assert(i):
    # expected-error@+1:15 {{ujit raises exceptions with arguments that are numbers, bools, strings or None; this one is UniTuple(int64 x 2)}}
    assert i, (i, i)
