"""Shuffling indices to split a data set: np.random.permutation and np.random.shuffle,
seeded, then per-split statistics."""
import numpy as np
from numba import njit
from _same import check_same


@njit
def split(x, y, frac, seed):
    np.random.seed(seed)
    idx = np.random.permutation(x.shape[0])
    cut = int(frac * x.shape[0])
    train, test = idx[:cut], idx[cut:]
    order = np.arange(10)
    np.random.shuffle(order)
    return x[train].mean(), y[test].sum(), order


def check():
    x = np.arange(40.0)
    y = x ** 2
    check_same(split, x, y, 0.75, 3)
