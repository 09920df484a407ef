# literal_unroll's errors, as Numba words them: a literal_unroll loop inside another, a call with
# two arguments, and a function argument that is no tuple.
# RUN: %ujit check --verify %s
from numba import njit
from numba.misc.special import literal_unroll


@njit("int64()")
def nested():
    n = 0
    for x in literal_unroll((1, 2.0)):
        # expected-error@+1:9 {{Nesting of literal_unroll is unsupported}}
        for y in literal_unroll((1, 2.0)):
            n += 1
    return n


@njit("float64(float64[:])")
def over_array(a):
    s = 0.0
    # expected-error@+1:29 {{Invalid use of literal_unroll with a function argument, only tuples are supported as function arguments, found array(float64, 1d, A)}}
    for x in literal_unroll(a):
        s += x
    return s


@njit("int64()")
def two_arguments():
    r = 0
    x = (10, 20)
    # expected-error@+1:14 {{literal_unroll takes one argument, found 2}}
    for a in literal_unroll(x, x):
        r += a
    return r
