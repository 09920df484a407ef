# error_model='numpy' (Numba's): a zero divisor gives NumPy's answer instead of raising
# ZeroDivisionError: inf or nan for floats, 0 for integers' // and %, divmod's both; the
# default model ('python') still raises.
# RUN: %ujit run %s ratio 1.0 0.0 | FileCheck %s --check-prefix=INF
# RUN: %ujit run %s ratio 0.0 0.0 | FileCheck %s --check-prefix=NAN
# RUN: %ujit run %s int_parts 7 0 | FileCheck %s --check-prefix=INT
# RUN: %ujit run %s float_parts -3.0 0.0 | FileCheck %s --check-prefix=FLOAT
# RUN: not %ujit run %s python_ratio 1.0 0.0 2>&1 | FileCheck %s --check-prefix=PY
# INF: {{^}}inf{{$}}
# NAN: {{^}}nan{{$}}
# INT: {{^}}(0, 0, 0, 0){{$}}
# FLOAT: {{^}}(-inf, nan){{$}}
# PY: ZeroDivisionError: division by zero
from numba import njit


@njit(error_model="numpy")
def ratio(a, b):
    return a / b


@njit(error_model="numpy")
def int_parts(a, b):
    q, r = divmod(a, b)
    return a // b, a % b, q, r


@njit(error_model="numpy")
def float_parts(a, b):
    return a // b, a % b


@njit(error_model="python")
def python_ratio(a, b):
    return a / b
