"""String ordering: comparisons, max/min of string lists, sorted() of strings, and
startswith/endswith filters, the kind of code that sorts names."""
from numba import njit
from _same import check_same


@njit
def order(words):
    s = sorted(words)
    longest = max(words)
    return s, longest, min(words), words[0] < words[1], "b" > "abc", "" < "a"


@njit
def filters(words, prefix):
    return [w for w in words if w.startswith(prefix)], [w for w in words if w.endswith("s")]


def check():
    words = ["pear", "apple", "fig", "banana", "apples", "Zebra"]
    check_same(order, words)
    check_same(filters, words, "ap")
