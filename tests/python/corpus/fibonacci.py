"""Fibonacci numbers: iterative, recursive and memoized with a dict."""
from numba import njit
from _same import check_same


@njit
def fib_iter(n):
    a, b = 0, 1
    for _ in range(n):
        a, b = b, a + b
    return a


@njit
def fib_rec(n):
    if n < 2:
        return n
    return fib_rec(n - 1) + fib_rec(n - 2)


@njit
def fib_memo(n):
    memo = {0: 0, 1: 1}
    for i in range(2, n + 1):
        memo[i] = memo[i - 1] + memo[i - 2]
    return memo[n]


def check():
    for n in (0, 1, 2, 10, 20):
        check_same(fib_iter, n)
        check_same(fib_rec, n)
        check_same(fib_memo, n)
    check_same(fib_iter, 90)
