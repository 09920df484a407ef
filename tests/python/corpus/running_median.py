"""A running median over a window kept sorted in a list with insertion by binary search and
removal by value, against np.median of each window."""
import numpy as np
from numba import njit


@njit
def insort(lst, v):
    lo, hi = 0, len(lst)
    while lo < hi:
        mid = (lo + hi) // 2
        if lst[mid] < v:
            lo = mid + 1
        else:
            hi = mid
    lst.insert(lo, v)


@njit
def running_median(x, k):
    window = [x[0]]
    window.pop()
    out = np.empty(x.shape[0] - k + 1)
    for i in range(x.shape[0]):
        insort(window, x[i])
        if i >= k:
            window.remove(x[i - k])
        if i >= k - 1:
            m = len(window)
            out[i - k + 1] = window[m // 2] if m % 2 else 0.5 * (window[m // 2 - 1] + window[m // 2])
    return out


@njit
def by_numpy(x, k):
    out = np.empty(x.shape[0] - k + 1)
    for i in range(out.shape[0]):
        out[i] = np.median(x[i:i + k])
    return out


def check():
    x = np.random.RandomState(60).randn(40)
    # (not check_same: running_median.py_func would pass a Python list, empty at first, to
    # the compiled insort, and an empty list has no Numba type)
    for k in (4, 5):
        np.testing.assert_allclose(running_median(x, k), by_numpy(x, k), rtol=1e-12)
        np.testing.assert_allclose(by_numpy(x, k), by_numpy.py_func(x, k), rtol=1e-12)
