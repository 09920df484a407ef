"""Graph algorithms on lists and dicts: connected components by DFS stack, Kahn's topological
order, Dijkstra with heapq, recursive cycle detection on a directed graph, and Kruskal's MST
with an inner union-find closure."""
import heapq

from numba import njit
from _same import check_same


@njit
def build_adj(n, edges):
    adj = [[0 for _ in range(0)] for _ in range(n)]
    for u, v in edges:
        adj[u].append(v)
        adj[v].append(u)
    return adj


@njit
def components(n, edges):
    adj = build_adj(n, edges)
    comp = [-1] * n
    c = 0
    for s in range(n):
        if comp[s] != -1:
            continue
        stack = [s]
        comp[s] = c
        while stack:
            u = stack.pop()
            for v in adj[u]:
                if comp[v] == -1:
                    comp[v] = c
                    stack.append(v)
        c += 1
    return c, comp


@njit
def topo_kahn(n, edges):
    indeg = [0] * n
    out = {}
    for u, v in edges:
        indeg[v] += 1
        if u in out:
            out[u].append(v)
        else:
            out[u] = [v]
    q = [i for i in range(n) if indeg[i] == 0]
    order = []
    head = 0
    while head < len(q):
        u = q[head]
        head += 1
        order.append(u)
        if u in out:
            for v in out[u]:
                indeg[v] -= 1
                if indeg[v] == 0:
                    q.append(v)
    return order, len(order) == n


@njit
def dijkstra(n, wedges, src):
    adj = {}
    for u, v, w in wedges:
        if u not in adj:
            adj[u] = [(v, w)]
        else:
            adj[u].append((v, w))
    dist = [1e18] * n
    dist[src] = 0.0
    h = [(0.0, src)]
    while len(h) > 0:
        d, u = heapq.heappop(h)
        if d > dist[u]:
            continue
        if u in adj:
            for v, w in adj[u]:
                nd = d + w
                if nd < dist[v]:
                    dist[v] = nd
                    heapq.heappush(h, (nd, v))
    return dist


@njit
def build_adj_directed(n, edges):
    adj = [[-1] for _ in range(n)]
    for a in adj:
        a.pop()
    for u, v in edges:
        adj[u].append(v)
    return adj


@njit
def dfs_visit(u, adj, color):
    color[u] = 1
    for v in adj[u]:
        if color[v] == 1:
            return True
        if color[v] == 0 and dfs_visit(v, adj, color):
            return True
    color[u] = 2
    return False


@njit
def has_cycle_dfs(n, edges):
    adj = build_adj_directed(n, edges)
    color = [0] * n
    for s in range(n):
        if color[s] == 0:
            if dfs_visit(s, adj, color):
                return True
    return False


@njit
def mst_kruskal(n, wedges):
    es = sorted([(w, u, v) for u, v, w in wedges])
    parent = list(range(n))

    def find(x):
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    total = 0.0
    used = []
    for w, u, v in es:
        ru = find(u)
        rv = find(v)
        if ru != rv:
            parent[ru] = rv
            total += w
            used.append((u, v))
    return total, used


def check():
    E = [(0, 1), (1, 2), (3, 4), (5, 5), (6, 4)]
    check_same(components, 7, E)
    DAG = [(0, 2), (1, 2), (2, 3), (3, 4), (1, 4), (5, 0)]
    CYC = [(0, 1), (1, 2), (2, 0)]
    check_same(topo_kahn, 6, DAG)
    check_same(topo_kahn, 3, CYC)
    W = [(0, 1, 4.0), (0, 2, 1.0), (2, 1, 2.0), (1, 3, 1.0), (2, 3, 5.0), (3, 4, 3.0)]
    check_same(dijkstra, 6, W, 0)
    assert has_cycle_dfs(6, DAG) is False
    assert has_cycle_dfs(3, CYC) is True
    check_same(mst_kruskal, 5, W)
