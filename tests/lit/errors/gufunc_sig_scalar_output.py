# guvectorize: the layout is parsed as NumPy does and checked against each signature at
# the decorator (scalar output).
# RUN: %ujit check --verify %s
from numba import guvectorize, float64, int64


# expected-error@+1:15 {{output 0 '()' is written by the function: declare it as the array float64[:] in 'void(float64[:], float64)'}}
@guvectorize(['void(float64[:], float64)'], '(n)->()')
def scalar_output(x, out):
    out = x[0]
