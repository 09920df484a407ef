"""numba.literal_unroll over a heterogeneous tuple: summing the sizes of an int, a float array
and a string in one loop, each iteration compiled for its item's type."""
import numpy as np
from numba import njit, literal_unroll


@njit
def total_size(tup):
    n = 0
    for item in literal_unroll(tup):
        if isinstance(item, str):
            n += len(item)
        elif isinstance(item, int):
            n += 1
        else:
            n += item.shape[0]
    return n


def check():
    assert total_size((3, np.zeros(4), "hello")) == 10
