# Set displays and comprehensions compile (tests/python/test_sets.py, test_tuple_ops.py); a
# set holding a list comprehension is no comprehension: a list is unhashable.
# RUN: %ujit check --verify %s
from numba import njit


@njit
def f(x):
    # expected-error@+1:10 {{unhashable type: 'list'}}
    s = {[i for i in range(3)]}
    return x
