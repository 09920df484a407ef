"""Mutual recursion: is_even/is_odd and Hofstadter's female and male sequences."""
from numba import njit
from _same import check_same


@njit
def is_even(n):
    if n == 0:
        return True
    return is_odd(n - 1)


@njit
def is_odd(n):
    if n == 0:
        return False
    return is_even(n - 1)


@njit
def female(n):
    if n == 0:
        return 1
    return n - male(female(n - 1))


@njit
def male(n):
    if n == 0:
        return 0
    return n - female(male(n - 1))


@njit
def sequences(n):
    f = [female(i) for i in range(n)]
    m = [male(i) for i in range(n)]
    return f, m


def check():
    check_same(is_even, 10)
    check_same(is_odd, 7)
    check_same(is_even, 7)
    check_same(sequences, 20)
