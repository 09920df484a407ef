"""Boolean masks: selecting, counting and assigning, and the three-argument np.where."""
import numpy as np
from numba import njit
from _same import check_same


@njit
def masks(a):
    pos = a[a > 0]
    n_neg = (a < 0).sum()
    clipped = np.where(a > 0.5, 0.5, a)
    b = a.copy()
    b[b < 0] = 0.0
    return pos.sum(), n_neg, clipped, b, np.any(a > 2), np.all(a > -5)


def check():
    check_same(masks, np.random.RandomState(0).randn(20))
