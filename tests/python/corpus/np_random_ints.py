"""np.random integer draws, shuffle and permutation, seeded."""
import numpy as np
from numba import njit
from _same import check_same



@njit
def ints(seed):
    np.random.seed(seed)
    return np.random.randint(0, 10, 6), np.random.randint(5, 100)


@njit
def shuffled(seed, n):
    np.random.seed(seed)
    a = np.arange(n)
    np.random.shuffle(a)
    return a, np.random.permutation(n)


@njit
def choose(seed, a):
    np.random.seed(seed)
    return np.random.choice(a), np.random.choice(a, 4)


def check():
    check_same(ints, 3)
    check_same(shuffled, 5, 10)
    check_same(choose, 9, np.arange(20.0))
