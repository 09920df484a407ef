# a.flat: the items of any layout in C order, iterated, indexed (a negative index from the
# end) and assigned. a is arange(6).reshape(2, 3), its transpose walks 0 3 1 4 2 5.
# RUN: %ujit run %s walk | FileCheck %s --check-prefix=WALK
# RUN: %ujit run %s poke | FileCheck %s --check-prefix=POKE
# RUN: not %ujit run %s outside 2>&1 | FileCheck %s --check-prefix=OUT
# WALK: {{^}}[0.0, 3.0, 1.0, 4.0, 2.0, 5.0]{{$}}
# POKE: {{^}}(5.0, 6, array({{\[}}[ 0., -1.,  2.],
# POKE-NEXT: {{^}} {{\[}} 3.,  4.,  5.]])){{$}}
# OUT: IndexError: index 6 is out of bounds for axis 0 with size 6
import numpy as np
from numba import njit


@njit
def walk():
    out = []
    for v in np.arange(6.0).reshape(2, 3).T.flat:
        out.append(v)
    return out


@njit
def poke():
    a = np.arange(6.0).reshape(2, 3)
    a.flat[1] = -1.0
    return a.flat[-1], len(a.flat), a


@njit
def outside():
    a = np.arange(6.0).reshape(2, 3)
    return a.flat[6]
