"""Grouping values by key into a dict of lists (the defaultdict idiom written with `in`), then
per-group sums, sizes and means."""
import numpy as np
from numba import njit
from _same import check_same


@njit
def group(keys, vals):
    groups = {}
    for i in range(keys.shape[0]):
        k = keys[i]
        if k in groups:
            groups[k].append(vals[i])
        else:
            groups[k] = [vals[i]]
    return groups


@njit
def summarize(keys, vals):
    groups = group(keys, vals)
    out = []
    for k, vs in groups.items():
        s = 0.0
        for v in vs:
            s += v
        out.append((k, len(vs), s, s / len(vs)))
    out.sort()
    return out


def check():
    rng = np.random.RandomState(19)
    check_same(summarize, rng.randint(0, 5, 30), rng.rand(30))
