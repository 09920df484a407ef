"""Distinct values and their counts: np.unique, counts from np.searchsorted into the sorted
data, np.argsort with kind='mergesort' (stable for ties), and the mode."""
import numpy as np
from numba import njit
from _same import check_same


@njit
def value_counts(a):
    u = np.unique(a)
    s = np.sort(a)
    counts = np.searchsorted(s, u, side="right") - np.searchsorted(s, u, side="left")
    return u, counts, u[np.argmax(counts)]


@njit
def stable_order(keys):
    return np.argsort(keys, kind="mergesort")


@njit
def rank_dense(a):
    u = np.unique(a)
    return np.searchsorted(u, a)


def check():
    rng = np.random.RandomState(13)
    a = rng.randint(0, 6, 40)
    check_same(value_counts, a)
    check_same(value_counts, np.round(rng.rand(30), 1))
    check_same(stable_order, a)
    check_same(rank_dense, a)
