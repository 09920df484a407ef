"""Maximum over a sliding window with a list used as a deque."""
import numpy as np
from numba import njit
from _same import check_same


@njit
def window_max(a, k):
    out = np.empty(len(a) - k + 1, dtype=a.dtype)
    dq = [0]
    dq.pop()
    for i in range(len(a)):
        while len(dq) > 0 and dq[0] <= i - k:
            dq.pop(0)
        while len(dq) > 0 and a[dq[-1]] <= a[i]:
            dq.pop()
        dq.append(i)
        if i >= k - 1:
            out[i - k + 1] = a[dq[0]]
    return out


def check():
    check_same(window_max, np.array([1, 3, -1, -3, 5, 3, 6, 7]), 3)
    check_same(window_max, np.random.RandomState(0).rand(30), 4)
