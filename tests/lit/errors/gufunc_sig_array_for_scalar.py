# guvectorize: the layout is parsed as NumPy does and checked against each signature at
# the decorator (array for scalar).
# RUN: %ujit check --verify %s
from numba import guvectorize, float64, int64


# expected-error@+1:15 {{input 1 '()' is a scalar core: declare it as int64, not a 1-d array, in '(array(float64, 1d, A), array(int64, 1d, A), array(float64, 1d, A))'}}
@guvectorize([(float64[:], int64[:], float64[:])], '(n),()->(n)')
def array_for_scalar(x, k, out):
    out[0] = x[0] + k[0]
