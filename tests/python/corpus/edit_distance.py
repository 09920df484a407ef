"""Levenshtein distance of two strings with two rows."""
import numpy as np
from numba import njit
from _same import check_same


@njit
def edit_distance(s, t):
    prev = np.arange(len(t) + 1)
    cur = np.zeros(len(t) + 1, dtype=np.int64)
    for i in range(1, len(s) + 1):
        cur[0] = i
        for j in range(1, len(t) + 1):
            cost = 0 if s[i - 1] == t[j - 1] else 1
            cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost)
        prev, cur = cur, prev
    return prev[len(t)]


def check():
    check_same(edit_distance, "kitten", "sitting")
    check_same(edit_distance, "", "abc")
    check_same(edit_distance, "flaw", "lawn")
