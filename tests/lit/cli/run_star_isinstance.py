# `ujit run` of starred calls and isinstance (CPython's answers, Numba's where they differ:
# int32 is no int): the tuple argument spreads into the call; isinstance compiles one branch.
# RUN: %ujit run %s spread "(1, 2.5)" 3 | FileCheck %s --check-prefix=SPREAD
# RUN: %ujit run %s describe "(1, 2)" | FileCheck %s --check-prefix=TUPLE
# RUN: %ujit run %s describe 4.0 | FileCheck %s --check-prefix=FLOAT
# RUN: %ujit run %s describe --sig 'float64(int32)' 4 | FileCheck %s --check-prefix=INT32
# RUN: %expect-status 1 %ujit run %s spread 1 3 2>&1 | FileCheck %s --check-prefix=ERR
# SPREAD: {{^}}(326.0, 3){{$}}
# TUPLE: {{^}}3{{$}}
# FLOAT: {{^}}4.5{{$}}
# INT32: {{^}}-1.0{{$}}
# ERR: run_star_isinstance.py:[[@LINE+11]]:18: error: *args in function call should be a tuple, got int64
from numba import njit


@njit
def weigh(a, b, c):
    return a + b * 10 + c * 100


@njit
def spread(t, c):
    return weigh(*t, c), max(c, *(c, 1))


@njit
def describe(x):
    if isinstance(x, tuple):
        return weigh(*x, 0) // 7
    elif isinstance(x, float):
        return x + 0.5
    return -1.0
