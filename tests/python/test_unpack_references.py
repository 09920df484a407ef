"""Tuple unpacking whose items are the targets' own values (`prev, cur = cur, prev`): every
item's reference is taken before a target drops its old value, as Numba's build_tuple
increfs. The first store used to free the array the second still had to store (the corpus's
edit_distance answered 5 for 3 when the strings made in the loop reused its memory), so
each case checks the value against CPython and that allocations and frees balance."""
import numpy as np
import pytest

from ujit import njit
from ujit.runtime import rtsys


def live():
    s = rtsys.get_allocation_stats()
    return s.alloc - s.free, s.mi_alloc - s.mi_free


def swap_rows(s, t):
    prev = np.arange(len(t) + 1)
    cur = np.zeros(len(t) + 1, dtype=np.int64)
    for i in range(1, len(s) + 1):
        cur[0] = i
        for j in range(1, len(t) + 1):
            cost = 0 if s[i - 1] == t[j - 1] else 1  # a new string per item: reuses freed memory
            cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost)
        prev, cur = cur, prev
    return prev[len(t)]


def rotate_three(n):
    a = np.full(3, 1.0)
    b = np.full(3, 2.0)
    c = np.full(3, 3.0)
    for _ in range(n):
        a, b, c = b, c, a
        scratch = np.ones(3)  # an allocation between the rotations
        a[0] += scratch[0]
    return a.sum() * 100 + b.sum() * 10 + c.sum()


def swap_lists(n):
    x = [1, 2]
    y = [3]
    for _ in range(n):
        x, y = y, x
        x.append(len(y))
    return len(x) * 1000 + len(y) * 10 + x[-1]


def swap_strings(n):
    s = "ab" * 3
    t = "c"
    for i in range(n):
        s, t = t, s
        t = t + str(i)
    return s + "|" + t


def nested(n):
    a = np.arange(3.0)
    b = np.arange(4.0)
    c = np.arange(5.0)
    for _ in range(n):
        a, (b, c) = c, (a, b)
    return a.size * 100 + b.size * 10 + c.size


CASES = [
    (swap_rows, ("kitten", "sitting")),
    (swap_rows, ("flaw", "lawn")),
    (rotate_three, (7,)),
    (swap_lists, (5,)),
    (swap_strings, (4,)),
    (nested, (4,)),
]


@pytest.mark.parametrize("fn,args", CASES, ids=[f"{c[0].__name__}{c[1]}" for c in CASES])
def test_unpacking_own_values_keeps_them_alive(fn, args):
    compiled = njit(fn)
    expected = fn(*args)
    compiled(*args)  # compile first: the count covers calls only
    before = live()
    for _ in range(50):  # repeated: a freed block is reused by a later call's allocations
        assert compiled(*args) == expected
    assert live() == before
