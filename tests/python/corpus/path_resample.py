"""Resampling a polyline at equal arc-length steps: segment lengths from np.diff, the
cumulative length with np.cumsum, new points with np.interp on each coordinate, and each
new point's segment by np.searchsorted."""
import numpy as np
from numba import njit
from _same import check_same


@njit
def resample(px, py, n):
    seg = np.sqrt(np.diff(px) ** 2 + np.diff(py) ** 2)
    s = np.zeros(px.size)
    s[1:] = np.cumsum(seg)
    t = np.linspace(0.0, s[-1], n)
    return np.interp(t, s, px), np.interp(t, s, py), np.searchsorted(s, t, side="right")


def check():
    px = np.array([0.0, 1.0, 1.0, 3.0, 4.0])
    py = np.array([0.0, 0.0, 2.0, 2.0, 0.5])
    check_same(resample, px, py, 9)
