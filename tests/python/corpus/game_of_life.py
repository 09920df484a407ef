"""Conway's game of life on a torus, a few generations."""
import numpy as np
from numba import njit
from _same import check_same


@njit
def life_step(grid):
    n, m = grid.shape
    new = np.zeros_like(grid)
    for i in range(n):
        for j in range(m):
            count = 0
            for di in (-1, 0, 1):
                for dj in (-1, 0, 1):
                    if di == 0 and dj == 0:
                        continue
                    count += grid[(i + di) % n, (j + dj) % m]
            if grid[i, j] == 1 and (count == 2 or count == 3):
                new[i, j] = 1
            elif grid[i, j] == 0 and count == 3:
                new[i, j] = 1
    return new


@njit
def run(grid, generations):
    for _ in range(generations):
        grid = life_step(grid)
    return grid


def check():
    g = (np.random.RandomState(3).rand(12, 15) > 0.6).astype(np.int64)
    check_same(run, g, 8)
