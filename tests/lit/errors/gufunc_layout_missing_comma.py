# guvectorize: the layout is parsed as NumPy does and checked against each signature at
# the decorator (missing comma).
# RUN: %ujit check --verify %s
from numba import guvectorize, float64, int64


# expected-error@+1:65 {{invalid gufunc layout '(n) (n)->()': expected '->' after the inputs' core dimensions}}
@guvectorize(['void(float64[:], float64[:], float64[:])'], '(n) (n)->()')
def missing_comma(x, y, out):
    out[0] = x[0]
