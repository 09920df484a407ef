# A name bound by host code is no compile-time constant: a compiled function that uses it
# is told where it is bound and why, as Numba would fail to freeze it.
# RUN: %ujit check --verify %s
# verify-sig: f int64(int64)
import numpy as np
from numba import njit

x = np.random.rand(10)
y = 3


@njit
def f(i):
    # expected-error@+1:12 {{global 'x' (bound at line 8) is not a compile-time constant: calls to 'np.random.rand' are not supported in a constant expression}}
    return x[i] + y
