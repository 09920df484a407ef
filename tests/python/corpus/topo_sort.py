"""Topological sort (Kahn's algorithm) of a DAG given as an edge array: in-degrees with
np.bincount, adjacency lists as a list of lists, a queue as a list, and cycle detection."""
import numpy as np
from numba import njit
from _same import check_same


@njit
def topo(n, edges):
    adj = [[0] * 0 for _ in range(n)]
    for k in range(edges.shape[0]):
        adj[edges[k, 0]].append(edges[k, 1])
    indeg = np.bincount(edges[:, 1], minlength=n)
    queue = [i for i in range(n) if indeg[i] == 0]
    order = []
    while queue:
        u = queue.pop(0)
        order.append(u)
        for v in adj[u]:
            indeg[v] -= 1
            if indeg[v] == 0:
                queue.append(v)
    return order, len(order) == n


def check():
    edges = np.array([[0, 2], [1, 2], [2, 3], [3, 4], [1, 4], [5, 0]])
    check_same(topo, 6, edges)
    check_same(topo, 3, np.array([[0, 1], [1, 2], [2, 0]]))
