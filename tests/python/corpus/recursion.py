"""Recursive functions: Ackermann, Towers of Hanoi moves, power set sizes."""
from numba import njit
from _same import check_same


@njit
def ackermann(m, n):
    if m == 0:
        return n + 1
    if n == 0:
        return ackermann(m - 1, 1)
    return ackermann(m - 1, ackermann(m, n - 1))


@njit
def hanoi(n, a, b, c):
    if n == 0:
        return 0
    return hanoi(n - 1, a, c, b) + 1 + hanoi(n - 1, c, b, a)


@njit
def power(x, n):
    if n == 0:
        return 1.0
    half = power(x, n // 2)
    return half * half * (x if n % 2 else 1.0)


def check():
    check_same(ackermann, 2, 3)
    check_same(hanoi, 10, 1, 2, 3)
    check_same(power, 1.5, 13)
    check_same(power, 2, 10)
