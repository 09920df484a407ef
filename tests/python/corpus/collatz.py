"""Longest Collatz chain below n, with a while loop and a conditional expression."""
from numba import njit
from _same import check_same


@njit
def longest_collatz(limit):
    best, best_len = 1, 1
    for start in range(1, limit):
        n = start
        length = 1
        while n != 1:
            n = n // 2 if n % 2 == 0 else 3 * n + 1
            length += 1
        if length > best_len:
            best, best_len = start, length
    return best, best_len


def check():
    check_same(longest_collatz, 10000)
