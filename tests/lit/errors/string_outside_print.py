# CUDA code has strings only as print() arguments (numba-cuda has no unicode_type).
# RUN: %ujit check --verify %s
from numba import cuda


@cuda.jit('void(float32[:])')
def k(a):
    print("a kernel may print text")
    # expected-error@+1:12 {{string literals are only supported as arguments of print() in CUDA code}}
    name = "x"
    a[0] = 1.0


@cuda.jit('void(unicode_type, float32[:])')
# expected-error@+1:15 {{parameter 's' is a str, which CUDA code does not support}}
def takes_str(s, a):
    a[0] = 1.0
