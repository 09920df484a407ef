"""Generators consumed the ways people consume them: sum(), a for loop, list(), and one that
stops early with return."""
from numba import njit
from _same import check_same


@njit
def squares(n):
    for i in range(n):
        yield i * i


@njit
def until_over(limit):
    a, b = 0, 1
    while True:
        if a > limit:
            return
        yield a
        a, b = b, a + b


@njit
def total_squares(n):
    return sum(squares(n))


@njit
def fib_stats(limit):
    count = 0
    evens = 0
    for f in until_over(limit):
        count += 1
        if f % 2 == 0:
            evens += f
    return count, evens, list(until_over(limit))


def check():
    check_same(total_squares, 10)
    check_same(total_squares, 0)
    check_same(fib_stats, 4000000)
