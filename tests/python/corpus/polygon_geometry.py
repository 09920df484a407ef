"""Polygon geometry: the shoelace area, the perimeter with np.hypot of np.diff, the centroid,
and point-in-polygon by ray casting for a grid of query points."""
import numpy as np
from numba import njit
from _same import check_same


@njit
def area_perimeter(x, y):
    xs = np.concatenate((x, x[:1]))
    ys = np.concatenate((y, y[:1]))
    cross = xs[:-1] * ys[1:] - xs[1:] * ys[:-1]
    a = 0.5 * cross.sum()
    cx = ((xs[:-1] + xs[1:]) * cross).sum() / (6 * a)
    cy = ((ys[:-1] + ys[1:]) * cross).sum() / (6 * a)
    return abs(a), np.hypot(np.diff(xs), np.diff(ys)).sum(), cx, cy


@njit
def inside(x, y, px, py):
    n = x.shape[0]
    c = False
    j = n - 1
    for i in range(n):
        if (y[i] > py) != (y[j] > py) and px < (x[j] - x[i]) * (py - y[i]) / (y[j] - y[i]) + x[i]:
            c = not c
        j = i
    return c


@njit
def grid_inside(x, y, m):
    g = np.zeros((m, m), np.bool_)
    for a in range(m):
        for b in range(m):
            g[a, b] = inside(x, y, (a + 0.5) / m * 4, (b + 0.5) / m * 4)
    return g, g.sum()


def check():
    x = np.array([0.5, 3.5, 3.0, 1.5, 0.8])
    y = np.array([0.5, 1.0, 3.2, 2.0, 3.5])
    check_same(area_perimeter, x, y)
    check_same(grid_inside, x, y, 12)
