"""Euclid's gcd by hand and math.gcd, and the lcm built on it."""
import math

from numba import njit
from _same import check_same


@njit
def gcd(a, b):
    while b:
        a, b = b, a % b
    return a


@njit
def lcm_all(n):
    acc = 1
    for i in range(1, n + 1):
        acc = acc * i // math.gcd(acc, i)
    return acc, gcd(acc, 2 * 3 * 5 * 7 * 11 * 13)


def check():
    check_same(gcd, 48, 18)
    check_same(gcd, -48, 18)
    check_same(lcm_all, 20)
