# Indentation opens a block only after a compound statement's header.
# RUN: %ujit check --verify %s
from numba import njit


@njit
def f(x):
    y = x + 1
    # expected-error@+1:9 {{unexpected indent}}
        return y
