# locals= (Numba's): names to types; a value its declared type cannot take is Numba's
# "No conversion from ... for 'x'", at the assignment.
# RUN: %ujit check --verify %s
from numba import njit, float32


@njit("float64(float64)", locals={"x": float32})
def tuple_into_float(v):
    # expected-error@+1:9 {{No conversion from UniTuple(int64 x 2) to float32 for 'x' (its type declared by locals=)}}
    x = (1, 2)
    return x
