"""Ranges with steps: len(range(...)) for chunking work, and sums over stepped ranges."""
from numba import njit
from _same import check_same


@njit
def chunks(n, size):
    count = len(range(0, n, size))
    last = 0
    for start in range(0, n, size):
        last = min(start + size, n) - start
    return count, last, len(range(n, 0, -3)), len(range(5, 5))


def check():
    check_same(chunks, 103, 10)
    check_same(chunks, 0, 4)
    check_same(chunks, 7, 7)
