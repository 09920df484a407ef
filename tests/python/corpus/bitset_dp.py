"""Travelling salesman on a few cities by DP over bitmasks (Held-Karp): a (2^n, n) table of
float64 with np.inf, shifts and masks in the loops, and the best tour's cost."""
import numpy as np
from numba import njit
from _same import check_same


@njit
def held_karp(d):
    n = d.shape[0]
    full = 1 << n
    dp = np.full((full, n), np.inf)
    dp[1, 0] = 0.0
    for mask in range(1, full):
        if not mask & 1:
            continue
        for j in range(n):
            if not (mask >> j) & 1 or dp[mask, j] == np.inf:
                continue
            for k in range(n):
                if (mask >> k) & 1:
                    continue
                nm = mask | (1 << k)
                c = dp[mask, j] + d[j, k]
                if c < dp[nm, k]:
                    dp[nm, k] = c
    best = np.inf
    for j in range(1, n):
        best = min(best, dp[full - 1, j] + d[j, 0])
    return best


def check():
    rng = np.random.RandomState(70)
    pts = rng.rand(8, 2)
    d = np.sqrt(((pts[:, None, :] - pts[None, :, :]) ** 2).sum(axis=2))
    check_same(held_karp, d)
