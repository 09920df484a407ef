"""Palindromes: reversed strings with a slice, lower() and isalpha()."""
from numba import njit
from _same import check_same



@njit
def is_palindrome(s):
    cleaned = ""
    for ch in s.lower():
        if ch.isalpha():
            cleaned += ch
    return cleaned == cleaned[::-1]


@njit
def count_palindromes(words):
    n = 0
    for w in words:
        if is_palindrome(w):
            n += 1
    return n


def check():
    check_same(is_palindrome, "A man, a plan, a canal: Panama")
    check_same(is_palindrome, "numba")
    check_same(count_palindromes, ["level", "ujit", "noon", "abcba", "ab"])
