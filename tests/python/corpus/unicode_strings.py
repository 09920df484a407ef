"""Strings beyond ASCII: len, indexing and slicing with negative steps of accented and CJK text,
upper/lower, find, and building a string char by char in reverse."""
from numba import njit
from _same import check_same


@njit
def basics(s):
    return len(s), s[0], s[-1], s[::-1], s[1:-1:2], s.upper(), s.lower(), s.find("é")


@njit
def reverse_build(s):
    out = ""
    for i in range(len(s) - 1, -1, -1):
        out += s[i]
    return out


@njit
def count_non_ascii(s):
    n = 0
    for ch in s:
        if ord(ch) > 127:
            n += 1
    return n, chr(ord(s[0]) + 1)


def check():
    for s in ("héllo wörld", "日本語のテキスト", "ascii only", "ÉCOLE élève"):
        check_same(basics, s)
        check_same(reverse_build, s)
        check_same(count_non_ascii, s)
