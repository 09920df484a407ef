"""Mean of y in bins of x: np.digitize to find each bin, np.bincount with weights= and
minlength= to sum per bin, empty bins left as NaN."""
import numpy as np
from numba import njit
from _same import check_same


@njit
def binned_mean(x, y, edges):
    idx = np.digitize(x, edges) - 1
    keep = (idx >= 0) & (idx < edges.size - 1)
    idx = idx[keep]
    sums = np.bincount(idx, weights=y[keep], minlength=edges.size - 1)
    counts = np.bincount(idx, minlength=edges.size - 1)
    out = np.full(edges.size - 1, np.nan)
    for i in range(out.size):
        if counts[i] > 0:
            out[i] = sums[i] / counts[i]
    return out, counts


def check():
    r = np.random.RandomState(5)
    x = r.uniform(-1, 11, 300)
    y = 2 * x + r.standard_normal(300)
    check_same(binned_mean, x, y, np.linspace(0.0, 10.0, 6))
    check_same(binned_mean, x, y, np.array([0.0, 1.0, 2.0, 50.0, 60.0]))
