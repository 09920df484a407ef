"""A 2-D random walk with np.random.randint steps and a distance track."""
import numpy as np
from numba import njit
from _same import check_same


@njit
def walk(seed, n):
    np.random.seed(seed)
    x = 0
    y = 0
    far = 0.0
    for _ in range(n):
        d = np.random.randint(0, 4)
        if d == 0:
            x += 1
        elif d == 1:
            x -= 1
        elif d == 2:
            y += 1
        else:
            y -= 1
        far = max(far, np.sqrt(x * x + y * y))
    return x, y, far


def check():
    check_same(walk, 1, 1000)
