"""Shape plumbing people write around NumPy calls: np.atleast_2d for row vectors,
np.expand_dims for broadcasting a column, np.column_stack of features, pairwise differences
through added axes."""
import numpy as np
from numba import njit
from _same import check_same


@njit
def center_columns(x):
    m = np.atleast_2d(x)
    means = np.expand_dims(m.sum(axis=0) / m.shape[0], 0)
    return m - means


@njit
def features(x):
    return np.column_stack((x, x ** 2, np.sin(x)))


@njit
def pairwise(p):
    d = np.expand_dims(p, 1) - np.expand_dims(p, 0)
    return np.sqrt((d ** 2).sum(axis=2))


@njit
def as_3d(a):
    return np.atleast_3d(a).shape, np.atleast_1d(a).sum()


def check():
    r = np.random.RandomState(12)
    check_same(center_columns, r.rand(6, 3))
    check_same(center_columns, r.rand(4))
    check_same(features, np.linspace(0.0, 1.0, 5))
    check_same(pairwise, r.rand(5, 2))
    check_same(as_3d, r.rand(3, 2))
