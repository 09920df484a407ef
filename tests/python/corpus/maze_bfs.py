"""Shortest path in a maze by breadth-first search: a list of (row, col) tuples used as a
queue with pop(0), distances in an int array, -1 where unreachable."""
import numpy as np
from numba import njit
from _same import check_same


@njit
def bfs(walls, start, goal):
    h, w = walls.shape
    dist = np.full((h, w), -1, dtype=np.int64)
    dist[start[0], start[1]] = 0
    queue = [start]
    while len(queue) > 0:
        r, c = queue.pop(0)
        if (r, c) == goal:
            break
        for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0)):
            nr = r + dr
            nc = c + dc
            if nr < 0 or nr >= h or nc < 0 or nc >= w:
                continue
            if walls[nr, nc] or dist[nr, nc] >= 0:
                continue
            dist[nr, nc] = dist[r, c] + 1
            queue.append((nr, nc))
    return dist[goal[0], goal[1]], dist


def check():
    walls = np.random.RandomState(8).rand(10, 12) < 0.25
    walls[0, 0] = False
    walls[9, 11] = False
    check_same(bfs, walls, (0, 0), (9, 11))
    walls2 = walls.copy()
    walls2[:, 5] = True
    check_same(bfs, walls2, (0, 0), (9, 11))
