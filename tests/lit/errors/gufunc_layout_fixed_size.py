# guvectorize: fixed-size core dimensions ('(3),(3)->(3)', '(n,3)->()') are accepted as
# NumPy accepts them; a malformed one is located in the layout string (an oversized one:
# tests/unit/types/gufunc_layout_test.cpp).
# RUN: %ujit check --verify %s
from numba import guvectorize


@guvectorize(['void(float64[:], float64[:], float64[:])'], '(3),(3)->(3)')
def cross(a, b, out):
    out[0] = a[1] * b[2] - a[2] * b[1]
    out[1] = a[2] * b[0] - a[0] * b[2]
    out[2] = a[0] * b[1] - a[1] * b[0]


@guvectorize(['void(float64[:,:], float64[:])'], '(n,3)->()')
def first(v, out):
    out[0] = v[0, 0]


# expected-error@+1:51 {{invalid gufunc layout '(3x)->()': a core dimension name cannot start with a digit}}
@guvectorize(['void(float64[:], float64[:])'], '(3x)->()')
def digit_name(x, out):
    out[0] = x[0]

