"""Sets: distinct words with a set of strings, membership tests, intersections of two word
sets, and sorted output of a set."""
from numba import njit
from _same import check_same


@njit
def vocab(a, b):
    wa = set(a.split())
    wb = set(b.split())
    common = wa & wb
    only_a = wa - wb
    return sorted(common), sorted(only_a), len(wa | wb), "the" in wa


def check():
    check_same(vocab, "the cat and the hat", "a cat in the house and a mouse")
