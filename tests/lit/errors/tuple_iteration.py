# A for loop iterates over a tuple whose items share one type (Numba's UniTuple iterator);
# a tuple of mixed types is Numba's typing error, located at the iterable.
# RUN: %ujit check --verify %s
from numba import njit

OFFSETS = (1, 2.5)


@njit("float64(float64)")
def mixed(x):
    s = 0.0
    # expected-error@+1:14 {{cannot iterate over name 'OFFSETS' of type Tuple(int64, float64): Numba iterates over tuples whose items all have one type}}
    for o in OFFSETS:
        s += o * x
    return s
