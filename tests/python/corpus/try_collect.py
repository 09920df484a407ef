"""Validating records in a loop: each good row's normalized array is appended to a list made
before the try, a bad row raises in a helper and is skipped (the arrays the list kept must
survive the raises that follow), and a dict of per-row labels filled the same way."""
import numpy as np
from numba import njit
from _same import check_same


@njit
def normalize(row):
    s = row.sum()
    if s <= 0:
        raise ValueError("row sums to zero or less")
    return row / s


@njit
def clean_rows(m):
    kept = []
    labels = {}
    skipped = 0
    for i in range(m.shape[0]):
        try:
            kept.append(normalize(m[i]))
            labels[i] = "row" + str(i)
            if m[i, 0] > 0.9:
                raise ValueError("first column out of range")
        except Exception:
            skipped += 1
    total = np.zeros(m.shape[1])
    for r in kept:
        total += r
    return total, len(kept), skipped, len(labels)


def check():
    m = np.random.RandomState(33).rand(30, 4) - 0.2
    check_same(clean_rows, m)
