# CUDA's thread indexing exists only in CUDA code.
# RUN: %ujit check --verify %s
from numba import cuda, njit


@njit('int64(int64)')
def f(x):
    # expected-error@+1:12 {{'cuda.grid' is only available in CUDA code}}
    return cuda.grid(1) + x
