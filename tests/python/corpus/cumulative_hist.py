"""Cumulative histograms: np.histogram counts turned into a CDF with np.cumsum, and the same
counts from np.searchsorted over sorted data (left and right sides)."""
import numpy as np
from numba import njit
from _same import check_same


@njit
def hist_cdf(x, nbins):
    counts, edges = np.histogram(x, bins=nbins, range=(0.0, 1.0))
    cdf = np.cumsum(counts) / x.shape[0]
    return counts, edges, cdf


@njit
def counts_by_search(x, edges):
    s = np.sort(x)
    below = np.searchsorted(s, edges, side="left")
    upto = np.searchsorted(s, edges, side="right")
    return below, upto, np.diff(upto)


def check():
    rng = np.random.RandomState(5)
    x = rng.random_sample(200)
    check_same(hist_cdf, x, 10)
    check_same(counts_by_search, np.round(x, 1), np.linspace(0.0, 1.0, 11))
