# locals= (Numba's) is a dict of variable names to types.
# RUN: %ujit check --verify %s
from numba import njit


# expected-error@+1:14 {{locals= expects a dict of variable names to types, not a list}}
@njit(locals=["x"])
def not_a_dict(v):
    return v
