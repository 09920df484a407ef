"""List comprehensions, sum() over them, and lists of tuples."""
from numba import njit
from _same import check_same


@njit
def squares(n):
    sq = [i * i for i in range(n)]
    evens = [x for x in sq if x % 2 == 0]
    pairs = [(i, i * 0.5) for i in range(3)]
    return sum(sq), len(evens), evens, pairs


def check():
    check_same(squares, 10)
    check_same(squares, 1)
