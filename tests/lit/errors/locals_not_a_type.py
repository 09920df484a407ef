# locals= maps names to types: float32, numba.float32, types.int64, float32[:], 'float32'.
# RUN: %ujit check --verify %s
from numba import njit


# expected-error@+1:20 {{expected a type such as float32 or float32[:]}}
@njit(locals={"x": 3})
def not_a_type(v):
    return v
