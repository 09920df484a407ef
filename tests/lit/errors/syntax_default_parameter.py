# Parameters with defaults come last (Python's rule), and a default is a compile-time
# constant, as Numba types an omitted argument (Omitted(value)).
# RUN: %ujit check --verify %s
from numba import njit
import numpy as np


# expected-error@+2:14 {{non-default argument follows default argument}}
@njit
def f(x=1.0, y):
    return x + y
