# guvectorize: the layout is parsed as NumPy does and checked against each signature at
# the decorator (no output).
# RUN: %ujit check --verify %s
from numba import guvectorize, float64, int64


# expected-error@+1:54 {{invalid gufunc layout '(n)->': expected an output '(' after '->'}}
@guvectorize(['void(float64[:], float64[:])'], '(n)->')
def no_output(x, out):
    out[0] = x[0]
