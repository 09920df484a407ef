"""Peaks of a sampled curve: local maxima from the sign changes of np.diff, their positions
by np.argwhere / np.flatnonzero, curvature with np.diff(n=2), and the curve mirrored with
np.flip to find the same peaks from the other end."""
import numpy as np
from numba import njit
from _same import check_same


@njit
def peaks(y):
    d = np.diff(y)
    up = d[:-1] > 0
    down = d[1:] <= 0
    where = np.flatnonzero(up & down) + 1
    return where, y[where], np.count_nonzero(up & down)


@njit
def curvature(y):
    c = np.diff(y, n=2)
    return np.argwhere(c < -0.05), np.flip(c)


def check():
    x = np.linspace(0.0, 6 * np.pi, 200)
    y = np.sin(x) * np.exp(-0.1 * x)
    check_same(peaks, y)
    check_same(peaks, np.flip(y))
    check_same(curvature, y[::4])
