"""Nested list comprehensions building a multiplication table, a transposed list of lists,
a flattened grid with a condition, and pairs of tuples."""
from numba import njit
from _same import check_same


@njit
def table(n):
    return [[i * j for j in range(1, n + 1)] for i in range(1, n + 1)]


@njit
def transpose(n, m):
    grid = [[i * m + j for j in range(m)] for i in range(n)]
    return [[grid[i][j] for i in range(n)] for j in range(m)]


@njit
def flat_odd(n):
    return [i * 10 + j for i in range(n) for j in range(n) if (i + j) % 2 == 1]


@njit
def pythagorean(limit):
    return [(a, b, c) for c in range(1, limit) for b in range(1, c) for a in range(1, b) if a * a + b * b == c * c]


def check():
    check_same(table, 4)
    check_same(transpose, 2, 3)
    check_same(flat_odd, 4)
    check_same(pythagorean, 30)
