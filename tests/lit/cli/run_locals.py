# Numba's locals=: a declared variable's every value converts to its type (float32 here:
# the sum of 0.1 ten times rounds at each step, 1.0000001192092896 where float64 gives
# 0.9999999999999999), parameters too (2.7 enters as 2, so x = 2 + 2.5 is 4), written as a
# dict display, dict(...) or type strings.
# RUN: %ujit run %s total 10 | FileCheck %s --check-prefix=F32
# RUN: %ujit run %s total64 10 | FileCheck %s --check-prefix=F64
# RUN: %ujit run %s truncated 2.7 | FileCheck %s --check-prefix=I32
# RUN: %ujit run %s spelled 1.1 | FileCheck %s --check-prefix=STR
# F32: {{^}}1.0000001192092896{{$}}
# F64: {{^}}0.9999999999999999{{$}}
# I32: {{^}}(2, 4){{$}}
# STR: {{^}}1.100000023841858{{$}}
import numba
from numba import njit, float32, int32


@njit(locals={"acc": float32})
def total(n):
    acc = 0.0
    for _ in range(n):
        acc += 0.1
    return acc


@njit
def total64(n):
    acc = 0.0
    for _ in range(n):
        acc += 0.1
    return acc


@njit(locals=dict(x=int32, v=numba.int32))
def truncated(v):
    x = v + 2.5
    return v, x


@njit(locals={"x": "float32"})
def spelled(v):
    x = v
    return x
