"""range with negative steps, len of a range, indexing into ranges."""
from numba import njit
from _same import check_same



@njit
def ranges(n):
    a = 0
    for i in range(n, 0, -2):
        a += i
    b = 0
    for i in range(-5, n):
        b += i
    r = range(2, n, 3)
    c = 0
    for i in r:
        c += i
    return a, b, c


def check():
    check_same(ranges, 10)
    check_same(ranges, 1)
