# np.random.multinomial: int64 counts shaped size + (len(pvals),), each row summing to n
# (Numba's loop of binomial draws on np.random's stream).
# RUN: %ujit run %s counts | FileCheck %s
# CHECK: {{^}}((2, 3), True, True){{$}}
import numpy as np
from numba import njit


@njit
def counts():
    np.random.seed(3)
    c = np.random.multinomial(100, [0.2, 0.3, 0.5], 2)
    return c.shape, (c.sum(axis=1) == 100).all(), c.min() >= 0
