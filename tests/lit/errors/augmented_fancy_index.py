# x[idx] += v and x[mask] += v: the target read is a copy, so an in-place update of it was
# silently lost (the array came back unchanged). Until they store back through the index as
# Numba does, both are a located error naming the form that works; a slice still updates.
# RUN: %ujit check --verify %s
import numpy as np
from numba import njit


@njit("float64[:](float64[:], int64[:])")
def through_integers(x, idx):
    # expected-error@+1:5 {{augmented assignment through an integer-array index is not supported by ujit yet: write x[idx] = x[idx] + v}}
    x[idx] += 10.0
    return x


@njit("float64[:](float64[:])")
def through_a_mask(x):
    # expected-error@+1:5 {{augmented assignment through a boolean mask is not supported by ujit yet: write x[:] = np.where(mask, x * v, x)}}
    x[x > 1.0] *= 2.0
    return x


@njit("float64[:](float64[:])")
def through_a_slice(x):
    x[1:3] += 1.0
    return x
