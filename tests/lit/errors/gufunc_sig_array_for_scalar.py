# guvectorize: the layout is parsed as NumPy does and checked against each signature at
# the decorator. A '()' core may be declared as a 1-d array of one item (Numba's move_mean
# example), but not as an array of more dimensions.
# RUN: %ujit check --verify %s
from numba import guvectorize, float64, int64


# expected-error@+1:15 {{input 1 '()' has 0 core dimensions but '(array(float64, 1d, A), array(int64, 2d, A), array(float64, 1d, A))' declares a 2-d array}}
@guvectorize([(float64[:], int64[:, :], float64[:])], '(n),()->(n)')
def array_for_scalar(x, k, out):
    out[0] = x[0] + k[0, 0]
