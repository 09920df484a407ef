# NumPy's library calls run on the CPU only: in a kernel they are located errors naming
# the call, as Numba's CUDA target has no a.sort(), np.dot or np.linalg.norm.
# RUN: %ujit check --verify %s
import numpy as np
from numba import cuda


@cuda.jit('void(float32[:])')
def sorts(a):
    # expected-error@+1:5 {{'a.sort' is not available in CUDA code}}
    a.sort()


@cuda.jit('void(float64[:], float64[:])')
def dots(a, b):
    # expected-error@+1:12 {{'np.dot' is not available in CUDA code}}
    a[0] = np.dot(a, b)


@cuda.jit('void(float64[:])')
def norms(a):
    # expected-error@+1:12 {{'np.linalg.norm' is not available in CUDA code}}
    a[0] = np.linalg.norm(a)
