"""Weighted sampling by inverse CDF: np.cumsum of normalized weights, np.searchsorted of
seeded uniforms, and the empirical frequencies; the draws must match NumPy's stream."""
import numpy as np
from numba import njit
from _same import check_same


@njit
def sample(weights, n, seed):
    np.random.seed(seed)
    cdf = np.cumsum(weights / weights.sum())
    u = np.random.random(n)
    idx = np.searchsorted(cdf, u, side="right")
    counts = np.bincount(idx, minlength=weights.shape[0])
    return idx, counts / n


def check():
    check_same(sample, np.array([1.0, 3.0, 0.5, 5.5]), 1000, 7)
