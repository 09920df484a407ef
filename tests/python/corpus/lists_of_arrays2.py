"""Lists of arrays mutated in compiled code: a ragged list grown and trimmed, arrays replaced
in place, popped and concatenated, and a dict mapping ints to arrays."""
import numpy as np
from numba import njit
from _same import check_same


@njit
def ragged(n):
    rows = []
    for i in range(n):
        rows.append(np.arange(i + 1) * 1.0)
    rows[0] = np.full(3, 7.0)
    last = rows.pop()
    total = 0.0
    for r in rows:
        total += r.sum()
    return total, last, len(rows), np.concatenate((rows[0], rows[-1]))


@njit
def buckets(x, k):
    d = {}
    for i in range(k):
        d[i] = np.zeros(0)
    for v in x:
        b = int(v * k)
        d[b] = np.concatenate((d[b], np.array([v])))
    return [d[i].shape[0] for i in range(k)], [d[i].sum() for i in range(k)]


def check():
    check_same(ragged, 5)
    check_same(buckets, np.random.RandomState(31).rand(40), 4)
