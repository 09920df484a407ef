# a.flat is iterated, indexed by one integer and len()'d; what else Numba does with it (a
# variable holding it) ujit refuses at the place, as it refuses a slice (Numba's lowering does).
# RUN: %ujit check --verify %s
from numba import njit


@njit("float64(float64[:])")
def sliced(a):
    # expected-error@+1:19 {{array.flat(array(float64, 1d, A)) is indexed by one integer in ujit, not sliced}}
    return a.flat[1:3]


@njit("float64(float64[:])")
def held(a):
    # expected-error@+1:9 {{cannot assign array.flat(array(float64, 1d, A)) to variable 'f'}}
    f = a.flat
    return f[0]
