"""Union-find with path halving and union by size: connected components of an edge list."""
import numpy as np
from numba import njit
from _same import check_same


@njit
def find(parent, x):
    while parent[x] != x:
        parent[x] = parent[parent[x]]  # path halving
        x = parent[x]
    return x


@njit
def components(n, edges):
    parent = np.arange(n)
    size = np.ones(n, dtype=np.int64)
    count = n
    for e in range(edges.shape[0]):
        a = find(parent, edges[e, 0])
        b = find(parent, edges[e, 1])
        if a == b:
            continue
        if size[a] < size[b]:
            a, b = b, a
        parent[b] = a
        size[a] += size[b]
        count -= 1
    labels = np.empty(n, dtype=np.int64)
    for i in range(n):
        labels[i] = find(parent, i)
    return count, labels, size.max()


def check():
    rng = np.random.RandomState(3)
    edges = rng.randint(0, 40, size=(25, 2))
    check_same(components, 40, edges)
    check_same(components, 5, np.zeros((0, 2), dtype=np.int64))
