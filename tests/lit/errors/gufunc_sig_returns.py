# guvectorize: the layout is parsed as NumPy does and checked against each signature at
# the decorator (returns).
# RUN: %ujit check --verify %s
from numba import guvectorize, float64, int64


# expected-error@+1:15 {{a guvectorize signature returns nothing (outputs are its last arguments): 'float64(float64[:], float64[:])'}}
@guvectorize(['float64(float64[:], float64[:])'], '(n)->()')
def returns(x, out):
    out[0] = x[0]
