# numba-cuda's checks of alignment= for cuda.local.array / cuda.shared.array: a constant
# integer (RequireLiteralValue otherwise), positive, a power of two and a multiple of the
# pointer size (its ValueErrors; Python raises them as ValueError).
# RUN: %ujit check --verify %s
import numpy as np
from numba import cuda


@cuda.jit('void(uint8[:])')
def not_a_power(out):
    # expected-error@+1:49 {{ValueError: Alignment must be a power of 2}}
    a = cuda.local.array(4, np.uint8, alignment=17)
    out[0] = a[0]


@cuda.jit('void(uint8[:])')
def negative(out):
    # expected-error@+1:50 {{ValueError: Alignment must be positive}}
    a = cuda.shared.array(4, np.uint8, alignment=-1)
    out[0] = a[0]


@cuda.jit('void(uint8[:])')
def too_small(out):
    # expected-error@+1:39 {{ValueError: Alignment must be a multiple of 8}}
    a = cuda.local.array(4, np.uint8, 4)
    out[0] = a[0]


@cuda.jit('void(uint8[:], int64)')
def a_float(out, n):
    # expected-error@+1:50 {{RequireLiteralValue: alignment must be a constant integer}}
    a = cuda.shared.array(4, np.uint8, alignment=1.0)
    out[0] = a[0]


@cuda.jit('void(uint8[:], int64)')
def a_variable(out, n):
    # expected-error@+1:49 {{RequireLiteralValue: alignment must be a constant integer}}
    a = cuda.local.array(4, np.uint8, alignment=n)
    out[0] = a[0]
