# np.setxor1d: the sorted values in exactly one of the arrays (NumPy's), beside the other set
# operations sharing its walk over the sorted distinct values.
# RUN: %ujit run %s xor | FileCheck %s
# CHECK: {{^}}(array({{\[}}1, 4, 7]), array({{\[}}2, 3])){{$}}
import numpy as np
from numba import njit


@njit
def xor():
    a = np.array([3, 1, 2, 3])
    b = np.array([4, 2, 7, 3, 3])
    return np.setxor1d(a, b), np.intersect1d(a, b)
