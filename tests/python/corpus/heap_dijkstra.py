"""Dijkstra's algorithm with heapq on a list of (distance, node) tuples, as Stack Overflow
answers write it for sparse graphs stored as CSR arrays."""
import heapq

import numpy as np
from numba import njit
from _same import check_same



@njit
def dijkstra(indptr, indices, weights, src):
    n = indptr.shape[0] - 1
    dist = np.full(n, np.inf)
    dist[src] = 0.0
    heap = [(0.0, src)]
    while len(heap) > 0:
        d, u = heapq.heappop(heap)
        if d > dist[u]:
            continue
        for k in range(indptr[u], indptr[u + 1]):
            v = indices[k]
            nd = d + weights[k]
            if nd < dist[v]:
                dist[v] = nd
                heapq.heappush(heap, (nd, v))
    return dist


@njit
def k_smallest(x, k):
    h = list(x[:k] * -1.0)
    heapq.heapify(h)
    for v in x[k:]:
        if -v > h[0]:
            heapq.heapreplace(h, -v)
    out = [-v for v in h]
    out.sort()
    return out


def check():
    rng = np.random.RandomState(4)
    n = 12
    dense = rng.rand(n, n) * (rng.rand(n, n) < 0.3)
    indptr = np.zeros(n + 1, np.int64)
    indices, weights = [], []
    for i in range(n):
        for j in range(n):
            if dense[i, j] > 0:
                indices.append(j)
                weights.append(dense[i, j])
        indptr[i + 1] = len(indices)
    check_same(dijkstra, indptr, np.array(indices, np.int64), np.array(weights), 0)
    check_same(k_smallest, rng.rand(30), 5)
