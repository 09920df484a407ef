# guvectorize: the layout is parsed as NumPy does and checked against each signature at
# the decorator (fixed).
# RUN: %ujit check --verify %s
from numba import guvectorize, float64, int64


# expected-error@+1:50 {{invalid gufunc layout '(3)->()': fixed-size core dimensions are not supported; name the dimension}}
@guvectorize(['void(float64[:], float64[:])'], '(3)->()')
def fixed(x, out):
    out[0] = x[0]
