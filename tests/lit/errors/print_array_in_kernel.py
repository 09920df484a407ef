# print(a) of an array prints NumPy's str on the CPU (tests/lit/cli/run_array_result.py);
# a CUDA kernel prints through the GPU's printf, which has no arrays: a located error.
# RUN: %ujit check --verify %s
from numba import cuda


@cuda.jit('void(float32[:])')
def k(a):
    # expected-error@+1:11 {{print() of array(float32, 1d, A) is not supported}}
    print(a)
