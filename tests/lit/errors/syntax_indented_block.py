# A block after ':' and a new line must be indented; the message names the header's line.
# RUN: %ujit check --verify %s
from numba import njit


@njit
def f(x):
    for i in range(3):
    # expected-error@+1:5 {{expected an indented block after 'for' statement on line 8}}
    x += i
    return x
