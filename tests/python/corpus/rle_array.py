"""Run-length encoding of an integer array with np.diff and np.nonzero, decoded with np.repeat."""
import numpy as np
from numba import njit
from _same import check_same


@njit
def rle(a):
    n = a.shape[0]
    if n == 0:
        return np.zeros(0, a.dtype), np.zeros(0, np.int64)
    change = np.nonzero(np.diff(a))[0] + 1
    starts = np.concatenate((np.zeros(1, np.int64), change))
    ends = np.append(change, n)
    return a[starts], ends - starts


@njit
def decode(values, lengths):
    return np.repeat(values, lengths)


@njit
def roundtrip(a):
    v, l = rle(a)
    return np.array_equal(decode(v, l), a), l.max()


def check():
    a = np.array([1, 1, 1, 2, 2, 3, 1, 1, 5, 5, 5, 5])
    check_same(rle, a)
    check_same(rle, np.zeros(0, np.int64))
    check_same(roundtrip, a)
    check_same(decode, np.array([7, 8]), np.array([3, 2]))
