# nplib7's compile-time errors are Numba's (numba/np/linalg.py, arraymath.py), located at
# the call or the argument they are about.
# RUN: %ujit check --verify %s
import numpy as np
from numba import njit


@njit('float64[:, :](int64[:, :])')
def qr_of_ints(a):
    # expected-error@+1 {{np.linalg.qr() only supported on float and complex arrays.}}
    return np.linalg.qr(a)[0]


@njit('float64[:, :](float64[:, :], float64)')
def power_of_float(a, n):
    # expected-error@+1 {{Exponent must be an integer.}}
    return np.linalg.matrix_power(a, n)


@njit('float64[:, :](float64[:, :])')
def kron_of_a_view(a):
    # expected-error@+1 {{np.linalg.kron only supports 'C' or 'F' layout input arrays. Received an input of layout 'A'.}}
    return np.kron(a, a)


@njit('int64()')
def iinfo_of_a_float():
    # expected-error@+1 {{np.iinfo() takes an integer type, not float64}}
    return np.iinfo(np.float64).max
