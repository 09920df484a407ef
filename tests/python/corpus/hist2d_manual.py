"""A 2-D histogram by hand: np.digitize on each coordinate, one flat bin index, np.bincount
with minlength= for the counts, reshaped to the grid."""
import numpy as np
from numba import njit
from _same import check_same


@njit
def hist2d(x, y, xedges, yedges):
    nx = xedges.size - 1
    ny = yedges.size - 1
    ix = np.digitize(x, xedges) - 1
    iy = np.digitize(y, yedges) - 1
    inside = (ix >= 0) & (ix < nx) & (iy >= 0) & (iy < ny)
    flat = ix[inside] * ny + iy[inside]
    return np.bincount(flat, minlength=nx * ny).reshape(nx, ny)


def check():
    r = np.random.RandomState(21)
    x = r.standard_normal(400)
    y = 0.5 * x + r.standard_normal(400)
    check_same(hist2d, x, y, np.linspace(-2, 2, 5), np.linspace(-3, 3, 7))
