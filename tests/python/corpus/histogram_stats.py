"""A histogram of samples and what people compute from it: the fullest bin, the empirical CDF
at the edges, and each sample's bin by np.digitize."""
import numpy as np
from numba import njit
from _same import check_same


@njit
def summarize(x, nbins):
    counts, edges = np.histogram(x, nbins)
    top = np.argmax(counts)
    cdf = np.cumsum(counts) / x.size
    which = np.digitize(x, edges[1:-1])
    return counts, edges, (edges[top] + edges[top + 1]) / 2, cdf, which


@njit
def fixed_range(x):
    counts, edges = np.histogram(x, bins=8, range=(-2.0, 2.0))
    return counts, edges, counts.sum()


def check():
    x = np.random.RandomState(11).standard_normal(500)
    check_same(summarize, x, 12)
    check_same(fixed_range, x)
