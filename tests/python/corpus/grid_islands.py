"""A list-of-lists grid built in compiled code: counting islands by flood fill with a list
used as a stack, and the largest island's size."""
import numpy as np
from numba import njit
from _same import check_same


@njit
def to_grid(a):
    grid = []
    for i in range(a.shape[0]):
        row = []
        for j in range(a.shape[1]):
            row.append(int(a[i, j]))
        grid.append(row)
    return grid


@njit
def islands(a):
    grid = to_grid(a)
    h, w = len(grid), len(grid[0])
    count = 0
    largest = 0
    for i in range(h):
        for j in range(w):
            if grid[i][j] != 1:
                continue
            count += 1
            size = 0
            stack = [(i, j)]
            grid[i][j] = 2
            while stack:
                r, c = stack.pop()
                size += 1
                for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                    rr, cc = r + dr, c + dc
                    if 0 <= rr < h and 0 <= cc < w and grid[rr][cc] == 1:
                        grid[rr][cc] = 2
                        stack.append((rr, cc))
            largest = max(largest, size)
    return count, largest, grid


def check():
    a = (np.random.RandomState(7).rand(9, 11) < 0.45).astype(np.int64)
    check_same(islands, a)
