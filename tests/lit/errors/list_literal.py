# A list whose item type nothing decides is Numba's error, at the variable's first assignment.
# RUN: %ujit check --verify %s
from numba import njit


@njit("int64(int64)")
def f(x):
    # expected-error@+1:5 {{Cannot infer the type of variable 'a', have imprecise type: list(undefined)<iv=None>}}
    a = []
    return len(a)
