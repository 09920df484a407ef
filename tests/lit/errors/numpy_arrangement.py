# nparray's functions refuse, located, what Numba 0.68 refuses (its messages) and what ujit
# does not do: a non-integer kth, a transpose of a tuple, axes that do not match, an n-d
# iterator kept in a variable, a view as a non-number type, allocation in a kernel.
# RUN: %ujit check --verify %s
import numpy as np
from numba import cuda, njit


@njit('float64[:](float64[:])')
def partition_float_kth(a):
    # expected-error@+1:28 {{Partition index must be integer}}
    return np.partition(a, 1.5)


@njit('float64[:](UniTuple(float64, 2))')
def transpose_tuple(t):
    # expected-error@+1:25 {{np.transpose does not accept tuples}}
    return np.transpose(t)


@njit('float64[:, :, :](float64[:, :, :])')
def transpose_two_axes(a):
    # expected-error@+1:12 {{axes don't match array}}
    return a.transpose(1, 0)


@njit('int64(int64)')
def stored_ndindex(n):
    # expected-error@+1:10 {{np.ndindex() is supported as a for loop's iterable only}}
    it = np.ndindex(n)
    return n


@njit('float64[:](float64[:])')
def view_as_tuple(a):
    # expected-error@+1:19 {{view() takes a NumPy number type}}
    return a.view((1, 2))


@njit('bool_[:](complex128[:], complex128[:])')
def isin_complex(a, b):
    # expected-error@+1:12 {{np.isin() of array(complex128, 1d, A) in array(complex128, 1d, A) is not supported by ujit}}
    return np.isin(a, b)


@cuda.jit('void(float64[:, :])')
def kernel_contiguous(m):
    # expected-error@+1:9 {{'np.ascontiguousarray' is not available in CUDA code}}
    c = np.ascontiguousarray(m)
    m[0, 0] = c[0, 0]
