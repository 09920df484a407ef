# CUDA kernels and device functions never allocate (numba-cuda: NRT is not enabled there):
# a constructor is a located error naming the call and what to use instead.
# RUN: %ujit check --verify %s
import numpy as np
from numba import cuda


@cuda.jit('void(float32[:])')
def kernel(out):
    # expected-error@+1:9 {{np.zeros() allocates a new array, which CUDA kernels and device functions cannot do}}
    t = np.zeros(4)
    out[0] = t[0]


@cuda.jit('float32(float32[:])', device=True)
def device(a):
    # expected-error@+1:12 {{.copy() allocates a new array, which CUDA kernels and device functions cannot do}}
    return a.copy()[0]
