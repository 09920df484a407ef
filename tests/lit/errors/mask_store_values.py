# a[mask] = x and a[mask] op= x take a number or a 1-D array, whose items go to the true
# positions in order; an array of more dimensions is a located error.
# RUN: %ujit check --verify %s
import numpy as np
from numba import njit


@njit("float64[:](float64[:], float64[:, :])")
def store_a_matrix(x, v):
    # expected-error@+1:18 {{a[mask] = x stores a number or a 1-D array's items, not array(float64, 2d, A)}}
    x[x > 1.0] = v
    return x


@njit("float64[:](float64[:], float64[:, :])")
def add_a_matrix(x, v):
    # expected-error@+1:5 {{a[mask] += x takes a number or a 1-D array's items, not array(float64, 2d, A)}}
    x[x > 1.0] += v
    return x


@njit("float64[:](float64[:], float64[:])")
def add_items(x, v):
    x[x > 1.0] += v
    return x
