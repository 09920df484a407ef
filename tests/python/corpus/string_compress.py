"""Run-length encoding of a string and decoding it back."""
from numba import njit
from _same import check_same


@njit
def rle(s):
    if len(s) == 0:
        return ""
    out = ""
    prev = s[0]
    count = 1
    for i in range(1, len(s)):
        if s[i] == prev:
            count += 1
        else:
            out += prev + str(count)
            prev = s[i]
            count = 1
    out += prev + str(count)
    return out


def check():
    check_same(rle, "aaabccddddde")
    check_same(rle, "")
    check_same(rle, "x")
