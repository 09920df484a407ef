# A CUDA kernel writes its results into arrays; it cannot return a value.
# RUN: %ujit check --verify %s
from numba import cuda


@cuda.jit('void(float32[:])')
def k(a):
    # expected-error@+1:12 {{cannot return a value}}
    return a[0]
