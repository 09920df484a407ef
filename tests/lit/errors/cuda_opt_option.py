# @cuda.jit's opt= decides whether the kernel is optimized: the literal True or False.
# RUN: %ujit check --verify %s
from numba import cuda


# expected-error@+1:15 {{'opt=' expects True or False}}
@cuda.jit(opt="no")
def k(a):
    a[0] = 1
