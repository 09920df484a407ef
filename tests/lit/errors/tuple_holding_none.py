# A tuple holding None (Numba's Tuple(int64, none)) has no storage in ujit yet: its variable's
# stack slot crashed LLVM (a struct with a void member). Now a located error at the None.
# RUN: %ujit check --verify %s
from numba import njit


@njit("int64(int64)")
def kept(x):
    # expected-error@+1:13 {{ujit does not keep None in a tuple yet (Numba does)}}
    t = (x, None)
    return t[0]


@njit("int64(int64)")
def unpacked(x):
    # expected-error@+1:15 {{ujit does not keep None in a tuple yet (Numba does)}}
    a, b = x, None
    return a
