"""Word frequencies in a dict with string keys (Numba's typed dict from a literal {})."""
from numba import njit
from _same import check_same



@njit
def word_count(words):
    counts = {}
    for w in words:
        if w in counts:
            counts[w] += 1
        else:
            counts[w] = 1
    return counts


def check():
    check_same(word_count, ["a", "b", "a", "c", "b", "a"])
