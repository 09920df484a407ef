# heapq: what Numba's numba/cpython/heapq.py refuses is a located error, with its message.
# RUN: %ujit check --verify %s
import heapq

import numpy as np
from numba import njit


@njit("float64(float64[:])")
def not_a_list(a):
    # expected-error@+1:26 {{heap argument must be a list}}
    return heapq.heappop(a)


@njit("void(int64)")
def other_item_type(n):
    h = [1.5, 2.5]
    # expected-error@+1:23 {{heap type must be the same as item type (float64 and int64)}}
    heapq.heappush(h, n)


@njit("void(complex128)")
def complex_items(z):
    h = [z]
    # expected-error@+1:19 {{'<' not supported between instances of 'complex' and 'complex'}}
    heapq.heapify(h)


@njit("int64(float64[:])")
def float_count(a):
    # expected-error@+1:32 {{First argument 'n' must be an integer}}
    return len(heapq.nsmallest(1.5, a))
