"""Digits of integers with // and %, negative numbers included."""
from numba import njit
from _same import check_same


@njit
def digit_sum(n):
    n = abs(n)
    s = 0
    while n > 0:
        n, d = divmod(n, 10)
        s += d
    return s


@njit
def reverse_digits(n):
    sign = -1 if n < 0 else 1
    n *= sign
    r = 0
    while n:
        r = r * 10 + n % 10
        n //= 10
    return sign * r


def check():
    for n in (0, 7, 12345, -9876, 10 ** 15):
        check_same(digit_sum, n)
        check_same(reverse_digits, n)
