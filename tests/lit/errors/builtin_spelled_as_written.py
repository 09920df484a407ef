# A builtin's errors name it as the source spells it: an alias (prange, np.sqrt) or a module
# imported under another name, not the builtin table's row (range, math.sqrt).
# RUN: %ujit check --verify %s
import math as m

import numpy as np
from numba import njit, prange


@njit('int64(int64)')
def count(n):
    c = 0
    # expected-error@+1:14 {{prange() takes 1 to 3 arguments (4 given)}}
    for i in prange(n, 1, 2, 3):
        c += 1
    return c


@njit('float64(float64)')
def root(x):
    # expected-error@+1:12 {{np.sqrt() takes 1 argument (3 given)}}
    return np.sqrt(x, x, x)


@njit('float64(float64)')
def floor_of(x):
    # expected-error@+1:12 {{m.floor() takes 1 argument (0 given)}}
    return m.floor()
