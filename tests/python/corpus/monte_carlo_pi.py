"""Numba's front page: estimate pi with random points (seeded, so NumPy's stream is the oracle)."""
import numpy as np
from numba import njit
from _same import check_same


@njit
def monte_carlo_pi(nsamples, seed):
    np.random.seed(seed)
    acc = 0
    for i in range(nsamples):
        x = np.random.random()
        y = np.random.random()
        if (x ** 2 + y ** 2) < 1.0:
            acc += 1
    return 4.0 * acc / nsamples


def check():
    check_same(monte_carlo_pi, 10000, 42)
    check_same(monte_carlo_pi, 1, 0)
