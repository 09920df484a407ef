"""Caesar cipher with ord and chr."""
from numba import njit
from _same import check_same


@njit
def caesar(s, k):
    out = ""
    for ch in s:
        if "a" <= ch <= "z":
            out += chr((ord(ch) - ord("a") + k) % 26 + ord("a"))
        elif "A" <= ch <= "Z":
            out += chr((ord(ch) - ord("A") + k) % 26 + ord("A"))
        else:
            out += ch
    return out


def check():
    check_same(caesar, "Hello, World!", 3)
    check_same(caesar, "abc xyz", -1)
