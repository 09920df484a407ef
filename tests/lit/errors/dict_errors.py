# Dicts and sets: misuse is a located error (the types and what ujit takes).
# RUN: %ujit check --verify %s
import numpy as np
from numba import njit


@njit("int64(int64)")
def array_key(n):
    d = {}
    # expected-error@+1:7 {{unhashable type: array(float64, 1d, C)}}
    d[np.zeros(3)] = n
    return len(d)


@njit("int64(int64)")
def get_without_default(k):
    d = {1: [2.0]}
    # (of numbers, strings, tuples or arrays it is Numba's Optional; of lists ujit has none)
    # expected-error@+1:9 {{returns an optional value ujit does not support: give a default, d.get(key, default)}}
    v = d.get(k)
    return k


@njit("int64(int64)")
def set_item(n):
    s = {1, 2}
    # expected-error@+1:5 {{'set' object does not support item assignment}}
    s[0] = n
    return len(s)


@njit("int64(int64)")
def mixed_sets(n):
    a = {1, 2}
    b = {1.5}
    # expected-error@+1:16 {{set operands must have the same item type: set(int64) and set(float64)}}
    return len(a | b)
