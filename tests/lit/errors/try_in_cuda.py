# A CUDA kernel cannot catch: the GPU raises nothing that a handler could see.
# RUN: %ujit check --verify %s
from numba import cuda


@cuda.jit('void(float32[:])')
def k(a):
    # expected-error@+1:5 {{'try' statements are not supported in CUDA kernels and device functions}}
    try:
        a[0] = 1.0
    except Exception:
        a[0] = 2.0
