"""sorted(), list.sort(), reversed() and list methods."""
from numba import njit
from _same import check_same


@njit
def sorts(n):
    lst = [(i * 7) % n for i in range(n)]
    s = sorted(lst)
    lst.sort()
    r = [s[len(s) - 1 - i] for i in range(len(s))]
    lst.insert(0, -1)
    lst.remove(-1)
    lst.extend([100, 200])
    idx = lst.index(100)
    cnt = lst.count(0)
    lst.reverse()
    return s, r, lst, idx, cnt, sorted(lst, reverse=True)[:3]


def check():
    check_same(sorts, 11)
