# a.dot(b), Numba's one-argument method: np.dot(a, b) (BLAS for matrices, a new C array;
# a scalar for two vectors). a is [[1, 2], [3, 4]].
# RUN: %ujit run %s matvec | FileCheck %s --check-prefix=MV
# RUN: %ujit run %s inner | FileCheck %s --check-prefix=IN
# MV: {{^}}[ 5. 11.]{{$}}
# IN: {{^}}30.0{{$}}
import numpy as np
from numba import njit


@njit
def matvec():
    a = np.arange(1.0, 5.0).reshape(2, 2)
    return a.dot(np.array([1.0, 2.0]))


@njit
def inner():
    v = np.arange(1.0, 5.0)
    return v.dot(v)
