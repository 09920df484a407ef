# Only numba's decorators are understood.
# RUN: %ujit check --verify %s
from numba import njit


# expected-error@+1:2 {{decorator 'staticmethod' is not defined (import it from numba)}}
@staticmethod
def f(x):
    return x
