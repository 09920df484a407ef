"""Covariance and correlation: np.cov and np.corrcoef of a few series (rows are variables),
and the same Pearson coefficient by hand."""
import numpy as np
from numba import njit
from _same import check_same


@njit
def cov_corr(x):
    return np.cov(x), np.corrcoef(x)


@njit
def pearson(a, b):
    am = a - a.mean()
    bm = b - b.mean()
    return (am * bm).sum() / np.sqrt((am ** 2).sum() * (bm ** 2).sum())


def check():
    rng = np.random.RandomState(20)
    x = rng.randn(3, 25)
    x[1] += 0.5 * x[0]
    check_same(cov_corr, x)
    r = check_same(pearson, x[0], x[1])
    assert abs(r - np.corrcoef(x)[0, 1]) < 1e-12
