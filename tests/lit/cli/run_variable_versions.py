# Numba's variable versions through the CLI: a name rebound to another type is a second
# variable (`ujit types` shows it as Numba's `x.1`), so the first keeps its own type; a
# parameter rebound as another array is one too; a declared signature's return type converts
# the result, the signature chosen as Numba rates the conversions.
# RUN: %ujit run %s rebound 3 | FileCheck %s --check-prefix=REBOUND
# RUN: %ujit run %s show | FileCheck %s --check-prefix=SHOW
# RUN: %ujit types %s rebound --sig "(int64,)" | FileCheck %s --check-prefix=TYPES
# RUN: %ujit run %s reshaped 6 | FileCheck %s --check-prefix=RESHAPED
# RUN: %ujit run %s truncated 1.75 | FileCheck %s --check-prefix=TRUNC
# RUN: %ujit run %s widest 1 | FileCheck %s --check-prefix=WIDEST
import numpy as np
from numba import njit


@njit
def rebound(n):
    x = n
    y = x
    x = x / 2
    return y, x
# REBOUND: (3, 1.5)
# TYPES: y = int64
# TYPES: x.1 = float64


@njit
def show():
    x = 1
    print(x)
    x = 2.5
    print(x)
# SHOW: 1
# SHOW-NEXT: 2.5


@njit
def reshaped(n):
    a = np.arange(n * 1.0).reshape(3, 2)
    for i in range(1):
        a = a.reshape(6)
        a = a.reshape(3, 2)
    return a[2, 1]
# RESHAPED: 5.0


@njit("int32(float64)")
def truncated(x):
    return x * 2
# TRUNC: {{^}}3{{$}}


@njit(["float32(float32)", "float64(float64)"])
def widest(x):
    return x + 2**-25
# WIDEST: 1.0000000298023224
