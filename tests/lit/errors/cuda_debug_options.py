# @cuda.jit's lineinfo= decides the kernel's line table: it must be the literal True or False,
# as debug= and opt= must (cuda_opt_option.py).
# RUN: %ujit check --verify %s
from numba import cuda

LINES = True


# expected-error@+1:20 {{'lineinfo=' expects True or False}}
@cuda.jit(lineinfo=LINES)
def k(a):
    a[0] = 1

