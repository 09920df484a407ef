# guvectorize: the layout is parsed as NumPy does and checked against each signature at
# the decorator (too few).
# RUN: %ujit check --verify %s
from numba import guvectorize, float64, int64


# expected-error@+1:15 {{signature 'void(float64[:], float64[:])' has 2 arguments but the layout '(n),(n)->()' has 3 operands (2 inputs, 1 output)}}
@guvectorize(['void(float64[:], float64[:])'], '(n),(n)->()')
def too_few(x, y, out):
    out[0] = x[0]
