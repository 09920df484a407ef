"""Recursion that builds lists: permutations of a list, subsets summing to a target, and a
flattening of a binary-tree-shaped computation returning tuples."""
from numba import njit
from _same import check_same


@njit
def permutations(items):
    if len(items) <= 1:
        return [items]
    out = []
    for i in range(len(items)):
        rest = items[:i] + items[i + 1:]
        for p in permutations(rest):
            out.append([items[i]] + p)
    return out


@njit
def perms_of(n):
    return permutations(list(range(1, n + 1)))


@njit
def subset_sums(xs, i, target):
    if target == 0:
        return 1
    if i == len(xs) or target < 0:
        return 0
    return subset_sums(xs, i + 1, target - xs[i]) + subset_sums(xs, i + 1, target)


@njit
def min_max_rec(a, lo, hi):
    if hi - lo == 1:
        return a[lo], a[lo]
    mid = (lo + hi) // 2
    l1, h1 = min_max_rec(a, lo, mid)
    l2, h2 = min_max_rec(a, mid, hi)
    return min(l1, l2), max(h1, h2)


def check():
    check_same(perms_of, 4)  # its py_func calls the compiled permutations with a reflected list
    check_same(subset_sums, [3, 34, 4, 12, 5, 2], 0, 9)
    import numpy as np
    check_same(min_max_rec, np.array([4.0, -2.0, 9.5, 3.0, 7.0]), 0, 5)
