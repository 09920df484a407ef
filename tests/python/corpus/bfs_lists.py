"""Breadth-first search on an adjacency matrix with a list as the queue."""
import numpy as np
from numba import njit
from _same import check_same


@njit
def bfs(adj, start):
    n = adj.shape[0]
    dist = np.full(n, -1, dtype=np.int64)
    dist[start] = 0
    queue = [start]
    head = 0
    while head < len(queue):
        u = queue[head]
        head += 1
        for v in range(n):
            if adj[u, v] and dist[v] < 0:
                dist[v] = dist[u] + 1
                queue.append(v)
    return dist, queue


def check():
    adj = np.random.RandomState(4).rand(15, 15) < 0.15
    check_same(bfs, adj, 0)
