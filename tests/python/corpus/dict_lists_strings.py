"""Anagram groups: a dict from a sorted-letters key to a list of words, built by joining
sorted characters; the groups of more than one word, each joined into one string, sorted."""
from numba import njit
from _same import check_same


@njit
def key_of(w):
    chars = [c for c in w]
    chars.sort()
    return "".join(chars)


@njit
def anagrams(words):
    groups = {}
    for w in words:
        k = key_of(w)
        if k in groups:
            groups[k].append(w)
        else:
            groups[k] = [w]
    out = []
    for k, g in groups.items():
        if len(g) > 1:
            g.sort()
            out.append(" ".join(g))
    out.sort()
    return out


def check():
    words = ["listen", "silent", "enlist", "google", "gooegl", "cat", "act", "tac", "dog"]
    check_same(anagrams, words)
