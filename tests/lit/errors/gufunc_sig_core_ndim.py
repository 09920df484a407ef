# guvectorize: the layout is parsed as NumPy does and checked against each signature at
# the decorator (wrong ndim).
# RUN: %ujit check --verify %s
from numba import guvectorize, float64, int64


# expected-error@+1:15 {{input 0 '(m,n)' has 2 core dimensions but 'void(float64[:], float64[:])' declares a 1-d array}}
@guvectorize(['void(float64[:], float64[:])'], '(m,n)->()')
def wrong_ndim(x, out):
    out[0] = x[0]
