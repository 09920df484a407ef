# guvectorize: the layout is parsed as NumPy does and checked against each signature at
# the decorator (repeated).
# RUN: %ujit check --verify %s
from numba import guvectorize, float64, int64


# expected-error@+1:55 {{invalid gufunc layout '(n,n)->()': core dimension 'n' appears twice in one operand}}
@guvectorize(['void(float64[:, :], float64[:])'], '(n,n)->()')
def repeated(x, out):
    out[0] = x[0, 0]
