"""Boolean arrays: logical operations, counting and np.logical_and."""
import numpy as np
from numba import njit
from _same import check_same



@njit
def logic(a, b):
    both = a & b
    either = a | b
    only_a = a & ~b
    return both.sum(), either.sum(), only_a, np.logical_and(a, b), np.logical_not(a), np.count_nonzero(a)


def check():
    rng = np.random.RandomState(0)
    check_same(logic, rng.rand(20) > 0.5, rng.rand(20) > 0.3)
