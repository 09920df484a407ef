# Dict displays and comprehensions compile (tests/python/test_dicts.py, test_tuple_ops.py);
# a dict's keys must be hashable, a comprehension's as a display's.
# RUN: %ujit check --verify %s
# verify-sig: f float64(float64)
from numba import njit


@njit
def f(x):
    # expected-error@+1:10 {{unhashable type: list(int64)}}
    d = {[i]: x for i in range(3)}
    return x
