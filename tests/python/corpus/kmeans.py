"""k-means on 2-D points with the first k points as the initial centers."""
import numpy as np
from numba import njit
from _same import check_same


@njit
def kmeans(points, k, iters):
    n = points.shape[0]
    centers = points[:k].copy()
    labels = np.zeros(n, dtype=np.int64)
    for _ in range(iters):
        for i in range(n):
            best = 0
            best_d = np.inf
            for c in range(k):
                d = ((points[i] - centers[c]) ** 2).sum()
                if d < best_d:
                    best_d = d
                    best = c
            labels[i] = best
        sums = np.zeros((k, points.shape[1]))
        counts = np.zeros(k)
        for i in range(n):
            sums[labels[i]] += points[i]
            counts[labels[i]] += 1
        for c in range(k):
            if counts[c] > 0:
                centers[c] = sums[c] / counts[c]
    return centers, labels


def check():
    pts = np.random.RandomState(0).randn(60, 2)
    pts[20:40] += 5
    check_same(kmeans, pts, 3, 10)
