"""Counting vowels and character classes over a string with `in`."""
from numba import njit
from _same import check_same


@njit
def classes(s):
    vowels = 0
    digits = 0
    spaces = 0
    upper = 0
    for ch in s:
        if ch in "aeiouAEIOU":
            vowels += 1
        if ch.isdigit():
            digits += 1
        if ch.isspace():
            spaces += 1
        if ch.isupper():
            upper += 1
    return vowels, digits, spaces, upper


def check():
    check_same(classes, "Hello World 2024, Numba IS fast")
