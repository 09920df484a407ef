"""Dijkstra's algorithm on a dense matrix, O(n^2), with a visited mask."""
import numpy as np
from numba import njit
from _same import check_same


@njit
def dijkstra(w, src):
    n = w.shape[0]
    dist = np.full(n, np.inf)
    seen = np.zeros(n, dtype=np.bool_)
    dist[src] = 0.0
    for _ in range(n):
        u = -1
        best = np.inf
        for v in range(n):
            if not seen[v] and dist[v] < best:
                best = dist[v]
                u = v
        if u == -1:
            break
        seen[u] = True
        for v in range(n):
            if w[u, v] > 0 and dist[u] + w[u, v] < dist[v]:
                dist[v] = dist[u] + w[u, v]
    return dist


def check():
    rng = np.random.RandomState(1)
    w = rng.rand(10, 10) * (rng.rand(10, 10) < 0.4)
    check_same(dijkstra, w, 0)
