"""The empirical CDF of a sample and its inverse: sorted values, np.searchsorted for the CDF
at query points, np.quantile / np.percentile / np.median for the inverse, np.nanpercentile
with gaps."""
import numpy as np
from numba import njit
from _same import check_same


@njit
def ecdf(sample, q):
    s = np.sort(sample)
    return np.searchsorted(s, q, side="right") / s.size


@njit
def inverse(sample):
    qs = np.array([0.1, 0.25, 0.5, 0.75, 0.9])
    return np.quantile(sample, qs), np.percentile(sample, 50.0), np.median(sample)


@njit
def with_gaps(sample):
    return np.nanpercentile(sample, 25.0), np.nanmedian(sample), np.nanmean(sample)


def check():
    r = np.random.RandomState(17)
    sample = r.exponential(2.0, 101)
    check_same(ecdf, sample, np.linspace(0.0, 6.0, 13))
    check_same(inverse, sample)
    gappy = sample.copy()
    gappy[::10] = np.nan
    check_same(with_gaps, gappy)
