"""np.sum/mean/std/var/min/max/prod and array methods, whole-array and along an axis."""
import numpy as np
from numba import njit
from _same import check_same


@njit
def stats(a):
    return (np.sum(a), np.mean(a), np.std(a), np.var(a), a.min(), a.max(), np.prod(a[:3]),
            a.sum(axis=0), np.cumsum(a[0]))


def check():
    check_same(stats, np.random.RandomState(0).rand(4, 3))
    check_same(stats, np.arange(12).reshape(4, 3))
